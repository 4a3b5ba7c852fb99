import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { LoginPage } from '../../client/src/features/auth/login-page';
import { renderAt, stubFetch, stubTrpc, TrpcFailure } from './render';

const CHALLENGE = { mfa_required: true, mfa_token: 'mfa-token-1' };
const TOKEN = { access_token: 'access-token-1', token_type: 'bearer' };

afterEach(() => {
  Reflect.deleteProperty(navigator, 'credentials');
});

function renderLogin(path = '/login') {
  return renderAt(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/dashboard" element={<p>The dashboard</p>} />
      <Route path="/stacks/7" element={<p>Stack 7</p>} />
    </Routes>,
    path,
  );
}

async function logInWithPassword(user: ReturnType<typeof renderLogin>['user']) {
  await user.type(screen.getByLabelText('Username or email'), 'alice');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('Login: the second step when the account has two-factor sign-in on', () => {
  it('replaces the password form with the code step, its field focused', async () => {
    stubTrpc({ 'auth.login': CHALLENGE });
    const { user } = renderLogin();
    await logInWithPassword(user);
    const code = await screen.findByLabelText('Code');
    expect(screen.getByText('Enter the code from your authenticator app, or one of your recovery codes.')).toBeInTheDocument();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveFocus();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('sends {mfa_token, code}, stores the token and goes where ?next= says', async () => {
    const { callsTo } = stubTrpc({ 'auth.login': CHALLENGE, 'auth.loginMfa': TOKEN });
    const { user } = renderLogin('/login?next=%2Fstacks%2F7');
    await logInWithPassword(user);
    await user.type(await screen.findByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Stack 7')).toBeInTheDocument();
    expect(callsTo('auth.loginMfa').map((call) => call.input)).toEqual([{ mfa_token: 'mfa-token-1', code: '123456' }]);
    expect(localStorage.getItem('token')).toBe('access-token-1');
  });

  it('a password login without two-factor still goes straight to the dashboard', async () => {
    const { callsTo } = stubTrpc({ 'auth.login': TOKEN });
    const { user } = renderLogin();
    await logInWithPassword(user);
    expect(await screen.findByText('The dashboard')).toBeInTheDocument();
    expect(callsTo('auth.loginMfa')).toHaveLength(0);
  });

  it("a wrong code shows the server's detail and keeps the step; a stale sign-in says so too", async () => {
    let answer: unknown = new TrpcFailure(401, 'Incorrect code', 'UNAUTHORIZED');
    stubTrpc({
      'auth.login': CHALLENGE,
      'auth.loginMfa': () => {
        throw answer;
      },
    });
    const { user } = renderLogin();
    await logInWithPassword(user);
    await user.type(await screen.findByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect code');
    expect(screen.getByLabelText('Code')).toHaveValue('000000');
    expect(localStorage.getItem('token')).toBeNull();

    answer = new TrpcFailure(401, 'The sign-in has expired. Please log in again.', 'UNAUTHORIZED');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The sign-in has expired. Please log in again.')).toBeInTheDocument();
  });

  it("a throttled code (429) says how long to wait, as the password form does", async () => {
    stubFetch(async (url) => {
      const body = String(url).includes('auth.loginMfa')
        ? [{ error: { message: 'Too many attempts', code: -32000, data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, detail: 'Too many attempts' } } }]
        : [{ result: { data: CHALLENGE } }];
      const status = String(url).includes('auth.loginMfa') ? 429 : 200;
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'Retry-After': '120' } });
    });
    const { user } = renderLogin();
    await logInWithPassword(user);
    await user.type(await screen.findByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 2 minutes.');
  });

  it('Back returns to the password form, the username kept and the password asked again', async () => {
    stubTrpc({ 'auth.login': CHALLENGE });
    const { user } = renderLogin();
    await logInWithPassword(user);
    await screen.findByLabelText('Code');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Username or email')).toHaveValue('alice');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
  });
});

/** A browser with WebAuthn whose passkey prompt answers `get` (a fake assertion, or a refusal). */
function stubWebAuthn(get: () => Promise<unknown>) {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  const credentials = { get: vi.fn(get), create: vi.fn() };
  Object.defineProperty(navigator, 'credentials', { value: credentials, configurable: true });
  return credentials;
}

const bytes = (text: string) => new TextEncoder().encode(text).buffer;

const ASSERTION = {
  id: 'cred-1',
  rawId: bytes('cred-1'),
  type: 'public-key',
  authenticatorAttachment: 'platform',
  response: { clientDataJSON: bytes('{"type":"webauthn.get"}'), authenticatorData: bytes('auth-data'), signature: bytes('sig'), userHandle: bytes('user-1') },
  getClientExtensionResults: () => ({}),
};

describe('Login: Sign in with a passkey', () => {
  it('is not offered where the browser has no WebAuthn', () => {
    stubTrpc({});
    renderLogin();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
  });

  it('asks for the options, lets the browser sign them without a username, and signs in with the answer', async () => {
    const credentials = stubWebAuthn(async () => ASSERTION);
    const { callsTo } = stubTrpc({ 'passkeys.signInOptions': { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'preferred' }, 'passkeys.signIn': TOKEN });
    const { user } = renderLogin();
    expect(screen.getByText('or')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('The dashboard')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('access-token-1');
    const request = credentials.get.mock.calls[0] as unknown as [{ publicKey: { rpId: string; allowCredentials?: unknown[] } }];
    expect(request[0].publicKey.rpId).toBe('localhost');
    expect(request[0].publicKey.allowCredentials).toBeUndefined();
    const [{ input }] = callsTo('passkeys.signIn');
    expect(input.response).toMatchObject({ id: 'cred-1', type: 'public-key', response: { signature: 'c2ln', userHandle: 'dXNlci0x' } });
  });

  it('says the sign-in was cancelled when the person closes the prompt, and nothing is sent', async () => {
    stubWebAuthn(async () => Promise.reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError')));
    const { callsTo } = stubTrpc({ 'passkeys.signInOptions': { challenge: 'Y2hhbGxlbmdl' }, 'passkeys.signIn': TOKEN });
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The passkey sign-in was cancelled.');
    expect(callsTo('passkeys.signIn')).toHaveLength(0);
    expect(localStorage.getItem('token')).toBeNull();
    // The button is ready again, and still has the focus, to try again.
    const again = screen.getByRole('button', { name: 'Sign in with a passkey' });
    await waitFor(() => expect(again).toHaveAttribute('aria-busy', 'false'));
    expect(again).toHaveFocus();
  });

  it("a refused passkey shows the server's detail", async () => {
    stubWebAuthn(async () => ASSERTION);
    stubTrpc({ 'passkeys.signInOptions': { challenge: 'Y2hhbGxlbmdl' }, 'passkeys.signIn': new TrpcFailure(401, 'This passkey is not registered', 'UNAUTHORIZED') });
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This passkey is not registered');
    expect(screen.queryByText('The dashboard')).not.toBeInTheDocument();
  });
});
