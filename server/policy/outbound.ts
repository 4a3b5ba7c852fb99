import { sql, type RawBuilder } from 'kysely';
import { isAdminSql } from './admin';
import { eventVisibleTo } from './events';

/**
 * Who is told outside the tab (push, e-mail; docs/notifications-outside.md): the people an event
 * is about — a stack's addressee, a stack's owner, a notification's recipient — and only those who
 * may receive its live event now (eventVisibleTo: the feed's rule, with blocks, mutes, hides,
 * sandboxing and group membership). The actor is never told about their own act.
 *
 * | event | kind | who |
 * |---|---|---|
 * | stack.created (an original) | stack_for_me | the friend it is for, or the group's members |
 * | stack.answered | answer_on_my_stack | the stack's owner |
 * | comment.created | comment_on_my_stack | the stack's owner |
 * | notification.created | friend_request, group_invite, report_outcome, release_notes | its recipient |
 */
export const OUTBOUND_EVENT_TYPES = ['stack.created', 'stack.answered', 'comment.created', 'notification.created'] as const;

/** The notification types told outside the tab, and the kind (preference) each belongs to. */
export const OUTBOUND_NOTIFICATION_KINDS = {
  FRIEND_REQUEST: 'friend_request',
  GROUP_INVITE: 'group_invite',
  REPORT_RESOLVED: 'report_outcome',
  RELEASE_NOTES: 'release_notes',
} as const;

const notificationKind = sql<string>`(case n.type ${sql.join(
  Object.entries(OUTBOUND_NOTIFICATION_KINDS).map(([type, kind]) => sql`when ${type} then ${kind}`),
  sql` `,
)} end)`;

/**
 * The (user, kind) pairs told about event row `e` (joined laterally; `c.user_id`, `c.kind`),
 * before the live-event rule: candidates only. Group stacks read `group_members` here, the policy's
 * own table.
 */
export const outboundCandidates: RawBuilder<unknown> = sql`(
  select s.friend_id as user_id, 'stack_for_me' as kind from stacks s
    where e.type = 'stack.created' and s.id = e.stack_id and s.parent_id is null and s.mode = 'friend' and s.friend_id is not null
  union all
  select m.user_id, 'stack_for_me' from stacks s join group_members m on m.group_id = s.group_id
    where e.type = 'stack.created' and s.id = e.stack_id and s.parent_id is null and s.mode = 'group'
  union all
  select s.owner_id, 'answer_on_my_stack' from stacks s where e.type = 'stack.answered' and s.id = e.stack_id
  union all
  select s.owner_id, 'comment_on_my_stack' from stacks s where e.type = 'comment.created' and s.id = e.stack_id
  union all
  select n.user_id, ${notificationKind} from notifications n
    where e.type = 'notification.created' and n.id = e.notification_id and n.type in (${sql.join(Object.keys(OUTBOUND_NOTIFICATION_KINDS))})
)`;

/**
 * Candidate `c` of event `e`, as user row `u`, is told: an active user who is not the actor (a
 * notification's row names its recipient, not an actor) and who may receive the event now.
 */
export const outboundRecipientAllowed: RawBuilder<boolean> = sql<boolean>`(u.is_active
  and (e.type = 'notification.created' or e.user_id is distinct from u.id)
  and ${eventVisibleTo(sql<number>`u.id`, isAdminSql('u'))})`;

/**
 * Push subscription row `s` still receives: its user is active and has not revoked their sessions
 * (password reset, deactivation: a new token version) since subscribing (docs/push.md).
 */
export const pushSubscriptionCurrent: RawBuilder<boolean> = sql<boolean>`exists (select 1 from users u
  where u.id = s.user_id and u.is_active and u.token_version = s.token_version)`;

/** A user may be mailed notifications: active, with a verified address (docs/notification-settings.md). */
export const mayReceiveNotificationMail = (user: { is_active: boolean; email_verified_at: unknown }): boolean =>
  user.is_active && user.email_verified_at !== null && user.email_verified_at !== undefined;
