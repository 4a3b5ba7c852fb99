import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { axeViolations, befriend, callApi, expect, registerAccount, signedInPage, test, uniqueName, type Account, type WorkerApp } from './fixtures';

/*
 * Results that travel (docs/share-image.md, docs/consensus.md, docs/agreement.md) in Chromium, at 1,100 px and at 375 px: the Share button on an
 * answered stack downloads the 1200 × 630 picture (headless Chromium cannot share files); a group
 * stack where Borda and Kemeny-Young differ shows both orders and why, one where they agree says so;
 * the group page's agreement map matches GET /v1/groups/{id}/agreement; a friend's profile charts the
 * scores of the stacks both answered, with the trend. Each screen also passes axe-core (critical and
 * serious) and does not scroll sideways at 375 px. Data is made through the REST API, as a
 * third-party client would. With SCREENSHOT_DIR set, the screens are saved as PNGs.
 */

let app: WorkerApp;
let browser: Browser;
let page: Page;
const people: Record<'ann' | 'bo' | 'cy' | 'di' | 'ed', Account> = {} as never;
let groupId = 0;
let filmPoll = 0;
const FILMS = ['Alien', 'Brazil', 'Casablanca', 'Dune', 'Heat', 'Jaws'];
const SNACKS = ['Chips', 'Nuts', 'Olives', 'Popcorn', 'Pretzels', 'Fruit'];
const GROUP = 'E2E Results';
const IDENTITY = [0, 1, 2, 3, 4, 5];
/** The five usernames, each with this run's suffix (the worker's app is shared). */
const N = { ann: uniqueName('e2e_ann'), bo: uniqueName('e2e_bo'), cy: uniqueName('e2e_cy'), di: uniqueName('e2e_di'), ed: uniqueName('e2e_ed') };

test.describe.configure({ mode: 'serial' });

const WAIT = { timeout: 20_000 };
const SCREENSHOTS = process.env.SCREENSHOT_DIR;

async function shot(name: string) {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `results-${name}.png`), fullPage: true });
}
const api = <T,>(method: string, path: string, token?: string, body?: unknown) => callApi<T>(app, method, path, token, body);
const visible = (text: string) => expect(page.getByText(text, { exact: true }).first()).toBeVisible();
const myStacks = () => page.getByRole('list', { name: 'My Stacks' });
const card = (name: string) => myStacks().getByRole('button').filter({ has: page.getByText(name, { exact: true }) });
const listItems = (name: string) => page.getByRole('list', { name }).getByRole('listitem');
const listTexts = (name: string) => listItems(name).allTextContents();

async function stacksTab() {
  await page.goto(`${app.baseUrl}/dashboard`);
  await page.getByRole('tab', { name: 'Stacks' }).click();
  await expect(page.getByRole('heading', { name: 'My Stacks' })).toBeVisible();
}

