import { clearToken, getToken } from '../../lib/auth-token';
import { connection } from '../../lib/connection';

/*
 * The Web Push calls of the REST API (docs/pwa.md), made with the session's token like the
 * app's other plain fetches: they are REST paths, not tRPC procedures.
 */

export const PUSH_KEY_PATH = '/v1/push/key';
export const PUSH_SUBSCRIPTIONS_PATH = '/v1/users/me/push-subscriptions';
export const PUSH_TEST_PATH = '/v1/users/me/push-subscriptions/test';

/** What the server stores of a subscription: the push service's address and the keys to encrypt for it. */
export interface PushSubscriptionBody {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A call that did not succeed, with the sentence to show (the API's `detail` when it sent one). */
export class PushApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'PushApiError';
  }
}

/** The `detail` of an error answer, when it is the API's JSON error body. */
async function detailOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { detail?: unknown };
    return typeof body.detail === 'string' ? body.detail : null;
  } catch {
    // Not JSON (a proxy's page, an empty body): the status is named instead.
    return null;
  }
}

/** One JSON call with the session's token; the parsed answer, or a PushApiError. */
async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T | null> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    // No HTTP answer at all: the connection monitor checks the server (docs/connection.md).
    connection.reportFailure();
    throw new PushApiError('The server could not be reached. Try again when you are back online.', null);
  }
  if (response.status === 401) clearToken('expired');
  if (!response.ok) throw new PushApiError((await detailOf(response)) ?? `The server answered ${response.status}.`, response.status);
  const text = await response.text();
  return text ? (JSON.parse(text) as T) : null;
}

/** GET /v1/push/key: the server's VAPID public key, base64url (the push service checks pushes against it). */
export async function fetchPushKey(): Promise<string> {
  const answer = await call<{ public_key?: unknown }>('GET', PUSH_KEY_PATH);
  if (typeof answer?.public_key !== 'string' || !answer.public_key) throw new PushApiError('The server sent no push key.', null);
  return answer.public_key;
}

/** POST /v1/users/me/push-subscriptions (201): the server sends this device my notifications. */
export async function saveSubscription(subscription: PushSubscriptionBody): Promise<void> {
  await call('POST', PUSH_SUBSCRIPTIONS_PATH, subscription);
}

/** DELETE /v1/users/me/push-subscriptions with `{endpoint}`: the server forgets this device. */
export async function deleteSubscription(endpoint: string): Promise<void> {
  await call('DELETE', PUSH_SUBSCRIPTIONS_PATH, { endpoint });
}

/** POST /v1/users/me/push-subscriptions/test (202): a test notification to each of my devices. */
export async function sendTestPush(): Promise<void> {
  await call('POST', PUSH_TEST_PATH);
}
