import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, launchBrowser, logIn as logInAs, newPage, registerAccount, skipTour, startApp, type RunningApp } from './harness';

/**
 * The groups journey against the dashboard with the groups screens mounted: Groups tab, Create New
 * Group, the group's tab, an invitation answered from the notifications panel, removal, retirement.
 * The accounts and their friendship are made through the REST API.
 */
let app: RunningApp;
let browser: Browser;
/** Alice owns the group; Bob is her friend. Each has a browser context of their own. */
let alice: Page;
let bob: Page;

const GROUP = 'E2E Chess Club';

/** Registers with the extra code over REST. */
const register = (username: string) => registerAccount(app, username, app.extraCode!);
const logIn = (page: Page, username: string) => logInAs(app, page, username);

const visible = (page: Page, text: string) => expect.poll(() => page.getByText(text, { exact: true }).first().isVisible(), { timeout: 10_000 }).toBe(true);
const groupHeading = (page: Page) => page.getByRole('heading', { name: GROUP, level: 1 });

async function openGroupFromTab(page: Page) {
  await page.getByRole('tab', { name: 'Groups' }).click();
  await page.getByRole('list', { name: 'My Groups' }).getByRole('button', { name: new RegExp(GROUP) }).click();
  await expect.poll(() => groupHeading(page).isVisible(), { timeout: 10_000 }).toBe(true);
}

beforeAll(async () => {
  app = await startApp({ extraCodeUses: 2 });
  const a = await register('e2e_alice');
  const b = await register('e2e_bob');
  await befriend(app, a, b);
  browser = await launchBrowser();
  alice = await newPage(browser);
  bob = await newPage(browser);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('groups in Chromium', () => {
  it('Alice creates a group from the Groups tab and its detail opens in a tab of its own', async () => {
    await logIn(alice, 'e2e_alice');
    await skipTour(alice);
    await alice.getByRole('tab', { name: 'Groups' }).click();
    await expect.poll(() => alice.getByRole('heading', { name: 'My Groups' }).isVisible()).toBe(true);
    await expect.poll(() => alice.getByRole('heading', { name: 'Public Groups' }).isVisible()).toBe(true);

    await alice.getByRole('button', { name: 'Add Group' }).click();
    const dialog = alice.getByRole('dialog', { name: 'Create New Group' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const add = dialog.getByRole('button', { name: 'Add', exact: true });
    expect(await add.isDisabled()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Public Group' }).isChecked()).toBe(true);
    await dialog.getByLabel('Group Name').fill(GROUP);
    await dialog.getByLabel('Description (optional)').fill('Openings, endgames and pizza');
    await add.click();

    await expect.poll(() => groupHeading(alice).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => alice.getByRole('tab').allTextContents()).toEqual(['Stacks', 'Groups', 'Users', GROUP]);
    await visible(alice, 'Owner: e2e_alice');
    await visible(alice, '1 member · 0 stacks');
    expect(await alice.getByRole('textbox', { name: 'Description' }).inputValue()).toBe('Openings, endgames and pizza');
    const members = alice.getByRole('list', { name: 'Members' }).getByRole('listitem');
    await expect.poll(() => members.allTextContents()).toEqual(['e2e_aliceOwner']);
    expect(await alice.getByRole('button', { name: 'Retire Group' }).isEnabled()).toBe(true);
  });

  it('Alice invites her friend Bob after confirming', async () => {
    // Bob is signed in before the invitation, with nothing unread: the invitation arrives live.
    await logIn(bob, 'e2e_bob');
    await skipTour(bob);

    await alice.getByRole('button', { name: 'Invite e2e_bob' }).click();
    const confirm = alice.getByRole('dialog', { name: 'Invite Friend' });
    await expect.poll(() => confirm.getByText(`Invite e2e_bob to join ${GROUP}?`).isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Yes, Invite' }).click();
    await visible(alice, 'Invitation sent');
    expect(await alice.getByRole('button', { name: 'Invited' }).isDisabled()).toBe(true);
  });

  it('Bob accepts the invitation in the notifications panel and finds the group in My Groups', async () => {
    // The invitation arrives live, mid-session: the envelope's badge shows it, and no panel opens
    // by itself over what Bob is doing (docs/decisions/0044-notifications-panel-at-session-start.md; it does so only when a session starts, spec 1 §2).
    const envelope = bob.getByRole('button', { name: /^Notifications/ });
    await expect.poll(() => envelope.getByTestId('unread-badge').textContent(), { timeout: 10_000 }).toBe('1');
    await expect.poll(() => envelope.getByTestId('request-dot').isVisible()).toBe(true);
    const panel = bob.getByRole('dialog', { name: 'Notifications' });
    expect(await panel.count()).toBe(0);
    await envelope.click();
    await expect.poll(() => panel.isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => panel.getByText(`e2e_alice invited you to join ${GROUP}.`).isVisible(), { timeout: 10_000 }).toBe(true);
    await panel.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => panel.getByText('Accepted', { exact: true }).isVisible()).toBe(true);
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => panel.count()).toBe(0);

    await openGroupFromTab(bob);
    await visible(bob, '2 members · 0 stacks');
    const members = bob.getByRole('list', { name: 'Members' }).getByRole('listitem');
    await expect.poll(() => members.allTextContents()).toEqual(['e2e_aliceOwner', 'e2e_bobMember']);
    expect(await bob.getByRole('button', { name: 'Leave Group' }).isVisible()).toBe(true);
    expect(await bob.getByRole('button', { name: 'Retire Group' }).count()).toBe(0);
  });

  it('Alice removes Bob, then retires the group', async () => {
    // A fresh page: the group tab shows the members as they are now.
    await alice.reload();
    await openGroupFromTab(alice);
    const members = alice.getByRole('list', { name: 'Members' }).getByRole('listitem');
    await expect.poll(() => members.allTextContents()).toEqual(['e2e_aliceOwner', 'e2e_bobMemberRemove']);
    expect(await alice.getByRole('button', { name: 'Retire Group' }).isDisabled()).toBe(true);
    await visible(alice, 'You can retire this group once you are its only member.');

    await alice.getByRole('button', { name: 'Remove e2e_bob' }).click();
    const confirm = alice.getByRole('dialog', { name: 'Remove Member' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Yes, Remove' }).click();
    await expect.poll(() => members.allTextContents()).toEqual(['e2e_aliceOwner']);
    await visible(alice, '1 member · 0 stacks');

    await alice.getByRole('button', { name: 'Retire Group' }).click();
    await alice.getByRole('dialog', { name: 'Retire Group' }).getByRole('button', { name: 'Yes, Retire' }).click();
    // The tab closes and the Groups tab comes back, without the group.
    await expect.poll(() => alice.getByRole('tab').allTextContents()).toEqual(['Stacks', 'Groups', 'Users']);
    await visible(alice, 'You are not in any groups yet. Join a public group or add your own.');
  });
});
