import { z } from 'zod';
import { INVITES } from '../limits';

/** unused: can still be used; used: someone registered with it; expired: past `expires_at` unused. */
export const InviteState = z.enum(['unused', 'used', 'expired']).meta({ id: 'InviteState' });
export type InviteState = z.infer<typeof InviteState>;

/** The path of an invite link; the register page reads `code` from it and prefills the form. */
export const invitePath = (code: string) => `/register?code=${encodeURIComponent(code)}`;

export const Invite = z
  .object({
    id: z.number().int(),
    code: z.string().describe('The registration code (single use).'),
    link: z.string().describe('`{APP_URL}/register?code={code}`: the register page with the code filled in.'),
    state: InviteState,
    expires_at: z.string(),
    created_at: z.string(),
    joined: z
      .string()
      .nullable()
      .describe('The username of who registered with this invite; null while unused, or when that account is deactivated or either of you blocked the other.'),
  })
  .meta({ id: 'Invite' });
export type Invite = z.infer<typeof Invite>;

export const INVITE_MESSAGES = {
  quota: `You have ${INVITES.unusedMax} unused invites. Wait until one is used or expires.`,
} as const;
