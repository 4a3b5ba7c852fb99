import { z } from 'zod';
import { Id } from './common';

/** How a session signed in: a password alone, a password and a code, a passkey, or registering. */
export const SIGN_IN_METHODS = ['password', 'two_factor', 'passkey', 'registration'] as const;
export const SignInMethod = z.enum(SIGN_IN_METHODS).meta({ id: 'SignInMethod' });
export type SignInMethod = z.infer<typeof SignInMethod>;

/** One sign-in of mine (GET /v1/users/me/sessions; docs/sessions.md). */
export const Session = z
  .object({
    id: z.number().int(),
    device: z.string().describe('From the user agent of the sign-in, e.g. "Chrome on Linux".'),
    ip: z.string().describe('The address of the last request of this session.'),
    created_at: z.string(),
    last_seen_at: z.string().describe('Within a minute of the last request.'),
    current: z.boolean().describe('The session of the token making this call.'),
    second_factor: z.boolean().describe('Signed in with a second factor (a code or a passkey).'),
    // Optional in the schema only, so that clients written before it still type-check: the server always sends it.
    sign_in_method: SignInMethod.optional().describe(
      'How it signed in: `password`, `two_factor` (a password and a code), `passkey`, or `registration`; always sent. Label a session by this, not by `second_factor` (true for a passkey as well). Sessions from before this field read `two_factor` when they had a second factor.',
    ),
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof Session>;

export const SessionIdInput = z.object({ id: Id });
export const EndedSessions = z.object({ ended: z.number().int().describe('How many sessions ended.') }).meta({ id: 'EndedSessions' });
