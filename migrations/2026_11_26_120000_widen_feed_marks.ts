import { sql, type Kysely } from 'kysely';
import { dropFeedMarkTriggers, installFeedMarkTriggers } from './2026_11_25_140000_cover_feed_sources';

/**
 * feed_marks rows cover ranges of 2^16 stack ids instead of 2^14 (docs/decisions/0040-feed-merge-in-windows.md).
 * A "new only" page reads the viewer's whole answered set and joins its rows' arrays into one
 * (feed_ids_cat, an array_cat per row, so the copying grows with rows × ids): for the heaviest
 * viewers (86,000 answers) that was 1.4 ms of a 5 ms statement; a quarter of the rows makes about a
 * quarter of the copying. A write still rewrites one row per (user, range), now up to four times
 * longer: a few kB more per answer for the heaviest viewers' newest range.
 */
const WIDE_BITS = 16;
const NARROW_BITS = 14;

async function rebuild(db: Kysely<unknown>, chunkBits: number) {
  await dropFeedMarkTriggers(db);
  await sql`truncate feed_marks`.execute(db);
  await installFeedMarkTriggers(db, chunkBits);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, WIDE_BITS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, NARROW_BITS);
}
