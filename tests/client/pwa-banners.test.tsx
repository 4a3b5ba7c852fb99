import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceUpdate, clearUpdate } from '../../client/src/app/app-update';
import { ConnectionStatus, OFFLINE_TEXT, RECONNECTING_TEXT } from '../../client/src/app/connection-status';
import { LATER_LABEL, RELOAD_LABEL, UPDATE_TEXT, UpdatePrompt } from '../../client/src/app/update-prompt';
import { connection } from '../../client/src/lib/connection';

/*
 * The installable app's two notices (docs/pwa.md): "You are offline" in the connection status, and
 * "A new version is available" with Reload. The browser test (tests/e2e/pwa.e2e.test.ts) shows
 * them with a real service worker.
 */

/** Tells the page the browser lost (or got back) its network, as Chromium does. */
function setBrowserOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'onLine');
  act(() => clearUpdate());
});

describe('You are offline', () => {
  it('shows while the browser has no network, in place of Reconnecting…, and goes when it is back', async () => {
    // No probe answers while offline: the monitor stays down until the network is back.
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    // Files share one jsdom (isolate: false): a failure reported by an earlier file's last query
    // may still be probing with this fetch. A reset drops that probe and starts from online.
    act(() => connection.reset());
    render(<ConnectionStatus />);
    expect(screen.getByRole('status').textContent).toBe('');

    // The app's monitor hears the same event (bindConnectionMonitor): the server counts as away too.
    act(() => {
      setBrowserOnline(false);
      connection.reportOffline();
    });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_TEXT));
    expect(screen.getByRole('status')).not.toHaveTextContent(RECONNECTING_TEXT);
    expect(screen.getByRole('status')).toHaveAttribute('data-connection-status', 'offline');

    // Back online but the server not yet reached: Reconnecting… until a probe answers.
    act(() => setBrowserOnline(true));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(RECONNECTING_TEXT));
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"status":"ok"}', { status: 200 })));
    // A probe the 'online' event started (with the refusing fetch) may still be settling on a busy
    // machine, and a check made meanwhile joins it: check until one reaches the server.
    await waitFor(async () => {
      await act(async () => connection.checkNow());
      expect(screen.getByRole('status').textContent).toBe('');
    });
  });

  it('shows at start when the app opened with no network (from the service worker’s copy)', () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    render(<ConnectionStatus />);
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_TEXT);
  });
});

describe('A new version is available', () => {
  it('is an empty status region until a new version waits; Reload switches to it', async () => {
    const activate = vi.fn(async () => undefined);
    const user = userEvent.setup();
    render(<UpdatePrompt />);
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(screen.queryByRole('button')).toBeNull();

    act(() => announceUpdate(activate));
    expect(screen.getByRole('status')).toHaveTextContent(`${UPDATE_TEXT}.`);
    // It takes no focus: the user reaches Reload with Tab when they choose.
    expect(document.activeElement).toBe(document.body);
    await user.tab();
    expect(screen.getByRole('button', { name: RELOAD_LABEL })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(activate).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Reloading…' })).toBeDisabled();
  });

  it('Not now hides it; a newer version shows it again', async () => {
    const user = userEvent.setup();
    render(<UpdatePrompt />);
    act(() => announceUpdate(async () => undefined));
    await user.click(screen.getByRole('button', { name: LATER_LABEL }));
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(screen.queryByRole('button')).toBeNull();
    act(() => announceUpdate(async () => undefined));
    expect(screen.getByRole('status')).toHaveTextContent(`${UPDATE_TEXT}.`);
  });
});
