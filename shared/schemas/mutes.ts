import { z } from 'zod';
import { Id, UserRef } from './common';

/** POST /v1/users/mutes: whom to mute. */
export const MuteInput = z.object({ user_id: Id.describe('The user to mute.') });
export type MuteInput = z.infer<typeof MuteInput>;

/** One user I muted (GET /v1/users/mutes), as GET /v1/users/blocks lists blocks. */
export const MutedUser = UserRef.extend({ created_at: z.string().describe('When I muted them.') }).meta({ id: 'MutedUser' });
export type MutedUser = z.infer<typeof MutedUser>;
