import { performance } from 'node:perf_hooks';
import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_IMAGE } from '../../shared/limits';
import { AppError } from '../../server/errors';
import { RenderBudget } from '../../server/modules/stacks/share-image.budget';
import { closeShareImages, shareImageRenderer, warmUpShareImages } from '../../server/modules/stacks/share-image.pool';
import { SAMPLE_MODEL } from '../../server/modules/stacks/share-image.render';
import { shareImageBudget, shareImageCache } from '../../server/modules/stacks/share-image.service';
import { friendPair, positions } from '../factories/stacks';
import type { FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * Rendering never stalls the server (docs/decisions/0028-share-images-on-worker-threads.md). Share images are drawn on worker threads,
 * with a bounded queue (503 past it) and a per-user allowance of new pictures (429 past it).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Other files (same worker, isolate: false) may have left pictures and counts under the same ids.
  shareImageCache.clear();
  shareImageBudget.clear();
  await warmUpShareImages();
});
afterAll(async () => {
  // Ids repeat across files (each has a fresh database): leave no counts for the next file's users.
  shareImageBudget.clear();
  shareImageCache.clear();
  await closeShareImages();
  await t.close();
});

/** `count` friend stacks of `owner` to `friend`, each a different picture, answered by both (in the database: no write throttle in the way). */
async function answeredStacks(owner: FactoryUser, friend: FactoryUser, count: number): Promise<number[]> {
  const rows = await t.db
    .insertInto('stacks')
    .values(Array.from({ length: count }, (_, i) => ({ name: `Picture ${i}`, positions: JSON.stringify(positions(`${i} `)), owner_id: owner.id, mode: 'friend' as const, friend_id: friend.id, group_id: null })))
    .returning('id')
    .execute();
  const ids = rows.map((row) => row.id);
  await t.db
    .insertInto('stack_responses')
    .values(ids.flatMap((stack_id) => [owner, friend].map((user) => ({ stack_id, user_id: user.id, ranking: JSON.stringify([0, 1, 2, 3, 4, 5]) }))))
    .execute();
  return ids;
}

function fetchImage(user: FactoryUser, id: number, headers: Record<string, string> = {}) {
  let request = t.request.get(`/v1/stacks/${id}/image.png`).set('Authorization', `Bearer ${t.tokenFor(user)}`);
  for (const [name, value] of Object.entries(headers)) request = request.set(name, value);
  return request.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
}

const jsonOf = (body: Buffer) => JSON.parse(body.toString('utf8')) as { code: string; detail: string };

/** Runs `task` over `items`, `lanes` at a time. */
async function inLanes<T, R>(items: T[], lanes: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i]);
      }
    }),
  );
  return results;
}

describe('share images: the per-user allowance of new pictures', () => {
  it(`past ${SHARE_IMAGE.rendersPerUserPerMinute} new pictures a minute a user gets 429 with Retry-After; cached pictures and 304s do not count; another user still gets pictures`, async () => {
    const { me, friend } = await friendPair(t);
    const ids = await answeredStacks(me, friend, SHARE_IMAGE.rendersPerUserPerMinute + 1);
    const allowed = ids.slice(0, SHARE_IMAGE.rendersPerUserPerMinute);
    const statuses = await inLanes(allowed, 8, async (id) => (await fetchImage(me, id)).status);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    // Cached pictures and revalidations are served past the allowance, as often as asked.
    const cached = await fetchImage(me, allowed[0]);
    expect(cached.status).toBe(200);
    expect((await fetchImage(me, allowed[1], { 'If-None-Match': String(cached.headers.etag) })).status).toBe(200);
    expect((await fetchImage(me, allowed[0], { 'If-None-Match': String(cached.headers.etag) })).status).toBe(304);

    const refused = await fetchImage(me, ids.at(-1)!);
    expect(refused.status).toBe(429);
    expect(jsonOf(refused.body as Buffer).code).toBe('TOO_MANY_REQUESTS');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // The friend's own allowance is untouched: the same stack's picture, for them.
    const theirs = await fetchImage(friend, ids.at(-1)!);
    expect(theirs.status).toBe(200);
    expect(theirs.headers['content-type']).toBe('image/png');
    expect((await fetchImage(me, allowed[2])).status).toBe(200);
    // 41 pictures: a few seconds on a quiet machine, much more on a shared and busy one.
  }, 120_000);

  it('opens a minute at the first new picture, answers the rest of it as Retry-After, and takes a refused or failed render back', () => {
    let now = 0;
    const budget = new RenderBudget(2, () => now);
    budget.take(1);
    now = 10_000;
    budget.take(1);
    now = 15_000;
    const refusal = (() => {
      try {
        budget.take(1);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect({ status: (refusal as AppError).status, retryAfter: (refusal as AppError).headers['Retry-After'] }).toEqual({ status: 429, retryAfter: '45' });
    budget.take(2);
    budget.giveBack(1);
    budget.take(1);
    expect(() => budget.take(1)).toThrow(AppError);
    now = 60_000;
    budget.take(1);
    budget.take(1);
    expect(() => budget.take(1)).toThrow(AppError);
  });
});

describe('share images: rendering is off the event loop', () => {
  it('draws on a worker thread, and the event loop stays mostly idle while eight new pictures are drawn at once', async () => {
    expect((await shareImageRenderer().render(SAMPLE_MODEL)).threadId).not.toBe(threadId);

    const { me, friend } = await friendPair(t);
    const ids = await answeredStacks(me, friend, 8);
    const started = performance.eventLoopUtilization();
    const responses = await Promise.all(ids.map((id) => fetchImage(me, id)));
    const busy = performance.eventLoopUtilization(started);
    expect(responses.map((res) => res.status)).toEqual(ids.map(() => 200));
    // Drawn on the event loop (before share images moved to worker threads) this was ~0.9: each picture held it ~40 ms. Now
    // the loop only reads the stacks and passes models and bytes; the threads do the drawing.
    expect(busy.utilization).toBeLessThan(0.5);
  });
});

describe('share images: the render queue', () => {
  it('is bounded: when every thread is busy and the queue is full, a new picture is refused at once with 503 and Retry-After', async () => {
    const renderer = shareImageRenderer();
    const { me, friend } = await friendPair(t);
    const [id] = await answeredStacks(me, friend, 1);

    // Keeps the pool full: each render that ends is replaced in the same microtask run, before any
    // request can be read, so the pool is full at every moment a request could arrive.
    let filling = true;
    const fillers: Promise<unknown>[] = [];
    const fill = () => {
      while (filling && renderer.pending < renderer.capacity) fillers.push(renderer.render(SAMPLE_MODEL).then(fill));
    };
    fill();
    expect(renderer.pending).toBe(SHARE_IMAGE.queueMax + renderer.threads);
    await expect(renderer.render(SAMPLE_MODEL)).rejects.toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });

    const refused = await fetchImage(me, id);
    filling = false;
    expect(refused.status).toBe(503);
    expect(jsonOf(refused.body as Buffer)).toEqual({ code: 'SERVICE_UNAVAILABLE', detail: 'Too many share images are being drawn right now. Please try again in a moment.' });
    expect(refused.headers['retry-after']).toBe(String(SHARE_IMAGE.busyRetryAfterSeconds));

    await Promise.all(fillers);
    expect(renderer.pending).toBe(0);
    // Nothing was left behind: the refused picture is drawn once there is room.
    expect((await fetchImage(me, id)).status).toBe(200);
  });
});
