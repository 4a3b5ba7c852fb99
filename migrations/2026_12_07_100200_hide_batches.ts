import { sql, type Kysely } from 'kysely';

/**
 * Hidden stacks can be undone (docs/hidden-stacks.md):
 * - `batch_id`: the hides one Hide New Stacks made share an id from `stack_hide_batches`, so
 *   "Unhide all" undoes exactly that call; a single hide and an admin's hide have none.
 * - `stack_hides_self_idx`: hides by who made them, newest first: a user's own hides (hidden_by =
 *   user_id, both bound values: a partial index on `hidden_by = user_id` is not used once the
 *   planner has turned that into two constants), which the hidden list pages along and counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence stack_hide_batches as integer`.execute(db);
  await sql`alter table stack_hides add column batch_id integer`.execute(db);
  await sql`create index stack_hides_self_idx on stack_hides (user_id, hidden_by, created_at desc, stack_id desc) include (batch_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index stack_hides_self_idx`.execute(db);
  await sql`alter table stack_hides drop column batch_id`.execute(db);
  await sql`drop sequence stack_hide_batches`.execute(db);
}
