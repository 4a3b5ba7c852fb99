import type { Browser, Locator, Page } from '@playwright/test';
import { befriend, callApi, expect, logIn as logInAs, newPage, registerAccount, skipTour, test, type Account } from './fixtures';
import { startCluster, type RunningCluster } from './servers';

/**
 * Live events across instances (docs/decisions/0006-stateless-instances.md): two app instances on one PostgreSQL database behind
 * nginx (deploy/nginx.conf). Alice's browser is pinned to instance A and Bob's to instance B, so
 * every event one causes is made on one instance and must reach the other's stream. Nothing is
 * reloaded: each change must show by itself.
 */
let cluster: RunningCluster;
let browser: Browser;
let alice: Page;
let bob: Page;
let aliceAccount: Account;
let bobAccount: Account;
let carolAccount: Account;

const WAIT = { timeout: 20_000 };
const LUNCH = ['Pizza', 'Sushi', 'Tacos', 'Curry', 'Pasta', 'Salad'];

const api = <T,>(method: string, path: string, token?: string, body?: unknown) => callApi<T>(cluster, method, path, token, body);

/** Marks every notification of `account` read, so the envelope starts empty and no panel opens by itself. */
async function readAll(account: Account) {
  const unread = await api<{ id: number }[]>('GET', '/v1/users/notifications?unread_only=true', account.token);
  if (unread.length > 0) await api('POST', '/v1/users/notifications/mark-read', account.token, { notification_ids: unread.map((n) => n.id) });
}

/** Logs in with the browser pinned to `instance`; answers which instance served the event stream. */
async function logIn(page: Page, username: string, instance: 'a' | 'b') {
  await cluster.pin(page.context(), instance);
  const stream = page.waitForResponse((response) => new URL(response.url()).pathname === '/v1/events', WAIT);
  await logInAs(cluster, page, username);
  await skipTour(page);
  const response = await stream;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/event-stream/);
  return cluster.instanceOf(response);
}

const myStacks = (page: Page) => page.getByRole('list', { name: 'My Stacks' });
/** Cards titled `name`: both the stack and its twisted stack. */
const cardsNamed = (page: Page, name: string) => myStacks(page).getByRole('button').filter({ has: page.getByText(name, { exact: true }) });
/** The card of the stack `name`, or of its twisted stack (told by its 'Twisted by' line). */
const card = (page: Page, name: string, twisted = false) =>
  twisted ? cardsNamed(page, name).filter({ hasText: 'Twisted by' }) : cardsNamed(page, name).filter({ hasNotText: 'Twisted by' });
/** The banner a card shows above its name ('' for none); the card is named by its content, banner first. */
const bannerOf = async (page: Page, name: string, twisted = false) => ((await card(page, name, twisted).textContent()) ?? '').split(name)[0];
const response = (page: Page, username: string): Locator => page.getByRole('article', { name: `${username}'s response` });
const scoreLabel = (page: Page, username: string) => response(page, username).getByTestId('score-label');
const labelOf = (page: Page, username: string) => scoreLabel(page, username).textContent();

async function submitRanking(page: Page) {
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Responses' })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

// Two instances of their own behind nginx, on one database.
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
  cluster = await startCluster();
  const code = (await cluster.cli(['codes:create', '--uses', '3'])).trim().split('\n').at(-1)!.trim();
  aliceAccount = await registerAccount(cluster, 'e2e_live_alice', code);
  bobAccount = await registerAccount(cluster, 'e2e_live_bob', code);
  carolAccount = await registerAccount(cluster, 'e2e_live_carol', code);
  await befriend(cluster, aliceAccount, bobAccount);
  await readAll(aliceAccount);
  await readAll(bobAccount);
  alice = await newPage(browser);
  bob = await newPage(browser);
});
test.afterAll(async () => {
  for (const page of [alice, bob]) await page?.context().close();
  await cluster?.stop();
});

test.describe('two instances behind nginx', () => {
  test('answers /healthz from both instances, and the cookie pins a browser to one', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const answer = await fetch(`${cluster.baseUrl}/healthz`);
      expect(answer.status).toBe(200);
      seen.add(cluster.instanceOf(answer));
    }
    expect([...seen].sort()).toEqual(['a', 'b']);
    for (const name of ['a', 'b'] as const) {
      const answer = await fetch(`${cluster.baseUrl}/healthz`, { headers: { cookie: `stacks_instance=${name}` } });
      expect(await answer.json()).toEqual({ status: 'ok' });
      expect(cluster.instanceOf(answer)).toBe(name);
    }
  });
});

test.describe('live events across instances in Chromium', () => {
  test('Alice streams from instance A and Bob from instance B', async () => {
    expect(await logIn(alice, 'e2e_live_alice', 'a')).toBe('a');
    expect(await logIn(bob, 'e2e_live_bob', 'b')).toBe('b');
    await expect(bob.getByText('No stacks yet. Join a group to get started.')).toBeVisible();
  });

  test("Alice sends Bob a friend stack; Bob's list shows it without a reload", async () => {
    await alice.getByRole('button', { name: 'Add Friend Stack' }).click();
    const dialog = alice.getByRole('dialog', { name: 'New Friend Stack' });
    await dialog.getByLabel('Stack Name (max 32 characters):').fill('Lunch Spots');
    for (const [index, position] of LUNCH.entries()) await dialog.getByRole('textbox', { name: `Position ${index + 1}` }).fill(position);
    await dialog.getByRole('radio', { name: 'e2e_live_bob' }).check();
    await dialog.getByRole('button', { name: 'Create Stack' }).click();
    await expect(alice.getByRole('heading', { name: 'Lunch Spots', level: 1 })).toBeVisible();
    await submitRanking(alice);
    await expect(alice.getByText('Nobody else has answered yet.')).toBeVisible();

    await expect(async () => expect(await bannerOf(bob, 'Lunch Spots')).toBe('New stack!')).toPass();
  });

  test("Bob answers; Alice's open stack shows his answer and the score without a reload", async () => {
    await card(bob, 'Lunch Spots').click();
    await expect(bob.getByRole('heading', { name: 'Lunch Spots', level: 1 })).toBeVisible();
    await submitRanking(bob);
    await expect(scoreLabel(bob, 'e2e_live_alice')).toHaveText(/%$/);
    const score = await labelOf(bob, 'e2e_live_alice');

    await expect(response(alice, 'e2e_live_bob')).toBeVisible();
    await expect(scoreLabel(alice, 'e2e_live_bob')).toHaveText(score ?? '');
    expect(await alice.getByText('Nobody else has answered yet.').count()).toBe(0);
  });

  test("Bob's comment appears in Alice's open stack", async () => {
    await bob.getByRole('textbox', { name: 'Add a comment' }).fill('Sushi, always');
    await bob.getByRole('button', { name: 'Send' }).click();
    await expect(bob.getByRole('list', { name: 'Comments' }).getByText('Sushi, always', { exact: true })).toBeVisible();

    await expect(alice.getByRole('list', { name: 'Comments' }).getByText('Sushi, always', { exact: true })).toBeVisible();
  });

  test("a friend request to Bob shows on his envelope's badge without a reload", async () => {
    const envelope = bob.getByRole('button', { name: 'Notifications' });
    expect(await envelope.getByTestId('unread-badge').count()).toBe(0);

    await api('POST', '/v1/users/friends/requests', carolAccount.token, { user_id: bobAccount.id });
    await expect(envelope.getByTestId('unread-badge')).toHaveText('1');
    await expect(envelope.getByTestId('request-dot')).toBeVisible();
  });
});