async function openCard(name: string) {
  await stacksTab();
  await expect(card(name)).toHaveCount(1);
  await card(name).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

async function openGroup() {
  await page.goto(`${app.baseUrl}/dashboard`);
  await page.getByRole('tab', { name: 'Groups' }).click();
  await page.getByRole('list', { name: 'My Groups' }).getByRole('button', { name: new RegExp(GROUP) }).click();
  await expect(page.getByRole('heading', { name: 'Agreement' })).toBeVisible();
}

async function openProfile(userId: number, username: string) {
  await page.goto(`${app.baseUrl}/users/${userId}`);
  await expect(page.getByRole('heading', { name: username })).toBeVisible();
}

/** axe-core on the page as it is: no critical or serious violation (the a11y suite's bar). */
async function expectAccessible(label: string) {
  const bad = (await axeViolations(page)).map((v) => `${v.id}: ${v.targets.join(', ')}`);
  expect(bad, label).toEqual([]);
}

/** At 375 px nothing may push the page sideways. */
async function expectNoSidewaysScroll() {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

async function groupStack(name: string, positions: string[], answers: [Account, number[]][]) {
  const { id } = await api<{ id: number }>('POST', '/v1/stacks', people.ann.token, { name, mode: 'group', target_id: groupId, positions });
  for (const [who, ranking] of answers) await api('POST', `/v1/stacks/${id}/complete`, who.token, { position_ids: ranking });
  return id;
}

test.beforeAll(async ({ app: workerApp, browser: workerBrowser }) => {
  app = workerApp;
  browser = workerBrowser;
  for (const name of ['ann', 'bo', 'cy', 'di', 'ed'] as const) people[name] = await registerAccount(app, N[name], app.code);
  const { ann, bo, cy, di, ed } = people;
  await befriend(app, ann, bo);
  ({ id: groupId } = await api<{ id: number }>('POST', '/v1/groups', ann.token, { name: GROUP, description: 'Who agrees with whom', is_public: true }));
  for (const member of [bo, cy, di, ed]) await api('POST', `/v1/groups/${groupId}/join`, member.token);

  // Three put Alien first, two put it last: Borda says Brazil, Casablanca, Alien; the majority, Alien.
  const lastFirst = [1, 2, 3, 4, 5, 0];
  filmPoll = await groupStack('Film poll', FILMS, [[ann, IDENTITY], [bo, IDENTITY], [cy, IDENTITY], [di, lastFirst], [ed, lastFirst]]);
  // Here Borda is already optimal, and Chips beats each other snack two to one.
  await groupStack('Snack poll', SNACKS, [[ann, IDENTITY], [bo, [0, 1, 2, 3, 5, 4]], [cy, [1, 0, 2, 3, 4, 5]]]);

  // Friend stacks between Ann and Bo, each further apart than the last: the trend is "Drifting apart".
  for (const [i, theirs] of [IDENTITY, [1, 0, 2, 3, 4, 5], [2, 1, 0, 3, 4, 5], [5, 4, 3, 2, 1, 0]].entries()) {
    const { id } = await api<{ id: number }>('POST', '/v1/stacks', ann.token, { name: `Pizza ${i + 1}`, mode: 'friend', target_id: bo.id, positions: FILMS });
    await api('POST', `/v1/stacks/${id}/complete`, ann.token, { position_ids: IDENTITY });
    await api('POST', `/v1/stacks/${id}/complete`, bo.token, { position_ids: theirs });
  }
  // One Bo made that Ann has not answered yet: no Share button there.
  await api('POST', '/v1/stacks', bo.token, { name: 'Unanswered', mode: 'friend', target_id: ann.id, positions: FILMS });
  page = await signedInPage(browser, app, people.ann);
});
test.afterAll(async () => {
  await page?.context().close();
});

test.describe('results that travel in Chromium', () => {
  test('Share on an answered friend stack downloads the 1200 × 630 PNG; no Share before answering', async () => {
    await openCard('Unanswered');
    await expect(page.getByRole('list', { name: 'Your ranking' })).toBeVisible();
    expect(await page.getByRole('button', { name: 'Share', exact: true }).count()).toBe(0);

    await openCard('Pizza 2');
    const share = page.getByRole('button', { name: 'Share', exact: true });
    await expect(share).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download', WAIT), share.click()]);
    const id = (await api<{ id: number; name: string | null }[]>('GET', '/v2/stacks?limit=50', people.ann.token)).find((s) => s.name === 'Pizza 2')!.id;
    expect(download.suggestedFilename()).toBe(`stack-${id}.png`);
    const png = readFileSync(await download.path());
    expect(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(png.length).toBeLessThan(300_000);
    await visible(`Image downloaded as stack-${id}.png.`);
    await shot('share-downloaded');

    // The same picture over REST, as another client would fetch it.
    const res = await fetch(`${app.baseUrl}/v1/stacks/${id}/image.png`, { headers: { authorization: `Bearer ${people.ann.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
  });

  test('a group stack where Borda and Kemeny-Young differ shows both orders, why, and the Condorcet winner', async () => {
    await openCard('Film poll');
    await expect(listItems('Group Consensus ranking')).toHaveText(['1.Brazil', '2.Casablanca', '3.Alien', '4.Dune', '5.Heat', '6.Jaws']);
    expect(await listTexts('Optimal order ranking')).toEqual(['1.Alien', '2.Brazil', '3.Casablanca', '4.Dune', '5.Heat', '6.Jaws']);
    await visible('Borda adds up places, so a few strong opinions can outweigh the majority; the optimal order agrees with the most head-to-head preferences.');
    expect(await page.getByTestId('condorcet-winner').textContent()).toBe('Alien beats every other item head to head.');
    // The screen shows what GET /v1/stacks/{id}/consensus serves.
    const served = await api<{ borda: number[]; kemeny: number[]; condorcet_winner: number | null }>('GET', `/v1/stacks/${filmPoll}/consensus`, people.ann.token);
    expect(served).toMatchObject({ borda: [1, 2, 0, 3, 4, 5], kemeny: IDENTITY, condorcet_winner: 0 });
    await expectAccessible('orders differ');
    await shot('consensus-differ');

    await openCard('Snack poll');
    await expect(listItems('Group Consensus ranking')).toHaveText(SNACKS.map((s, i) => `${i + 1}.${s}`));
    await visible('The optimal order, which agrees with the most head-to-head preferences, is the same.');
    expect(await page.getByRole('article', { name: 'Optimal Order' }).count()).toBe(0);
    expect(await page.getByTestId('condorcet-winner').textContent()).toBe('Chips beats every other item head to head.');
  });

  test('the group page’s agreement map: an SVG with a name, a table that matches the API, closest and furthest', async () => {
    await openGroup();
    const map = page.getByRole('img', { name: `Agreement map of ${GROUP}` });
    await expect(map).toBeVisible();
    const { pairs } = await api<{ pairs: { user_a: { username: string }; user_b: { username: string }; score: number; stacks: number }[] }>('GET', `/v1/groups/${groupId}/agreement`, people.ann.token);
    // Ten pairs of five members. By hand: Ann and Bo gave the same film answer (75) and snack answers
    // whose last two swap (70 - 2 + 3 = 71): (75 + 71) / 2 = 73 over 2 stacks.
    expect(pairs).toHaveLength(10);
    expect(pairs.find((p) => p.user_a.username === N.ann && p.user_b.username === N.bo)).toMatchObject({ score: 73, stacks: 2 });

    await page.getByText('Show as table', { exact: true }).first().click();
    const table = page.getByRole('table', { name: `Agreement between the members of ${GROUP}` });
    await expect(table).toBeVisible();
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
    const expected = [...pairs].sort((p, q) => q.score - p.score || q.stacks - p.stacks).map((p) => [`${p.user_a.username} & ${p.user_b.username}`, p.score.toFixed(1), String(p.stacks)]);
    expect(rows).toEqual(expected);

    const matches = page.getByRole('list', { name: 'Closest and furthest matches' });
    await expect(matches.getByRole('listitem')).toHaveCount(5);
    // Di and Ed answered alike (75); Ann's furthest are both of them, a tie (the film poll only:
    // Alien moved five places and the rest one each, 70 - 30 = 40).
    expect(await matches.getByRole('listitem').filter({ has: page.getByText(N.di, { exact: true }) }).first().textContent()).toContain(`Closest: ${N.ed} (75.0)`);
    expect(await matches.getByRole('listitem').filter({ hasText: `${N.ann} (you)` }).textContent()).toMatch(new RegExp(`Closest: ${N.bo} \\(73\\.0\\) · Furthest: ${N.di}, ${N.ed} \\(40\\.0\\)$`));
    await expectAccessible('agreement map');
    await shot('agreement-map');
  });

  test('a friend’s profile charts the scores of the stacks both answered, with the trend', async () => {
    await openProfile(people.bo.id, N.bo);
    const chart = page.getByRole('img', { name: `Scores with ${N.bo} over time` });
    await expect(chart).toBeVisible();
    const scores = await api<{ name: string; score: number }[]>('GET', `/v1/users/${people.bo.id}/scores`, people.ann.token);
    // By hand (70 - Σd², +3 same first, +2 same last, 0..75), oldest first: the two group stacks
    // 75 and 71, then Pizza 1-4: 75, 70 - 2 + 2 = 70, 70 - 8 + 2 = 64, reversed 70 - 70 = 0.
    expect(scores.map((s) => [s.name, s.score])).toEqual([
      ['Film poll', 75],
      ['Snack poll', 71],
      ['Pizza 1', 75],
      ['Pizza 2', 70],
      ['Pizza 3', 64],
      ['Pizza 4', 0],
    ]);
    await expect(page.getByText(/^Drifting apart: −\d+\.\d points a stack over the last 6 shared stacks \(average 59\.2 of 75\)\.$/)).toBeVisible();
    await page.getByText('Show as table', { exact: true }).click();
    const table = page.getByRole('table', { name: `Scores with ${N.bo}, oldest first` });
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.children[0].textContent, tr.children[3].textContent]));
    expect(rows).toEqual(scores.map((s) => [s.name, String(s.score)]));
    await expectAccessible('friendship over time');
    await shot('friendship-over-time');
  });

  test('at 375 px each screen holds without sideways scrolling', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openCard('Film poll');
    await expect(page.getByRole('article', { name: 'Optimal Order' })).toBeVisible();
    await expectNoSidewaysScroll();
    await shot('consensus-375');
    await openGroup();
    await expect(page.getByRole('img', { name: `Agreement map of ${GROUP}` })).toBeVisible();
    await expectNoSidewaysScroll();
    await expectAccessible('agreement map at 375 px');
    await shot('agreement-map-375');
    await openProfile(people.bo.id, N.bo);
    await expect(page.getByRole('img', { name: `Scores with ${N.bo} over time` })).toBeVisible();
    await expectNoSidewaysScroll();
    await shot('friendship-over-time-375');
  });
});
