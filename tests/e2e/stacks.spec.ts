import type { Browser, Locator, Page } from '@playwright/test';
import { befriend, callApi, expect, registerAccount, signedInPage, test, uniqueName, type Account, type WorkerApp } from './fixtures';

/**
 * The stacks journey in Chromium against the dashboard with the stacks screens mounted (the Stacks
 * tab shows the stack list; openStack opens a stack in a transient tab labelled with the first
 * 8 characters of its name). Alice and Bob are friends and each use a browser; Carol is the third
 * member of their group and answers through the REST API.
 */
let app: WorkerApp;
let browser: Browser;
let alice: Page;
let bob: Page;

let aliceAccount: Account;
let bobAccount: Account;
let carolAccount: Account;
let groupId: number;

const LUNCH = ['Pizza', 'Sushi', 'Tacos', 'Curry', 'Pasta', 'Salad'];

const api = <T,>(method: string, path: string, token?: string, body?: unknown) => callApi<T>(app, method, path, token, body);
const register = (username: string) => registerAccount(app, username, app.code);
const ALICE = uniqueName('e2e_alice');
const BOB = uniqueName('e2e_bob');
const CAROL = uniqueName('e2e_carol');

test.describe.configure({ mode: 'serial' });

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
  await expect(page.getByRole('heading', { name: 'My Stacks' })).toBeVisible();
}

/** Opens a stack from My Stacks; its detail shows in a tab of its own. */
async function openCard(page: Page, name: string) {
  await expect(card(page, name)).toHaveCount(1);
  await card(page, name).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

const rankingItems = (page: Page) => page.getByRole('list', { name: 'Your ranking' }).getByRole('listitem');

/** Picks the card up with Space, moves it with ArrowDown until it is over `place`, drops it. */
/** Picks up `position` with Space, moves it down to `place` one ArrowDown per place (docs/accessibility.md), and drops it. */
async function moveWithKeyboard(page: Page, position: string, place: number) {
  const list = page.getByRole('list', { name: 'Your ranking' });
  const from = (await list.getByRole('listitem').allTextContents()).findIndex((text) => text.includes(position)) + 1;
  const announced = page.locator('[id^="DndLiveRegion"]');
  await list.getByRole('button', { name: new RegExp(position) }).focus();
  await page.keyboard.press('Space');
  await expect(announced).toContainText(`${position} is over place ${from} of 6.`);
  // The keyboard sensor listens for the arrows from a timer set at the pick-up: a timer set now runs after it.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  for (let over = from + 1; over <= place; over++) {
    await page.keyboard.press('ArrowDown');
    await expect(announced).toContainText(`${position} is over place ${over} of 6.`);
  }
  await page.keyboard.press('Space');
}

async function submitRanking(page: Page) {
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Responses' })).toBeVisible();
}

const response = (page: Page, username: string): Locator => page.getByRole('article', { name: `${username}'s response` });
const scoreLabel = (page: Page, username: string) => response(page, username).getByTestId('score-label');
const labelOf = (page: Page, username: string) => scoreLabel(page, username).textContent();

async function fillStackForm(dialog: Locator, name: string, positions: string[]) {
  await dialog.getByLabel('Stack Name (max 32 characters):').fill(name);
  for (const [index, position] of positions.entries()) await dialog.getByRole('textbox', { name: `Position ${index + 1}` }).fill(position);
}

test.beforeAll(async ({ app: workerApp, browser: workerBrowser }) => {
  app = workerApp;
  browser = workerBrowser;
  aliceAccount = await register(ALICE);
  bobAccount = await register(BOB);
  carolAccount = await register(CAROL);
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
  alice = await signedInPage(browser, app, aliceAccount);
  bob = await signedInPage(browser, app, bobAccount);
});
test.afterAll(async () => {
  await alice?.context().close();
  await bob?.context().close();
});

