import { sql, type Kysely } from 'kysely';

/**
 * An ignored friend request stays pending in its sender's eyes (docs/friend-requests.md): a
 * REJECTED request is "ignored" and open for its sender until the sender withdraws it (CANCELLED,
 * `withdrawn_at` set) or something later settles the pair (a friendship or a block turns it
 * CANCELLED). The ignores already stored that something later settled (a later request between the
 * two, a friendship, a block) are turned CANCELLED here, so only the ignores that were the last
 * word between two people read as pending.
 * - `withdrawn_at`: when the sender withdrew it; a new request to the same person waits out the
 *   cooling-off time (FRIENDS.requestCoolingOffDays) counted from the withdrawn one's sending.
 * - `friend_requests_ignored_idx`: the open ignores, by sender and target (the friend status).
 * - `friend_requests_withdrawn_idx`: a sender's withdrawn requests to a target, newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table friend_requests add column withdrawn_at timestamptz`.execute(db);
  await sql`update friend_requests r set status = 'CANCELLED'
    where r.status = 'REJECTED' and (
      exists (select 1 from friend_requests later
        where later.id > r.id and least(later.from_user_id, later.to_user_id) = least(r.from_user_id, r.to_user_id)
          and greatest(later.from_user_id, later.to_user_id) = greatest(r.from_user_id, r.to_user_id))
      or exists (select 1 from friendships f where f.user_id = r.from_user_id and f.friend_id = r.to_user_id)
      or exists (select 1 from blocks b where (b.blocker_id, b.blocked_id) in ((r.from_user_id, r.to_user_id), (r.to_user_id, r.from_user_id))))`.execute(db);
  await sql`create index friend_requests_ignored_idx on friend_requests (from_user_id, to_user_id) where status = 'REJECTED'`.execute(db);
  await sql`create index friend_requests_withdrawn_idx on friend_requests (from_user_id, to_user_id, created_at desc) where withdrawn_at is not null`.execute(db);
}

/** The ignores settled by `up` stay CANCELLED: which were REJECTED before is not kept, and either way nobody sees them. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index friend_requests_withdrawn_idx`.execute(db);
  await sql`drop index friend_requests_ignored_idx`.execute(db);
  await sql`alter table friend_requests drop column withdrawn_at`.execute(db);
}
