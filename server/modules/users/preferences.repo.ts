import { sql } from 'kysely';
import type { Db } from '../../db/client';

/** The account's preferences as stored (users columns; docs/preferences.md). */
export interface PreferencesRow {
  theme: 'system' | 'light' | 'dark' | null;
  tour_status: 'completed' | 'skipped' | null;
  tour_version: string | null;
  tour_at: Date | string | null;
}

export const PREFERENCE_COLUMNS = ['theme', 'tour_status', 'tour_version', 'tour_at'] as const;

export function findPreferences(db: Db, userId: number): Promise<PreferencesRow | undefined> {
  return db.selectFrom('users').select(PREFERENCE_COLUMNS).where('id', '=', userId).executeTakeFirst();
}

/** Writes the fields given (`tour` null forgets the tour's ending); answers what is stored after. */
export function updatePreferences(
  db: Db,
  userId: number,
  changes: { theme?: 'system' | 'light' | 'dark'; tour?: { status: 'completed' | 'skipped'; version: string } | null },
): Promise<PreferencesRow> {
  const tour =
    changes.tour === undefined
      ? {}
      : changes.tour === null
        ? { tour_status: null, tour_version: null, tour_at: null }
        : { tour_status: changes.tour.status, tour_version: changes.tour.version, tour_at: sql<Date>`now()` };
  return db
    .updateTable('users')
    .set({ ...(changes.theme === undefined ? {} : { theme: changes.theme }), ...tour })
    .where('id', '=', userId)
    .returning(PREFERENCE_COLUMNS)
    .executeTakeFirstOrThrow();
}
