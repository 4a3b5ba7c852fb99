import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logIn as logInAs, newPage, registerAccount, skipTour, startApp, type RunningApp } from './harness';

let app: RunningApp;
let browser: Browser;
/** Ann and Ben, each in a browser context of their own. */
let ann: Page;
let ben: Page;
let annId: number;
let benId: number;


/** Registers through the REST API (POST /v1/users/register) and returns the new user's id. */
const register = async (username: string) => (await registerAccount(app, username, app.firstCode)).id;
const logIn = (page: Page, username: string) => logInAs(app, page, username);

const visible = (page: Page, text: string, exact = true) => expect.poll(() => page.getByText(text, { exact }).first().isVisible(), { timeout: 10_000 }).toBe(true);
const tabs = (page: Page) => page.getByRole('tab').allTextContents();

async function openUsersCard(page: Page, username: string) {
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('list', { name: 'Users' }).getByRole('button', { name: new RegExp(username) }).click();
  await expect.poll(() => page.getByRole('heading', { name: username }).isVisible()).toBe(true);
}

beforeAll(async () => {
  app = await startApp({ extraCodeUses: 5 });
  annId = await register('e2e_ann');
  benId = await register('e2e_ben');
  browser = await launchBrowser();
  ann = await newPage(browser);
  ben = await newPage(browser);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('friends, profiles, settings and blocks in Chromium', () => {
  it("Ann sends Ben a friend request from his profile tab", async () => {
    await logIn(ann, 'e2e_ann');
    await skipTour(ann);
    await ann.getByRole('tab', { name: 'Users' }).click();
    const cards = ann.getByRole('list', { name: 'Users' }).getByRole('listitem');
    await expect.poll(() => cards.allTextContents()).toEqual(['e2e_ann(me)No bio yet', 'e2e_benNo bio yetStatus: not friends']);

    await openUsersCard(ann, 'e2e_ben');
    expect(await tabs(ann)).toEqual(['Stacks', 'Groups', 'Users', 'e2e_ben']);
    await visible(ann, 'Status: not friends');
    // Ben has only registered: that was his first login (docs/decisions/0050-registration-is-first-login.md), so he does not look dormant.
    await visible(ann, 'Last Login: today');
    await ann.getByRole('button', { name: 'Friend User' }).click();
    await expect.poll(() => ann.getByRole('button', { name: 'Friend request sent' }).isDisabled()).toBe(true);
    await visible(ann, 'Status: pending');
  });

  it('Ben sees the red dot and accepts in the notifications panel, which opened by itself', async () => {
    await logIn(ben, 'e2e_ben');
    await skipTour(ben);
    const panel = ben.getByRole('dialog', { name: 'Notifications' });
    await expect.poll(() => panel.isVisible()).toBe(true);
    const envelope = ben.getByRole('button', { name: 'Notifications' });
    await expect.poll(() => envelope.getByTestId('request-dot').isVisible()).toBe(true);
    expect(await envelope.getByTestId('unread-badge').textContent()).toBe('1');

    await expect.poll(() => panel.getByText('e2e_ann sent you a friend request.').isVisible()).toBe(true);
    await panel.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => panel.getByText('Accepted', { exact: true }).isVisible()).toBe(true);
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => panel.count()).toBe(0);
    await expect.poll(() => envelope.getByTestId('request-dot').count()).toBe(0);
    await expect.poll(() => envelope.getByTestId('unread-badge').count()).toBe(0);

    await ben.getByRole('tab', { name: 'Users' }).click();
    await expect.poll(() => ben.getByRole('list', { name: 'Users' }).getByRole('listitem').allTextContents()).toEqual([
      'e2e_ben(me)No bio yet',
      'e2e_annNo bio yetStatus: friends',
    ]);
    // Once per session: a reload does not open it again.
    await ben.reload();
    await expect.poll(() => ben.getByRole('tab', { name: 'Stacks' }).isVisible()).toBe(true);
    await ben.waitForTimeout(500);
    expect(await ben.getByRole('dialog', { name: 'Notifications' }).count()).toBe(0);
  });

  it('Ben sets his bio, avatar and Telegram in Settings', async () => {
    await ben.getByRole('button', { name: 'Settings' }).click();
    await visible(ben, 'e2e_ben@e2e.test');

    await ben.getByLabel('Bio').fill('Ranks everything twice');
    await visible(ben, '22/120');
    await ben.getByRole('button', { name: 'Save Bio' }).click();
    await visible(ben, 'Bio updated successfully');

    await ben.getByRole('button', { name: 'Avatar 5' }).click();
    await visible(ben, 'Updated avatar');
    await expect.poll(() => ben.getByRole('button', { name: 'Avatar 5' }).getAttribute('aria-pressed')).toBe('true');

    await ben.getByRole('button', { name: 'Add', exact: true }).click();
    const modal = ben.getByRole('dialog', { name: 'Add Social' });
    await modal.getByLabel('Username').fill('x');
    await expect.poll(() => modal.getByRole('alert').textContent()).toContain('Invalid Telegram username.');
    await modal.getByLabel('Username').fill('@Ben_Ranks');
    await expect.poll(() => modal.getByTestId('social-link-preview').textContent()).toBe('https://t.me/ben_ranks');
    await modal.getByLabel('Visibility').selectOption('friends');
    await modal.getByRole('button', { name: 'Save' }).click();
    await visible(ben, 'Successfully saved: https://t.me/ben_ranks');
    await expect.poll(() => ben.getByRole('list', { name: 'My socials' }).textContent()).toContain('ben_ranks');
  });

  it("Ann sees Ben's bio, avatar and Telegram on his profile, as a tab and as a page", async () => {
    await ann.reload();
    await openUsersCard(ann, 'e2e_ben');
    await visible(ann, '“Ranks everything twice”');
    await visible(ann, 'Status: friends');
    await visible(ann, 'Last Login: today');
    expect(await ann.getByRole('img', { name: "e2e_ben's avatar" }).getAttribute('src')).toBe('/avatars/users/5/e2e_ben.svg');
    const telegram = ann.getByRole('list', { name: 'Socials' }).getByRole('link');
    expect(await telegram.getAttribute('href')).toBe('https://t.me/ben_ranks');
    expect(await telegram.getAttribute('target')).toBe('_blank');
    expect(await ann.getByRole('button', { name: 'Create Stack' }).isEnabled()).toBe(true);
    expect(await ann.getByRole('button', { name: 'Unfriend' }).isEnabled()).toBe(true);
    expect(await ann.getByRole('row', { name: /Friend Stacks/ }).textContent()).toContain('0');

    await ann.goto(`${app.baseUrl}/users/${benId}`);
    await expect.poll(() => ann.getByRole('heading', { name: 'e2e_ben' }).isVisible()).toBe(true);
    await visible(ann, '“Ranks everything twice”');
    await ann.getByRole('link', { name: 'Back to Dashboard' }).click();
    await ann.waitForURL('**/dashboard');
  });

  it('Ann blocks Ben: back on the Users tab, and each disappears for the other', async () => {
    await openUsersCard(ann, 'e2e_ben');
    await ann.getByRole('button', { name: 'Block' }).click();
    await visible(ann, 'This will block e2e_ben. This action cannot be undone.');
    await ann.getByRole('button', { name: 'Yes, Block' }).click();
    await expect.poll(() => ann.getByRole('tab', { name: 'Users' }).getAttribute('aria-selected')).toBe('true');
    expect(await tabs(ann)).toEqual(['Stacks', 'Groups', 'Users']);
    await expect.poll(() => ann.getByRole('list', { name: 'Users' }).getByRole('listitem').allTextContents()).toEqual(['e2e_ann(me)No bio yet']);

    await ben.reload();
    await ben.getByRole('tab', { name: 'Users' }).click();
    await expect.poll(() => ben.getByRole('list', { name: 'Users' }).getByRole('listitem').allTextContents()).toEqual(['e2e_ben(me)Ranks everything twice']);
    await ben.goto(`${app.baseUrl}/users/${annId}`);
    await visible(ben, 'User not found');
  });

  it('runs the six-step tour for a new user: Next → … Done', async () => {
    await register('e2e_cat');
    const cat = await newPage(browser);
    await logIn(cat, 'e2e_cat');
    const tour = cat.getByRole('dialog', { name: 'Welcome to Stacks!' });
    await expect.poll(() => tour.isVisible()).toBe(true);
    const steps: [string, string | null][] = [
      ['Add friends', 'Users'],
      ['Join groups', 'Groups'],
      ['Your stacks', 'Stacks'],
      ['Notifications', null],
      ['Make it yours', null],
    ];
    for (const [index, [title, tab]] of steps.entries()) {
      await cat.getByRole('button', { name: 'Next →' }).click();
      await expect.poll(() => cat.getByRole('dialog', { name: title }).isVisible()).toBe(true);
      expect(await cat.getByText(/^Step \d of 6$/).textContent()).toBe(`Step ${index + 2} of 6`);
      // The step's view is an address now (docs/addresses.md), applied with the router's next render.
      if (tab) await expect.poll(() => cat.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true');
    }
    // The last step shows settings, where bio, avatar and socials are.
    await expect.poll(() => cat.getByRole('heading', { name: 'Settings' }).isVisible()).toBe(true);
    await cat.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => cat.getByText(/^Step \d of 6$/).count()).toBe(0);
    expect(await cat.evaluate(() => localStorage.getItem('onboarding_completed'))).toBe('true');
    await cat.reload();
    await expect.poll(() => cat.getByRole('tab', { name: 'Stacks' }).isVisible()).toBe(true);
    await cat.waitForTimeout(500);
    expect(await cat.getByText(/^Step \d of 6$/).count()).toBe(0);
  });
});
