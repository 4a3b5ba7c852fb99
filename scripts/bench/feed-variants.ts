import pg from 'pg';
import { FEED_SHAPES } from '../../server/modules/stacks/feed-page.sql';
import { bind, captureFeed, type FeedVariant } from './sql-capture';

/*
 * Every variant of the feed: the three filters in all eight combinations, both orders,
 * GET /v2/stacks (with no filter: "My stacks", the client's list) and GET /v1/twisted_stacks; the
 * EXPLAIN (ANALYZE, BUFFERS) of each for the heaviest viewers at a few depths; and the targets.
 */

/** The deep page of the targets, and the deepest page the feed serves (LIMITS.feedOffsetMax 10,000, less a page). */
export const DEEP_OFFSET = 330;
export const DEEPEST_OFFSET = 9_900;

/** The feed variants' buffer target at offset DEEP_OFFSET: every variant, heaviest viewers. */
export const VARIANT_TARGETS = { deepBuffers: 2_500 };

/** Every variant: both lists, both orders, the 8 combinations of the filters (the feed's own list of its shapes). */
export const feedVariants = (): FeedVariant[] => [...FEED_SHAPES];

/** A variant's request: `/v2/stacks?filter_new=true&order_by=created_at&offset=330`. */
export function variantPath(v: FeedVariant, offset: number): string {
  const query = [
    ...(v.filterNew ? ['filter_new=true'] : []),
    ...(v.filterFriends ? ['filter_friends=true'] : []),
    ...(v.filterNoBots ? ['filter_no_bots=true'] : []),
    ...(v.orderBy === 'created_at' ? ['order_by=created_at'] : []),
    ...(offset > 0 ? [`offset=${offset}`] : []),
  ];
  return `${v.onlyTwisted ? '/v1/twisted_stacks' : '/v2/stacks'}${query.length ? `?${query.join('&')}` : ''}`;
}

/** A variant in a few words: `feed new+friends created`, `twisted plain updated`. */
export function variantLabel(v: FeedVariant): string {
  const filters = [v.filterNew && 'new', v.filterFriends && 'friends', v.filterNoBots && 'nobots'].filter(Boolean).join('+') || 'plain';
  return `${v.onlyTwisted ? 'twisted' : 'feed'} ${filters} ${v.orderBy === 'created_at' ? 'created' : 'updated'}`;
}

export interface FeedExplain {
  /** Shared buffers hit or read by the whole statement. */
  buffers: number;
  /** Execution time in ms (EXPLAIN ANALYZE's, with its timing overhead). */
  ms: number;
  rows: number;
}

/** EXPLAIN (ANALYZE, BUFFERS) of one variant's statement for `viewer` at `offset`, a page of 33. */
export async function explainFeed(client: pg.Client, variant: FeedVariant, viewer: number, offset: number): Promise<FeedExplain> {
  const template = await captureFeed(variant);
  const { rows } = await client.query(`explain (analyze, buffers, format json) ${template.sql}`, bind(template, { viewer, offset, limit: 33 }));
  const plan = rows[0]['QUERY PLAN'][0];
  return { buffers: (plan.Plan['Shared Hit Blocks'] ?? 0) + (plan.Plan['Shared Read Blocks'] ?? 0), ms: plan['Execution Time'], rows: plan.Plan['Actual Rows'] };
}

export interface VariantPlans {
  label: string;
  /** Per offset (0, DEEP_OFFSET, DEEPEST_OFFSET): the largest buffer count over the viewers, and its time. */
  byOffset: Map<number, FeedExplain & { viewer: number }>;
}

/**
 * EXPLAIN of every variant for each of `viewers` at offsets 0, DEEP_OFFSET and DEEPEST_OFFSET;
 * prints one line per variant (the heaviest of the viewers at each depth) and answers them.
 * `timeoutMs` bounds each statement (a page that overruns it is reported, not waited for).
 */
export async function explainVariants(client: pg.Client, viewers: { id: number }[], timeoutMs = 60_000): Promise<VariantPlans[]> {
  const offsets = [0, DEEP_OFFSET, DEEPEST_OFFSET];
  await client.query(`set statement_timeout = ${Math.round(timeoutMs)}`);
  const out: VariantPlans[] = [];
  const header = ['variant', ...offsets.map((o) => `offset ${o}: buffers / ms`)];
  const lines: string[][] = [];
  try {
    for (const variant of feedVariants()) {
      const byOffset = new Map<number, FeedExplain & { viewer: number }>();
      for (const offset of offsets) {
        for (const viewer of viewers) {
          let result: FeedExplain;
          try {
            result = await explainFeed(client, variant, viewer.id, offset);
          } catch (error) {
            // A statement past the timeout: as many buffers as can be, so the target fails.
            if ((error as { code?: string }).code !== '57014') throw error;
            result = { buffers: Number.POSITIVE_INFINITY, ms: timeoutMs, rows: 0 };
          }
          const worst = byOffset.get(offset);
          if (!worst || result.buffers > worst.buffers) byOffset.set(offset, { ...result, viewer: viewer.id });
        }
      }
      out.push({ label: variantLabel(variant), byOffset });
      lines.push([variantLabel(variant), ...offsets.map((o) => {
        const e = byOffset.get(o)!;
        return Number.isFinite(e.buffers) ? `${e.buffers} / ${e.ms.toFixed(1)}` : `timeout ${timeoutMs} ms`;
      })]);
    }
  } finally {
    await client.query('reset statement_timeout');
  }
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
  return out;
}
