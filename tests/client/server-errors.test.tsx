import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ServerErrorOverlay } from '../../client/src/app/server-error-overlay';
import { on, type AppEvents } from '../../client/src/lib/events';
import { markNavigation } from '../../client/src/lib/navigation-clock';
import { createTrpcClient } from '../../client/src/lib/trpc';
import { stubFetch, trpcError } from './render';

function collectServerErrors() {
  const seen: AppEvents['serverError'][] = [];
  const off = on('serverError', (detail) => seen.push(detail));
  return { seen, off };
}

describe('server errors (spec 1 §8)', () => {
  it('a 5xx raises the temporary-issue event, but not within 5 s of the last navigation', async () => {
    stubFetch(async () => trpcError(500, 'Internal server error', 'INTERNAL_SERVER_ERROR'));
    localStorage.setItem('token', 'tok');
    const client = createTrpcClient();
    const { seen, off } = collectServerErrors();

    markNavigation(Date.now());
    await expect(client.users.me.query()).rejects.toThrow();
    expect(seen).toEqual([]);

    markNavigation(Date.now() - 5_001);
    await expect(client.users.me.query()).rejects.toThrow();
    expect(seen).toEqual([{ message: 'We ran into a temporary issue. Be back shortly!', type: 'server_error' }]);
    off();
  });

  it('a network failure raises it with type network_error', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const client = createTrpcClient();
    const { seen, off } = collectServerErrors();
    markNavigation(Date.now() - 10_000);
    await expect(client.users.me.query()).rejects.toThrow();
    expect(seen).toEqual([{ message: 'We ran into a temporary issue. Be back shortly!', type: 'network_error' }]);
    off();
  });

  it('a 401 on login is left to the login form: no logout, no overlay', async () => {
    stubFetch(async () => trpcError(401, 'Incorrect username/email or password', 'INVALID_CREDENTIALS'));
    localStorage.setItem('token', 'still-here');
    const logout = vi.fn();
    window.addEventListener('logout', logout);
    const client = createTrpcClient();
    await expect(client.auth.login.mutate({ username_or_email: 'a', password: 'b' })).rejects.toThrow('Incorrect username/email or password');
    expect(localStorage.getItem('token')).toBe('still-here');
    expect(logout).not.toHaveBeenCalled();
    window.removeEventListener('logout', logout);
  });

  it('the overlay is a modal <dialog> that Escape does not close', () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    render(<ServerErrorOverlay />);
    act(() => {
      window.dispatchEvent(new CustomEvent('serverError', { detail: { message: 'We ran into a temporary issue. Be back shortly!', type: 'server_error' } }));
    });
    const overlay = screen.getByRole('alertdialog', { name: 'We ran into a temporary issue. Be back shortly!' });
    expect(overlay.tagName).toBe('DIALOG');
    expect(showModal.mock.contexts).toEqual([overlay]);
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(overlay, cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(overlay).toHaveAttribute('open');
  });

  it('the overlay shows the message with its two buttons', () => {
    render(<ServerErrorOverlay />);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new CustomEvent('serverError', { detail: { message: 'We ran into a temporary issue. Be back shortly!', type: 'server_error' } }));
    });
    expect(screen.getByRole('heading', { name: 'We ran into a temporary issue. Be back shortly!' })).toBeInTheDocument();
    expect(screen.getByText('Please try again in a moment.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
  });
});
