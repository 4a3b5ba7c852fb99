import { onlineManager, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConnectionStatus, RECONNECTING_TEXT, statusHost } from '../../client/src/app/connection-status';
import { ServerErrorOverlay } from '../../client/src/app/server-error-overlay';
import { emit, on, type AppEvents } from '../../client/src/lib/events';
import {
  connection,
  createConnectionMonitor,
  PROBE_FIRST_DELAY_MS,
  PROBE_MAX_DELAY_MS,
  PROBE_TIMEOUT_MS,
  probeDelay,
  probeHealth,
} from '../../client/src/lib/connection';
import { openLiveStream, type StreamMonitor } from '../../client/src/app/live-events';
import { markNavigation } from '../../client/src/lib/navigation-clock';
import { createTrpcClient, useTRPC } from '../../client/src/lib/trpc';
import { ME } from './fixtures';
import { renderAt, stubFetch, stubTrpc, trpcError } from './render';

/** A monitor whose probe answers what the test says, on timers the test runs by hand. */
function manualMonitor() {
  const timers: { run: () => void; ms: number }[] = [];
  const answers: boolean[] = [];
  const probe = vi.fn(async () => answers.shift() ?? false);
  const monitor = createConnectionMonitor({
    probe,
    random: () => 0.5,
    setTimer: (run, ms) => {
      const timer = { run, ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      const index = timers.indexOf(timer as (typeof timers)[number]);
      if (index >= 0) timers.splice(index, 1);
    },
  });
  const settle = () => act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
  return {
    monitor,
    probe,
    timers,
    answer: (...next: boolean[]) => answers.push(...next),
    settle,
    /** Runs the pending timer (the next probe). */
    async tick() {
      const timer = timers.shift();
      if (!timer) throw new Error('no timer pending');
      timer.run();
      await settle();
      return timer.ms;
    },
  };
}

describe('the connection monitor (docs/connection.md)', () => {
  it('a failure makes it probe at once; no answer turns it to reconnecting, then it probes with a growing delay until the server answers', async () => {
    const m = manualMonitor();
    const seen: string[] = [];
    m.monitor.subscribe(() => seen.push(m.monitor.getState()));
    m.answer(false, false, false, false, false, false, true);
    m.monitor.reportFailure();
    await m.settle();
    expect(m.probe).toHaveBeenCalledTimes(1);
    expect(m.monitor.getState()).toBe('reconnecting');
    const delays: number[] = [];
    for (let i = 0; i < 6; i++) delays.push(await m.tick());
    // 1 s doubling to 10 s at most (the jitter is ±20 %; random() is 0.5 here, so none).
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
    expect(m.probe).toHaveBeenCalledTimes(7);
    expect(m.monitor.getState()).toBe('online');
    expect(m.timers).toEqual([]);
    expect(seen).toEqual(['reconnecting', 'online']);

    // Down again: the backoff starts over from 1 s.
    m.answer(false);
    m.monitor.reportFailure();
    await m.settle();
    expect(m.monitor.getState()).toBe('reconnecting');
    expect(m.timers.map((t) => t.ms)).toEqual([1_000]);
  });

  it('a failure while the server answers the probe changes nothing; failures while down start no extra probes', async () => {
    const m = manualMonitor();
    m.answer(true);
    m.monitor.reportFailure();
    await m.settle();
    expect(m.monitor.getState()).toBe('online');
    expect(m.timers).toEqual([]);

    m.answer(false);
    m.monitor.reportFailure();
    m.monitor.reportFailure();
    await m.settle();
    expect(m.probe).toHaveBeenCalledTimes(2);
    m.monitor.reportFailure();
    await m.settle();
    expect(m.probe).toHaveBeenCalledTimes(2);
    expect(m.timers).toHaveLength(1);
  });

  it('any answer from the server (a call, the live stream opening) ends reconnecting at once', async () => {
    const m = manualMonitor();
    m.monitor.reportFailure();
    await m.settle();
    expect(m.monitor.getState()).toBe('reconnecting');
    m.monitor.reportAnswer();
    expect(m.monitor.getState()).toBe('online');
    expect(m.timers).toEqual([]);
  });

  it("the browser's offline event turns it to reconnecting without a probe; checkNow probes at once while down", async () => {
    const m = manualMonitor();
    m.monitor.reportOffline();
    expect(m.monitor.getState()).toBe('reconnecting');
    expect(m.probe).not.toHaveBeenCalled();
    expect(m.timers.map((t) => t.ms)).toEqual([1_000]);
    m.answer(true);
    m.monitor.checkNow();
    await m.settle();
    expect(m.monitor.getState()).toBe('online');
    m.monitor.checkNow();
    await m.settle();
    expect(m.probe).toHaveBeenCalledTimes(1);
  });

  it('the delay has ±20 % jitter around 1 s doubling to 10 s', () => {
    expect(probeDelay(0, () => 0)).toBe(PROBE_FIRST_DELAY_MS * 0.8);
    expect(probeDelay(0, () => 1)).toBe(PROBE_FIRST_DELAY_MS * 1.2);
    expect(probeDelay(3, () => 0.5)).toBe(8_000);
    expect(probeDelay(20, () => 1)).toBe(PROBE_MAX_DELAY_MS * 1.2);
  });

  it('the probe is GET /healthz answered 200; a 503 (stopping, database gone), no answer or a timeout is no', async () => {
    const fetchMock = stubFetch(async () => new Response('{"status":"ok"}', { status: 200 }));
    expect(await probeHealth()).toBe(true);
    expect(fetchMock.mock.calls[0][0]).toBe('/healthz');
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ cache: 'no-store' });
    stubFetch(async () => new Response('{"status":"stopping"}', { status: 503 }));
    expect(await probeHealth()).toBe(false);
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await probeHealth()).toBe(false);

    vi.useFakeTimers();
    try {
      stubFetch((_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))));
      const answer = probeHealth();
      await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS);
      expect(await answer).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

