import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Social } from '../../shared/schemas/users';
import { SettingsPanel } from '../../client/src/features/settings/settings-panel';
import { socialFailureMessage, SocialFormModal } from '../../client/src/features/settings/socials-editor';
import { ME } from './fixtures';
import { renderAt, stubTrpc, TrpcFailure } from './render';


afterEach(() => {
  vi.useRealTimers();
});

const TELEGRAM: Social = { id: 5, platform: 'telegram', value: 'alice_ranks', visibility: 'public', link: 'https://t.me/alice_ranks', is_verified: false };

function renderSettings(user = ME, handlers: Record<string, unknown> = {}) {
  const stub = stubTrpc({ 'users.me': user, 'mutes.list': [], ...handlers });
  const onShowTour = vi.fn();
  const view = renderAt(<SettingsPanel user={user} onShowTour={onShowTour} />);
  return { ...view, ...stub, onShowTour };
}

describe('Settings: account, help and danger zone', () => {
  it('shows username, e-mail, the help links in a new tab and the danger zone text', async () => {
    const { user, onShowTour } = renderSettings();
    expect(screen.getByText('alice')).toBeInTheDocument();
    expect(screen.getByText('alice@example.com')).toBeInTheDocument();
    for (const [name, href] of [
      ['Terms of Service', '/terms-of-service'],
      ['Community Rules', '/rules'],
    ]) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
    }
    await user.click(screen.getByRole('button', { name: 'Show tour again' }));
    expect(onShowTour).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Once you deactivate your account, you will not be able to log in or interact with other users.')).toBeInTheDocument();
  });

  it('deactivates after the exact dialog, then logs out', async () => {
    localStorage.setItem('token', 'tok');
    const { user, callsTo } = renderSettings(ME, { 'users.deactivate': { message: 'Account deactivated' } });
    await user.click(screen.getByRole('button', { name: 'Deactivate Account' }));
    expect(screen.getByRole('heading', { name: 'Deactivate Account' })).toBeInTheDocument();
    expect(screen.getByText('Are you sure you want to deactivate your account?')).toBeInTheDocument();
    expect(screen.getByText('This action cannot be undone. You will be logged out immediately and will not be able to log back in.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, Deactivate' }));
    await vi.waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(callsTo('users.deactivate')[0].input).toEqual({ confirm: true });
  });

  it('keeps the user logged in and says Failed to deactivate account when it fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('token', 'tok');
    const { user } = renderSettings(ME, { 'users.deactivate': new TrpcFailure(400, 'confirm must be true') });
    await user.click(screen.getByRole('button', { name: 'Deactivate Account' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Deactivate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to deactivate account');
    expect(localStorage.getItem('token')).toBe('tok');
  });
});

describe('Settings: bio', () => {
  it('has the label, placeholder, 120 limit and a counter; saves and says so for 3 s', async () => {
    const { user, callsTo } = renderSettings({ ...ME, bio: 'Old' }, { 'users.setBio': (input: { bio: string }) => ({ bio: input.bio }) });
    const bio = screen.getByLabelText('Bio');
    expect(bio).toHaveAttribute('placeholder', 'Tell us about yourself...');
    expect(bio).toHaveAttribute('maxLength', '120');
    expect(screen.getByText('3/120')).toBeInTheDocument();
    await user.clear(bio);
    await user.type(bio, 'I rank pizza');
    expect(screen.getByText('12/120')).toBeInTheDocument();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Save Bio' }));
    expect(await screen.findByText('Bio updated successfully')).toBeInTheDocument();
    expect(callsTo('users.setBio')[0].input).toEqual({ bio: 'I rank pizza' });
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText('Bio updated successfully')).not.toBeInTheDocument();
  });

  it('says Failed to update bio with Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const { user } = renderSettings(ME, {
      'users.setBio': (input: { bio: string }) => {
        if (fail) throw new TrpcFailure(400, 'Bio must be no more than 120 characters');
        return input;
      },
    });
    await user.type(screen.getByLabelText('Bio'), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Save Bio' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Failed to update bio');
    fail = false;
    await user.click(within(banner).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Bio updated successfully')).toBeInTheDocument();
  });
});

