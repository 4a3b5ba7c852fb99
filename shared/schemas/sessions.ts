import { z } from 'zod';
import { Id } from './common';

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
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof Session>;

export const SessionIdInput = z.object({ id: Id });
export const EndedSessions = z.object({ ended: z.number().int().describe('How many sessions ended.') }).meta({ id: 'EndedSessions' });
