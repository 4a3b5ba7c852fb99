import type { Db } from '../../db/client';
import { badRequest } from '../../errors';
import * as repo from './stacks.repo';
import { hideableUserIds, hideForUsersRefusal, sandboxRefusal } from '../../policy';
import { loadRow, type Kind } from './stack-rules';
import type { Viewer } from '../../viewer';

// Hiding stacks (for oneself; admins for chosen members) and sandboxing group stacks (spec 2 §6).

/**
 * Hides a stack from the viewer's list; admins may instead hide a group stack for chosen members
 * who have not answered it (not themselves).
 */
export async function hide(db: Db, viewer: Viewer, id: number, kind: Kind, userIds?: number[]) {
  const row = await loadRow(db, viewer, id, kind);
  if (!userIds) {
    await repo.insertHides(db, id, [viewer.id], viewer.id);
    return { message: 'Stack hidden' };
  }
  const refusal = hideForUsersRefusal(row, viewer);
  if (refusal) throw refusal;
  const chosen = [...new Set(userIds)];
  if (chosen.length === 0) throw badRequest('NO_USERS', 'Choose at least one user');
  if (chosen.includes(viewer.id)) throw badRequest('SELF_HIDE', 'Choose members other than yourself');
  const allowed = await hideableUserIds(db, viewer, id, row.group_id!);
  const refused = chosen.filter((u) => !allowed.includes(u));
  if (refused.length > 0) throw badRequest('NOT_HIDEABLE', `Only group members who have not answered can be chosen (not user ${refused[0]})`);
  await repo.insertHides(db, id, chosen, viewer.id);
  return { message: `Stack hidden for ${chosen.length} ${chosen.length === 1 ? 'user' : 'users'}` };
}

/** Owner: sandbox a group stack that is not sandboxed yet. Admins: both ways. */
export async function sandbox(db: Db, viewer: Viewer, id: number, sandboxed: boolean) {
  const row = await loadRow(db, viewer, id, 'stack');
  const refusal = sandboxRefusal(row, viewer, sandboxed);
  if (refusal) throw refusal;
  await repo.setSandboxed(db, id, sandboxed);
  return { id, is_sandboxed: sandboxed };
}
