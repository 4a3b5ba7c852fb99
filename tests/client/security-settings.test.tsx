import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Passkey } from '../../shared/schemas/passkeys';
import type { Session } from '../../shared/schemas/sessions';
import { SecuritySettings } from '../../client/src/features/settings/security-settings';
import { SettingsPanel } from '../../client/src/features/settings/settings-panel';
import { ME } from './fixtures';
import { renderAt, stubFetch, stubTrpc, TrpcFailure } from './render';

const CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);
const SETUP = { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/Stacks:alice?secret=JBSWY3DPEHPK3PXP&issuer=Stacks', qr_code: 'data:image/svg+xml;base64,PHN2Zy8+' };

const THIS_DEVICE: Session = { id: 11, device: 'Chrome on Linux', ip: '127.0.0.1', created_at: '2026-11-25T09:00:00.000Z', last_seen_at: '2026-11-26T09:00:00.000Z', current: true, second_factor: false };
const PHONE: Session = { id: 12, device: 'Safari on iOS', ip: '203.0.113.9', created_at: '2026-11-20T08:00:00.000Z', last_seen_at: '2026-11-24T18:30:00.000Z', current: false, second_factor: true };

const LAPTOP: Passkey = { id: 3, name: 'Work laptop', created_at: '2026-11-01T10:00:00.000Z', last_used_at: '2026-11-25T07:45:00.000Z' };
const KEY: Passkey = { id: 4, name: 'Blue key', created_at: '2026-11-02T10:00:00.000Z', last_used_at: null };

afterEach(() => {
  Reflect.deleteProperty(navigator, 'credentials');
  Reflect.deleteProperty(navigator, 'clipboard');
});

/** The Security card's content, its queries answered: two-factor off, no passkeys, this device alone, unless `handlers` say otherwise. */
function renderSecurity(handlers: Record<string, unknown> = {}) {
  const stub = stubTrpc({
    'twoFactor.status': { enabled: false, recovery_codes_left: 0 },
    'passkeys.list': { items: [] },
    'sessions.list': [THIS_DEVICE],
    ...handlers,
  });
  return { ...renderAt(<SecuritySettings />), ...stub };
}

const part = (name: string) => screen.getByRole('region', { name });

describe('Settings → Security', () => {
  it('is a card after Notifications with three parts: Two-factor sign-in, Passkeys, Sessions', async () => {
    // The other cards' queries are not answered here: their failures are logged.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubTrpc({ 'users.me': ME, 'mutes.list': [], 'twoFactor.status': { enabled: false, recovery_codes_left: 0 }, 'passkeys.list': { items: [] }, 'sessions.list': [THIS_DEVICE] });
    renderAt(<SettingsPanel user={ME} onShowTour={() => {}} />);
    const card = screen.getByRole('region', { name: 'Security' });
    expect(within(card).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Two-factor sign-in', 'Passkeys', 'Sessions']);
    const cards = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(cards.indexOf('Security')).toBe(cards.indexOf('Notifications') + 1);
    expect(await within(card).findByText('Ask for a code from an authenticator app after your password.')).toBeInTheDocument();
  });
});

describe('Settings → Security → Two-factor sign-in', () => {
  it('turns on: the dialog shows the QR code and the key, the code confirms it, then the 10 recovery codes', async () => {
    let enabled = false;
    const { user, callsTo } = renderSecurity({
      'twoFactor.status': () => ({ enabled, recovery_codes_left: enabled ? 10 : 0 }),
      'twoFactor.setup': SETUP,
      'twoFactor.confirm': (input: { code: string }) => {
        if (input.code !== '123456') throw new TrpcFailure(400, 'Incorrect code');
        enabled = true;
        return { recovery_codes: CODES };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' });
    expect(within(dialog).getByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', SETUP.qr_code);
    expect(within(dialog).getByText('Or type this key:')).toBeInTheDocument();
    expect(within(dialog).getByText(SETUP.secret)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Code from the app'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Incorrect code');
    expect(within(dialog).getByLabelText('Code from the app')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(dialog).getByLabelText('Code from the app'));
    await user.type(within(dialog).getByLabelText('Code from the app'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('heading', { name: 'Recovery codes' })).toBeInTheDocument();
    expect(within(dialog).getByText('Save these codes somewhere safe. Each one works once, and you will not see them again.')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);
    expect(callsTo('twoFactor.confirm').map((call) => call.input)).toEqual([{ code: '654321' }, { code: '123456' }]);
    expect(callsTo('twoFactor.setup')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Two-factor sign-in is on.')).toBeInTheDocument();
    expect(screen.getByText('Recovery codes left: 10')).toBeInTheDocument();
  });

  it('the codes can be copied and downloaded as stacks-recovery-codes.txt', async () => {
    const { user } = renderSecurity({ 'twoFactor.setup': SETUP, 'twoFactor.confirm': { recovery_codes: CODES } });
    // After user-event's setup, which puts its own clipboard on navigator.
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:codes';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });

    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await user.type(within(dialog).getByLabelText('Code from the app'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await within(dialog).findByRole('list', { name: 'Recovery codes' });

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(`${CODES.join('\n')}\n`);
    expect(await within(dialog).findByText('Copied.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(downloads).toEqual(['stacks-recovery-codes.txt']);
    expect(await blobs[0].text()).toBe(`${CODES.join('\n')}\n`);
  });

  it('when on: shows the codes left; turning off asks for a code, then closes and shows it off', async () => {
    let enabled = true;
    const { user, callsTo } = renderSecurity({
      'twoFactor.status': () => ({ enabled, recovery_codes_left: enabled ? 7 : 0 }),
      'twoFactor.disable': () => {
        enabled = false;
      },
    });
    expect(await screen.findByText('Two-factor sign-in is on.')).toBeInTheDocument();
    expect(screen.getByText('Recovery codes left: 7')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in' });
    const field = within(dialog).getByLabelText('Code from the app or a recovery code');
    expect(within(dialog).getByRole('button', { name: 'Turn off' })).toBeDisabled();
    await user.type(field, 'abcde-fghij');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('twoFactor.disable').map((call) => call.input)).toEqual([{ code: 'abcde-fghij' }]);
    expect(await screen.findByText('Ask for a code from an authenticator app after your password.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Turn on two-factor sign-in' })).toHaveFocus());
  });

  it('a wrong code when turning off keeps it on and says Incorrect code', async () => {
    const { user } = renderSecurity({ 'twoFactor.status': { enabled: true, recovery_codes_left: 7 }, 'twoFactor.disable': new TrpcFailure(400, 'Incorrect code') });
    await user.click(await screen.findByRole('button', { name: 'Turn off two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in' });
    await user.type(within(dialog).getByLabelText('Code from the app or a recovery code'), '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Incorrect code');
    expect(screen.getByRole('dialog', { name: 'Turn off two-factor sign-in' })).toBeInTheDocument();
  });

  it('a throttled code (429) says how long to wait, from Retry-After', async () => {
    const answers: Record<string, unknown> = { 'twoFactor.status': { enabled: true, recovery_codes_left: 7 }, 'passkeys.list': { items: [] }, 'sessions.list': [THIS_DEVICE] };
    stubFetch(async (url) => {
      const paths = decodeURIComponent(new URL(url, 'http://localhost').pathname.replace(/^\/trpc\//, '')).split(',');
      if (paths.includes('twoFactor.disable')) {
        const body = [{ error: { message: 'Too many attempts', code: -32000, data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, detail: 'Too many attempts' } } }];
        return new Response(JSON.stringify(body), { status: 429, headers: { 'content-type': 'application/json', 'Retry-After': '600' } });
      }
      return new Response(JSON.stringify(paths.map((path) => ({ result: { data: answers[path] } }))), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const { user } = renderAt(<SecuritySettings />);
    await user.click(await screen.findByRole('button', { name: 'Turn off two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in' });
    await user.type(within(dialog).getByLabelText('Code from the app or a recovery code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 10 minutes.');
  });

  it('New recovery codes asks for a code, then shows the new codes', async () => {
    const { user, callsTo } = renderSecurity({ 'twoFactor.status': { enabled: true, recovery_codes_left: 2 }, 'twoFactor.regenerateRecoveryCodes': { recovery_codes: CODES } });
    await user.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'New recovery codes' });
    await user.type(within(dialog).getByLabelText('Code from the app or a recovery code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Make new codes' }));
    expect(within(await within(dialog).findByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem')).toHaveLength(10);
    expect(callsTo('twoFactor.regenerateRecoveryCodes').map((call) => call.input)).toEqual([{ code: '123456' }]);
  });
});

describe('Settings → Security → Sessions', () => {
  it('lists each session, this device first: device, This device on the current one, dates, IP and Two-factor', async () => {
    renderSecurity({ 'sessions.list': [PHONE, THIS_DEVICE] });
    const list = await within(part('Sessions')).findByRole('list', { name: 'Sessions' });
    const [mine, phone] = within(list).getAllByRole('listitem');
    expect(mine).toHaveTextContent('Chrome on Linux');
    expect(within(mine).getByText('This device')).toBeInTheDocument();
    expect(within(mine).queryByText('Two-factor')).not.toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    expect(phone).toHaveTextContent('Safari on iOS');
    expect(phone).toHaveTextContent(/Signed in .*2026/);
    expect(phone).toHaveTextContent(/Last active .*2026/);
    expect(phone).toHaveTextContent('203.0.113.9');
    expect(within(phone).getByText('Two-factor')).toBeInTheDocument();
    expect(within(phone).queryByText('This device')).not.toBeInTheDocument();
    expect(within(phone).getByRole('button', { name: 'Sign out' })).toHaveAccessibleDescription('Safari on iOS');
  });

  it('signs out another session and refreshes the list', async () => {
    let sessions = [THIS_DEVICE, PHONE];
    const { user, callsTo } = renderSecurity({
      'sessions.list': () => sessions,
      'sessions.end': (input: { id: number }) => {
        sessions = sessions.filter((s) => s.id !== input.id);
      },
    });
    const list = await screen.findByRole('list', { name: 'Sessions' });
    await user.click(within(list).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument());
    expect(callsTo('sessions.end').map((call) => call.input)).toEqual([{ id: 12 }]);
    // The row's button is gone: the outcome has the focus, not the page.
    await waitFor(() => expect(screen.getByText('Signed out Safari on iOS.')).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Sign out of all other sessions' })).not.toBeInTheDocument();
  });

  it('"Sign out of all other sessions" ends them all; it is not offered when this is the only one', async () => {
    const tablet: Session = { ...PHONE, id: 13, device: 'Firefox on Android', second_factor: false };
    let sessions = [THIS_DEVICE, PHONE, tablet];
    const { user, callsTo } = renderSecurity({
      'sessions.list': () => sessions,
      'sessions.endOthers': () => {
        sessions = [THIS_DEVICE];
        return { ended: 2 };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Sign out of all other sessions' }));
    expect(await screen.findByText('Signed out of 2 other sessions.')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole('listitem')).toHaveLength(1));
    expect(callsTo('sessions.endOthers')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Sign out of all other sessions' })).not.toBeInTheDocument();
  });
});

/** A browser with WebAuthn whose passkey prompt answers `create` with a fake attestation. */
function stubWebAuthn(create: () => Promise<unknown>) {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  const credentials = { get: vi.fn(), create: vi.fn(create) };
  Object.defineProperty(navigator, 'credentials', { value: credentials, configurable: true });
  return credentials;
}

const bytes = (text: string) => new TextEncoder().encode(text).buffer;
const ATTESTATION = {
  id: 'new-cred',
  rawId: bytes('new-cred'),
  type: 'public-key',
  authenticatorAttachment: 'platform',
  response: { clientDataJSON: bytes('{"type":"webauthn.create"}'), attestationObject: bytes('attestation'), getTransports: () => ['internal'] },
  getClientExtensionResults: () => ({}),
};
const CREATION_OPTIONS = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { name: 'Stacks', id: 'localhost' },
  user: { id: 'dXNlci0x', name: 'alice', displayName: 'alice' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
};

describe('Settings → Security → Passkeys', () => {
  it('lists each passkey with when it was added and last used, or Never used', async () => {
    renderSecurity({ 'passkeys.list': { items: [LAPTOP, KEY] } });
    const list = await within(part('Passkeys')).findByRole('list', { name: 'Passkeys' });
    const [laptop, key] = within(list).getAllByRole('listitem');
    expect(laptop).toHaveTextContent('Work laptop');
    expect(laptop).toHaveTextContent(/Added .*2026/);
    expect(laptop).toHaveTextContent(/Last used .*2026/);
    expect(key).toHaveTextContent('Blue key');
    expect(key).toHaveTextContent('Never used');
    expect(within(key).getByRole('button', { name: 'Remove Blue key' })).toHaveTextContent('Remove');
  });

  it('Remove asks first; Cancel keeps it, Remove removes it', async () => {
    let items = [LAPTOP, KEY];
    const { user, callsTo } = renderSecurity({
      'passkeys.list': () => ({ items }),
      'passkeys.remove': (input: { id: number }) => {
        items = items.filter((p) => p.id !== input.id);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Work laptop' }));
    let dialog = screen.getByRole('dialog', { name: 'Remove the passkey Work laptop?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo('passkeys.remove')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Work laptop' }));
    dialog = screen.getByRole('dialog', { name: 'Remove the passkey Work laptop?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Work laptop', { selector: 'p' })).not.toBeInTheDocument());
    expect(callsTo('passkeys.remove').map((call) => call.input)).toEqual([{ id: 3 }]);
    await waitFor(() => expect(screen.getByText('Removed the passkey Work laptop.')).toHaveFocus());
    expect(screen.getByText('Blue key')).toBeInTheDocument();
  });

  it('without WebAuthn says the browser cannot use passkeys, instead of the form', async () => {
    renderSecurity();
    expect(await within(part('Passkeys')).findByText('This browser cannot use passkeys.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Passkey name')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
  });

  it('adds a named passkey: the options, the browser prompt, then add with the name and the answer', async () => {
    const credentials = stubWebAuthn(async () => ATTESTATION);
    let items: Passkey[] = [];
    const { user, callsTo } = renderSecurity({
      'passkeys.list': () => ({ items }),
      'passkeys.registrationOptions': CREATION_OPTIONS,
      'passkeys.add': (input: { name: string }) => {
        const passkey = { id: 9, name: input.name, created_at: '2026-11-26T10:00:00.000Z', last_used_at: null };
        items = [passkey];
        return passkey;
      },
    });
    const name = await screen.findByLabelText('Passkey name');
    expect(name).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await within(part('Passkeys')).findByRole('alert')).toHaveTextContent('Name is required');
    expect(credentials.create).not.toHaveBeenCalled();

    await user.type(name, 'My phone');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await within(await screen.findByRole('list', { name: 'Passkeys' })).findByText('My phone')).toBeInTheDocument();
    const [{ input }] = callsTo('passkeys.add');
    expect(input).toMatchObject({ name: 'My phone', response: { id: 'new-cred', type: 'public-key', response: { attestationObject: 'YXR0ZXN0YXRpb24', transports: ['internal'] } } });
    expect(name).toHaveValue('');
  });

  it('says so when the person cancels the browser prompt, and adds nothing', async () => {
    stubWebAuthn(async () => Promise.reject(new DOMException('not allowed', 'NotAllowedError')));
    const { user, callsTo } = renderSecurity({ 'passkeys.registrationOptions': CREATION_OPTIONS });
    await user.type(await screen.findByLabelText('Passkey name'), 'My phone');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await within(part('Passkeys')).findByRole('alert')).toHaveTextContent('Adding the passkey was cancelled.');
    expect(callsTo('passkeys.add')).toHaveLength(0);
  });
});
