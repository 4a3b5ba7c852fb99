import { sql, type Kysely } from 'kysely';

/**
 * Second factors (docs/two-factor.md, docs/passkeys.md, docs/decisions/0051-second-factors.md):
 * - `totp_secrets`: one authenticator-app secret per account; `enabled_at` is null while the owner
 *   has not yet confirmed it with a code. `last_step` is the RFC 6238 time step of the last code
 *   accepted, so a code cannot be used twice.
 * - `recovery_codes`: SHA-256 hashes of the single-use recovery codes (random, 50 bits each).
 * - `passkeys`: WebAuthn credentials (discoverable), looked up by credential id at sign-in.
 * - `sign_in_challenges`: the short-lived state of a sign-in in two steps (the hash of an
 *   mfa_token) and of WebAuthn ceremonies (the hash of their challenge); each is used once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table totp_secrets (
    user_id integer primary key references users(id) on delete cascade,
    secret text not null,
    enabled_at timestamptz,
    last_step integer not null default 0,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table recovery_codes (
    id integer generated always as identity primary key,
    user_id integer not null references users(id) on delete cascade,
    code_hash text not null,
    used_at timestamptz,
    unique (user_id, code_hash)
  )`.execute(db);
  await sql`create table passkeys (
    id integer generated always as identity primary key,
    user_id integer not null references users(id) on delete cascade,
    credential_id text not null unique,
    public_key bytea not null,
    counter bigint not null default 0,
    transports text[] not null default '{}',
    name text not null,
    created_at timestamptz not null default now(),
    last_used_at timestamptz
  )`.execute(db);
  await sql`create index passkeys_user_idx on passkeys (user_id, id)`.execute(db);
  await sql`create table sign_in_challenges (
    id integer generated always as identity primary key,
    purpose text not null check (purpose in ('mfa', 'passkey_register', 'passkey_sign_in')),
    token_hash text not null unique,
    user_id integer references users(id) on delete cascade,
    expires_at timestamptz not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index sign_in_challenges_expiry_idx on sign_in_challenges (expires_at)`.execute(db);
  await sql`create index sign_in_challenges_user_idx on sign_in_challenges (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sign_in_challenges`.execute(db);
  await sql`drop table passkeys`.execute(db);
  await sql`drop table recovery_codes`.execute(db);
  await sql`drop table totp_secrets`.execute(db);
}
