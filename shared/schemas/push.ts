import { z } from 'zod';
import { LIMITS } from '../limits';

/** base64url, with or without `=` padding (browsers' `PushSubscription.toJSON()` sends none). */
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

const base64url = (field: string) =>
  z
    .string()
    .min(1, `${field} is required`)
    .max(LIMITS.pushKeyMax, `${field} must be at most ${LIMITS.pushKeyMax} characters`)
    .regex(BASE64URL, `${field} must be base64url-encoded`);

/** GET /v1/push/key: the application server key a browser subscribes with (`applicationServerKey`). */
export const PushKeyResponse = z
  .object({
    public_key: z.string().describe('The VAPID public key: a 65-byte uncompressed P-256 point, base64url without padding.'),
  })
  .meta({ id: 'PushKey' });
export type PushKeyResponse = z.infer<typeof PushKeyResponse>;

/** POST /v1/users/me/push-subscriptions: a browser's `PushSubscription.toJSON()`, as it is. */
export const PushSubscriptionInput = z.object({
  endpoint: z
    .string()
    .min(1, 'endpoint is required')
    .max(LIMITS.pushEndpointMax, `endpoint must be at most ${LIMITS.pushEndpointMax} characters`)
    .describe('The push service URL of this browser profile (https:, on a public host).'),
  keys: z
    .object({
      p256dh: base64url('keys.p256dh').describe("The browser's 65-byte uncompressed P-256 public key, base64url."),
      auth: base64url('keys.auth').describe("The browser's 16-byte authentication secret, base64url."),
    })
    .describe('The subscription keys the message is encrypted to (RFC 8291).'),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;

/** DELETE /v1/users/me/push-subscriptions: which subscription of mine to end. */
export const DeletePushSubscriptionInput = z.object({
  endpoint: z
    .string()
    .min(1, 'endpoint is required')
    .max(LIMITS.pushEndpointMax, `endpoint must be at most ${LIMITS.pushEndpointMax} characters`)
    .describe('The endpoint of the subscription, as it was subscribed.'),
});
export type DeletePushSubscriptionInput = z.infer<typeof DeletePushSubscriptionInput>;

/** One of my push subscriptions, as lists show it: never its keys or its whole endpoint. */
export const PushSubscription = z
  .object({
    id: z.number().int(),
    endpoint_host: z.string().describe("The push service's host (e.g. fcm.googleapis.com), to tell devices apart."),
    created_at: z.string().describe('When this browser profile first subscribed.'),
  })
  .meta({ id: 'PushSubscription' });
export type PushSubscription = z.infer<typeof PushSubscription>;

/** POST /v1/users/me/push-subscriptions/test: how many pushes were queued (one per subscription). */
export const TestPushResponse = z.object({ queued: z.number().int().describe('Pushes queued, one per subscription of mine.') }).meta({ id: 'TestPush' });
export type TestPushResponse = z.infer<typeof TestPushResponse>;

/** What a push carries (the service worker shows `title` and `body`, and opens `url` on a click). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
}
