import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('groups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(btrim(name)) between 1 and 24`))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo('').check(sql`length(description) <= 64`))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('is_public', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_restricted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_readonly', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('retired_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index groups_public_idx on groups (lower(name), id) where is_public and retired_at is null`.execute(db);
  await sql`create index groups_owner_idx on groups (owner_id) where retired_at is null`.execute(db);

  await db.schema
    .createTable('group_members')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('MEMBER').check(sql`role in ('OWNER', 'MEMBER')`))
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema.createIndex('group_members_user_idx').on('group_members').columns(['user_id', 'group_id']).execute();

  await db.schema
    .createTable('group_requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('from_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('to_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING').check(sql`status in ('PENDING', 'ACCEPTED', 'REJECTED', 'CANCELLED')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('responded_at', 'timestamptz')
    .execute();
  // One open invitation per person and group.
  await sql`create unique index group_requests_one_pending on group_requests (group_id, to_user_id) where status = 'PENDING'`.execute(db);
  await sql`create index group_requests_to_pending_idx on group_requests (to_user_id) where status = 'PENDING'`.execute(db);
  await sql`create index group_requests_from_pending_idx on group_requests (from_user_id) where status = 'PENDING'`.execute(db);

  // Removing a member is a group block: no rejoining or invitations until unblocked.
  await db.schema
    .createTable('group_blocks')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('group_blocks_pk', ['group_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('group_blocks').execute();
  await db.schema.dropTable('group_requests').execute();
  await db.schema.dropTable('group_members').execute();
  await db.schema.dropTable('groups').execute();
}
