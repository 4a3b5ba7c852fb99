import type { Browser, Page } from '@playwright/test';
import { befriend, expect, registerAccount, signedInPage, test, uniqueName, type Account, type WorkerApp } from './fixtures';

/**
 * The groups journey against the dashboard with the groups screens mounted: Groups tab, Create New
 * Group, the group's tab, an invitation answered from the notifications panel, removal, retirement.
 * The accounts and their friendship are made through the REST API.
 */
let app: WorkerApp;
let browser: Browser;
/** Alice owns the group; Bob is her friend. Each has a browser context of their own. */
let alice: Page;
let bob: Page;
let aliceAccount: Account;
let bobAccount: Account;

const ALICE = uniqueName('e2e_alice');
const BOB = uniqueName('e2e_bob');

const GROUP = 'E2E Chess Club';

/** Registers with the worker's code over REST. */
const register = (username: string) => registerAccount(app, username, app.code);

test.describe.configure({ mode: 'serial' });

const visible = (page: Page, text: string) => expect(page.getByText(text, { exact: true }).first()).toBeVisible();
const groupHeading = (page: Page) => page.getByRole('heading', { name: GROUP, level: 1 });

async function openGroupFromTab(page: Page) {
  await page.getByRole('tab', { name: 'Groups' }).click();
  await page.getByRole('list', { name: 'My Groups' }).getByRole('button', { name: new RegExp(GROUP) }).click();
  await expect(groupHeading(page)).toBeVisible();
}

test.beforeAll(async ({ app: workerApp, browser: workerBrowser }) => {
  app = workerApp;
  browser = workerBrowser;
  aliceAccount = await register(ALICE);
  bobAccount = await register(BOB);
  await befriend(app, aliceAccount, bobAccount);
  alice = await signedInPage(browser, app, aliceAccount);
  bob = await signedInPage(browser, app, bobAccount);
});
test.afterAll(async () => {
  await alice?.context().close();
  await bob?.context().close();
});

test.describe('groups in Chromium', () => {
  test('Alice creates a group from the Groups tab and its detail opens in a tab of its own', async () => {
    await alice.goto(`${app.baseUrl}/dashboard`);
    await alice.getByRole('tab', { name: 'Groups' }).click();
    await expect(alice.getByRole('heading', { name: 'My Groups' })).toBeVisible();
    await expect(alice.getByRole('heading', { name: 'Public Groups' })).toBeVisible();

    await alice.getByRole('button', { name: 'Add Group' }).click();
    const dialog = alice.getByRole('dialog', { name: 'Create New Group' });
    await expect(dialog).toBeVisible();
    const add = dialog.getByRole('button', { name: 'Add', exact: true });
    expect(await add.isDisabled()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Public Group' }).isChecked()).toBe(true);
    await dialog.getByLabel('Group Name').fill(GROUP);
    await dialog.getByLabel('Description (optional)').fill('Openings, endgames and pizza');
    await add.click();

    await expect(groupHeading(alice)).toBeVisible();
    await expect(alice.getByRole('tab')).toHaveText(['Stacks', 'Groups', 'Users', GROUP]);
    await visible(alice, `Owner: ${ALICE}`);
    await visible(alice, '1 member · 0 stacks');
    expect(await alice.getByRole('textbox', { name: 'Description' }).inputValue()).toBe('Openings, endgames and pizza');
    const members = alice.getByRole('list', { name: 'Members' }).getByRole('listitem');
    await expect(members).toHaveText([`${ALICE}Owner`]);
    expect(await alice.getByRole('button', { name: 'Retire Group' }).isEnabled()).toBe(true);
  });

  test('Alice invites her friend Bob after confirming', async () => {
    // Bob is signed in before the invitation, with nothing unread: the invitation arrives live.
    await bob.goto(`${app.baseUrl}/dashboard`);
    await expect(bob.getByRole('tab', { name: 'Stacks' })).toBeVisible();

    await alice.getByRole('button', { name: `Invite ${BOB}` }).click();
    const confirm = alice.getByRole('dialog', { name: 'Invite Friend' });
    await expect(confirm.getByText(`Invite ${BOB} to join ${GROUP}?`)).toBeVisible();
    await confirm.getByRole('button', { name: 'Yes, Invite' }).click();
    await visible(alice, 'Invitation sent');
    expect(await alice.getByRole('button', { name: 'Invited' }).isDisabled()).toBe(true);
  });

  test('Bob accepts the invitation in the notifications panel and finds the group in My Groups', async () => {
    // The invitation arrives live, mid-session: the envelope's badge shows it, and no panel opens
    // by itself over what Bob is doing (docs/decisions/0044-notifications-panel-at-session-start.md; it does so only when a session starts, spec 1 §2).
    const envelope = bob.getByRole('button', { name: /^Notifications/ });
    await expect(envelope.getByTestId('unread-badge')).toHaveText('1');
    await expect(envelope.getByTestId('request-dot')).toBeVisible();
    const panel = bob.getByRole('dialog', { name: 'Notifications' });
    expect(await panel.count()).toBe(0);
    await envelope.click();
    await expect(panel).toBeVisible();
    await expect(panel.getByText(`${ALICE} invited you to join ${GROUP}.`)).toBeVisible();
    await panel.getByRole('button', { name: 'Accept' }).click();
    await expect(panel.getByText('Accepted', { exact: true })).toBeVisible();
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toHaveCount(0);

    await openGroupFromTab(bob);
    await visible(bob, '2 members · 0 stacks');
    const members = bob.getByRole('list', { name: 'Members' }).getByRole('listitem');
    await expect(members).toHaveText([`${ALICE}Owner`, `${BOB}Member`]);
    expect(await bob.getByRole('button', { name: 'Leave Group' }).isVisible()).toBe(true);
    expect(await bob.getByRole('button', { name: 'Retire Group' }).count()).toBe(0);
  });

  test('Alice removes Bob, then retires the group', async () => {
    // A fresh page: the group tab shows the members as they are now.
    await alice.reload();
    await openGroupFromTab(alice);
    const members = alice.getByRole('list', { name: 'Members' }).getByRole('listitem');
    await expect(members).toHaveText([`${ALICE}Owner`, `${BOB}MemberRemove`]);
    expect(await alice.getByRole('button', { name: 'Retire Group' }).isDisabled()).toBe(true);
    await visible(alice, 'You can retire this group once you are its only member.');

    await alice.getByRole('button', { name: `Remove ${BOB}` }).click();
    const confirm = alice.getByRole('dialog', { name: 'Remove Member' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Yes, Remove' }).click();
    await expect(members).toHaveText([`${ALICE}Owner`]);
    await visible(alice, '1 member · 0 stacks');

    await alice.getByRole('button', { name: 'Retire Group' }).click();
    await alice.getByRole('dialog', { name: 'Retire Group' }).getByRole('button', { name: 'Yes, Retire' }).click();
    // The tab closes and the Groups tab comes back, without the group.
    await expect(alice.getByRole('tab')).toHaveText(['Stacks', 'Groups', 'Users']);
    await visible(alice, 'You are not in any groups yet. Join a public group or add your own.');
  });
});
