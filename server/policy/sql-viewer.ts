import type { Expression } from 'kysely';

/**
 * Who is looking: a bound value (`viewer.id`) or an SQL expression over a row (`u.id`), so that
 * one rule serves the REST reads (one viewer) and live events (every listening user at once).
 */
export type ViewerIdSql = number | Expression<number>;
export type IsAdminSql = boolean | Expression<boolean>;
