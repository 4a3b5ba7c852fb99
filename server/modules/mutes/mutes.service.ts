import { LIMITS } from '../../../shared/limits';
import type { MutedUser } from '../../../shared/schemas/mutes';
import type { Db } from '../../db/client';
import { toIso } from '../../db/dates';
import { badRequest, conflict, notFound } from '../../errors';
import { isVisibleUser } from '../users/users.service';
import * as repo from './mutes.repo';

/**
 * Mutes a user (docs/mute.md): their stacks, twists, comments, answer banners, notifications and
 * live events leave the muter's views, read-time filters all (server/policy/mutes.ts
 * `notMutedBy`), so an unmute restores everything. Nothing changes for the muted user; friendship
 * and group membership stay. Idempotent, as blocking is; 404 for users the muter may not see.
 */
export async function mute(db: Db, muterId: number, targetId: number) {
  if (targetId === muterId) throw badRequest('SELF_MUTE', 'You cannot mute yourself');
  if (!(await isVisibleUser(db, muterId, targetId))) throw notFound('User not found', 'USER_NOT_FOUND');
  await db.transaction().execute(async (trx) => {
    if (await repo.isMuted(trx, muterId, targetId)) return;
    if ((await repo.countMutesLocked(trx, muterId)) >= LIMITS.mutesMax) throw conflict('MUTE_LIMIT', `You can mute at most ${LIMITS.mutesMax} users. Unmute someone first.`);
    await repo.insertMute(trx, muterId, targetId);
  });
  return { message: 'User muted' };
}

/** The users I muted, by username. */
export async function listMutes(db: Db, muterId: number): Promise<MutedUser[]> {
  const rows = await repo.listMuted(db, muterId);
  return rows.map((row) => ({ ...row, created_at: toIso(row.created_at) }));
}

/** Unmutes; 404 when the user is not muted. */
export async function unmute(db: Db, muterId: number, targetId: number) {
  const removed = await repo.deleteMute(db, muterId, targetId);
  if (removed === 0) throw notFound('This user is not muted', 'NOT_MUTED');
  return { message: 'User unmuted' };
}
