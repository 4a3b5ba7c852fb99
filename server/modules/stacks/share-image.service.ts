import { createHash } from 'node:crypto';
import { SHARE_IMAGE, UNTITLED_STACK } from '../../../shared/limits';
import { consensus, score, scoreLabel, scorePercent, type Ranking } from '../../../shared/scoring';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../errors';
import { metrics } from '../../metrics/metrics';
import type { Viewer } from '../../viewer';
import { findStackForViewer } from './stacks.repo';
import { RenderBudget } from './share-image.budget';
import { shareImageRenderer } from './share-image.pool';
import type { ShareImageModel, ShareItem } from './share-image.render';

type Kind = 'stack' | 'twisted';
type DetailRow = NonNullable<Awaited<ReturnType<typeof findStackForViewer>>>;

const NOT_FOUND = { stack: 'Stack not found', twisted: 'Twisted stack not found' } as const;
const UNTITLED = UNTITLED_STACK;
/** Bumped when the picture's layout changes, so that ETags (and cached pictures) change with it. */
const LAYOUT_VERSION = 2;

/** One share image: its bytes and its ETag (the hash of what it shows). */
export interface ShareImage {
  png: Buffer;
  etag: string;
}

const itemsOf = (positions: readonly string[], ranking: Ranking): ShareItem[] => ranking.map((index) => ({ text: positions[index] ?? '', positionIndex: index }));

/**
 * The other person of a friend stack as the detail shows them (client detail-parts `otherPerson`):
 * the friend for the owner, the owner for the friend; on a twisted stack, whoever of the original
 * pair is not the viewer.
 */
function otherPerson(row: DetailRow, viewerId: number): { id: number; username: string } | undefined {
  const people = [row.audience.user, { id: row.owner_id, username: row.owner_username }, ...row.parent_responses.map((r) => ({ id: r.user_id, username: r.username }))];
  return people.find((person): person is { id: number; username: string } => person !== null && person.id !== viewerId);
}

/**
 * What the viewer's picture shows, by the stack detail's rules (stacks.service `assemble`): the
 * group consensus counts every answer (muted users' too), and a block between a friend stack's two
 * people hides the stack from both (the read answers nothing: 404).
 */
export function shareModel(row: DetailRow, viewer: Viewer, kind: Kind): ShareImageModel {
  const mine = row.responses.find((r) => r.user_id === viewer.id);
  if (!mine) throw new Error('shareModel needs the viewer to have answered');
  const title = row.name ?? UNTITLED;
  const twist = kind === 'twisted' ? (row.twist_description ?? '') : null;
  const me = { heading: `${mine.username} (me)`, items: itemsOf(row.positions, mine.ranking) };
  const prefix = kind === 'twisted' ? 'Twisted ' : '';
  if (row.mode === 'friend') {
    const friend = otherPerson(row, viewer.id);
    const name = friend?.username ?? 'your friend';
    const theirs = friend && row.responses.find((r) => r.user_id === friend.id);
    const context = `${prefix}${prefix ? 'friend' : 'Friend'} stack with ${name}`;
    if (!theirs) return { kind, title, twist, context, me, other: { heading: name, items: null, waiting: `Waiting for ${name}` }, score: null, scored: true };
    const value = score(mine.ranking, theirs.ranking);
    return { kind, title, twist, context, me, other: { heading: name, items: itemsOf(row.positions, theirs.ranking), waiting: null }, score: { label: scoreLabel(value), percent: scorePercent(value), against: name }, scored: true };
  }
  const context = `${prefix}${prefix ? 'group' : 'Group'} stack in ${row.audience.group?.name ?? 'a group'}`;
  const heading = 'Group Consensus';
  // Until someone else answers, the consensus is the viewer's own ranking: nothing to compare yet.
  if (!row.responses.some((r) => r.user_id !== viewer.id)) return { kind, title, twist, context, me, other: { heading, items: null, waiting: 'Waiting for the group' }, score: null, scored: false };
  // The detail's Group Consensus card has no score against the viewer's answer: the picture neither.
  const order = consensus(row.responses.map((r) => r.ranking));
  return { kind, title, twist, context, me, other: { heading, items: itemsOf(row.positions, order), waiting: null }, score: null, scored: false };
}

