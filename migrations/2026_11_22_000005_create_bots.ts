import { type Kysely, sql } from 'kysely';

/**
 * Bots (docs/bots.md, docs/decisions/0001-bot-runs-on-pg-boss.md): a bot posts stacks to one audience, a user or a group, on the weekdays of its
 * schedule. Its tags (bot_keywords) steer what it posts; every run leaves one bot_runs row, and the
 * unique (bot_id, run_on) makes a run happen once per bot and UTC day across app instances.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bots')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(btrim(name)) between 1 and 32`))
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo('').check(sql`length(bio) <= 120`))
    .addColumn('avatar_id', 'integer', (c) => c.notNull().check(sql`avatar_id between 1 and 9`))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('friend_id', 'integer', (c) => c.references('users.id'))
    .addColumn('group_id', 'integer', (c) => c.references('groups.id'))
    .addColumn('schedule', 'jsonb', (c) => c.notNull().defaultTo(sql`'[0,1,2,3,4,5,6]'::jsonb`).check(sql`jsonb_typeof(schedule) = 'array'`))
    .addColumn('generator', 'text', (c) => c.notNull().defaultTo('builtin'))
    // Tags used after this moment belong to the current rotation (not available until all are used).
    .addColumn('rotation_started_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('bots_one_audience', sql`(friend_id is null) <> (group_id is null)`)
    .execute();
  await sql`create index bots_owner_idx on bots (owner_id)`.execute(db);
  await sql`create index bots_friend_idx on bots (friend_id) where friend_id is not null`.execute(db);
  await sql`create index bots_group_idx on bots (group_id) where group_id is not null`.execute(db);

  await db.schema
    .createTable('bot_keywords')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('bot_id', 'integer', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(btrim(name)) between 1 and 32`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING').check(sql`status in ('PENDING', 'ACTIVE', 'DEACTIVATING', 'DISABLED')`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index bot_keywords_name_idx on bot_keywords (bot_id, lower(name))`.execute(db);

  await db.schema
    .createTable('bot_runs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('bot_id', 'integer', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('run_on', 'date', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('success', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('runtime', 'float8', (c) => c.notNull().defaultTo(0))
    .addColumn('keywords_prompt', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('raw_prompt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('stack_id', 'integer', (c) => c.references('stacks.id').onDelete('set null'))
    .addColumn('error', 'text')
    .addUniqueConstraint('bot_runs_once_a_day', ['bot_id', 'run_on'])
    .execute();
  // Newest first per bot (GET /v1/bots/{id}/responses) is served by the unique index on (bot_id, run_on).
  await sql`create index bot_runs_bot_started_idx on bot_runs (bot_id, started_at desc, id desc)`.execute(db);

  await sql`alter table stacks add constraint stacks_bot_fk foreign key (bot_id) references bots (id) on delete set null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table stacks drop constraint stacks_bot_fk`.execute(db);
  await db.schema.dropTable('bot_runs').execute();
  await db.schema.dropTable('bot_keywords').execute();
  await db.schema.dropTable('bots').execute();
}