/** /trpc and /healthz both without an answer, as when the server process is gone. */
function serverGone() {
  return stubFetch(async () => {
    throw new TypeError('Failed to fetch');
  });
}

function collectServerErrors() {
  const seen: AppEvents['serverError'][] = [];
  const off = on('serverError', (detail) => seen.push(detail));
  return { seen, off };
}

describe('calls without an answer (docs/decisions/0039-connection-status-not-overlay.md)', () => {
  it('a call that gets no HTTP answer makes the app reconnect, with no overlay', async () => {
    const fetchMock = serverGone();
    render(<ServerErrorOverlay />);
    const client = createTrpcClient();
    markNavigation(Date.now() - 10_000);
    await expect(client.users.me.query()).rejects.toThrow();
    await waitFor(() => expect(connection.getState()).toBe('reconnecting'));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/healthz');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('a 5xx the server sent still raises the overlay (spec 1 §8), and the app stays connected', async () => {
    stubFetch(async (url) => (String(url) === '/healthz' ? new Response('{}', { status: 200 }) : trpcError(500, 'Internal server error', 'INTERNAL_SERVER_ERROR')));
    render(<ServerErrorOverlay />);
    const client = createTrpcClient();
    markNavigation(Date.now() - 10_000);
    await expect(client.users.me.query()).rejects.toThrow();
    expect(await screen.findByRole('alertdialog', { name: 'We ran into a temporary issue. Be back shortly!' })).toBeInTheDocument();
    expect(connection.getState()).toBe('online');
  });

  it('an aborted call is no sign of anything: no probe', async () => {
    const fetchMock = stubFetch(async (_url, init) => {
      init?.signal?.throwIfAborted();
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    const client = createTrpcClient();
    const controller = new AbortController();
    controller.abort();
    await expect(client.users.me.query(undefined, { signal: controller.signal })).rejects.toThrow();
    await act(async () => {});
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/healthz');
    expect(connection.getState()).toBe('online');
  });

  it('the overlay goes when the server becomes unreachable, and its Reload Page does not reload a page that cannot load', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload, assign: vi.fn() });
    const { seen, off } = collectServerErrors();
    serverGone();
    const { user } = renderAt(<ServerErrorOverlay />);
    act(() => emit('serverError', { message: 'We ran into a temporary issue. Be back shortly!', type: 'server_error' }));
    await user.click(screen.getByRole('button', { name: 'Reload Page' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(reload).not.toHaveBeenCalled();
    expect(connection.getState()).toBe('reconnecting');
    // A network_error event (a call without an answer) never raises it.
    act(() => emit('serverError', { message: 'We ran into a temporary issue. Be back shortly!', type: 'network_error' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    off();
    expect(seen).toHaveLength(2);
  });

  it('Reload Page reloads when the server answers', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload, assign: vi.fn() });
    stubFetch(async () => new Response('{"status":"ok"}', { status: 200 }));
    const { user } = renderAt(<ServerErrorOverlay />);
    act(() => emit('serverError', { message: 'We ran into a temporary issue. Be back shortly!', type: 'server_error' }));
    await user.click(screen.getByRole('button', { name: 'Reload Page' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
  });

  it('while reconnecting a query waits (paused) instead of failing, and runs when the server is back', async () => {
    let up = false;
    const stub = stubTrpc({ 'users.me': ME });
    const answer = stub.fetchMock.getMockImplementation()!;
    stubFetch(async (url, init) => {
      if (!up) throw new TypeError('Failed to fetch');
      return String(url) === '/healthz' ? new Response('{}', { status: 200 }) : answer(url, init);
    });
    function Me() {
      const trpc = useTRPC();
      const me = useQuery(trpc.users.me.queryOptions());
      return <p>{me.data ? me.data.username : `${me.status}/${me.fetchStatus}`}</p>;
    }
    renderAt(<Me />);
    await waitFor(() => expect(connection.getState()).toBe('reconnecting'));
    expect(onlineManager.isOnline()).toBe(false);
    await waitFor(() => expect(screen.getByText('pending/paused')).toBeInTheDocument());
    up = true;
    await act(async () => connection.checkNow());
    await waitFor(() => expect(connection.getState()).toBe('online'));
    expect(await screen.findByText('alice')).toBeInTheDocument();
    expect(onlineManager.isOnline()).toBe(true);
  });
});

describe('the Reconnecting… status (docs/connection.md)', () => {
  it('is an empty status region while connected, says "Reconnecting…" while down, and is no dialog', async () => {
    serverGone();
    render(<ConnectionStatus />);
    const region = screen.getByRole('status');
    expect(region).toHaveTextContent('');
    act(() => connection.reportFailure());
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(RECONNECTING_TEXT));
    expect(RECONNECTING_TEXT).toBe('Reconnecting\u2026');
    expect(screen.getByRole('status')).toHaveClass('pointer-events-none');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(document.body);
    act(() => connection.reportAnswer());
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('shows inside the modal dialog on top, where it can be seen and read', async () => {
    serverGone();
    render(
      <>
        <dialog aria-label="New Friend Stack">
          <input aria-label="Name" />
        </dialog>
        <ConnectionStatus />
      </>,
    );
    const dialog = screen.getByRole('dialog', { hidden: true }) as HTMLDialogElement;
    act(() => {
      dialog.showModal();
      screen.getByLabelText('Name').focus();
    });
    expect(statusHost()).toBe(dialog);
    act(() => connection.reportFailure());
    await waitFor(() => expect(dialog.querySelector('[role="status"]')).toHaveTextContent(RECONNECTING_TEXT));
    act(() => dialog.close());
    await waitFor(() => expect(document.body.querySelector(':scope > [role="status"]')).toHaveTextContent(RECONNECTING_TEXT));
  });
});

describe('the live stream and the monitor (docs/connection.md)', () => {
  function fakeMonitor() {
    let state: 'online' | 'reconnecting' = 'online';
    const listeners = new Set<() => void>();
    const monitor: StreamMonitor & { set(next: typeof state): void } = {
      getState: () => state,
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      reportAnswer: vi.fn(),
      reportFailure: vi.fn(),
      set(next) {
        state = next;
        listeners.forEach((listener) => listener());
      },
    };
    return monitor;
  }

  it('a refused stream tells the monitor; when the monitor says the server is back, it opens again at once and refreshes', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let refuse = true;
    const opened: string[] = [];
    stubFetch(async (url) => {
      opened.push(String(url));
      if (refuse) throw new TypeError('Failed to fetch');
      return new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode(': hello\n\n')) }), { status: 200, headers: { 'content-type': 'text/event-stream' } });
    });
    const monitor = fakeMonitor();
    const onReconnected = vi.fn();
    const stream = openLiveStream('tok', { onEvent: vi.fn(), onReconnected, onUnauthorized: vi.fn() }, '/v1/events', monitor);
    await waitFor(() => expect(monitor.reportFailure).toHaveBeenCalled());
    monitor.set('reconnecting');
    const before = opened.length;
    refuse = false;
    monitor.set('online');
    await waitFor(() => expect(monitor.reportAnswer).toHaveBeenCalled());
    expect(opened.length).toBe(before + 1);
    expect(onReconnected).toHaveBeenCalled();
    stream.close();
  });
});
