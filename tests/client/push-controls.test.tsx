import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NO_WORKER_TEXT,
  PERMISSION_DISMISSED_TEXT,
  PUSH_STATE_TEXT,
  PushControls,
  TEST_LABEL,
  TEST_SENT_TEXT,
  TURN_OFF_LABEL,
  TURN_ON_LABEL,
} from '../../client/src/features/push/push-controls';
import { base64UrlToBytes } from '../../client/src/features/push/push-device';
import { PushSession } from '../../client/src/features/push/push-session';
import { clearToken, storeToken } from '../../client/src/lib/auth-token';
import { flushQueuedWork } from './render';

/*
 * The push controls (docs/pwa.md) against a stand-in browser: Notification, the service worker
 * registration's pushManager and fetch are mocks (jsdom has none of them).
 */

/** A real-looking VAPID public key (65 bytes, base64url) and the bytes it stands for. */
const PUBLIC_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const ENDPOINT = 'https://push.example.test/send/abc123';
const KEYS = { p256dh: 'BOr-p256dh-key', auth: 'auth-secret-16b' };
const JSON_HEADERS = { 'content-type': 'application/json' };

type Permission = 'default' | 'granted' | 'denied';

/** A PushSubscription as the browser gives it. */
function fakeSubscription(key: Uint8Array = base64UrlToBytes(PUBLIC_KEY)) {
  return {
    endpoint: ENDPOINT,
    options: { applicationServerKey: key.buffer, userVisibleOnly: true },
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
    unsubscribe: vi.fn(async () => true),
  };
}

interface Browser {
  permission: Permission;
  /** What the permission prompt answers. */
  answer: Permission;
  requestPermission: ReturnType<typeof vi.fn>;
  subscription: ReturnType<typeof fakeSubscription> | null;
  subscribe: ReturnType<typeof vi.fn>;
}

/** Notification, PushManager and navigator.serviceWorker with one registration. */
function stubBrowser(options: { permission?: Permission; answer?: Permission; subscribed?: boolean; worker?: boolean; pushApi?: boolean } = {}): Browser {
  const browser: Browser = {
    permission: options.permission ?? 'default',
    answer: options.answer ?? 'granted',
    requestPermission: vi.fn(),
    subscription: options.subscribed ? fakeSubscription() : null,
    subscribe: vi.fn(),
  };
  browser.requestPermission.mockImplementation(async () => {
    browser.permission = browser.answer;
    return browser.answer;
  });
  browser.subscribe.mockImplementation(async () => {
    browser.subscription = fakeSubscription();
    browser.subscription.unsubscribe.mockImplementation(async () => {
      browser.subscription = null;
      return true;
    });
    return browser.subscription;
  });
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, {
      get permission() {
        return browser.permission;
      },
      requestPermission: browser.requestPermission,
    }),
  );
  if (options.pushApi ?? true) vi.stubGlobal('PushManager', function PushManager() {});
  const pushManager = { getSubscription: vi.fn(async () => browser.subscription), subscribe: browser.subscribe };
  const registration = { pushManager };
  const worker = options.worker ?? true;
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      // No worker: `ready` never settles, as in a browser where it failed to register.
      ready: worker ? Promise.resolve(registration) : new Promise(() => undefined),
      getRegistration: vi.fn(async () => (worker ? registration : undefined)),
    },
  });
  return browser;
}

/** The calls fetch got, with their bodies parsed. */
type Call = { url: string; method: string; body: unknown; headers: Record<string, string> };

/** A fetch answering each path from `answers` (a status and body, or a thrown network error). */
function stubApi(answers: Record<string, { status: number; body?: unknown } | 'network-error'>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined, headers: (init.headers ?? {}) as Record<string, string> });
      const answer = answers[`${method} ${url}`];
      if (!answer) throw new Error(`unexpected ${method} ${url}`);
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status, headers: JSON_HEADERS });
    }),
  );
  return calls;
}

const OK_ANSWERS = {
  'GET /v1/push/key': { status: 200, body: { public_key: PUBLIC_KEY } },
  'POST /v1/users/me/push-subscriptions': { status: 201, body: { id: 1 } },
  'DELETE /v1/users/me/push-subscriptions': { status: 204 },
  'POST /v1/users/me/push-subscriptions/test': { status: 202, body: { queued: 1 } },
};

const status = () => screen.getByRole('status');

