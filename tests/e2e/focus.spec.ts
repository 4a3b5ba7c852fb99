import type { Browser, Locator, Page } from '@playwright/test';
import { befriend, callApi, expect, logIn as logInAs, newPage, registerAccount, skipTour, test, uniqueName, type Account, type WorkerApp } from './fixtures';

/**
 * Keyboard and focus in Chromium (docs/accessibility.md): dialogs hold focus and give it back, the
 * tour is a modal card above every dialog but the temporary-issue overlay, opening and closing a stack moves focus sensibly, a card
 * ranked with the keyboard stays in its list, the tour and the notifications panel come one after
 * the other, and a stack that no longer exists says so. Ann makes the stacks; Dan and Fay each got
 * a friend request from Eve before their first login.
 */
let app: WorkerApp;
let browser: Browser;
let ann: Account;
let dan: Account;
let eve: Account;
let fay: Account;
let page: Page;

const LUNCH = ['Pizza', 'Sushi', 'Tacos', 'Curry', 'Pasta', 'Salad'];

const api = <T,>(method: string, path: string, token?: string, body?: unknown) => callApi<T>(app, method, path, token, body);
const register = (username: string) => registerAccount(app, username, app.code);
const ANN = uniqueName('e2e_ann');
const DAN = uniqueName('e2e_dan');
const EVE = uniqueName('e2e_eve');
const FAY = uniqueName('e2e_fay');

test.describe.configure({ mode: 'serial' });

/** Whether the element with focus is inside `dialog` (and is not the page's body). */
const focusInside = (dialog: Locator) => dialog.evaluate((element) => document.activeElement !== document.body && element.contains(document.activeElement));

/** Presses Tab 25 times, then Shift+Tab 25 times; after every press focus must still be inside `dialog`. */
async function tabAround(target: Page, dialog: Locator) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let press = 0; press < 25; press++) {
      await target.keyboard.press(key);
      expect(await focusInside(dialog), `${key} press ${press + 1} left the dialog`).toBe(true);
    }
  }
}


test.beforeAll(async ({ app: workerApp, browser: workerBrowser }) => {
  app = workerApp;
  browser = workerBrowser;
  ann = await register(ANN);
  dan = await register(DAN);
  eve = await register(EVE);
  fay = await register(FAY);
  await befriend(app, ann, dan);
  await api('POST', '/v1/users/friends/requests', eve.token, { user_id: dan.id });
  await api('POST', '/v1/users/friends/requests', eve.token, { user_id: fay.id });
  await api('POST', '/v1/stacks', ann.token, { name: 'Lunch Spots', mode: 'friend', target_id: dan.id, positions: LUNCH });
  page = await newPage(browser);
});
test.afterAll(async () => {
  await page?.context().close();
});

