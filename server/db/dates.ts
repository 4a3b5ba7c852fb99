/** A timestamp as the API sends it: pg and PGlite give Date objects, JSON aggregates give text. */
export const toIso = (value: Date | string): string => new Date(value).toISOString();
