import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { befriend, callApi, expect, registerAccount, signedInPage, test, uniqueName, type Account, type WorkerApp } from './fixtures';

/**
 * Layout as a user sees it at 375 px and 1280 px (docs/accessibility.md): long unbroken names do not
 * widen the page, position text shrinks by measured width and wraps rather than being cut, cards in
 * a row are the same height, the page is the only scroll area, the active tab is in view, and your
 * own profile has no friend actions. With SCREENSHOT_DIR set, each state is also saved as a PNG.
 */
let app: WorkerApp;
let browser: Browser;
let alice: Account;
let bob: Account;

const LONG = 'M'.repeat(32);
const SCREENSHOTS = process.env.SCREENSHOT_DIR;
const ALICE = uniqueName('alice');
const BOB = uniqueName('bob');

test.describe.configure({ mode: 'serial' });

const api = <T,>(method: string, route: string, token?: string, body?: unknown) => callApi<T>(app, method, route, token, body);

async function shot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** A page at `width` px that starts signed in as Alice, on her dashboard. */
async function pageAt(width: number): Promise<Page> {
  const page = await signedInPage(browser, app, alice, { viewport: { width, height: 900 } });
  await page.goto(`${app.baseUrl}/dashboard`);
  return page;
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Whether the element lies wholly inside the viewport horizontally (and is rendered). */
async function inViewportX(page: Page, locator: ReturnType<Page['locator']>): Promise<boolean> {
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  return box !== null && box.width > 0 && box.x >= 0 && box.x + box.width <= width + 0.5;
}

const myStacks = (page: Page) => page.getByRole('list', { name: 'My Stacks' });

async function openLongStack(page: Page) {
  await expect(myStacks(page).getByRole('button', { name: new RegExp(LONG) })).toHaveCount(1);
  await myStacks(page).getByRole('button', { name: new RegExp(LONG) }).click();
  await expect(page.getByRole('heading', { name: LONG, level: 1 })).toBeVisible();
}

/** The position text of the ranking card showing `text`: its font size and whether it is shown whole. */
function positionText(page: Page, text: string) {
  return page
    .getByRole('list', { name: 'Your ranking' })
    .getByText(text, { exact: true })
    .evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        fontPx: parseFloat(style.fontSize),
        textOverflow: style.textOverflow,
        clipped: element.scrollWidth > element.clientWidth + 1,
        lines: Math.round(element.getBoundingClientRect().height / parseFloat(style.lineHeight)),
      };
    });
}

test.beforeAll(async ({ app: workerApp, browser: workerBrowser }) => {
  app = workerApp;
  browser = workerBrowser;
  alice = await registerAccount(app, ALICE, app.code);
  bob = await registerAccount(app, BOB, app.code);
  await befriend(app, alice, bob);
  const positions = (first: string) => [first, 'Pizza', 'Sushi', 'Tacos', 'Curry', 'Pasta'];
  // Names of different lengths, so cards in a row have different content.
  await api('POST', '/v1/stacks', bob.token, { name: 'Lunch', mode: 'friend', target_id: alice.id, positions: positions('Salad') });
  await api('POST', '/v1/stacks', bob.token, { name: 'Best breakfast in the whole town', mode: 'friend', target_id: alice.id, positions: positions('Toast') });
  await api('POST', '/v1/stacks', bob.token, { name: 'Films', mode: 'friend', target_id: alice.id, positions: positions('Heat') });
  await api('POST', '/v1/stacks', bob.token, { name: LONG, mode: 'friend', target_id: alice.id, positions: [LONG, 'Pizza', 'Sushi', 'Tacos', 'Curry', 'Pasta'] });
});

