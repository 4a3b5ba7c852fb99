import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botAvatarUrl, groupAvatarUrl, userAvatarUrl } from '../../shared/avatars';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BOT_ASSETS = path.resolve(import.meta.dirname, '../../server/avatars/bots');

/** The SVG answer, with the year-long immutable caching an unchanging URL allows. */
function expectSvg(res: Response): string {
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^image\/svg\+xml\b/);
  const cache = res.headers['cache-control'];
  expect(cache).toMatch(/\bmax-age=31536000\b/);
  expect(cache).toMatch(/\bimmutable\b/);
  const svg = Buffer.from(res.body).toString('utf8');
  expect(svg).toMatch(/^<svg[\s>]/);
  expect(svg).toMatch(/<\/svg>\s*$/);
  return svg;
}

function expectNotFound(res: Response, detail: string) {
  expect({ status: res.status, detail: res.body?.detail, code: res.body?.code }).toEqual({ status: 404, detail, code: 'NOT_FOUND' });
  expect(res.text).not.toMatch(/\n\s+at\s/);
}

describe('user avatars', () => {
  it('GET /avatars/users/3/alice.svg is a cacheable SVG, the same bytes every time', async () => {
    const first = expectSvg(await t.request.get('/avatars/users/3/alice.svg'));
    const second = expectSvg(await t.request.get('/avatars/users/3/alice.svg'));
    expect(second).toBe(first);
  });

  it('another avatar id or another username gives another picture', async () => {
    const three = expectSvg(await t.request.get('/avatars/users/3/alice.svg'));
    const four = expectSvg(await t.request.get('/avatars/users/4/alice.svg'));
    const bob = expectSvg(await t.request.get('/avatars/users/3/bob.svg'));
    expect(four).not.toBe(three);
    expect(bob).not.toBe(three);
  });

  it('every avatar id from 1 to 9 is served, at the URL the client builds', async () => {
    const pictures = new Set<string>();
    for (let id = 1; id <= 9; id += 1) pictures.add(expectSvg(await t.request.get(userAvatarUrl('Some User_1', id))));
    expect(pictures.size).toBe(9);
  });

  it.each(['/avatars/users/0/x.svg', '/avatars/users/10/x.svg', '/avatars/users/abc/x.svg', '/avatars/users/1.5/x.svg'])('%s is 404', async (url) => {
    expectNotFound(await t.request.get(url), 'No such avatar');
  });
});

describe('group avatars', () => {
  it('GET /avatars/groups/Film%20Club.svg is a cacheable SVG, stable per name', async () => {
    const film = expectSvg(await t.request.get('/avatars/groups/Film%20Club.svg'));
    expect(expectSvg(await t.request.get(groupAvatarUrl('Film Club')))).toBe(film);
    expect(expectSvg(await t.request.get(groupAvatarUrl('Book Club')))).not.toBe(film);
  });
});

describe('bot avatars', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9])('GET /assets/%i is the shipped image', async (id) => {
    const svg = expectSvg(await t.request.get(botAvatarUrl(id)));
    expect(svg).toBe(readFileSync(path.join(BOT_ASSETS, `${id}.svg`), 'utf8'));
  });

  it.each(['/assets/10', '/assets/0', '/assets/x'])('%s is 404', async (url) => {
    expectNotFound(await t.request.get(url), 'No such bot avatar');
  });
});
