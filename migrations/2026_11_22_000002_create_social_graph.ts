import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('friend_requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('from_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('to_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING').check(sql`status in ('PENDING', 'ACCEPTED', 'REJECTED', 'CANCELLED')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('responded_at', 'timestamptz')
    .addCheckConstraint('friend_requests_not_self', sql`from_user_id <> to_user_id`)
    .execute();
  // At most one open request between two people, whichever way it goes.
  await sql`create unique index friend_requests_one_pending_per_pair on friend_requests
    (least(from_user_id, to_user_id), greatest(from_user_id, to_user_id)) where status = 'PENDING'`.execute(db);
  await sql`create index friend_requests_to_pending_idx on friend_requests (to_user_id) where status = 'PENDING'`.execute(db);
  await sql`create index friend_requests_from_pending_idx on friend_requests (from_user_id) where status = 'PENDING'`.execute(db);

  // A friendship is stored both ways, so "my friends" is one index range.
  await db.schema
    .createTable('friendships')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('friend_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('friendships_pk', ['user_id', 'friend_id'])
    .addCheckConstraint('friendships_not_self', sql`user_id <> friend_id`)
    .execute();
  await db.schema.createIndex('friendships_friend_idx').on('friendships').column('friend_id').execute();

  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
    .addCheckConstraint('blocks_not_self', sql`blocker_id <> blocked_id`)
    .execute();
  await db.schema.createIndex('blocks_blocked_idx').on('blocks').column('blocked_id').execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('notifications_user_created_idx').on('notifications').columns(['user_id', 'created_at desc', 'id desc']).execute();
  await sql`create index notifications_user_unread_idx on notifications (user_id) where not is_read`.execute(db);

  await sql`create index users_username_lower_pattern_idx on users (lower(username) text_pattern_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists users_username_lower_pattern_idx`.execute(db);
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('blocks').execute();
  await db.schema.dropTable('friendships').execute();
  await db.schema.dropTable('friend_requests').execute();
}