test.describe('focus and the keyboard in Chromium', () => {
  test('a first login shows the tour, and the notifications panel only once the tour is skipped', async () => {
    const fayPage = await newPage(browser);
    await logInAs(app, fayPage, FAY);
    const tour = fayPage.getByRole('dialog', { name: 'Welcome to Stacks!' });
    await expect(tour).toBeVisible();
    await expect(fayPage.getByTestId('unread-badge')).toHaveText('1');
    await fayPage.waitForTimeout(500);
    expect(await fayPage.getByRole('dialog', { name: 'Notifications' }).count()).toBe(0);

    await fayPage.getByRole('button', { name: 'Skip' }).click();
    const panel = fayPage.getByRole('dialog', { name: 'Notifications' });
    await expect(panel).toBeVisible();
    await expect(panel.getByText(`${EVE} sent you a friend request.`)).toBeVisible();
    await expect(async () => expect(await focusInside(panel)).toBe(true)).toPass();
    await fayPage.context().close();
  });

  test('the tour card takes focus and holds it; Escape does not close it; it stays above the panel the spotlight opens', async () => {
    await logInAs(app, page, DAN);
    const tour = page.getByRole('dialog', { name: 'Welcome to Stacks!' });
    await expect(tour).toBeVisible();
    await expect(async () => expect(await focusInside(tour)).toBe(true)).toPass();
    await tabAround(page, tour);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    expect(await tour.isVisible()).toBe(true);
    expect(await focusInside(tour)).toBe(true);

    for (let step = 0; step < 4; step++) await page.getByRole('button', { name: 'Next →' }).click();
    const envelopeStep = page.getByRole('dialog', { name: 'Notifications', exact: true }).filter({ hasText: 'Step 5 of 6' });
    await expect(envelopeStep).toBeVisible();
    // A click inside the spotlight reaches the envelope: the panel opens, beneath the tour.
    const envelope = await page.locator('[data-tour="envelope"]').boundingBox();
    await page.mouse.click(envelope!.x + envelope!.width / 2, envelope!.y + envelope!.height / 2);
    const panel = page.locator('dialog.modal', { has: page.getByRole('heading', { name: 'Notifications' }) });
    await expect(panel).toHaveJSProperty('open', true);
    await expect(async () => expect(await focusInside(envelopeStep)).toBe(true)).toPass();
    const next = page.getByRole('button', { name: 'Next →' });
    const box = await next.boundingBox();
    const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent, { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 });
    expect(onTop).toBe('Next →');
    await tabAround(page, envelopeStep);

    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(page.getByText(/^Step \d of 6$/)).toHaveCount(0);
    // The panel the user opened is still there, and focus went into it.
    await expect(async () => expect(await focusInside(panel)).toBe(true)).toPass();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
  });

  test('the envelope is named with its unread count', async () => {
    // Closing the panel above marked what it listed read (spec 1 §2), a round trip later: one new
    // request, arriving live, makes the count this test reads whatever that round trip's timing.
    await api('POST', '/v1/users/friends/requests', fay.token, { user_id: dan.id });
    await expect(page.locator('[data-tour="envelope"]')).toHaveAttribute('aria-label', 'Notifications, 1 unread, new requests');
    // Read again, as the panel left it for the tests below.
    const unread = await api<{ id: number }[]>('GET', '/v1/users/notifications?unread_only=true', dan.token);
    await api('POST', '/v1/users/notifications/mark-read', dan.token, { notification_ids: unread.map((n) => n.id) });
  });

  test('New Friend Stack, a confirm dialog and Add Social hold focus for 25 Tabs and give it back on Escape', async () => {
    await page.getByRole('tab', { name: 'Stacks' }).click();
    const openers: [string, string][] = [
      ['Add Friend Stack', 'New Friend Stack'],
      ['Add Group Stack', 'New Group Stack'],
      ['Hide New Stacks', 'Hide New Stacks?'],
    ];
    for (const [button, title] of openers) {
      const opener = page.getByRole('button', { name: button });
      await expect(opener).toBeEnabled();
      await opener.click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await expect(async () => expect(await focusInside(dialog)).toBe(true)).toPass();
      await tabAround(page, dialog);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(opener, `focus back on ${button}`).toBeFocused();
    }

    await page.getByRole('button', { name: 'Settings' }).click();
    const add = page.getByRole('button', { name: 'Add', exact: true });
    await add.click();
    const social = page.getByRole('dialog', { name: 'Add Social' });
    await expect(async () => expect(await focusInside(social)).toBe(true)).toPass();
    await tabAround(page, social);
    // The backdrop closes it too.
    await page.mouse.click(5, 5);
    await expect(social).toHaveCount(0);
    await expect(add).toBeFocused();
  });

  test("the tour from 'Show tour again' holds focus and gives it back when skipped", async () => {
    const again = page.getByRole('button', { name: 'Show tour again' });
    await again.click();
    const tour = page.getByRole('dialog', { name: 'Welcome to Stacks!' });
    await expect(async () => expect(await focusInside(tour)).toBe(true)).toPass();
    await tabAround(page, tour);
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(again).toBeFocused();
  });

  test('opening a stack moves focus to its title; closing it gives focus back to its card', async () => {
    await page.getByRole('tab', { name: 'Stacks' }).click();
    const card = page.getByRole('list', { name: 'My Stacks' }).getByRole('button', { name: /Lunch Spots/ });
    await card.click();
    const title = page.getByRole('heading', { name: 'Lunch Spots', level: 1 });
    await expect(title).toBeVisible();
    await expect(title).toBeFocused();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Close', exact: true }).click();
    await expect(card).toBeFocused();
  });

  test('a card moved with the keyboard stays within the list, its place number following it, and the order submitted is the one shown', async () => {
    await page.getByRole('list', { name: 'My Stacks' }).getByRole('button', { name: /Lunch Spots/ }).click();
    const list = page.getByRole('list', { name: 'Your ranking' });
    await expect(list).toBeVisible();
    const pizza = list.getByRole('listitem').filter({ hasText: 'Pizza' });
    const listBox = (await list.boundingBox())!;
    await pizza.getByRole('button').focus();
    await page.keyboard.press('Space');
    await expect(page.locator('[id^="DndLiveRegion"]')).toContainText('Pizza is over place 1 of 6.');
    // The keyboard sensor listens for the arrows from a timer set at the pick-up: a timer set now runs after it.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const places: string[] = [];
    for (let press = 0; press < 16; press++) {
      await page.keyboard.press('ArrowDown');
      await page.waitForTimeout(50);
      const box = (await pizza.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(listBox.y - 1);
      expect(box.y + box.height).toBeLessThanOrEqual(listBox.y + listBox.height + 1);
      places.push((await pizza.textContent())!.replace(/\D+/g, ''));
    }
    // One place per press (docs/accessibility.md): the number goes 2 → 6 over the first five presses, then stays 6 at the bottom.
    expect(places).toEqual(['2', '3', '4', '5', '6', ...Array<string>(11).fill('6')]);
    expect(await page.locator('[id^="DndLiveRegion"]').textContent()).toContain('Pizza is over place 6 of 6.');
    await page.keyboard.press('Space');
    await expect(list.getByRole('listitem')).toHaveText(['1Sushi⋮⋮', '2Tacos⋮⋮', '3Curry⋮⋮', '4Pasta⋮⋮', '5Salad⋮⋮', '6Pizza⋮⋮']);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Responses' })).toBeVisible();
    const feed = await api<{ id: number; name: string }[]>('GET', '/v2/stacks', dan.token);
    const stack = await api<{ users: { user_id: number; position_ids: number[] | null }[] }>('GET', `/v1/stacks/${feed.find((s) => s.name === 'Lunch Spots')!.id}`, dan.token);
    expect(stack.users.find((u) => u.user_id === dan.id)?.position_ids).toEqual([1, 2, 3, 4, 5, 0]);
  });

  test('the temporary-issue overlay lies above an open dialog and holds focus', async () => {
    await page.getByRole('tab', { name: 'Stacks' }).click();
    await page.getByRole('button', { name: 'Add Friend Stack' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Friend Stack' });
    await dialog.getByLabel('Stack Name (max 32 characters):').fill('Breakfast');
    for (const [index, position] of ['Eggs', 'Toast', 'Jam', 'Fruit', 'Tea', 'Rice'].entries()) await dialog.getByRole('textbox', { name: `Position ${index + 1}` }).fill(position);
    await dialog.getByRole('radio', { name: ANN }).check();
    // A 5xx the server sent (spec 1 §8); a call with no answer at all shows "Reconnecting…" instead (docs/decisions/0039-connection-status-not-overlay.md).
    await page.route('**/trpc/stacks.create**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify([{ error: { message: 'Internal server error', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, detail: 'Internal server error' } } }]),
      }),
    );
    await dialog.getByRole('button', { name: 'Create Stack' }).click();
    const overlay = page.getByRole('alertdialog', { name: 'We ran into a temporary issue. Be back shortly!' });
    await expect(overlay).toBeVisible();
    const reload = overlay.getByRole('button', { name: 'Reload Page' });
    const box = (await reload.boundingBox())!;
    expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent, { x: box.x + box.width / 2, y: box.y + box.height / 2 })).toBe('Reload Page');
    await expect(async () => expect(await focusInside(overlay)).toBe(true)).toPass();
    await tabAround(page, overlay);
    await page.keyboard.press('Escape');
    expect(await overlay.isVisible()).toBe(true);
    await page.unroute('**/trpc/stacks.create**');
    // The reload keeps the view's address (docs/addresses.md): the Stacks tab's.
    await reload.click();
    await page.waitForURL('**/dashboard/stacks');
    await expect(page.getByRole('tab', { name: 'Stacks' })).toBeVisible();
  });

  test("a stack that no longer exists opens no tab: 'This stack no longer exists.', without Retry, and focus stays on its card", async () => {
    await api('POST', '/v1/stacks', ann.token, { name: 'Gone Soon', mode: 'friend', target_id: dan.id, positions: ['A', 'B', 'C', 'D', 'E', 'F'] });
    const stale = await newPage(browser);
    // No live events: the list keeps the card of the stack that is about to go, as a list loaded earlier would.
    await stale.route('**/v1/events**', (route) => route.abort());
    await logInAs(app, stale, DAN);
    await skipTour(stale);
    const card = stale.getByRole('list', { name: 'My Stacks' }).getByRole('button', { name: /Gone Soon/ });
    await expect(card).toBeVisible();
    // Ann blocks Dan: the friend stack is out of his reach (404).
    await api('POST', '/v1/users/blocks', ann.token, { user_id: dan.id });

    await card.click();
    const notice = stale.getByRole('alert').filter({ hasText: 'This stack no longer exists.' });
    await expect(notice).toBeVisible();
    // With no answer at all (docs/decisions/0039-connection-status-not-overlay.md), a Retry could never work, so there is none; no tab opens for it.
    expect(await notice.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(await stale.getByRole('tab', { name: 'Stack', exact: true }).count()).toBe(0);
    expect(await stale.getByRole('heading', { name: 'My Stacks' }).isVisible()).toBe(true);
    await expect(card).toBeFocused();
    await stale.context().close();
  });
});