/** The ETag of a model: the same picture on every instance for the same content. */
export function etagOf(model: ShareImageModel): string {
  return `"${createHash('sha256').update(JSON.stringify({ v: LAYOUT_VERSION, model })).digest('base64url').slice(0, 27)}"`;
}

/**
 * Rendered pictures of this instance, least recently used first (a Map keeps insertion order),
 * bounded by SHARE_IMAGE.cacheEntries and cacheBytes. Keyed by stack, viewer and the hash of what
 * the picture shows, so a new answer, a name edit or a block makes a new key; stale keys age out.
 */
export class ShareImageCache {
  private readonly entries = new Map<string, Buffer>();
  private readonly rendering = new Map<string, Promise<Buffer>>();
  private bytes = 0;

  constructor(private readonly limits: { entries: number; bytes: number } = { entries: SHARE_IMAGE.cacheEntries, bytes: SHARE_IMAGE.cacheBytes }) {}

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** The cached picture of `key`, or one render of it however many requests wait for it at once. */
  async get(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      metrics.shareImageCacheHits.inc();
      return hit;
    }
    const pending = this.rendering.get(key);
    if (pending) {
      metrics.shareImageCacheHits.inc();
      return pending;
    }
    const job = render()
      .then((png) => {
        this.put(key, png);
        return png;
      })
      .finally(() => this.rendering.delete(key));
    this.rendering.set(key, job);
    return job;
  }

  private put(key: string, png: Buffer) {
    this.entries.set(key, png);
    this.bytes += png.length;
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= this.limits.entries && this.bytes <= this.limits.bytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.length;
    }
  }

  clear() {
    this.entries.clear();
    this.bytes = 0;
  }
}

/** The process's cache (docs/share-image.md); one per instance, nothing another instance needs. */
export const shareImageCache = new ShareImageCache();

/**
 * The viewer's share image of a stack or twisted stack (GET /v1/stacks/{id}/image.png): 404 when
 * the viewer may not see it (the rules of GET /v1/stacks/{id}), 403 NOT_ANSWERED before the
 * viewer has answered it. The ETag comes before any rendering, so a revalidation costs one read.
 */
export async function shareImageFacts(db: Db, viewer: Viewer, id: number, kind: Kind): Promise<{ model: ShareImageModel; etag: string; key: string }> {
  const row = await findStackForViewer(db, viewer, id, kind, { offset: 0, limit: 0 });
  if (!row) throw notFound(NOT_FOUND[kind], 'STACK_NOT_FOUND');
  if (!row.responses.some((r) => r.user_id === viewer.id)) {
    throw forbidden(kind === 'twisted' ? 'Answer the twisted stack before sharing its image' : 'Answer the stack before sharing its image', 'NOT_ANSWERED');
  }
  const model = shareModel(row, viewer, kind);
  const etag = etagOf(model);
  return { model, etag, key: `${kind}:${id}:${viewer.id}:${etag}` };
}

/** The process's allowance of new pictures per user (docs/share-image.md). */
export const shareImageBudget = new RenderBudget();

/**
 * The picture of `facts`, from the cache, or drawn once on a render thread (share-image.pool.ts).
 * Only a new picture counts against the viewer's allowance (429 past it); requests that join a
 * render already under way, cached pictures and 304s do not. When the threads and their queue are
 * full, 503 and the allowance is given back (as it is when a render fails).
 */
export async function shareImagePng(facts: { model: ShareImageModel; key: string }, viewerId: number, cache: ShareImageCache = shareImageCache): Promise<Buffer> {
  return cache.get(facts.key, async () => {
    shareImageBudget.take(viewerId);
    try {
      const { png } = await shareImageRenderer().render(facts.model);
      metrics.shareImageRenders.inc();
      // Copied out of the worker's message; a Buffer over the same bytes, no second copy.
      return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
    } catch (error) {
      shareImageBudget.giveBack(viewerId);
      throw error;
    }
  });
}