beforeEach(() => {
  localStorage.setItem('token', 'tok-push');
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('PushControls', () => {
  it('asks for permission only on the click, then subscribes with the server key and posts the subscription', async () => {
    const browser = stubBrowser();
    const calls = stubApi(OK_ANSWERS);
    const user = userEvent.setup();
    render(<PushControls />);

    await waitFor(() => expect(status()).toHaveTextContent(PUSH_STATE_TEXT.off));
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: TURN_ON_LABEL }));
    await waitFor(() => expect(status()).toHaveTextContent(PUSH_STATE_TEXT.on));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);

    expect(browser.subscribe).toHaveBeenCalledTimes(1);
    const options = browser.subscribe.mock.calls[0][0] as PushSubscriptionOptionsInit;
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual(Array.from(base64UrlToBytes(PUBLIC_KEY)));
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);

    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /v1/push/key', 'POST /v1/users/me/push-subscriptions']);
    expect(calls[1].body).toEqual({ endpoint: ENDPOINT, keys: KEYS });
    expect(calls[1].headers).toMatchObject({ Authorization: 'Bearer tok-push', 'Content-Type': 'application/json' });
    expect(calls[0].headers).toMatchObject({ Authorization: 'Bearer tok-push' });

    // On: the test and turn-off buttons, and the focus on the first of them (the button it was on is gone).
    expect(screen.queryByRole('button', { name: TURN_ON_LABEL })).toBeNull();
    expect(screen.getByRole('button', { name: TEST_LABEL })).toHaveFocus();
    expect(screen.getByRole('button', { name: TURN_OFF_LABEL })).toBeEnabled();
  });

  it('shows on for this device when the browser already holds a subscription, without asking anything', async () => {
    const browser = stubBrowser({ permission: 'granted', subscribed: true });
    const calls = stubApi(OK_ANSWERS);
    render(<PushControls />);
    await waitFor(() => expect(status()).toHaveTextContent(PUSH_STATE_TEXT.on));
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it('says push is blocked by the browser, with no button that would ask, when notifications are denied', async () => {
    const browser = stubBrowser({ permission: 'denied' });
    stubApi(OK_ANSWERS);
    render(<PushControls />);
    await waitFor(() => expect(status()).toHaveTextContent(PUSH_STATE_TEXT.blocked));
    expect(screen.queryByRole('button')).toBeNull();
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('turns to blocked when the prompt is answered Block, calling no API', async () => {
    const browser = stubBrowser({ answer: 'denied' });
    const calls = stubApi(OK_ANSWERS);
    const user = userEvent.setup();
    render(<PushControls />);
    await user.click(await screen.findByRole('button', { name: TURN_ON_LABEL }));
    await waitFor(() => expect(status()).toHaveTextContent(PUSH_STATE_TEXT.blocked));
    // The button it was on is gone: the focus goes to the state.
    expect(status()).toHaveFocus();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it('stays off when the prompt is dismissed, saying why, calling no API', async () => {
    const browser = stubBrowser({ answer: 'default' });
    const calls = stubApi(OK_ANSWERS);
    const user = userEvent.setup();
    render(<PushControls />);
    await user.click(await screen.findByRole('button', { name: TURN_ON_LABEL }));
    await waitFor(() => expect(status()).toHaveTextContent(PERMISSION_DISMISSED_TEXT));
    expect(status()).toHaveTextContent(PUSH_STATE_TEXT.off);
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it('shows the server’s refusal and drops the subscription the server did not take', async () => {
    const browser = stubBrowser();
    stubApi({ ...OK_ANSWERS, 'POST /v1/users/me/push-subscriptions': { status: 400, body: { detail: 'The endpoint must be an https address', code: 'VALIDATION_FAILED' } } });
    const user = userEvent.setup();
    render(<PushControls />);
    await user.click(await screen.findByRole('button', { name: TURN_ON_LABEL }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Push could not be turned on: The endpoint must be an https address');
    expect(browser.subscribe).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(browser.subscription).toBeNull());
    await waitFor(() => expect(status()).toHaveTextContent(PUSH_STATE_TEXT.off));
    expect(screen.getByRole('button', { name: TURN_ON_LABEL })).toBeEnabled();
  });

  it('says when the server cannot be reached', async () => {
    stubBrowser();
    stubApi({ ...OK_ANSWERS, 'GET /v1/push/key': 'network-error' });
    const user = userEvent.setup();
    render(<PushControls />);
    await user.click(await screen.findByRole('button', { name: TURN_ON_LABEL }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Push could not be turned on: The server could not be reached.');
  });

  it('gives up waiting for a service worker that never starts, saying so', async () => {
    stubBrowser({ worker: false });
    const calls = stubApi(OK_ANSWERS);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<PushControls />);
    await user.click(await screen.findByRole('button', { name: TURN_ON_LABEL }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await screen.findByRole('alert')).toHaveTextContent(NO_WORKER_TEXT);
    expect(calls).toHaveLength(0);
  });

  it('sends a test notification (202) and shows a refusal such as 429 with its detail', async () => {
    stubBrowser({ permission: 'granted', subscribed: true });
    const calls = stubApi(OK_ANSWERS);
    const user = userEvent.setup();
    render(<PushControls />);
    await user.click(await screen.findByRole('button', { name: TEST_LABEL }));
    await waitFor(() => expect(status()).toHaveTextContent(TEST_SENT_TEXT));
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /v1/users/me/push-subscriptions/test']);
    expect(calls[0].headers).toMatchObject({ Authorization: 'Bearer tok-push' });

    stubApi({ 'POST /v1/users/me/push-subscriptions/test': { status: 429, body: { detail: 'Too many test notifications. Try again in 10 minutes.', code: 'TOO_MANY_REQUESTS' } } });
    await user.click(screen.getByRole('button', { name: TEST_LABEL }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The test notification could not be sent: Too many test notifications. Try again in 10 minutes.');
    expect(status()).not.toHaveTextContent(TEST_SENT_TEXT);
  });

  it('turns off: tells the server the endpoint and drops the browser’s subscription', async () => {
    const browser = stubBrowser({ permission: 'granted', subscribed: true });
    const subscription = browser.subscription!;
    subscription.unsubscribe.mockImplementation(async () => {
      browser.subscription = null;
      return true;
    });
    const calls = stubApi(OK_ANSWERS);
    const user = userEvent.setup();
    render(<PushControls />);
    await user.click(await screen.findByRole('button', { name: TURN_OFF_LABEL }));
    await waitFor(() => expect(status()).toHaveTextContent(PUSH_STATE_TEXT.off));
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['DELETE /v1/users/me/push-subscriptions']);
    expect(calls[0].body).toEqual({ endpoint: ENDPOINT });
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: TURN_ON_LABEL })).toHaveFocus();
  });

  it('drops the browser’s subscription even when the server cannot be told, and says so', async () => {
    const browser = stubBrowser({ permission: 'granted', subscribed: true });
    const subscription = browser.subscription!;
    subscription.unsubscribe.mockImplementation(async () => {
      browser.subscription = null;
      return true;
    });
    stubApi({ 'DELETE /v1/users/me/push-subscriptions': { status: 500, body: { detail: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' } } });
    const user = userEvent.setup();
    render(<PushControls />);
    await user.click(await screen.findByRole('button', { name: TURN_OFF_LABEL }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Push could not be turned off everywhere: Internal server error');
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(status()).toHaveTextContent(PUSH_STATE_TEXT.off));
  });

  it('says so where the browser has no push at all', async () => {
    stubBrowser({ pushApi: false });
    expect('PushManager' in window).toBe(false);
    render(<PushControls />);
    await waitFor(() => expect(status()).toHaveTextContent(PUSH_STATE_TEXT.unsupported));
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('push follows the session (PushSession)', () => {
  it("hands the server this browser's subscription again on sign-in, without a prompt or a new subscription", async () => {
    const browser = stubBrowser({ permission: 'granted', subscribed: true });
    const calls = stubApi(OK_ANSWERS);
    localStorage.removeItem('token');
    render(<PushSession />);
    expect(calls).toHaveLength(0);
    act(() => storeToken('tok-after-reset'));
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /v1/users/me/push-subscriptions']));
    expect(calls[0].body).toEqual({ endpoint: ENDPOINT, keys: KEYS });
    expect(calls[0].headers).toMatchObject({ Authorization: 'Bearer tok-after-reset' });
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(browser.subscribe).not.toHaveBeenCalled();
  });

  it('does nothing on sign-in where push was never turned on', async () => {
    stubBrowser({ permission: 'default' });
    const calls = stubApi(OK_ANSWERS);
    localStorage.removeItem('token');
    render(<PushSession />);
    act(() => storeToken('tok-new'));
    await flushQueuedWork();
    expect(calls).toHaveLength(0);
  });

  it("drops the browser's subscription on the user's own Log Out, not when the session expired", async () => {
    const browser = stubBrowser({ permission: 'granted', subscribed: true });
    stubApi(OK_ANSWERS);
    render(<PushSession />);
    const subscription = browser.subscription!;
    act(() => clearToken('expired'));
    await flushQueuedWork();
    expect(subscription.unsubscribe).not.toHaveBeenCalled();
    act(() => storeToken('tok-again'));
    act(() => clearToken());
    await waitFor(() => expect(subscription.unsubscribe).toHaveBeenCalledTimes(1));
  });
});
