import type { Browser, Locator, Page } from '@playwright/test';
import { befriend, callApi, expect, logIn as logInAs, newPage, registerAccount, skipTour, test, type Account } from './fixtures';
import { startApp, type LocalApp } from './servers';

/**
 * Resilience in Chromium, on the real server (docs/connection.md): what happens around the user. A notification arriving
 * while a stack is open changes the badge and opens nothing over it (the panel opens by itself only
 * when a session starts); one arrow press moves a ranked card one place, at 1100 px and at 375 px;
 * and when the server process is stopped, "Reconnecting…" shows by itself, typing goes on, and once
 * the server is back on the same port and data folder the status goes, the data refreshes and the
 * typed comment is sent, with no reload.
 */
let app: LocalApp;
let browser: Browser;
let page: Page;
let ann: Account;
let bob: Account;
let cat: Account;
let lunchId: number;

const LUNCH = ['Pizza', 'Sushi', 'Tacos', 'Curry', 'Pasta', 'Salad'];
const SNACKS = ['Chips', 'Nuts', 'Fruit', 'Cookies', 'Popcorn', 'Pretzels'];
const RECONNECTING = 'Reconnecting\u2026';

const api = <T,>(method: string, path: string, token?: string, body?: unknown) => callApi<T>(app, method, path, token, body);

async function readAll(account: Account) {
  const unread = await api<{ id: number }[]>('GET', '/v1/users/notifications?unread_only=true', account.token);
  if (unread.length > 0) await api('POST', '/v1/users/notifications/mark-read', account.token, { notification_ids: unread.map((n) => n.id) });
}

const envelope = (p: Page) => p.getByRole('button', { name: /^Notifications/ });
const openDialogs = (p: Page) => p.locator('dialog[open]').count();
const status = (p: Page) => p.getByRole('status').filter({ hasText: RECONNECTING });
const ranking = (p: Page) => p.getByRole('list', { name: 'Your ranking' });
const card = (p: Page, text: string) => ranking(p).getByRole('listitem').filter({ hasText: text });
const placeOf = async (item: Locator) => Number(((await item.textContent()) ?? '').replace(/\D+/g, ''));

async function openStack(p: Page, name: string) {
  await p.getByRole('tab', { name: 'Stacks' }).click();
  await p.getByRole('list', { name: 'My Stacks' }).getByRole('button', { name: new RegExp(name) }).click();
  await expect(p.getByRole('heading', { name, level: 1 })).toBeVisible();
}

/**
 * Waits until the card picked up with Space is over its own place, and until dnd-kit's keyboard
 * sensor listens for the arrows: it starts listening on a timer (setTimeout 0) after the pick-up,
 * and an arrow key sent before that (which only a script can) would scroll the page instead.
 * A timer set now runs after the sensor's.
 */
async function pickedUp(p: Page, text: string, place: number) {
  await expect(p.locator('[id^="DndLiveRegion"]')).toContainText(`${text} is over place ${place} of 6.`);
  await p.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/**
 * Picks up the card `text` with Space and presses `key` `presses` times: after each press the card
 * must be exactly one place further, drawn on that place (its top that many pitches below the
 * list's top, whatever the page scrolled), and announced there.
 */
async function moveByKeyboard(p: Page, text: string, key: 'ArrowDown' | 'ArrowUp', presses: number) {
  const items = await ranking(p).getByRole('listitem').all();
  const [first, second] = [(await items[0].boundingBox())!, (await items[1].boundingBox())!];
  const pitch = second.y - first.y;
  const item = card(p, text);
  const start = await placeOf(item);
  const offset = async () => Math.round((await item.boundingBox())!.y - (await ranking(p).boundingBox())!.y);
  const announced = p.locator('[id^="DndLiveRegion"]');
  await item.getByRole('button').focus();
  await p.keyboard.press('Space');
  await pickedUp(p, text, start);
  const sign = key === 'ArrowDown' ? 1 : -1;
  for (let press = 1; press <= presses; press++) {
    await p.keyboard.press(key);
    const place = start + sign * press;
    await expect(async () => expect(await placeOf(item), `place after ${key} press ${press}`).toBe(place)).toPass();
    await expect(async () => expect(await offset(), `drawn on place ${place} after press ${press}`).toBe(Math.round((place - 1) * pitch))).toPass();
    expect(await announced.textContent()).toContain(`${text} is over place ${place} of 6.`);
  }
  await p.keyboard.press('Space');
  await expect(announced).toContainText(`${text} dropped at place ${start + sign * presses} of 6.`);
}

test.describe.configure({ mode: 'serial' });

// An app of its own: its server process is stopped and started again.
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
  app = await startApp({ extraCodeUses: 3 });
  ann = await registerAccount(app, 'e2e_res_ann', app.firstCode);
  bob = await registerAccount(app, 'e2e_res_bob', app.firstCode);
  cat = await registerAccount(app, 'e2e_res_cat', app.firstCode);
  await befriend(app, bob, ann);
  ({ id: lunchId } = await api<{ id: number }>('POST', '/v1/stacks', bob.token, { name: 'Lunch Spots', mode: 'friend', target_id: ann.id, positions: LUNCH }));
  await api('POST', '/v1/stacks', bob.token, { name: 'Snack Spots', mode: 'friend', target_id: ann.id, positions: SNACKS });
  await api('POST', `/v1/stacks/${lunchId}/complete`, bob.token, { position_ids: [1, 0, 2, 3, 4, 5] });
  await readAll(ann);
  page = await newPage(browser);
});
test.afterAll(async () => {
  await page?.context().close();
  await app?.stop();
});

