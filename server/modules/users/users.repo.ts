import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/client';

/** Login accepts either name, in any letter case. */
export function findLoginCandidate(db: Db, usernameOrEmail: string) {
  const needle = usernameOrEmail.toLowerCase();
  return db
    .selectFrom('users')
    .select(['id', 'username', 'password_hash', 'is_active', 'token_version'])
    .where((eb) => eb.or([eb(sql`lower(username)`, '=', needle), eb(sql`lower(email)`, '=', needle)]))
    .executeTakeFirst();
}

/** The account a second sign-in step (a code, a passkey) names: what a session needs of it. */
export function findSignInUser(db: Db, userId: number) {
  return db.selectFrom('users').select(['id', 'username', 'is_active', 'token_version']).where('id', '=', userId).executeTakeFirst();
}

export function findActiveByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('is_active', '=', true)
    .executeTakeFirst();
}

export async function takenFields(db: Db, username: string, email: string) {
  const rows = await db
    .selectFrom('users')
    .select([
      sql<boolean>`lower(username) = ${username.toLowerCase()}`.as('username_taken'),
      sql<boolean>`lower(email) = ${email.toLowerCase()}`.as('email_taken'),
    ])
    .where((eb) => eb.or([eb(sql`lower(username)`, '=', username.toLowerCase()), eb(sql`lower(email)`, '=', email.toLowerCase())]))
    .execute();
  return { username: rows.some((r) => r.username_taken), email: rows.some((r) => r.email_taken) };
}

/** A new account. Registering signs the user in (its answer carries a token): it is their first login. */
export function insertUser(
  db: Db,
  values: { username: string; email: string; password_hash: string; registration_code_id: number | null; role?: 'USER' | 'ADMIN' },
) {
  return db
    .insertInto('users')
    .values({ ...values, last_login_at: sql<Date>`now()` })
    .returning(['id', 'username', 'email', 'token_version'])
    .executeTakeFirstOrThrow();
}

/** The signed-in user with their socials, in one statement. */
export function findCurrentUser(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select((eb) => [
      'users.id',
      'users.username',
      'users.email',
      'users.bio',
      'users.avatar_id',
      'users.role',
      sql<string | null>`to_char(users.last_login_at at time zone 'UTC', 'YYYY-MM-DD')`.as('last_login'),
      sql<boolean>`users.email_verified_at is not null`.as('is_email_verified'),
      'users.created_at',
      jsonArrayFrom(
        eb
          .selectFrom('socials')
          .select(['socials.id', 'socials.platform', 'socials.value', 'socials.visibility', sql<boolean>`socials.verified_at is not null`.as('is_verified')])
          .whereRef('socials.user_id', '=', 'users.id')
          .orderBy('socials.platform'),
      ).as('socials'),
    ])
    .where('users.id', '=', id)
    .executeTakeFirst();
}

export function recordLogin(db: Db, id: number) {
  return db.updateTable('users').set({ last_login_at: sql`now()` }).where('id', '=', id).execute();
}

/** Deactivation and password changes bump the token version: every earlier token stops working. */
export function revokeTokensAndUpdate(db: Db, id: number, changes: { is_active?: boolean; password_hash?: string }) {
  return db
    .updateTable('users')
    .set({ ...changes, token_version: sql`token_version + 1` })
    .where('id', '=', id)
    .returning(['id', 'token_version'])
    .executeTakeFirstOrThrow();
}

export function markEmailVerified(db: Db, id: number) {
  return db.updateTable('users').set({ email_verified_at: sql`coalesce(email_verified_at, now())` }).where('id', '=', id).execute();
}

export function setRoleByUsername(db: Db, username: string, role: 'USER' | 'ADMIN') {
  return db
    .updateTable('users')
    .set({ role })
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .returning(['id', 'username', 'role'])
    .executeTakeFirst();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db.selectFrom('users').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}
