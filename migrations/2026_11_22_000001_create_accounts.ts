import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar_id', 'integer', (c) => c.notNull().defaultTo(1).check(sql`avatar_id between 1 and 9`))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('USER').check(sql`role in ('USER', 'ADMIN')`))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('last_login_at', 'timestamptz')
    .addColumn('registration_code_id', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Usernames and e-mails are unique whatever their letter case (DESIGN §3).
  await sql`create unique index users_username_lower_key on users (lower(username))`.execute(db);
  await sql`create unique index users_email_lower_key on users (lower(email))`.execute(db);

  await db.schema
    .createTable('registration_codes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('max_uses', 'integer', (c) => c.notNull().defaultTo(1).check(sql`max_uses >= 1`))
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('registration_codes_uses_within_max', sql`uses <= max_uses`)
    .execute();
  await sql`create unique index registration_codes_code_lower_key on registration_codes (lower(code))`.execute(db);
  await db.schema
    .alterTable('users')
    .addForeignKeyConstraint('users_registration_code_fk', ['registration_code_id'], 'registration_codes', ['id'])
    .onDelete('set null')
    .execute();

  await db.schema
    .createTable('user_tokens')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('verify_email', 'reset_password')`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('user_tokens_user_purpose_idx').on('user_tokens').columns(['user_id', 'purpose']).execute();

  await db.schema
    .createTable('socials')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull().check(sql`platform in ('telegram', 'signal')`))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('public').check(sql`visibility in ('public', 'friends', 'private')`))
    .addColumn('verified_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('socials_user_platform_key', ['user_id', 'platform'])
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
  await db.schema.dropTable('socials').execute();
  await db.schema.dropTable('user_tokens').execute();
  await db.schema.alterTable('users').dropConstraint('users_registration_code_fk').execute();
  await db.schema.dropTable('registration_codes').execute();
  await db.schema.dropTable('users').execute();
}