test.describe('stacks in Chromium', () => {
  test('Alice creates a friend stack for Bob from the Stacks tab and ranks it', async () => {
    await alice.goto(`${app.baseUrl}/dashboard`);
    await expect(alice.getByRole('heading', { name: 'Stacks', level: 1 })).toBeVisible();
    await expect(alice.getByText('No stacks yet. Join a group to get started.')).toBeVisible();

    await alice.getByRole('button', { name: 'Add Friend Stack' }).click();
    const dialog = alice.getByRole('dialog', { name: 'New Friend Stack' });
    await fillStackForm(dialog, 'Lunch Spots', ['Pizza', 'Sushi', 'Tacos', 'Curry', 'Pasta', 'pizza ']);
    await expect(dialog.getByText('Identical positions not supported.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Position 6' }).fill('Salad');
    await dialog.getByRole('radio', { name: BOB }).check();
    await dialog.getByRole('button', { name: 'Create Stack' }).click();

    // The new stack opens in its own tab, labelled with the first 8 characters of its name.
    await expect(alice.getByRole('heading', { name: 'Lunch Spots', level: 1 })).toBeVisible();
    await expect(alice.getByRole('tab')).toHaveText(['Stacks', 'Groups', 'Users', 'Lunch Sp']);
    await expect(rankingItems(alice)).toHaveText(LUNCH.map((p, i) => `${i + 1}${p}⋮⋮`));
    await submitRanking(alice);
    expect(await labelOf(alice, ALICE)).toBe('me');
    await expect(alice.getByText('Nobody else has answered yet.')).toBeVisible();
  });

  test('Bob sees it as new, reorders it with the keyboard, and compares: scores and labels', async () => {
    await bob.goto(`${app.baseUrl}/dashboard`);
    await expect(async () => expect(await bannerOf(bob, 'Lunch Spots')).toBe('New stack!')).toPass();
    expect(await card(bob, 'Lunch Spots').textContent()).toContain(`Friend stack with ${ALICE}`);
    await openCard(bob, 'Lunch Spots');

    await moveWithKeyboard(bob, 'Pizza', 2);
    await expect(rankingItems(bob)).toHaveText(['1Sushi⋮⋮', '2Pizza⋮⋮', '3Tacos⋮⋮', '4Curry⋮⋮', '5Pasta⋮⋮', '6Salad⋮⋮']);
    await submitRanking(bob);
    // [1,0,2,3,4,5] against [0,1,2,3,4,5]: 70 - 2 + 0 + 2 = 70.
    expect(await labelOf(bob, BOB)).toBe('me');
    await expect(scoreLabel(bob, ALICE)).toHaveText('Vibe Tribe 93.3%');
    expect(await response(bob, ALICE).getByRole('listitem').allTextContents()).toEqual(LUNCH.map((p, i) => `${i + 1}.${p}`));
    expect(await bob.getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')))).toEqual([`${BOB}'s response`, `${ALICE}'s response`]);
  });

  test("Alice gets Bob's response as an update, clears it with Clear Updates, and sees the same score", async () => {
    await stacksTab(alice);
    await expect(async () => expect(await bannerOf(alice, 'Lunch Spots')).toBe(`New response(s) from ${BOB}`)).toPass();

    await alice.getByRole('button', { name: 'Clear Updates' }).click();
    const confirm = alice.getByRole('dialog', { name: 'Clear Updates?' });
    await expect(confirm).toBeVisible();
    await alice.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    expect(await bannerOf(alice, 'Lunch Spots')).toBe(`New response(s) from ${BOB}`);

    await alice.getByRole('button', { name: 'Clear Updates' }).click();
    await confirm.getByRole('button', { name: 'Clear All' }).click();
    const cleared = alice.getByRole('dialog', { name: 'Updates Cleared' });
    await expect(cleared.getByText('Cleared 1 update.')).toBeVisible();
    await cleared.getByRole('button', { name: 'OK' }).click();
    await expect(async () => expect(await bannerOf(alice, 'Lunch Spots')).toBe('')).toPass();
    await alice.getByRole('button', { name: 'Clear Updates' }).click();
    const none = alice.getByRole('dialog', { name: 'No Updates to Clear' });
    await expect(none.getByText('There are no stack notifications to clear.')).toBeVisible();
    await none.getByRole('button', { name: 'OK' }).click();

    await openCard(alice, 'Lunch Spots');
    await expect(scoreLabel(alice, BOB)).toHaveText('Vibe Tribe 93.3%');
    expect(await labelOf(alice, ALICE)).toBe('me');
  });

  test('comments: Alice writes one, Bob gets New comments! and reads it', async () => {
    const box = alice.getByRole('textbox', { name: 'Add a comment' });
    await box.fill('One\ntwo\nthree\nfour\nfive');
    await expect(alice.getByText('Too many new line characters.')).toBeVisible();
    expect(await alice.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await box.fill('  Pizza forever  ');
    await expect(alice.getByText('17/200 characters')).toBeVisible();
    await alice.getByRole('button', { name: 'Send' }).click();
    const comments = alice.getByRole('list', { name: 'Comments' });
    await expect(comments.getByText('Pizza forever', { exact: true })).toBeVisible();

    await stacksTab(bob);
    await expect(async () => expect(await bannerOf(bob, 'Lunch Spots')).toBe('New comments!')).toPass();
    await openCard(bob, 'Lunch Spots');
    await expect(bob.getByRole('list', { name: 'Comments' }).getByText('Pizza forever', { exact: true })).toBeVisible();
    expect(await bob.getByRole('list', { name: 'Comments' }).getByRole('button', { name: 'Edit comment' }).count()).toBe(0);
  });

  test('a twist: Alice twists the stack and re-answers; Bob gets the twisted stack and re-answers', async () => {
    await alice.getByRole('button', { name: 'Twist Stack' }).click();
    const dialog = alice.getByRole('dialog', { name: 'Twist Stack' });
    expect(await dialog.getByRole('button', { name: 'Create' }).isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Twist' }).fill('At midnight');
    await expect(dialog.getByText('11/36')).toBeVisible();
    await dialog.getByRole('button', { name: 'Create' }).click();

    await expect(alice.getByText('At midnight', { exact: true })).toBeVisible();
    await expect(alice.getByRole('list', { name: 'Your ranking' })).toBeVisible();
    await submitRanking(alice);
    await expect(alice.getByRole('article', { name: `${BOB}'s response` })).toContainText('Not answered yet');

    await stacksTab(bob);
    await expect(async () => expect(await bannerOf(bob, 'Lunch Spots', true)).toBe('New twisted stack!')).toPass();
    const twisted = card(bob, 'Lunch Spots', true);
    expect(await twisted.textContent()).toContain(`Twisted by ${ALICE}`);
    await twisted.click();
    await expect(bob.getByRole('list', { name: 'Your ranking' })).toBeVisible();
    expect(await bob.getByText('At midnight', { exact: true }).isVisible()).toBe(true);
    expect(await bob.getByRole('button', { name: 'Original stack' }).isVisible()).toBe(true);
    await submitRanking(bob);
    // Bob's original (Sushi first) on the left, his new answer on the right; scored against his own twisted answer.
    const mine = response(bob, BOB);
    expect(await mine.getByRole('list', { name: `${BOB}'s original ranking` }).getByRole('listitem').first().textContent()).toBe('1.Sushi');
    expect(await mine.getByRole('list', { name: `${BOB}'s updated ranking` }).getByRole('listitem').first().textContent()).toBe('1.Pizza');
    await expect(scoreLabel(bob, ALICE)).toHaveText('Besties! 100.0%');
  });

  test('a group of three: Alice creates a group stack, Bob and Carol answer, Alice sees the consensus', async () => {
    await stacksTab(alice);
    await alice.getByRole('button', { name: 'Add Group Stack' }).click();
    const dialog = alice.getByRole('dialog', { name: 'New Group Stack' });
    await fillStackForm(dialog, 'Movie Night', ['Alien', 'Brazil', 'Casablanca', 'Dune', 'Heat', 'Jaws']);
    await dialog.getByRole('radio', { name: 'E2E Movie Club' }).check();
    await dialog.getByRole('button', { name: 'Create Stack' }).click();
    await expect(alice.getByRole('heading', { name: 'Movie Night', level: 1 })).toBeVisible();
    await submitRanking(alice);

    const id = await stackIdByName(bobAccount, 'Movie Night');
    await api('POST', `/v1/stacks/${id}/complete`, bobAccount.token, { position_ids: [1, 0, 2, 3, 4, 5] });
    await api('POST', `/v1/stacks/${id}/complete`, carolAccount.token, { position_ids: [1, 0, 2, 3, 5, 4] });

    await stacksTab(alice);
    await openCard(alice, 'Movie Night');
    const consensus = alice.getByRole('article', { name: 'Group Consensus' });
    await expect(consensus.getByRole('listitem')).toHaveText(['1.Brazil', '2.Alien', '3.Casablanca', '4.Dune', '5.Heat', '6.Jaws']);
    expect(await alice.getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')))).toEqual([
      'Group Consensus',
      `${ALICE}'s response`,
      `${BOB}'s response`,
      `${CAROL}'s response`,
    ]);
    expect(await labelOf(alice, BOB)).toBe('Vibe Tribe 93.3%');
    // [1,0,2,3,5,4] against [0,1,2,3,4,5]: 70 - 4 = 66.
    expect(await labelOf(alice, CAROL)).toBe('Vibe Tribe 88.0%');
    expect(await alice.getByText('Group:').isVisible()).toBe(true);
  });

  test('Hide New Stacks hides the stacks Alice has not answered', async () => {
    await api('POST', '/v1/stacks', bobAccount.token, { name: 'Snacks', mode: 'friend', target_id: aliceAccount.id, positions: ['Chips', 'Nuts', 'Fruit', 'Cookies', 'Popcorn', 'Pretzels'] });
    await stacksTab(alice);
    await expect(async () => expect(await bannerOf(alice, 'Snacks')).toBe('New stack!')).toPass();

    await alice.getByRole('button', { name: 'Hide New Stacks' }).click();
    const confirm = alice.getByRole('dialog', { name: 'Hide New Stacks?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    expect(await card(alice, 'Snacks').count()).toBe(1);

    await alice.getByRole('button', { name: 'Hide New Stacks' }).click();
    await confirm.getByRole('button', { name: 'Hide All' }).click();
    const hidden = alice.getByRole('dialog', { name: 'New Stacks Hidden' });
    await expect(hidden.getByText('Hid 1 new stack.')).toBeVisible();
    await hidden.getByRole('button', { name: 'OK' }).click();
    await expect(card(alice, 'Snacks')).toHaveCount(0);
    await expect(cardsNamed(alice, 'Lunch Spots')).toHaveCount(2);
    await alice.getByRole('button', { name: 'Hide New Stacks' }).click();
    await expect(alice.getByRole('dialog', { name: 'No New Stacks' }).getByText('There are no new stacks to hide.')).toBeVisible();

    // The New filter is kept between visits.
    await alice.getByRole('dialog', { name: 'No New Stacks' }).getByRole('button', { name: 'OK' }).click();
    await alice.getByRole('checkbox', { name: 'New' }).check();
    await expect(alice.getByText('No new stacks. Toggle off New to see other updates, or join a new group for more stacks.')).toBeVisible();
    await stacksTab(alice);
    expect(await alice.getByRole('checkbox', { name: 'New' }).isChecked()).toBe(true);
  });
});
