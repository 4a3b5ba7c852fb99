import { sql, type RawBuilder } from 'kysely';
import type { Viewer } from '../viewer';

/**
 * Bots (spec 2 §4, §6; DESIGN §3 Bots): who may see a bot and edit its tags. Who may purge its tags
 * is `canPurgeTags` in shared/schemas/bots.ts (the client shows the same rule).
 */

/**
 * Bots the viewer can see (aliased `b`): the bots they own (spec 2 §6 "the bot's owner", also a
 * group bot whose group they do not belong to), user bots whose audience is the viewer, and group
 * bots of live groups the viewer is a member of. Admins see every bot when `includeAdmin` (a
 * single bot), not in lists.
 */
export function canSeeBot(viewer: Viewer, includeAdmin: boolean): RawBuilder<boolean> {
  return sql<boolean>`(${sql.lit(includeAdmin && viewer.isAdmin)}
    or b.owner_id = ${viewer.id}
    or b.friend_id = ${viewer.id}
    or (b.group_id is not null and exists (select 1 from group_members gm join groups gg on gg.id = gm.group_id
      where gm.group_id = b.group_id and gm.user_id = ${viewer.id} and gg.retired_at is null)))`;
}

/** Who may edit tags: the bot's owner, admins, the audience user, the owner of the audience group. */
export function mayEditBotTags(row: { owner_id: number; friend_id: number | null; group_owner_id: number | null }, viewer: Viewer): boolean {
  return viewer.isAdmin || row.owner_id === viewer.id || row.friend_id === viewer.id || row.group_owner_id === viewer.id;
}
