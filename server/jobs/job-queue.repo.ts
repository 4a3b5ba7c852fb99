import { sql } from 'kysely';
import type { Db } from '../db/client';
import type { JobQueueStats } from '../metrics/metrics';

/** PostgreSQL's undefined_table and invalid_schema_name: no job queue was ever started on this database. */
const NO_QUEUE = new Set(['42P01', '3F000']);

/**
 * Each job queue's jobs waiting to run and kept failed (the job queue metrics, docs/metrics.md):
 * one statement over pg-boss's job table, which holds only unarchived jobs. No queue (SCHEDULER off
 * everywhere so far, or a test database): none.
 */
export async function jobQueueStats(db: Db): Promise<JobQueueStats[]> {
  try {
    const { rows } = await sql<JobQueueStats>`
      select name as queue,
             count(*) filter (where state in ('created', 'retry'))::int as queued,
             count(*) filter (where state = 'failed')::int as failed
      from pgboss.job
      group by name
      order by name`.execute(db);
    return rows;
  } catch (error) {
    if (NO_QUEUE.has(String((error as { code?: unknown }).code))) return [];
    throw error;
  }
}
