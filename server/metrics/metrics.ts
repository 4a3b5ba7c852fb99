import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { OBSERVABILITY } from '../../shared/limits';
import type { Logger } from '../logger';

/**
 * The process's metrics (docs/metrics.md, docs/decisions/0041-metrics-and-request-ids.md): one registry
 * of this module (not prom-client's global one), made once when the module loads, so however many
 * apps a process builds (the tests build many) nothing is registered twice. Counters count what
 * this process did; gauges read their figure when scraped. Every label's values come from a fixed
 * list (routes, statuses, queue names), never from what a client sends.
 */
export const metricsRegistry = new Registry();
const registers = [metricsRegistry];

/** How many connections a database handle has checked out, and how many callers wait for one. */
export interface PoolStats {
  inUse: number;
  waiting: number;
}

/** Feed pages past the gate and waiting for it. */
export interface FeedReadStats {
  running: number;
  waiting: number;
}

/** One job queue's jobs waiting to run (created or retry) and kept in the failed state. */
export interface JobQueueStats {
  queue: string;
  queued: number;
  failed: number;
}

const poolSources = new Set<() => PoolStats>();
/** The gate of the feed's reads (server/db/heavy-read-gate.ts) of each app watched. */
const feedReadSources = new Set<() => FeedReadStats>();
const jobSources = new Set<() => Promise<JobQueueStats[]>>();

/** A figure summed over every watched source of one kind. */
const sumOver = <S>(sources: Set<() => S>, pick: (stats: S) => number) => [...sources].reduce((sum, stats) => sum + pick(stats()), 0);

/** Every job queue's figures of every watched source (a process has one), read through each source's cache. */
async function jobQueueStats(): Promise<JobQueueStats[]> {
  return (await Promise.all([...jobSources].map((read) => read()))).flat();
}

async function setJobGauge(gauge: Gauge<'queue'>, pick: (stats: JobQueueStats) => number) {
  gauge.reset();
  for (const stats of await jobQueueStats()) gauge.set({ queue: stats.queue }, pick(stats));
}

export const metrics = {
  httpRequests: new Counter({
    name: 'stacks_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  }),
  httpDuration: new Histogram({
    name: 'stacks_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer ending, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  }),
  statementTimeouts: new Counter({
    name: 'stacks_db_statement_timeouts_total',
    help: 'Statements stopped by PG_STATEMENT_TIMEOUT_MS (or cancelled) and answered 503 STATEMENT_TIMEOUT',
    registers,
  }),
  eventStreams: new Gauge({ name: 'stacks_event_streams_open', help: 'Live event streams (GET /v1/events) open on this process', registers }),
  eventsDelivered: new Counter({ name: 'stacks_events_delivered_total', help: 'Live events written to streams (one per event and stream)', registers }),
  shareImageRenders: new Counter({ name: 'stacks_share_image_renders_total', help: 'Share images drawn on a render thread', registers }),
  shareImageCacheHits: new Counter({
    name: 'stacks_share_image_cache_hits_total',
    help: 'Share images answered from the cache, or by joining a render already under way',
    registers,
  }),
  mailsSent: new Counter({ name: 'stacks_mails_sent_total', help: 'Mails handed to SMTP or written to the outbox', registers }),
  mailsFailed: new Counter({ name: 'stacks_mails_failed_total', help: 'Mails that could not be sent or written', registers }),
};

new Gauge({
  name: 'stacks_db_pool_connections_in_use',
  help: 'Database connections checked out by requests and jobs (embedded database: its one connection, 0 or 1)',
  registers,
  collect() {
    this.set(sumOver(poolSources, (stats) => stats.inUse));
  },
});
new Gauge({
  name: 'stacks_db_pool_waiting',
  help: 'Callers waiting for a database connection (embedded database: waiting in its queue)',
  registers,
  collect() {
    this.set(sumOver(poolSources, (stats) => stats.waiting));
  },
});
new Gauge({
  name: 'stacks_feed_reads_running',
  help: 'Feed pages being read now, past the gate (at most FEED_READS_CONCURRENCY)',
  registers,
  collect() {
    this.set(sumOver(feedReadSources, (stats) => stats.running));
  },
});
new Gauge({
  name: 'stacks_feed_reads_waiting',
  help: "Feed pages waiting for their turn at the gate (in the instance's line or a user's own)",
  registers,
  collect() {
    this.set(sumOver(feedReadSources, (stats) => stats.waiting));
  },
});
new Gauge({
  name: 'stacks_job_queue_depth',
  help: 'Jobs waiting to run (created or retry), by queue; read at most every OBSERVABILITY.jobQueueStatsSeconds',
  labelNames: ['queue'] as const,
  registers,
  async collect() {
    await setJobGauge(this, (stats) => stats.queued);
  },
});
new Gauge({
  name: 'stacks_job_queue_failed',
  help: 'Jobs kept in the failed state (until the job queue archives them), by queue',
  labelNames: ['queue'] as const,
  registers,
  async collect() {
    await setJobGauge(this, (stats) => stats.failed);
  },
});

/** The request pool of a database handle is reported (summed over every handle watched); the answer stops it. */
export function watchPool(stats: () => PoolStats): () => void {
  poolSources.add(stats);
  return () => void poolSources.delete(stats);
}

/** The gate of an app's feed reads is reported (summed over every gate watched); the answer stops it. */
export function watchFeedReads(stats: () => FeedReadStats): () => void {
  feedReadSources.add(stats);
  return () => void feedReadSources.delete(stats);
}

/**
 * The job queue is reported from `read` (a count on the queue's table), read at most every
 * OBSERVABILITY.jobQueueStatsSeconds whatever the scrape rate, one read at a time. A failed read is
 * logged and reports no queue until the next read. The answer stops it.
 */
export function watchJobQueue(read: () => Promise<JobQueueStats[]>, logger: Logger, now: () => number = Date.now): () => void {
  let last: { at: number; stats: Promise<JobQueueStats[]> } | undefined;
  const cached = () => {
    if (!last || now() - last.at >= OBSERVABILITY.jobQueueStatsSeconds * 1000) {
      const stats = read().catch((error: unknown) => {
        logger.warn({ err: error }, 'metrics: reading the job queue failed');
        return [];
      });
      last = { at: now(), stats };
    }
    return last.stats;
  };
  jobSources.add(cached);
  return () => void jobSources.delete(cached);
}

let defaultMetricsOn = false;

/**
 * The text a Prometheus scrape gets. prom-client's process metrics (CPU, memory, event loop lag,
 * ...) join at the first scrape: a process whose metrics nobody reads starts no event-loop monitor.
 */
export async function metricsText(): Promise<{ contentType: string; text: string }> {
  if (!defaultMetricsOn) {
    defaultMetricsOn = true;
    collectDefaultMetrics({ register: metricsRegistry });
  }
  return { contentType: metricsRegistry.contentType, text: await metricsRegistry.metrics() };
}
