import { sql, type Kysely } from 'kysely';

/**
 * Registering signs the user in (docs/decisions/0050-registration-is-first-login.md): since then a new account's last login is set when it is
 * made (server/modules/users/users.repo.ts `insertUser`). Accounts made before that and never signed
 * in again had no last login, so they read 'Last Login: —' and looked dormant: their registration
 * is their first login.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update users set last_login_at = created_at where last_login_at is null`.execute(db);
}

/** Nothing to undo: which accounts had no login before cannot be told apart afterwards, and a date is harmless. */
export async function down(): Promise<void> {}
