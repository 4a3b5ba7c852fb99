import { sql, type Kysely } from 'kysely';

/**
 * How each session signed in (docs/sessions.md): `password`, `two_factor` (a password and a code),
 * `passkey`, or `registration` (registering signs in). A passkey sign-in also counts as a second
 * factor (`second_factor`, which REQUIRE_ADMIN_2FA reads); the method tells the two apart for the
 * sessions list. Sessions from before cannot be told apart: a second factor reads as `two_factor`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions add column sign_in_method text not null default 'password'
    check (sign_in_method in ('password', 'two_factor', 'passkey', 'registration'))`.execute(db);
  await sql`update sessions set sign_in_method = 'two_factor' where second_factor`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions drop column sign_in_method`.execute(db);
}