test.describe('notifications arriving around the user', () => {
  test('a friend request arriving while a stack is open updates the badge and opens no dialog over it', async () => {
    await logInAs(app, page, 'e2e_res_ann');
    await skipTour(page);
    await openStack(page, 'Lunch Spots');
    // The session started with nothing unread: no panel.
    expect(await openDialogs(page)).toBe(0);
    const pizza = card(page, 'Pizza').getByRole('button');
    await pizza.focus();

    await api('POST', '/v1/users/friends/requests', cat.token, { user_id: ann.id });
    await expect(envelope(page).getByTestId('unread-badge')).toHaveText('1');
    await expect(envelope(page).getByTestId('request-dot')).toBeVisible();
    await page.waitForTimeout(500);
    expect(await openDialogs(page)).toBe(0);
    expect(await page.getByRole('dialog', { name: 'Notifications' }).count()).toBe(0);
    // The stack is still in the user's hands: focus stayed on the card, and the keyboard moves it.
    expect(await pizza.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    await pickedUp(page, 'Pizza', 1);
    await page.keyboard.press('ArrowDown');
    await expect(async () => expect(await placeOf(card(page, 'Pizza'))).toBe(2)).toPass();
    await page.keyboard.press('Escape');
    await expect(async () => expect(await placeOf(card(page, 'Pizza'))).toBe(1)).toPass();
  });

  test('on a fresh login with unread notifications the panel opens by itself, as spec 1 §2 says', async () => {
    const fresh = await newPage(browser);
    try {
      await logInAs(app, fresh, 'e2e_res_ann');
      await skipTour(fresh);
      const panel = fresh.getByRole('dialog', { name: 'Notifications' });
      await expect(panel).toBeVisible();
      await expect(panel.getByText('e2e_res_cat').first()).toBeVisible();
    } finally {
      await fresh.context().close();
    }
  });
});

test.describe('ranking with the keyboard', () => {
  test('one arrow press moves a card one place, down and up, and the order submitted is the one shown (1100 px)', async () => {
    await moveByKeyboard(page, 'Pizza', 'ArrowDown', 5);
    await expect(ranking(page).getByRole('listitem')).toHaveText(['1Sushi⋮⋮', '2Tacos⋮⋮', '3Curry⋮⋮', '4Pasta⋮⋮', '5Salad⋮⋮', '6Pizza⋮⋮']);
    await moveByKeyboard(page, 'Salad', 'ArrowUp', 4);
    await expect(ranking(page).getByRole('listitem')).toHaveText(['1Salad⋮⋮', '2Sushi⋮⋮', '3Tacos⋮⋮', '4Curry⋮⋮', '5Pasta⋮⋮', '6Pizza⋮⋮']);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Responses' })).toBeVisible();
    const detail = await api<{ users: { user_id: number; position_ids: number[] | null }[] }>('GET', `/v1/stacks/${lunchId}`, ann.token);
    expect(detail.users.find((u) => u.user_id === ann.id)?.position_ids).toEqual([5, 1, 2, 3, 4, 0]);
  });

  test('one arrow press moves a card one place on a phone (375 px), the page scrolling along', async () => {
    const phone = await newPage(browser);
    try {
      await phone.setViewportSize({ width: 375, height: 560 });
      await logInAs(app, phone, 'e2e_res_ann');
      await skipTour(phone);
      // A fresh session with the unread request: the panel opened by itself; closing it reads it.
      const panel = phone.getByRole('dialog', { name: 'Notifications' });
      await expect(panel).toBeVisible();
      await phone.keyboard.press('Escape');
      await expect(panel).toHaveCount(0);
      await openStack(phone, 'Snack Spots');
      await moveByKeyboard(phone, 'Chips', 'ArrowDown', 5);
      await expect(ranking(phone).getByRole('listitem')).toHaveText(['1Nuts⋮⋮', '2Fruit⋮⋮', '3Cookies⋮⋮', '4Popcorn⋮⋮', '5Pretzels⋮⋮', '6Chips⋮⋮']);
      await moveByKeyboard(phone, 'Popcorn', 'ArrowUp', 2);
      await expect(ranking(phone).getByRole('listitem')).toHaveText(['1Nuts⋮⋮', '2Popcorn⋮⋮', '3Fruit⋮⋮', '4Cookies⋮⋮', '5Pretzels⋮⋮', '6Chips⋮⋮']);
    } finally {
      await phone.context().close();
    }
  });
});

test.describe('the server going away and coming back', () => {
  test('"Reconnecting…" shows by itself, typing goes on, and when the server is back the status goes, the data refreshes and the comment is sent, with no reload', async () => {
    const box = page.getByRole('textbox', { name: 'Add a comment' });
    await expect(box).toBeVisible();
    await page.evaluate(() => ((window as unknown as { resilienceMarker: string }).resilienceMarker = 'still here'));
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    expect(await status(page).count()).toBe(0);

    await app.halt();
    // Nobody clicks anything: the live stream's drop and the /healthz probe are enough.
    await expect(status(page)).toBeVisible();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await openDialogs(page)).toBe(0);
    // Not in the way: the tabs can be clicked through it, and the comment box takes typing.
    for (const name of ['Stacks', 'Groups', 'Users']) await page.getByRole('tab', { name }).click({ trial: true, timeout: 2_000 });
    await box.click();
    await page.keyboard.type('Sushi, even after an outage');
    expect(await box.inputValue()).toBe('Sushi, even after an outage');
    await page.waitForTimeout(2_000);
    expect(await status(page).isVisible()).toBe(true);

    await app.launch();
    // Right after the restart, before the browser has noticed: it must still reach the open stack.
    await api('POST', `/v1/stacks/${lunchId}/comments`, bob.token, { description: 'Posted right after the restart' });
    await expect(status(page)).toHaveCount(0, { timeout: 30_000 });
    const comments = page.getByRole('list', { name: 'Comments' });
    await expect(comments.getByText('Posted right after the restart', { exact: true })).toBeVisible();

    expect(await box.inputValue()).toBe('Sushi, even after an outage');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(comments.getByText('Sushi, even after an outage', { exact: true })).toBeVisible();
    await expect(box).toHaveValue('');
    expect(await page.evaluate(() => (window as unknown as { resilienceMarker?: string }).resilienceMarker)).toBe('still here');
    expect(navigations).toBe(0);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
  });

  test('a comment sent while the server is gone waits, and goes by itself when it is back; a reload keeps an unsent one', async () => {
    const box = page.getByRole('textbox', { name: 'Add a comment' });
    const comments = page.getByRole('list', { name: 'Comments' });
    await app.halt();
    await expect(status(page)).toBeVisible();
    await box.fill('Queued while away');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Waiting for the connection: your comment will be sent when it is back.')).toBeVisible();
    await app.launch();
    await expect(comments.getByText('Queued while away', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(box).toHaveValue('');
    expect(await status(page).count()).toBe(0);

    // A draft survives a reload of the page (same tab).
    await box.fill('Half-written thought');
    await page.reload();
    await openStack(page, 'Lunch Spots');
    await expect(page.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('Half-written thought');
  });
});
