import { sql, type Kysely } from 'kysely';

/**
 * Preferences that follow the account (docs/preferences.md): the theme chosen in Settings and how
 * the onboarding tour ended (completed or skipped, for which tour version, and when). Null: never
 * chosen, so a device keeps what it has (its stored theme, the default dark; the tour starts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users
    add column theme text check (theme in ('system', 'light', 'dark')),
    add column tour_status text check (tour_status in ('completed', 'skipped')),
    add column tour_version text,
    add column tour_at timestamptz,
    add constraint users_tour_recorded check ((tour_status is null) = (tour_version is null) and (tour_status is null) = (tour_at is null))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop constraint users_tour_recorded, drop column theme, drop column tour_status, drop column tour_version, drop column tour_at`.execute(db);
}
