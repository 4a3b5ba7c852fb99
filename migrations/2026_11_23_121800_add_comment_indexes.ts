import type { Kysely } from 'kysely';

/**
 * A stack's detail returns one page of comments, newest first (comments_offset, comments_limit):
 * walking (stack_id, created_at, id) backwards reads only that page, however many comments the
 * stack has, and id settles equal timestamps. It replaces the (stack_id, created_at) index.
 * (user_id, stack_id) answers "has this blocked user commented here" for blocked_user_ids without
 * reading the stack's comments, and serves the cascade when a user is deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('comments_stack_page_idx').on('comments').columns(['stack_id', 'created_at', 'id']).execute();
  await db.schema.dropIndex('comments_stack_idx').execute();
  await db.schema.createIndex('comments_user_idx').on('comments').columns(['user_id', 'stack_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('comments_user_idx').execute();
  await db.schema.createIndex('comments_stack_idx').on('comments').columns(['stack_id', 'created_at']).execute();
  await db.schema.dropIndex('comments_stack_page_idx').execute();
}
