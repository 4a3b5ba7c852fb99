import { sql, type Expression } from 'kysely';

/** A timestamp as the API sends it: pg and PGlite give Date objects, JSON aggregates give text. */
export const toIso = (value: Date | string): string => new Date(value).toISOString();

/** A timestamp column as the API's `last_login` date (YYYY-MM-DD, UTC), in SQL. */
export const lastLoginDate = (column: Expression<Date | null>) => sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
