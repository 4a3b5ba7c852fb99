import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, callApi, launchBrowser, type Account, logIn as logInAs, newPage, registerAccount, skipTour, startApp, type RunningApp } from './harness';

/**
 * The stacks journey in Chromium against the dashboard with the stacks screens mounted (the Stacks
 * tab shows the stack list; openStack opens a stack in a transient tab labelled with the first
 * 8 characters of its name). Alice and Bob are friends and each use a browser; Carol is the third
 * member of their group and answers through the REST API.
 */
let app: RunningApp;
let browser: Browser;
let alice: Page;
let bob: Page;

let aliceAccount: Account;
let bobAccount: Account;
let carolAccount: Account;
let groupId: number;

const WAIT = { timeout: 20_000 };
const LUNCH = ['Pizza', 'Sushi', 'Tacos', 'Curry', 'Pasta', 'Salad'];

const api = <T,>(method: string, path: string, token?: string, body?: unknown) => callApi<T>(app, method, path, token, body);
const register = (username: string) => registerAccount(app, username, app.extraCode!);

async function joinByInvitation(owner: Account, member: Account, group: number) {
  await api('POST', `/v1/groups/${group}/invite/${member.id}`, owner.token);
  const invitations = await api<{ id: number }[]>('GET', '/v1/users/groups/requests?type=incoming', member.token);
  await api('PUT', `/v1/users/groups/requests/${invitations[0].id}`, member.token, { status: 'ACCEPTED' });
}

/** The id of the stack called `name` in `account`'s feed. */
async function stackIdByName(account: Account, name: string): Promise<number> {
  const feed = await api<{ id: number; type: string; name: string | null }[]>('GET', '/v2/stacks', account.token);
  const item = feed.find((s) => s.type === 'stack' && s.name === name);
  if (!item) throw new Error(`no stack ${name} in the feed`);
  return item.id;
}

const logIn = (page: Page, username: string) => logInAs(app, page, username);

const myStacks = (page: Page) => page.getByRole('list', { name: 'My Stacks' });
/** Cards titled `name`: both the stack and its twisted stack. */
const cardsNamed = (page: Page, name: string) => myStacks(page).getByRole('button').filter({ has: page.getByText(name, { exact: true }) });
/** The card of the stack `name`, or of its twisted stack (told by its 'Twisted by' line). */
const card = (page: Page, name: string, twisted = false) =>
  twisted ? cardsNamed(page, name).filter({ hasText: 'Twisted by' }) : cardsNamed(page, name).filter({ hasNotText: 'Twisted by' });
/** The banner a card shows above its name ('' for none); the card is named by its content, banner first. */
const bannerOf = async (page: Page, name: string, twisted = false) => ((await card(page, name, twisted).textContent()) ?? '').split(name)[0];

/**
 * The Stacks tab with a fresh list: its address loaded anew. (A reload would keep the view shown,
 * since stacks have addresses (docs/decisions/0036-addresses.md): on a stack's address it opens that stack again, which marks it viewed.)
 */
async function stacksTab(page: Page) {
  await page.goto(`${app.baseUrl}/dashboard/stacks`);
  await page.getByRole('tab', { name: 'Stacks' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'My Stacks' }).isVisible(), WAIT).toBe(true);
}

/** Opens a stack from My Stacks; its detail shows in a tab of its own. */
async function openCard(page: Page, name: string) {
  await expect.poll(() => card(page, name).count(), WAIT).toBe(1);
  await card(page, name).click();
  await expect.poll(() => page.getByRole('heading', { name, level: 1 }).isVisible(), WAIT).toBe(true);
}

const rankingTexts = (page: Page) => page.getByRole('list', { name: 'Your ranking' }).getByRole('listitem').allTextContents();

/** Picks the card up with Space, moves it with ArrowDown until it is over `place`, drops it. */
/** Picks up `position` with Space, moves it down to `place` one ArrowDown per place (docs/accessibility.md), and drops it. */
async function moveWithKeyboard(page: Page, position: string, place: number) {
  const list = page.getByRole('list', { name: 'Your ranking' });
  const from = (await list.getByRole('listitem').allTextContents()).findIndex((text) => text.includes(position)) + 1;
  const announced = page.locator('[id^="DndLiveRegion"]');
  await list.getByRole('button', { name: new RegExp(position) }).focus();
  await page.keyboard.press('Space');
  await expect.poll(() => announced.textContent()).toContain(`${position} is over place ${from} of 6.`);
  // The keyboard sensor listens for the arrows from a timer set at the pick-up: a timer set now runs after it.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  for (let over = from + 1; over <= place; over++) {
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => announced.textContent()).toContain(`${position} is over place ${over} of 6.`);
  }
  await page.keyboard.press('Space');
}

