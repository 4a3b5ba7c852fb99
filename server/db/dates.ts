import { sql, type Expression } from 'kysely';

/** A timestamp as the API sends it: pg and PGlite give Date objects, JSON aggregates give text. */
export const toIso = (value: Date | string): string => new Date(value).toISOString();

/**
 * A timestamp as the API sends it (toIso's form: ISO-8601, UTC, milliseconds, `Z`), formatted in
 * SQL so that JSON built by the statement needs no mapping. Milliseconds are cut, not rounded, as
 * a Date made from PostgreSQL's microseconds is.
 */
export const isoTimestamp = <T extends Date | null>(column: Expression<T>) =>
  sql<T extends null ? string | null : string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A timestamp column as the API's `last_login` date (YYYY-MM-DD, UTC), in SQL. */
export const lastLoginDate = (column: Expression<Date | null>) => sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
