import { sql, type RawBuilder } from 'kysely';
import { notBlockedBetween } from './blocks';
import { isGroupMember } from './groups';
import { notMutedBy, notificationFromMuted, stackNotMutedBy } from './mutes';
import type { IsAdminSql, ViewerIdSql } from './sql-viewer';
import { canSeeStack, deletedStackVisible, snapshotLists } from './stack-visibility';

/** Who receives a live event (docs/live-events.md): the rule over event row `e`, for one viewer or many. */

const authorOf = sql<number>`e.user_id`;

/**
 * The stack of event row `e` as the viewer may see it now, by the REST reads' rule (canSeeStack),
 * minus stacks the viewer hid for themselves (gone from their feed). The change that sandboxed or
 * unsandboxed it is told to everyone who saw it on either side of the change.
 */
function stackVisible(viewerId: ViewerIdSql, isAdmin: IsAdminSql): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from stacks s where s.id = e.stack_id
    and ${canSeeStack(viewerId, isAdmin, { sandboxLifted: sql<boolean>`coalesce((e.snapshot->>'sandbox_changed')::boolean, false)` })}
    and not exists (select 1 from stack_hides oh where oh.stack_id = s.id and oh.user_id = ${viewerId}))`;
}

/**
 * Whether the viewer may receive event row `e` now, by the rules of the REST reads:
 * - stack events: the stack is visible (canSeeStack) and not hidden by the viewer; an answer also
 *   needs its author not blocked either way;
 * - comment events: the stack is visible, the author not blocked either way, and a sandboxed
 *   comment only to its author and admins;
 * - mutes (docs/mute.md): nothing about a stack written by a user the viewer muted (or a twist
 *   of one), no answer or comment by them, no notification from them; a deletion still goes out;
 * - stack.deleted: whoever could see the stack just before (deletedStackVisible, from the snapshot);
 * - stack.hidden: only the users it was hidden for (`snapshot.hidden_for`; rows written before
 *   2026_11_25_130000 name one user in `user_id`); notifications and feed.bulk_updated: only the
 *   user they are for;
 * - group member events: the group's current members, and the user who joined or left; not
 *   between users who blocked one another, either way (the member list leaves them out too);
 * - session.revoked: nobody (the hub acts on it, event-hub.ts).
 * The viewer is a value or a column (`u.id`), so one statement decides for many users.
 */
export function eventVisibleTo(viewerId: ViewerIdSql, isAdmin: IsAdminSql): RawBuilder<boolean> {
  const stackNotMuted = stackNotMutedBy(viewerId, sql<number>`e.stack_id`);
  return sql<boolean>`(case
    when e.type in ('stack.created', 'stack.updated') then ${stackVisible(viewerId, isAdmin)} and ${stackNotMuted}
    when e.type = 'stack.answered' then ${stackVisible(viewerId, isAdmin)} and ${notBlockedBetween(viewerId, authorOf)}
      and ${notMutedBy(viewerId, authorOf)} and ${stackNotMuted}
    when e.type in ('comment.created', 'comment.updated') then ${stackVisible(viewerId, isAdmin)} and ${notBlockedBetween(viewerId, authorOf)}
      and ${notMutedBy(viewerId, authorOf)} and ${stackNotMuted}
      and (not e.restricted or e.user_id = ${viewerId} or ${isAdmin})
    when e.type = 'stack.deleted' then ${deletedStackVisible(viewerId, isAdmin)}
    when e.type = 'stack.hidden' then coalesce(e.user_id = ${viewerId}, false) or ${snapshotLists('hidden_for', viewerId)}
    when e.type = 'notification.created' then e.user_id = ${viewerId}
      and not exists (select 1 from notifications n where n.id = e.notification_id and ${notificationFromMuted(viewerId, 'n')})
    when e.type = 'feed.bulk_updated' then e.user_id = ${viewerId}
    when e.type in ('group.member_joined', 'group.member_left') then e.user_id = ${viewerId}
      or (${isGroupMember(sql<number>`e.group_id`, viewerId)} and ${notBlockedBetween(viewerId, authorOf)})
    else false end)`;
}