async function submitRanking(page: Page) {
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Responses' }).isVisible(), WAIT).toBe(true);
}

const response = (page: Page, username: string): Locator => page.getByRole('article', { name: `${username}'s response` });
const labelOf = (page: Page, username: string) => response(page, username).getByTestId('score-label').textContent();

async function fillStackForm(dialog: Locator, name: string, positions: string[]) {
  await dialog.getByLabel('Stack Name (max 32 characters):').fill(name);
  for (const [index, position] of positions.entries()) await dialog.getByRole('textbox', { name: `Position ${index + 1}` }).fill(position);
}

beforeAll(async () => {
  app = await startApp({ extraCodeUses: 3 });
  aliceAccount = await register('e2e_alice');
  bobAccount = await register('e2e_bob');
  carolAccount = await register('e2e_carol');
  await befriend(app, aliceAccount, bobAccount);
  await befriend(app, aliceAccount, carolAccount);
  ({ id: groupId } = await api<{ id: number }>('POST', '/v1/groups', aliceAccount.token, {
    name: 'E2E Movie Club',
    description: '',
    is_public: false,
    is_restricted: false,
    is_readonly: false,
  }));
  await joinByInvitation(aliceAccount, bobAccount, groupId);
  await joinByInvitation(aliceAccount, carolAccount, groupId);
  browser = await launchBrowser();
  alice = await newPage(browser);
  bob = await newPage(browser);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('stacks in Chromium', () => {
  it('Alice creates a friend stack for Bob from the Stacks tab and ranks it', async () => {
    await logIn(alice, 'e2e_alice');
    await skipTour(alice);
    await expect.poll(() => alice.getByRole('heading', { name: 'Stacks', level: 1 }).isVisible(), WAIT).toBe(true);
    await expect.poll(() => alice.getByText('No stacks yet. Join a group to get started.').isVisible(), WAIT).toBe(true);

    await alice.getByRole('button', { name: 'Add Friend Stack' }).click();
    const dialog = alice.getByRole('dialog', { name: 'New Friend Stack' });
    await fillStackForm(dialog, 'Lunch Spots', ['Pizza', 'Sushi', 'Tacos', 'Curry', 'Pasta', 'pizza ']);
    await expect.poll(() => dialog.getByText('Identical positions not supported.').isVisible()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Position 6' }).fill('Salad');
    await dialog.getByRole('radio', { name: 'e2e_bob' }).check();
    await dialog.getByRole('button', { name: 'Create Stack' }).click();

    // The new stack opens in its own tab, labelled with the first 8 characters of its name.
    await expect.poll(() => alice.getByRole('heading', { name: 'Lunch Spots', level: 1 }).isVisible(), WAIT).toBe(true);
    await expect.poll(() => alice.getByRole('tab').allTextContents()).toEqual(['Stacks', 'Groups', 'Users', 'Lunch Sp']);
    await expect.poll(() => rankingTexts(alice)).toEqual(LUNCH.map((p, i) => `${i + 1}${p}⋮⋮`));
    await submitRanking(alice);
    expect(await labelOf(alice, 'e2e_alice')).toBe('me');
    await expect.poll(() => alice.getByText('Nobody else has answered yet.').isVisible()).toBe(true);
  });

  it('Bob sees it as new, reorders it with the keyboard, and compares: scores and labels', async () => {
    await logIn(bob, 'e2e_bob');
    await skipTour(bob);
    await expect.poll(() => bannerOf(bob, 'Lunch Spots'), WAIT).toBe('New stack!');
    expect(await card(bob, 'Lunch Spots').textContent()).toContain('Friend stack with e2e_alice');
    await openCard(bob, 'Lunch Spots');

    await moveWithKeyboard(bob, 'Pizza', 2);
    await expect.poll(() => rankingTexts(bob)).toEqual(['1Sushi⋮⋮', '2Pizza⋮⋮', '3Tacos⋮⋮', '4Curry⋮⋮', '5Pasta⋮⋮', '6Salad⋮⋮']);
    await submitRanking(bob);
    // [1,0,2,3,4,5] against [0,1,2,3,4,5]: 70 - 2 + 0 + 2 = 70.
    expect(await labelOf(bob, 'e2e_bob')).toBe('me');
    await expect.poll(() => labelOf(bob, 'e2e_alice')).toBe('Vibe Tribe 93.3%');
    expect(await response(bob, 'e2e_alice').getByRole('listitem').allTextContents()).toEqual(LUNCH.map((p, i) => `${i + 1}.${p}`));
    expect(await bob.getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')))).toEqual(["e2e_bob's response", "e2e_alice's response"]);
  });

  it("Alice gets Bob's response as an update, clears it with Clear Updates, and sees the same score", async () => {
    await stacksTab(alice);
    await expect.poll(() => bannerOf(alice, 'Lunch Spots'), WAIT).toBe('New response(s) from e2e_bob');

    await alice.getByRole('button', { name: 'Clear Updates' }).click();
    const confirm = alice.getByRole('dialog', { name: 'Clear Updates?' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await alice.keyboard.press('Escape');
    await expect.poll(() => confirm.isVisible()).toBe(false);
    expect(await bannerOf(alice, 'Lunch Spots')).toBe('New response(s) from e2e_bob');

    await alice.getByRole('button', { name: 'Clear Updates' }).click();
    await confirm.getByRole('button', { name: 'Clear All' }).click();
    const cleared = alice.getByRole('dialog', { name: 'Updates Cleared' });
    await expect.poll(() => cleared.getByText('Cleared 1 update.').isVisible(), WAIT).toBe(true);
    await cleared.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => bannerOf(alice, 'Lunch Spots'), WAIT).toBe('');
    await alice.getByRole('button', { name: 'Clear Updates' }).click();
    const none = alice.getByRole('dialog', { name: 'No Updates to Clear' });
    await expect.poll(() => none.getByText('There are no stack notifications to clear.').isVisible()).toBe(true);
    await none.getByRole('button', { name: 'OK' }).click();

    await openCard(alice, 'Lunch Spots');
    await expect.poll(() => labelOf(alice, 'e2e_bob')).toBe('Vibe Tribe 93.3%');
    expect(await labelOf(alice, 'e2e_alice')).toBe('me');
  });

  it('comments: Alice writes one, Bob gets New comments! and reads it', async () => {
    const box = alice.getByRole('textbox', { name: 'Add a comment' });
    await box.fill('One\ntwo\nthree\nfour\nfive');
    await expect.poll(() => alice.getByText('Too many new line characters.').isVisible()).toBe(true);
    expect(await alice.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await box.fill('  Pizza forever  ');
    await expect.poll(() => alice.getByText('17/200 characters').isVisible()).toBe(true);
    await alice.getByRole('button', { name: 'Send' }).click();
    const comments = alice.getByRole('list', { name: 'Comments' });
    await expect.poll(() => comments.getByText('Pizza forever', { exact: true }).isVisible(), WAIT).toBe(true);

    await stacksTab(bob);
    await expect.poll(() => bannerOf(bob, 'Lunch Spots'), WAIT).toBe('New comments!');
    await openCard(bob, 'Lunch Spots');
    await expect.poll(() => bob.getByRole('list', { name: 'Comments' }).getByText('Pizza forever', { exact: true }).isVisible(), WAIT).toBe(true);
    expect(await bob.getByRole('list', { name: 'Comments' }).getByRole('button', { name: 'Edit comment' }).count()).toBe(0);
  });

  it('a twist: Alice twists the stack and re-answers; Bob gets the twisted stack and re-answers', async () => {
    await alice.getByRole('button', { name: 'Twist Stack' }).click();
    const dialog = alice.getByRole('dialog', { name: 'Twist Stack' });
    expect(await dialog.getByRole('button', { name: 'Create' }).isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Twist' }).fill('At midnight');
    await expect.poll(() => dialog.getByText('11/36').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Create' }).click();

    await expect.poll(() => alice.getByText('At midnight', { exact: true }).isVisible(), WAIT).toBe(true);
    await expect.poll(() => alice.getByRole('list', { name: 'Your ranking' }).isVisible()).toBe(true);
    await submitRanking(alice);
    await expect.poll(() => alice.getByRole('article', { name: "e2e_bob's response" }).textContent()).toContain('Not answered yet');

    await stacksTab(bob);
    await expect.poll(() => bannerOf(bob, 'Lunch Spots', true), WAIT).toBe('New twisted stack!');
    const twisted = card(bob, 'Lunch Spots', true);
    expect(await twisted.textContent()).toContain('Twisted by e2e_alice');
    await twisted.click();
    await expect.poll(() => bob.getByRole('list', { name: 'Your ranking' }).isVisible(), WAIT).toBe(true);
    expect(await bob.getByText('At midnight', { exact: true }).isVisible()).toBe(true);
    expect(await bob.getByRole('button', { name: 'Original stack' }).isVisible()).toBe(true);
    await submitRanking(bob);
    // Bob's original (Sushi first) on the left, his new answer on the right; scored against his own twisted answer.
    const mine = response(bob, 'e2e_bob');
    expect(await mine.getByRole('list', { name: "e2e_bob's original ranking" }).getByRole('listitem').first().textContent()).toBe('1.Sushi');
    expect(await mine.getByRole('list', { name: "e2e_bob's updated ranking" }).getByRole('listitem').first().textContent()).toBe('1.Pizza');
    await expect.poll(() => labelOf(bob, 'e2e_alice')).toBe('Besties! 100.0%');
  });

  it('a group of three: Alice creates a group stack, Bob and Carol answer, Alice sees the consensus', async () => {
    await stacksTab(alice);
    await alice.getByRole('button', { name: 'Add Group Stack' }).click();
    const dialog = alice.getByRole('dialog', { name: 'New Group Stack' });
    await fillStackForm(dialog, 'Movie Night', ['Alien', 'Brazil', 'Casablanca', 'Dune', 'Heat', 'Jaws']);
    await dialog.getByRole('radio', { name: 'E2E Movie Club' }).check();
    await dialog.getByRole('button', { name: 'Create Stack' }).click();
    await expect.poll(() => alice.getByRole('heading', { name: 'Movie Night', level: 1 }).isVisible(), WAIT).toBe(true);
    await submitRanking(alice);

    const id = await stackIdByName(bobAccount, 'Movie Night');
    await api('POST', `/v1/stacks/${id}/complete`, bobAccount.token, { position_ids: [1, 0, 2, 3, 4, 5] });
    await api('POST', `/v1/stacks/${id}/complete`, carolAccount.token, { position_ids: [1, 0, 2, 3, 5, 4] });

    await stacksTab(alice);
    await openCard(alice, 'Movie Night');
    const consensus = alice.getByRole('article', { name: 'Group Consensus' });
    await expect.poll(() => consensus.getByRole('listitem').allTextContents(), WAIT).toEqual(['1.Brazil', '2.Alien', '3.Casablanca', '4.Dune', '5.Heat', '6.Jaws']);
    expect(await alice.getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')))).toEqual([
      'Group Consensus',
      "e2e_alice's response",
      "e2e_bob's response",
      "e2e_carol's response",
    ]);
    expect(await labelOf(alice, 'e2e_bob')).toBe('Vibe Tribe 93.3%');
    // [1,0,2,3,5,4] against [0,1,2,3,4,5]: 70 - 4 = 66.
    expect(await labelOf(alice, 'e2e_carol')).toBe('Vibe Tribe 88.0%');
    expect(await alice.getByText('Group:').isVisible()).toBe(true);
  });

  it('Hide New Stacks hides the stacks Alice has not answered', async () => {
    await api('POST', '/v1/stacks', bobAccount.token, { name: 'Snacks', mode: 'friend', target_id: aliceAccount.id, positions: ['Chips', 'Nuts', 'Fruit', 'Cookies', 'Popcorn', 'Pretzels'] });
    await stacksTab(alice);
    await expect.poll(() => bannerOf(alice, 'Snacks'), WAIT).toBe('New stack!');

    await alice.getByRole('button', { name: 'Hide New Stacks' }).click();
    const confirm = alice.getByRole('dialog', { name: 'Hide New Stacks?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);
    expect(await card(alice, 'Snacks').count()).toBe(1);

    await alice.getByRole('button', { name: 'Hide New Stacks' }).click();
    await confirm.getByRole('button', { name: 'Hide All' }).click();
    const hidden = alice.getByRole('dialog', { name: 'New Stacks Hidden' });
    await expect.poll(() => hidden.getByText('Hid 1 new stack.').isVisible(), WAIT).toBe(true);
    await hidden.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => card(alice, 'Snacks').count(), WAIT).toBe(0);
    await expect.poll(() => cardsNamed(alice, 'Lunch Spots').count(), WAIT).toBe(2);
    await alice.getByRole('button', { name: 'Hide New Stacks' }).click();
    await expect.poll(() => alice.getByRole('dialog', { name: 'No New Stacks' }).getByText('There are no new stacks to hide.').isVisible()).toBe(true);

    // The New filter is kept between visits.
    await alice.getByRole('dialog', { name: 'No New Stacks' }).getByRole('button', { name: 'OK' }).click();
    await alice.getByRole('checkbox', { name: 'New' }).check();
    await expect.poll(() => alice.getByText('No new stacks. Toggle off New to see other updates, or join a new group for more stacks.').isVisible(), WAIT).toBe(true);
    await stacksTab(alice);
    expect(await alice.getByRole('checkbox', { name: 'New' }).isChecked()).toBe(true);
  });
});
