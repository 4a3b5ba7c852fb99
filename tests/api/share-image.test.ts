import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_IMAGE } from '../../shared/limits';
import { consensus, describeScore, score, scoreLabel, scorePercent } from '../../shared/scoring';
import { scorePanelText } from '../../server/modules/stacks/share-image.render';
import { shareImageBudget, shareImageCache, shareImageFacts, ShareImageCache } from '../../server/modules/stacks/share-image.service';
import { viewerOf } from '../../server/viewer';
import {
  RANKINGS,
  answer,
  as,
  block,
  createFriendStack,
  createGroupStack,
  expectError,
  friendPair,
  stackCast,
  twist,
  type Kind,
} from '../factories/stacks';
import { createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Ids repeat across files (each has a fresh database; files share modules): no pictures or
  // allowance counts left by another file under the same ids.
  shareImageCache.clear();
  shareImageBudget.clear();
});
afterAll(() => t.close());

const pathOf = (id: number, kind: Kind = 'stack') => `${kind === 'stack' ? '/v1/stacks' : '/v1/twisted_stacks'}/${id}/image.png`;

/** GET the image with the body as raw bytes whatever its type. */
function fetchImage(user: FactoryUser | null, id: number, kind: Kind = 'stack', headers: Record<string, string> = {}) {
  let request = t.request.get(pathOf(id, kind));
  if (user) request = request.set('Authorization', `Bearer ${t.tokenFor(user)}`);
  for (const [name, value] of Object.entries(headers)) request = request.set(name, value);
  return request.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Status, type, PNG signature, IHDR size and byte size of a share image; answers its bytes. */
function expectPng(res: Response): Buffer {
  expect(res.status, res.body instanceof Buffer ? res.body.toString('utf8').slice(0, 200) : String(res.body)).toBe(200);
  expect(res.headers['content-type']).toBe('image/png');
  const png = res.body as Buffer;
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  // The first chunk is IHDR: length (4 bytes), type, then width and height as big-endian uint32.
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
  expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual({ width: 1200, height: 630 });
  expect(png.length).toBeLessThan(300 * 1024);
  expect(png.length).toBeLessThan(SHARE_IMAGE.maxBytes + 1);
  expect(Number(res.headers['content-length'])).toBe(png.length);
  expect(res.headers['cache-control']).toBe('private, no-cache');
  expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
  return png;
}

/** A JSON error answer (the body arrives as bytes here). */
function expectJsonError(res: Response, status: number, code: string, detail: string) {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expectError({ status: res.status, body: JSON.parse((res.body as Buffer).toString('utf8')) } as Response, status, code, detail);
}

describe('GET /v1/stacks/{id}/image.png: a friend stack', () => {
  it('is a 1200×630 PNG under 300 KB for a viewer who answered, with an ETag and private caching', async () => {
    const { me, friend } = await friendPair(t);
    const id = await createFriendStack(t, me, friend, { name: 'Best fruit' });
    await answer(t, me, id, RANKINGS.identity);
    await answer(t, friend, id, RANKINGS.swapFirst);
    expectPng(await fetchImage(me, id));
    expectPng(await fetchImage(friend, id));
  });

  it('shows the friend\'s answer and the score as the detail shows it (label and percentage, never "N of 75"), from each side', async () => {
    const { me, friend } = await friendPair(t);
    const id = await createFriendStack(t, me, friend);
    await answer(t, me, id, RANKINGS.identity);
    await answer(t, friend, id, RANKINGS.mixed);
    const expected = score(RANKINGS.identity, RANKINGS.mixed);
    const mine = (await shareImageFacts(t.db, viewerOf(me), id, 'stack')).model;
    expect(mine.me.heading).toBe(`${me.username} (me)`);
    expect(mine.me.items.map((i) => i.positionIndex)).toEqual([...RANKINGS.identity]);
    expect(mine.other).toEqual({ heading: friend.username, items: expect.any(Array), waiting: null });
    expect(mine.other.items?.map((i) => i.positionIndex)).toEqual([...RANKINGS.mixed]);
    expect(mine.score).toEqual({ label: scoreLabel(expected), percent: scorePercent(expected), against: friend.username });
    // The figures of the friend's card in the detail (describeScore): its percentage and label, and nothing else.
    expect(scorePanelText(mine)).toEqual([scorePercent(expected), scoreLabel(expected), `with ${friend.username}`]);
    expect(`${scoreLabel(expected)} ${scorePercent(expected)}`).toBe(describeScore(expected, false));
    expect(scorePanelText(mine).join(' ')).not.toMatch(/of 75/);
    const theirs = (await shareImageFacts(t.db, viewerOf(friend), id, 'stack')).model;
    expect(theirs.other.heading).toBe(me.username);
    expect(theirs.me.items.map((i) => i.positionIndex)).toEqual([...RANKINGS.mixed]);
    expect(theirs.score?.percent).toBe(scorePercent(expected));
  });

  it('before the friend answers: the viewer\'s ranking and "Waiting for {friend}", no score; the answer changes ETag and bytes', async () => {
    const { me, friend } = await friendPair(t);
    const id = await createFriendStack(t, me, friend);
    await answer(t, me, id);
    const waiting = await fetchImage(me, id);
    const before = expectPng(waiting);
    const { model } = await shareImageFacts(t.db, viewerOf(me), id, 'stack');
    expect(model.other).toEqual({ heading: friend.username, items: null, waiting: `Waiting for ${friend.username}` });
    expect(model.score).toBeNull();
    expect(scorePanelText(model)).toEqual(['No score yet']);

    await answer(t, friend, id, RANKINGS.reversed);
    const answered = await fetchImage(me, id);
    const after = expectPng(answered);
    expect(answered.headers.etag).not.toBe(waiting.headers.etag);
    expect(after.equals(before)).toBe(false);
  });

  it('before answering: 403 NOT_ANSWERED, for the friend who has not answered too', async () => {
    const { me, friend } = await friendPair(t);
    const id = await createFriendStack(t, me, friend);
    expectJsonError(await fetchImage(me, id), 403, 'NOT_ANSWERED', 'Answer the stack before sharing its image');
    await answer(t, me, id);
    expectJsonError(await fetchImage(friend, id), 403, 'NOT_ANSWERED', 'Answer the stack before sharing its image');
  });

  it('404 for a user who may not see it, an unknown id, a twisted id on the stack path, and both people after a block', async () => {
    const { me, friend, third } = await friendPair(t);
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const id = await createFriendStack(t, me, friend);
    await answer(t, me, id);
    await answer(t, friend, id);
    for (const user of [third, admin]) expectJsonError(await fetchImage(user, id), 404, 'STACK_NOT_FOUND', 'Stack not found');
    expectJsonError(await fetchImage(me, 999_999), 404, 'STACK_NOT_FOUND', 'Stack not found');
    const twistedId = await twist(t, me, id);
    expectJsonError(await fetchImage(me, twistedId, 'stack'), 404, 'STACK_NOT_FOUND', 'Stack not found');
    await block(t, friend, me);
    expectJsonError(await fetchImage(me, id), 404, 'STACK_NOT_FOUND', 'Stack not found');
    expectJsonError(await fetchImage(friend, id), 404, 'STACK_NOT_FOUND', 'Stack not found');
  });

  it('401 without a token or with a bad one; 400 for an id that is not a positive whole number', async () => {
    const { me, friend } = await friendPair(t);
    const id = await createFriendStack(t, me, friend);
    await answer(t, me, id);
    expectJsonError(await fetchImage(null, id), 401, 'UNAUTHORIZED', 'Not authenticated');
    const bad = await fetchImage(null, id, 'stack', { Authorization: 'Bearer not-a-token' });
    expect(bad.status).toBe(401);
    // The token is read from the Authorization header only, never from the query string.
    const queryToken = await t.request.get(`${pathOf(id)}?token=${t.tokenFor(me)}`);
    expect(queryToken.status).toBe(401);
    const res = await as(t, me).get('/v1/stacks/abc/image.png');
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
  });

  it('stays under 300 KB with the longest name and positions', async () => {
    const { me, friend } = await friendPair(t);
    const long = (i: number) => `${'W'.repeat(31)}${i}`;
    const id = await createFriendStack(t, me, friend, { name: 'W'.repeat(32), positions: [0, 1, 2, 3, 4, 5].map(long) });
    await answer(t, me, id, RANKINGS.mixed);
    await answer(t, friend, id, RANKINGS.reversed);
    expectPng(await fetchImage(me, id));
  });
});

describe('GET /v1/stacks/{id}/image.png: a group stack', () => {
  it('members who answered get the viewer\'s ranking beside the group consensus, and no score (the detail shows none against the consensus)', async () => {
    const { owner, a, b, group } = await stackCast(t);
    const id = await createGroupStack(t, owner, group.id);
    await answer(t, owner, id, RANKINGS.identity);
    await answer(t, a, id, RANKINGS.mixed);
    await answer(t, b, id, RANKINGS.swapFirst);
    expectPng(await fetchImage(a, id));
    const { model } = await shareImageFacts(t.db, viewerOf(a), id, 'stack');
    const order = consensus([RANKINGS.identity, RANKINGS.mixed, RANKINGS.swapFirst]);
    expect(model.other.heading).toBe('Group Consensus');
    expect(model.other.items?.map((i) => i.positionIndex)).toEqual(order);
    expect(model.score).toBeNull();
    expect(scorePanelText(model)).toEqual([]);
  });

  it('alone so far: "Waiting for the group", no score; an outsider 404; a member who has not answered and an admin outside the group 403', async () => {
    const { owner, a, outsider, admin, group } = await stackCast(t);
    const id = await createGroupStack(t, owner, group.id);
    await answer(t, owner, id);
    expectPng(await fetchImage(owner, id));
    const { model } = await shareImageFacts(t.db, viewerOf(owner), id, 'stack');
    expect(model.other).toEqual({ heading: 'Group Consensus', items: null, waiting: 'Waiting for the group' });
    expect(model.score).toBeNull();
    expect(scorePanelText(model)).toEqual([]);
    expectJsonError(await fetchImage(outsider, id), 404, 'STACK_NOT_FOUND', 'Stack not found');
    expectJsonError(await fetchImage(a, id), 403, 'NOT_ANSWERED', 'Answer the stack before sharing its image');
    expectJsonError(await fetchImage(admin, id), 403, 'NOT_ANSWERED', 'Answer the stack before sharing its image');
  });

  it('a member\'s answer that the viewer muted still counts (as in the detail); a new answer changes the ETag', async () => {
    const { owner, a, b, group } = await stackCast(t);
    const id = await createGroupStack(t, owner, group.id);
    await answer(t, owner, id, RANKINGS.identity);
    await answer(t, a, id, RANKINGS.reversed);
    expect((await as(t, owner).post('/v1/users/mutes', { user_id: a.id })).status).toBe(200);
    const first = await fetchImage(owner, id);
    expectPng(first);
    const { model } = await shareImageFacts(t.db, viewerOf(owner), id, 'stack');
    expect(model.other.items?.map((i) => i.positionIndex)).toEqual(consensus([RANKINGS.identity, RANKINGS.reversed]));
    await answer(t, b, id, RANKINGS.reversed);
    const second = await fetchImage(owner, id);
    expectPng(second);
    expect(second.headers.etag).not.toBe(first.headers.etag);
  });
});

describe('GET /v1/twisted_stacks/{id}/image.png', () => {
  it('works for a twisted stack the viewer re-answered; 403 before; 404 for someone who may not see it and on the wrong path', async () => {
    const { me, friend, third } = await friendPair(t);
    const stackId = await createFriendStack(t, me, friend);
    await answer(t, me, stackId);
    await answer(t, friend, stackId);
    const id = await twist(t, me, stackId, 'But for breakfast');
    expectJsonError(await fetchImage(me, id, 'twisted'), 403, 'NOT_ANSWERED', 'Answer the twisted stack before sharing its image');
    await answer(t, me, id, RANKINGS.reversed, 'twisted');
    expectPng(await fetchImage(me, id, 'twisted'));
    const { model } = await shareImageFacts(t.db, viewerOf(me), id, 'twisted');
    expect({ kind: model.kind, twist: model.twist, other: model.other.waiting }).toEqual({ kind: 'twisted', twist: 'But for breakfast', other: `Waiting for ${friend.username}` });

    await answer(t, friend, id, RANKINGS.reversed, 'twisted');
    expectPng(await fetchImage(friend, id, 'twisted'));
    expect((await shareImageFacts(t.db, viewerOf(friend), id, 'twisted')).model.score?.percent).toBe(scorePercent(75));
    expectJsonError(await fetchImage(third, id, 'twisted'), 404, 'STACK_NOT_FOUND', 'Twisted stack not found');
    expectJsonError(await fetchImage(me, stackId, 'twisted'), 404, 'STACK_NOT_FOUND', 'Twisted stack not found');
  });
});

describe('the cache', () => {
  it('answers the same bytes again, 304 for a matching If-None-Match, and new bytes after a name edit', async () => {
    const { me, friend } = await friendPair(t);
    const id = await createFriendStack(t, me, friend, { name: 'Before' });
    await answer(t, me, id);
    const first = await fetchImage(me, id);
    const second = await fetchImage(me, id);
    expect(expectPng(second).equals(expectPng(first))).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);

    const revalidated = await fetchImage(me, id, 'stack', { 'If-None-Match': first.headers.etag });
    expect(revalidated.status).toBe(304);
    expect((revalidated.body as Buffer).length).toBe(0);

    // The owner may still edit: nobody else has answered.
    expect((await as(t, me).post(`/v1/stacks/${id}/edit`, { name: 'After', positions: ['A', 'B', 'C', 'D', 'E', 'F'] })).status).toBe(200);
    const edited = await fetchImage(me, id, 'stack', { 'If-None-Match': first.headers.etag });
    expect(expectPng(edited).equals(expectPng(first))).toBe(false);
    expect(edited.headers.etag).not.toBe(first.headers.etag);
  });

  it('is keyed per viewer and renders once for concurrent requests of one key', async () => {
    const { me, friend } = await friendPair(t);
    const id = await createFriendStack(t, me, friend);
    await answer(t, me, id);
    await answer(t, friend, id);
    shareImageCache.clear();
    const results = await Promise.all([fetchImage(me, id), fetchImage(me, id), fetchImage(friend, id)]);
    results.forEach((res) => expectPng(res));
    expect(shareImageCache.size.entries).toBe(2);
  });

  it('drops the least recently used picture beyond its entry and byte limits', async () => {
    const cache = new ShareImageCache({ entries: 2, bytes: 10 });
    let renders = 0;
    const render = (bytes: number) => async () => {
      renders += 1;
      return Buffer.alloc(bytes);
    };
    await cache.get('a', render(4));
    await cache.get('b', render(4));
    await cache.get('a', render(4));
    await cache.get('c', render(4));
    expect({ renders, size: cache.size }).toEqual({ renders: 3, size: { entries: 2, bytes: 8 } });
    await cache.get('a', render(4));
    expect(renders).toBe(3);
    await cache.get('b', render(4));
    expect(renders).toBe(4);
    await cache.get('big', render(9));
    expect(cache.size).toEqual({ entries: 1, bytes: 9 });
  });
});
