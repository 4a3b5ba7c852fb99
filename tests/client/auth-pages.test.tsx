import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { LoginPage } from '../../client/src/features/auth/login-page';
import { RegistrationCompletePage } from '../../client/src/features/auth/registration-complete-page';
import { ResetPasswordPage } from '../../client/src/features/auth/reset-password-page';
import { waitInWords } from '../../client/src/lib/retry-after';
import { renderAt, stubFetch, trpcResult } from './render';

afterEach(() => {
  vi.useRealTimers();
});

/** A tRPC error answer as the server sends it, with extra response headers (Retry-After). */
function trpcRefusal(status: number, detail: string, code: string, headers: Record<string, string> = {}) {
  const body = [{ error: { message: detail, code: -32000, data: { code, httpStatus: status, detail } } }];
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

describe('Login: a throttled attempt says how long to wait (Retry-After)', () => {
  async function attempt() {
    const { user } = renderAt(<LoginPage />, '/login');
    await user.type(screen.getByLabelText('Username or email'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
  }

  it("429 with Retry-After: 300 reads 'Too many attempts. Try again in 5 minutes.'", async () => {
    stubFetch(async () => trpcRefusal(429, 'Too many attempts. Please try again later.', 'TOO_MANY_REQUESTS', { 'Retry-After': '300' }));
    await attempt();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 5 minutes.');
  });

  it('rounds the wait up and names one unit right: 61 s is 2 minutes, 1 s is 1 second', async () => {
    stubFetch(async () => trpcRefusal(429, 'Too many attempts. Please try again later.', 'TOO_MANY_REQUESTS', { 'Retry-After': '61' }));
    await attempt();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 2 minutes.');
    expect(waitInWords(1)).toBe('1 second');
    expect(waitInWords(45)).toBe('45 seconds');
    expect(waitInWords(60)).toBe('1 minute');
    expect(waitInWords(900)).toBe('15 minutes');
    expect(waitInWords(3601)).toBe('2 hours');
  });

  it("other refusals keep the server's detail", async () => {
    stubFetch(async () => trpcRefusal(401, 'Incorrect username/email or password', 'INVALID_CREDENTIALS'));
    await attempt();
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect username/email or password');
  });
});

describe('Reset password: the link is checked as the page opens', () => {
  it('a used link says so at once, with no password fields, and offers a new link', async () => {
    const fetchMock = stubFetch(async () => trpcRefusal(400, 'This password reset link has already been used', 'TOKEN_USED'));
    renderAt(<ResetPasswordPage />, '/reset-password?token=used-token');
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link has already been used');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set New Password' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send a new link' })).toHaveAttribute('href', '/reset-password');
    const [url] = fetchMock.mock.calls[0];
    expect(decodeURIComponent(String(url))).toContain('/trpc/auth.checkReset');
    expect(decodeURIComponent(String(url))).toContain('"token":"used-token"');
  });

  it('an expired link likewise', async () => {
    stubFetch(async () => trpcRefusal(400, 'This password reset link has expired', 'TOKEN_EXPIRED'));
    renderAt(<ResetPasswordPage />, '/reset-password?token=old-token');
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link has expired');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('a good link shows the form, which then sets the password', async () => {
    const fetchMock = stubFetch(async (url) =>
      String(url).includes('auth.checkReset') ? trpcResult({ message: 'This password reset link can be used' }) : trpcResult({ message: 'Your password has been reset. You can now log in.' }),
    );
    const { user } = renderAt(<ResetPasswordPage />, '/reset-password?token=good-token');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your link...');
    await user.type(await screen.findByLabelText('New password'), 'a new password');
    await user.type(screen.getByLabelText('Confirm Password'), 'a new password');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByText('Your password has been reset. You can now log in.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname)).toEqual(['/trpc/auth.checkReset', '/trpc/auth.reset']);
  });
});

describe("Registration complete: 'Registration Successful!' stays until the user moves on", () => {
  function setup() {
    return renderAt(
      <Routes>
        <Route path="/registration-complete" element={<RegistrationCompletePage />} />
        <Route path="/dashboard" element={<p>The dashboard</p>} />
      </Routes>,
      '/registration-complete',
    );
  }

  it('shows the heading and the spec text, counts down and goes to the dashboard after 5 s', async () => {
    vi.useFakeTimers();
    setup();
    expect(screen.getByRole('heading', { name: 'Registration Successful!' })).toBeInTheDocument();
    expect(screen.getByText("You've been signed up successfully.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard now' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByTestId('redirect-note')).toHaveTextContent('You will be taken to your dashboard in 5 seconds.');
    await act(async () => vi.advanceTimersByTime(4000));
    expect(screen.getByTestId('redirect-note')).toHaveTextContent('You will be taken to your dashboard in 1 second.');
    expect(screen.getByRole('heading', { name: 'Registration Successful!' })).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByText('The dashboard')).toBeInTheDocument();
  });

  it("'Stay on this page' stops the countdown: the message stays until the user goes on", async () => {
    vi.useFakeTimers();
    setup();
    await act(async () => vi.advanceTimersByTime(2000));
    fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('heading', { name: 'Registration Successful!' })).toBeInTheDocument();
    expect(screen.getByTestId('redirect-note')).toHaveTextContent('Go on to your dashboard whenever you are ready.');
    vi.useRealTimers();
    fireEvent.click(screen.getByRole('link', { name: 'Go to Dashboard now' }));
    await waitFor(() => expect(screen.getByText('The dashboard')).toBeInTheDocument());
  });
});