describe('Settings: avatar', () => {
  it('offers avatars 1 to 9 in a 3-column grid, marks the current one and saves a choice', async () => {
    const { user, callsTo } = renderSettings({ ...ME, avatar_id: 4 }, { 'users.setAvatar': (input: { avatar_id: number }) => input });
    const grid = screen.getByRole('group', { name: 'Choose Avatar' });
    expect(grid).toHaveClass('grid-cols-3');
    const buttons = within(grid).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Avatar 1', 'Avatar 2', 'Avatar 3', 'Avatar 4', 'Avatar 5', 'Avatar 6', 'Avatar 7', 'Avatar 8', 'Avatar 9']);
    expect(buttons.filter((b) => b.getAttribute('aria-pressed') === 'true').map((b) => b.getAttribute('aria-label'))).toEqual(['Avatar 4']);
    await user.click(screen.getByRole('button', { name: 'Avatar 7' }));
    expect(await screen.findByText('Updated avatar')).toBeInTheDocument();
    expect(callsTo('users.setAvatar')[0].input).toEqual({ avatar_id: 7 });
  });

  it('says Failed to update avatar when it fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderSettings(ME, { 'users.setAvatar': new TrpcFailure(400, 'avatar_id must be from 1 to 9') });
    await user.click(screen.getByRole('button', { name: 'Avatar 2' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update avatar');
  });
});

describe('Settings: the socials editor', () => {
  it('lists my socials with Open (new tab), Edit and Remove, and removes after Confirm Removal', async () => {
    const { user, callsTo } = renderSettings({ ...ME, socials: [TELEGRAM] }, { 'users.deleteSocial': { message: 'Social removed' } });
    const row = within(screen.getByRole('list', { name: 'My socials' })).getByRole('listitem');
    expect(row).toHaveTextContent('Telegram');
    expect(row).toHaveTextContent('alice_ranks');
    const open = within(row).getByRole('link', { name: 'Open Telegram' });
    expect(open).toHaveAttribute('href', 'https://t.me/alice_ranks');
    expect(open).toHaveAttribute('target', '_blank');
    expect(within(row).getByRole('button', { name: 'Edit Telegram' })).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Remove Telegram' }));
    expect(screen.getByRole('heading', { name: 'Confirm Removal' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Successfully removed telegram social')).toBeInTheDocument();
    expect(callsTo('users.deleteSocial')[0].input).toEqual({ id: 'telegram' });
  });

  it("shows 'Error: {detail}' when removing fails", async () => {
    const { user } = renderSettings({ ...ME, socials: [TELEGRAM] }, { 'users.deleteSocial': new TrpcFailure(404, 'Social not found', 'NOT_FOUND') });
    await user.click(screen.getByRole('button', { name: 'Remove Telegram' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Error: Social not found')).toBeInTheDocument();
  });

  it("Add opens the 'Add Social' modal; saving shows 'Successfully saved: {link}'", async () => {
    const { user, callsTo } = renderSettings(ME, {
      'users.upsertSocial': (input: { platform: 'telegram'; value: string; visibility: 'friends' }) => ({ id: 9, ...input, link: `https://t.me/${input.value}`, is_verified: false }),
    });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const modal = screen.getByRole('dialog', { name: 'Add Social' });
    expect(within(modal).getByLabelText('Platform')).toHaveValue('telegram');
    expect(within(modal).getAllByRole('option').map((o) => o.textContent)).toEqual(['Telegram', 'Signal', 'Public', 'Friends', 'Private']);
    await user.type(within(modal).getByLabelText('Username'), '@Alice_Ranks');
    await user.selectOptions(within(modal).getByLabelText('Visibility'), 'friends');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully saved: https://t.me/alice_ranks')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Add Social' })).not.toBeInTheDocument();
    expect(callsTo('users.upsertSocial')[0].input).toEqual({ platform: 'telegram', value: 'alice_ranks', visibility: 'friends' });
  });

  it("shows 'Successfully saved: {value}' when the answer has no link, and 'Error: {detail}' on a refusal", async () => {
    let refuse = false;
    const { user } = renderSettings(ME, {
      'users.upsertSocial': (input: { platform: 'signal'; value: string }) => {
        if (refuse) throw new TrpcFailure(400, 'value must be no more than 64 characters');
        return { id: 9, ...input, visibility: 'public', link: null, is_verified: false };
      },
    });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.selectOptions(screen.getByLabelText('Platform'), 'signal');
    await user.type(screen.getByLabelText('Username'), 'alice.01');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully saved: alice.01')).toBeInTheDocument();

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.selectOptions(screen.getByLabelText('Platform'), 'signal');
    await user.type(screen.getByLabelText('Username'), 'alice.02');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error: value must be no more than 64 characters')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Social' })).toBeInTheDocument();
  });

  it("passes on the error's message, or 'Request failed', when the server gave no detail", async () => {
    stubTrpc({});
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const { user } = renderAt(<SocialFormModal onClose={() => {}} onSaved={() => {}} />);
    await user.type(screen.getByLabelText('Username'), 'alice_ranks');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error: Failed to fetch')).toBeInTheDocument();
    expect(socialFailureMessage({ not: 'an error' })).toBe('Request failed');
    expect(socialFailureMessage(new Error(''))).toBe('Request failed');
  });
});

describe('Settings: social validation in the Add Social modal (spec 1 §5)', () => {
  function renderModal(social?: Social) {
    const onSaved = vi.fn();
    const stub = stubTrpc({ 'users.upsertSocial': (input: { value: string }) => ({ ...TELEGRAM, value: input.value }) });
    renderAt(<SocialFormModal social={social} onClose={() => {}} onSaved={onSaved} />);
    return { onSaved, ...stub };
  }
  const valueInput = () => screen.getByLabelText('Username');
  const type = (value: string) => fireEvent.change(valueInput(), { target: { value } });
  const preview = () => screen.queryByTestId('social-link-preview')?.textContent ?? null;

  it('recomputes the link preview 250 ms after the last keystroke, not before', () => {
    vi.useFakeTimers();
    renderModal();
    expect(preview()).toBeNull();
    type('@ alice_ranks');
    act(() => vi.advanceTimersByTime(249));
    expect(preview()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(preview()).toBe('https://t.me/alice_ranks');

    type('@ alice_ranks2');
    act(() => vi.advanceTimersByTime(200));
    type('@ alice_ranks23');
    act(() => vi.advanceTimersByTime(200));
    expect(preview()).toBe('https://t.me/alice_ranks');
    act(() => vi.advanceTimersByTime(50));
    expect(preview()).toBe('https://t.me/alice_ranks23');
  });

  it('strips the leading @ and spaces and compares lower-cased', () => {
    vi.useFakeTimers();
    renderModal();
    type(' @Alice Ranks_1 ');
    act(() => vi.advanceTimersByTime(250));
    expect(preview()).toBe('https://t.me/aliceranks_1');
  });

  it("says 'Telegram username cannot be empty' for an empty value", () => {
    vi.useFakeTimers();
    renderModal();
    type('abc');
    type(' @ ');
    act(() => vi.advanceTimersByTime(250));
    expect(screen.getByRole('alert')).toHaveTextContent('Telegram username cannot be empty');
    expect(preview()).toBeNull();
  });

  it.each(['abcd', '1alice', 'alice-ranks', 'a'.repeat(33)])('refuses the invalid Telegram name %j with the spec message', (value) => {
    vi.useFakeTimers();
    renderModal();
    type(value);
    act(() => vi.advanceTimersByTime(250));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Invalid Telegram username. It must start with a letter, be 5–32 characters, and contain only letters, digits, or underscores.',
    );
  });

  it('checks on Save too, without calling the server, when the value is invalid', async () => {
    const { onSaved, callsTo } = renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Telegram username cannot be empty');
    expect(callsTo('users.upsertSocial')).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("Signal: empty gives both spec messages, '@' alone the username one, a name gives its link", () => {
    vi.useFakeTimers();
    renderModal();
    fireEvent.change(screen.getByLabelText('Platform'), { target: { value: 'signal' } });
    type('   ');
    act(() => vi.advanceTimersByTime(250));
    expect(within(screen.getByRole('alert')).getAllByText(/cannot be empty/).map((line) => line.textContent)).toEqual([
      'Signal value cannot be empty',
      'Signal username cannot be empty',
    ]);
    type('@');
    act(() => vi.advanceTimersByTime(250));
    expect(screen.getByRole('alert')).toHaveTextContent(/^Signal username cannot be empty$/);
    type('alice.01');
    act(() => vi.advanceTimersByTime(250));
    expect(preview()).toBe('https://signal.me/#u/alice.01');
  });

  it('an edited social starts with its own values and preview', () => {
    renderModal(TELEGRAM);
    expect(screen.getByRole('dialog', { name: 'Edit Social' })).toBeInTheDocument();
    expect(valueInput()).toHaveValue('alice_ranks');
    expect(preview()).toBe('https://t.me/alice_ranks');
  });
});
