import type { Browser, Page } from '@playwright/test';
import { expect, logIn as logInAs, newPage, registerAccount, signedInPage, skipTour, test, type Account } from './fixtures';
import { startApp, type LocalApp } from './servers';

/*
 * Friends, profiles, settings and blocks on an app of its own: the Users tab lists every account
 * of the app, and the assertions read the whole list.
 */
let app: LocalApp;
let browser: Browser;
/** Ann and Ben, each in a browser context of their own. */
let ann: Page;
let ben: Page;
let annId: number;
let benId: number;


/** Registers through the REST API (POST /v1/users/register). */
const register = (username: string) => registerAccount(app, username, app.firstCode);

test.describe.configure({ mode: 'serial' });
const logIn = (page: Page, username: string) => logInAs(app, page, username);

const visible = (page: Page, text: string, exact = true) => expect(page.getByText(text, { exact }).first()).toBeVisible();
const tabs = (page: Page) => page.getByRole('tab').allTextContents();

async function openUsersCard(page: Page, username: string) {
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('list', { name: 'Users' }).getByRole('button', { name: new RegExp(username) }).click();
  await expect(page.getByRole('heading', { name: username })).toBeVisible();
}

test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
  app = await startApp({ extraCodeUses: 5 });
  const annAccount: Account = await register('e2e_ann');
  annId = annAccount.id;
  benId = (await register('e2e_ben')).id;
  ann = await signedInPage(browser, app, annAccount);
  ben = await newPage(browser);
});
test.afterAll(async () => {
  for (const page of [ann, ben]) await page?.context().close();
  await app?.stop();
});

