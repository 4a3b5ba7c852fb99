import { sql, type Expression, type RawBuilder } from 'kysely';

/**
 * Who is looking: a bound value (`viewer.id`) or an SQL expression over a row (`u.id`), so that
 * one definition serves the REST reads (one viewer) and live events (every listening user at once).
 */
export type ViewerIdSql = number | Expression<number>;
export type IsAdminSql = boolean | Expression<boolean>;

export interface CanSeeStackOptions {
  /**
   * When true, a sandboxed stack is treated as not sandboxed: live events lift it for the change
   * that sandboxed or unsandboxed a stack, so that those who saw it before (or see it after) hear of it.
   */
  sandboxLifted?: Expression<boolean>;
}

/** The audience rule for the stack row aliased `a`. */
function audienceAllows(a: string, viewerId: ViewerIdSql, isAdmin: IsAdminSql, options: CanSeeStackOptions): RawBuilder<boolean> {
  const t = sql.raw(a);
  const sandboxed = options.sandboxLifted ? sql<boolean>`(${t}.is_sandboxed and not ${options.sandboxLifted})` : sql<boolean>`${t}.is_sandboxed`;
  return sql<boolean>`(
    (${t}.mode = 'friend' and (${t}.owner_id = ${viewerId} or ${t}.friend_id = ${viewerId})
      and not exists (select 1 from blocks b
        where (b.blocker_id = ${t}.owner_id and b.blocked_id = ${t}.friend_id) or (b.blocker_id = ${t}.friend_id and b.blocked_id = ${t}.owner_id)))
    or (${t}.mode = 'group'
      and exists (select 1 from groups g where g.id = ${t}.group_id and g.retired_at is null)
      and (${isAdmin}
        or (exists (select 1 from group_members m where m.group_id = ${t}.group_id and m.user_id = ${viewerId})
          and not exists (select 1 from stack_hides hf
            where hf.stack_id = ${t}.id and hf.user_id = ${viewerId} and hf.hidden_by is distinct from ${viewerId})
          and (not ${sandboxed} or ${t}.owner_id = ${viewerId}
            or exists (select 1 from stack_responses sr where sr.stack_id = ${t}.id and sr.user_id = ${viewerId})))))
  )`;
}

/**
 * Who may see stack row `s` (DESIGN §3 Stacks), as one SQL condition:
 * - a friend stack: its owner and its friend, unless one has blocked the other;
 * - a group stack: current members of a live group, minus those an admin hid it for; a sandboxed
 *   one only its owner and those who already answered; admins see every group stack (moderation);
 * - a twisted stack (parent_id set): whoever may see the original and either twisted it or
 *   answered the original.
 * The viewer is a value or an SQL expression (ViewerIdSql); REST reads and live events share this.
 */
export function canSeeStack(viewerId: ViewerIdSql, isAdmin: IsAdminSql, options: CanSeeStackOptions = {}): RawBuilder<boolean> {
  return sql<boolean>`(
    (s.parent_id is null and ${audienceAllows('s', viewerId, isAdmin, options)})
    or (s.parent_id is not null
      and exists (select 1 from stacks ps where ps.id = s.parent_id and ${audienceAllows('ps', viewerId, isAdmin, options)})
      and (s.owner_id = ${viewerId} or (${isAdmin} and s.mode = 'group')
        or exists (select 1 from stack_responses pr where pr.stack_id = s.parent_id and pr.user_id = ${viewerId})))
  )`;
}
