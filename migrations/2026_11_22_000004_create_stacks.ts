import { type Kysely, sql } from 'kysely';

/**
 * Stacks and twisted stacks share one table: a twisted stack is a row whose parent_id is the
 * stack it twists (with the same positions and audience). Responses, views, hides and comments
 * therefore work the same for both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stacks')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('parent_id', 'integer', (c) => c.references('stacks.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.check(sql`name is null or length(name) between 1 and 32`))
    .addColumn('positions', 'jsonb', (c) => c.notNull().check(sql`jsonb_typeof(positions) = 'array' and jsonb_array_length(positions) = 6`))
    .addColumn('twist_description', 'text', (c) => c.check(sql`twist_description is null or length(twist_description) between 1 and 36`))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('bot_id', 'integer')
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('friend', 'group')`))
    .addColumn('friend_id', 'integer', (c) => c.references('users.id'))
    .addColumn('group_id', 'integer', (c) => c.references('groups.id'))
    .addColumn('is_sandboxed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'stacks_audience',
      sql`(mode = 'friend' and friend_id is not null and group_id is null) or (mode = 'group' and group_id is not null and friend_id is null)`,
    )
    .addCheckConstraint('stacks_twist_has_description', sql`(parent_id is null) = (twist_description is null)`)
    .execute();
  // A stack can be twisted once.
  await sql`create unique index stacks_one_twist on stacks (parent_id) where parent_id is not null`.execute(db);
  await sql`create index stacks_group_feed_idx on stacks (group_id, updated_at desc, id desc) where group_id is not null`.execute(db);
  await sql`create index stacks_friend_feed_idx on stacks (friend_id, updated_at desc, id desc) where friend_id is not null`.execute(db);
  await sql`create index stacks_owner_feed_idx on stacks (owner_id, updated_at desc, id desc)`.execute(db);
  await sql`create index stacks_bot_idx on stacks (bot_id) where bot_id is not null`.execute(db);

  await db.schema
    .createTable('stack_responses')
    .addColumn('stack_id', 'integer', (c) => c.notNull().references('stacks.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ranking', 'jsonb', (c) => c.notNull().check(sql`jsonb_typeof(ranking) = 'array' and jsonb_array_length(ranking) = 6`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('stack_responses_pk', ['stack_id', 'user_id'])
    .execute();
  await db.schema.createIndex('stack_responses_user_idx').on('stack_responses').columns(['user_id', 'stack_id']).execute();

  await db.schema
    .createTable('stack_views')
    .addColumn('stack_id', 'integer', (c) => c.notNull().references('stacks.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('viewed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('comments_viewed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('stack_views_pk', ['stack_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('stack_hides')
    .addColumn('stack_id', 'integer', (c) => c.notNull().references('stacks.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('hidden_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('stack_hides_pk', ['stack_id', 'user_id'])
    .execute();
  await db.schema.createIndex('stack_hides_user_idx').on('stack_hides').columns(['user_id', 'stack_id']).execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('stack_id', 'integer', (c) => c.notNull().references('stacks.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('description', 'text', (c) => c.notNull().check(sql`length(description) between 1 and 200`))
    .addColumn('is_sandboxed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('comments_stack_idx').on('comments').columns(['stack_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('comments').execute();
  await db.schema.dropTable('stack_hides').execute();
  await db.schema.dropTable('stack_views').execute();
  await db.schema.dropTable('stack_responses').execute();
  await db.schema.dropTable('stacks').execute();
}