test.describe('friends, profiles, settings and blocks in Chromium', () => {
  test("Ann sends Ben a friend request from his profile tab", async () => {
    await ann.goto(`${app.baseUrl}/dashboard`);
    await ann.getByRole('tab', { name: 'Users' }).click();
    const cards = ann.getByRole('list', { name: 'Users' }).getByRole('listitem');
    await expect(cards).toHaveText(['e2e_ann(me)No bio yet', 'e2e_benNo bio yetStatus: not friends']);

    await openUsersCard(ann, 'e2e_ben');
    expect(await tabs(ann)).toEqual(['Stacks', 'Groups', 'Users', 'e2e_ben']);
    await visible(ann, 'Status: not friends');
    // Ben has only registered: that was his first login (docs/decisions/0050-registration-is-first-login.md), so he does not look dormant.
    await visible(ann, 'Last Login: today');
    await ann.getByRole('button', { name: 'Friend User' }).click();
    await expect(ann.getByRole('button', { name: 'Friend request sent' })).toBeDisabled();
    await visible(ann, 'Status: pending');
  });

  test('Ben sees the red dot and accepts in the notifications panel, which opened by itself', async () => {
    await logIn(ben, 'e2e_ben');
    await skipTour(ben);
    const panel = ben.getByRole('dialog', { name: 'Notifications' });
    await expect(panel).toBeVisible();
    const envelope = ben.getByRole('button', { name: 'Notifications' });
    await expect(envelope.getByTestId('request-dot')).toBeVisible();
    expect(await envelope.getByTestId('unread-badge').textContent()).toBe('1');

    await expect(panel.getByText('e2e_ann sent you a friend request.')).toBeVisible();
    await panel.getByRole('button', { name: 'Accept' }).click();
    await expect(panel.getByText('Accepted', { exact: true })).toBeVisible();
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toHaveCount(0);
    await expect(envelope.getByTestId('request-dot')).toHaveCount(0);
    await expect(envelope.getByTestId('unread-badge')).toHaveCount(0);

    await ben.getByRole('tab', { name: 'Users' }).click();
    await expect(ben.getByRole('list', { name: 'Users' }).getByRole('listitem')).toHaveText([
      'e2e_ben(me)No bio yet',
      'e2e_annNo bio yetStatus: friends',
    ]);
    // Once per session: a reload does not open it again.
    await ben.reload();
    await expect(ben.getByRole('tab', { name: 'Stacks' })).toBeVisible();
    await ben.waitForTimeout(500);
    expect(await ben.getByRole('dialog', { name: 'Notifications' }).count()).toBe(0);
  });

  test('Ben sets his bio, avatar and Telegram in Settings', async () => {
    await ben.getByRole('button', { name: 'Settings' }).click();
    await visible(ben, 'e2e_ben@e2e.test');

    await ben.getByLabel('Bio').fill('Ranks everything twice');
    await visible(ben, '22/120');
    await ben.getByRole('button', { name: 'Save Bio' }).click();
    await visible(ben, 'Bio updated successfully');

    await ben.getByRole('button', { name: 'Avatar 5' }).click();
    await visible(ben, 'Updated avatar');
    await expect(ben.getByRole('button', { name: 'Avatar 5' })).toHaveAttribute('aria-pressed', 'true');

    await ben.getByRole('button', { name: 'Add', exact: true }).click();
    const modal = ben.getByRole('dialog', { name: 'Add Social' });
    await modal.getByLabel('Username').fill('x');
    await expect(modal.getByRole('alert')).toContainText('Invalid Telegram username.');
    await modal.getByLabel('Username').fill('@Ben_Ranks');
    await expect(modal.getByTestId('social-link-preview')).toHaveText('https://t.me/ben_ranks');
    await modal.getByLabel('Visibility').selectOption('friends');
    await modal.getByRole('button', { name: 'Save' }).click();
    await visible(ben, 'Successfully saved: https://t.me/ben_ranks');
    await expect(ben.getByRole('list', { name: 'My socials' })).toContainText('ben_ranks');
  });

  test("Ann sees Ben's bio, avatar and Telegram on his profile, as a tab and as a page", async () => {
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
    await expect(ann.getByRole('heading', { name: 'e2e_ben' })).toBeVisible();
    await visible(ann, '“Ranks everything twice”');
    await ann.getByRole('link', { name: 'Back to Dashboard' }).click();
    await ann.waitForURL('**/dashboard');
  });

  test('Ann blocks Ben: back on the Users tab, and each disappears for the other', async () => {
    await openUsersCard(ann, 'e2e_ben');
    await ann.getByRole('button', { name: 'Block' }).click();
    await visible(ann, 'This will block e2e_ben. This action cannot be undone.');
    await ann.getByRole('button', { name: 'Yes, Block' }).click();
    await expect(ann.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    expect(await tabs(ann)).toEqual(['Stacks', 'Groups', 'Users']);
    await expect(ann.getByRole('list', { name: 'Users' }).getByRole('listitem')).toHaveText(['e2e_ann(me)No bio yet']);

    await ben.reload();
    await ben.getByRole('tab', { name: 'Users' }).click();
    await expect(ben.getByRole('list', { name: 'Users' }).getByRole('listitem')).toHaveText(['e2e_ben(me)Ranks everything twice']);
    await ben.goto(`${app.baseUrl}/users/${annId}`);
    await visible(ben, 'User not found');
  });

  test('runs the six-step tour for a new user: Next → … Done', async () => {
    await register('e2e_cat');
    const cat = await newPage(browser);
    await logIn(cat, 'e2e_cat');
    const tour = cat.getByRole('dialog', { name: 'Welcome to Stacks!' });
    await expect(tour).toBeVisible();
    const steps: [string, string | null][] = [
      ['Add friends', 'Users'],
      ['Join groups', 'Groups'],
      ['Your stacks', 'Stacks'],
      ['Notifications', null],
      ['Make it yours', null],
    ];
    for (const [index, [title, tab]] of steps.entries()) {
      await cat.getByRole('button', { name: 'Next →' }).click();
      await expect(cat.getByRole('dialog', { name: title })).toBeVisible();
      expect(await cat.getByText(/^Step \d of 6$/).textContent()).toBe(`Step ${index + 2} of 6`);
      // The step's view is an address now (docs/addresses.md), applied with the router's next render.
      if (tab) await expect(cat.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    }
    // The last step shows settings, where bio, avatar and socials are.
    await expect(cat.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await cat.getByRole('button', { name: 'Done' }).click();
    await expect(cat.getByText(/^Step \d of 6$/)).toHaveCount(0);
    expect(await cat.evaluate(() => localStorage.getItem('onboarding_completed'))).toBe('true');
    await cat.reload();
    await expect(cat.getByRole('tab', { name: 'Stacks' })).toBeVisible();
    await cat.waitForTimeout(500);
    expect(await cat.getByText(/^Step \d of 6$/).count()).toBe(0);
    await cat.context().close();
  });
});