test.describe('at 375 px', () => {
  let page: Page;
  test.afterAll(async () => {
    await page?.context().close();
  });

  test('the dashboard with a 32-character unbroken stack name is no wider than the screen', async () => {
    page = await pageAt(375);
    await expect(myStacks(page).getByRole('button')).toHaveCount(4);
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    await shot(page, 'dashboard-375');
  });

  test('the page is the only scroll area: no scroll box around the stack list', async () => {
    const scrollers = await myStacks(page).evaluate((list) => {
      const found: string[] = [];
      for (let element = list.parentElement; element && element !== document.body; element = element.parentElement) {
        const overflow = getComputedStyle(element).overflowY;
        if (overflow === 'auto' || overflow === 'scroll') found.push(element.className);
      }
      return found;
    });
    expect(scrollers).toEqual([]);
  });

  test('the stack detail keeps the page width and its close buttons on screen; the position text wraps whole', async () => {
    await openLongStack(page);
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    expect(await inViewportX(page, page.getByRole('button', { name: 'Close', exact: true }))).toBe(true);
    const tabClose = page.getByRole('button', { name: 'Close MMMMMMMM' });
    expect(await tabClose.isVisible()).toBe(true);
    expect(await inViewportX(page, tabClose)).toBe(true);

    // 32 × 'M' does not fit the card even at 10 px: 10 px, wrapped, nothing cut off.
    const long = await positionText(page, LONG);
    expect(long.fontPx).toBe(10);
    expect(long.textOverflow).not.toBe('ellipsis');
    expect(long.clipped).toBe(false);
    expect(long.lines).toBeGreaterThanOrEqual(2);
    // A short position keeps the largest size.
    expect((await positionText(page, 'Pizza')).fontPx).toBe(16);
    await shot(page, 'stack-detail-375');
  });

  test('the tab that becomes active is scrolled into view', async () => {
    // Open more tabs than fit: bob's profile, then another stack.
    await page.getByRole('button', { name: BOB, exact: true }).first().click();
    await expect(page.getByRole('tab', { name: BOB })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Stacks' }).click();
    await myStacks(page).getByRole('button', { name: /Best breakfast/ }).click();
    const active = page.getByRole('tab', { name: 'Best bre' });
    await expect(active).toHaveAttribute('aria-selected', 'true');
    expect(await page.evaluate(() => document.querySelector('[data-testid="tab-bar"]')!.scrollWidth > 375)).toBe(true);
    await expect(async () => expect(await inViewportX(page, active)).toBe(true)).toPass();
    // Back to the first tab with the keyboard: it comes into view too.
    await active.focus();
    await page.keyboard.press('Home');
    await expect(async () => expect(await inViewportX(page, page.getByRole('tab', { name: 'Stacks' }))).toBe(true)).toPass();
    expect(await page.getByRole('tab', { name: 'Stacks' }).getAttribute('aria-selected')).toBe('true');
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
  });

  test('your own profile page shows you, without friend or block actions', async () => {
    await page.goto(`${app.baseUrl}/users/${alice.id}`);
    await expect(page.getByRole('heading', { name: ALICE, level: 1 })).toBeVisible();
    expect(await page.getByText('This is your profile.').isVisible()).toBe(true);
    for (const name of ['Friend User', 'Block', 'Unfriend']) expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
    expect(await page.getByText('Status: not friends').count()).toBe(0);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  });
});

test.describe('at 1280 px', () => {
  let page: Page;
  test.afterAll(async () => {
    await page?.context().close();
  });

  test('uses the width: four cards a row, all of a row the same height, with the time they were made', async () => {
    page = await pageAt(1280);
    await expect(myStacks(page).getByRole('button')).toHaveCount(4);
    const boxes = await myStacks(page)
      .getByRole('button')
      .evaluateAll((cards) => cards.map((card) => ({ top: Math.round(card.getBoundingClientRect().top), height: card.getBoundingClientRect().height })));
    expect(new Set(boxes.map((box) => box.top)).size).toBe(1);
    expect(new Set(boxes.map((box) => box.height)).size).toBe(1);
    expect(await myStacks(page).getByRole('button').first().textContent()).toMatch(/Created .*\d{1,2}:\d{2}/);
    await shot(page, 'dashboard-1280');
  });

  test('the stack detail with a long name', async () => {
    await openLongStack(page);
    expect(await pageWidth(page)).toBeLessThanOrEqual(1280);
    await shot(page, 'stack-detail-1280');
  });
});
