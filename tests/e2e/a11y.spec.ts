import type { BrowserContext, Locator, Page } from '@playwright/test';
import { generate } from 'otplib';
import { axeViolations, befriend, callApi, E2E_PASSWORD, expect, linkFromOutbox, logIn, makeAdmin, newPage, registerAccount, signedInPage, skipTour, test, uniqueName, type Account, type WorkerApp } from './fixtures';

/**
 * axe-core over every screen of the app (docs/decisions/0009-accessibility-checked-by-axe.md): each state is scanned in the light and in the
 * dark theme, at 1280 px and, for the key screens, at 375 px, and must have no critical or serious
 * violation of WCAG 2.0/2.1/2.2 A and AA. Each test walks its part of the app as Alice (an admin,
 * so every stack action shows) in a world of its own, made beforehand through the REST API and the
 * admin API on the worker's app (served as localhost: the passkeys in Settings need a host name,
 * WebAuthn refuses an IP address), so the tests run in parallel.
 */
let app: WorkerApp;
let context: BrowserContext;
let page: Page;

/** Alice, Bob, Carol and Dave of one test's world, with names of their own; Erin has two-factor sign-in on. */
let alice: Account;
let bob: Account;
let carol: Account;
let dave: Account;
let erin: Account;
let botId: number;
/** The bot's name and the report's note in this test's world (the worker's app lists every world's). */
let quizbot: string;
let reportNote: string;

const THEMES = ['light', 'dark'] as const;
const POSITIONS = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'];
const GROUP = 'A11y Movie Club';
const SOLO_GROUP = 'A11y Solo Club';
const BOB_GROUP = 'A11y Chess Club';

const api = <T,>(method: string, path: string, token?: string, body?: unknown) => callApi<T>(app, method, path, token, body);

async function createGroup(owner: Account, name: string): Promise<number> {
  const { id } = await api<{ id: number }>('POST', '/v1/groups', owner.token, { name, description: 'Films, snacks and long talks', is_public: false, is_restricted: false, is_readonly: false });
  return id;
}

async function joinByInvitation(owner: Account, member: Account, group: number) {
  await api('POST', `/v1/groups/${group}/invite/${member.id}`, owner.token);
  const invitations = await api<{ id: number }[]>('GET', '/v1/users/groups/requests?type=incoming', member.token);
  await api('PUT', `/v1/users/groups/requests/${invitations[0].id}`, member.token, { status: 'ACCEPTED' });
}

async function createStack(owner: Account, name: string, audience: { mode: 'friend' | 'group'; target_id: number }): Promise<number> {
  const { id } = await api<{ id: number }>('POST', '/v1/stacks', owner.token, { name, ...audience, positions: POSITIONS });
  return id;
}

const answer = (account: Account, id: number, order = [0, 1, 2, 3, 4, 5]) => api('POST', `/v1/stacks/${id}/complete`, account.token, { position_ids: order });


/**
 * One test's world: five accounts, friendships, three groups, the stacks that give every banner, a
 * friend request, a report, a bot that posted to Alice's group, and Alice an admin. `recovery`
 * also asks for a reset link for Carol (recovery mails are throttled per IP: only the test that
 * scans the reset page asks).
 */
async function makeWorld({ recovery = false } = {}) {
  const suffix = uniqueName('').slice(1);
  quizbot = `Quizbot${suffix}`;
  reportNote = `Sends the same link to everyone (${suffix})`;
  const register = (name: string) => registerAccount(app, `a11y_${name}${suffix}`, app.code);
  [alice, bob, carol, dave, erin] = await Promise.all(['alice', 'bob', 'carol', 'dave', 'erin'].map(register));
  // Erin has two-factor sign-in on: her password login asks for a code (docs/two-factor.md).
  const { secret } = await api<{ secret: string }>('POST', '/v1/users/me/two-factor/setup', erin.token);
  await api('POST', '/v1/users/me/two-factor/confirm', erin.token, { code: await generate({ secret }) });
  await befriend(app, alice, bob);
  await befriend(app, alice, carol);
  await befriend(app, bob, carol);

  const club = await createGroup(alice, GROUP);
  await joinByInvitation(alice, bob, club);
  await joinByInvitation(alice, carol, club);
  await createGroup(alice, SOLO_GROUP);
  const chess = await createGroup(bob, BOB_GROUP);
  await joinByInvitation(bob, alice, chess);

  // Yellow: a new stack from Bob; also the friend stack Alice answers in the browser.
  await createStack(bob, 'Worst chores', { mode: 'friend', target_id: alice.id });
  // Green: Alice answered, Bob's answer is unseen. Bob twists it: a purple card, yellow banner.
  const plans = await createStack(alice, 'Weekend plans', { mode: 'friend', target_id: bob.id });
  await answer(alice, plans);
  await answer(bob, plans, [1, 0, 2, 3, 4, 5]);
  const twist = await api<{ id: number }>('POST', '/v1/twisted_stacks', bob.token, { stack_id: plans, twist_description: 'On a rainy day' });
  await api('POST', `/v1/twisted_stacks/${twist.id}/complete`, bob.token, { position_ids: [5, 4, 3, 2, 1, 0] });
  // Orange: Alice has seen everything but a new comment from Carol.
  const songs = await createStack(alice, 'Road trip songs', { mode: 'friend', target_id: carol.id });
  await answer(alice, songs);
  await answer(carol, songs, [5, 4, 3, 2, 1, 0]);
  await api('POST', `/v1/stacks/${songs}/viewed`, alice.token);
  await api('POST', `/v1/stacks/${songs}/comments`, carol.token, { description: 'Track 3 forever' });
  // A group stack all three answered: the consensus, and Twist, Sandbox and Hide Stack for Users.
  const picks = await createStack(alice, 'Group picks', { mode: 'group', target_id: club });
  await answer(alice, picks);
  await answer(bob, picks, [1, 0, 2, 3, 4, 5]);
  await answer(carol, picks, [1, 0, 2, 3, 5, 4]);
  await api('POST', `/v1/stacks/${picks}/viewed`, alice.token);
  // A fresh stack nobody else answered: Alice may still edit it.
  await createStack(alice, 'Fresh idea', { mode: 'friend', target_id: bob.id });
  // Notifications: a friend request from Dave.
  await api('POST', '/v1/users/friends/requests', dave.token, { user_id: alice.id });
  // The admins' Reports queue holds one open report (docs/reports.md).
  await api('POST', '/v1/reports', bob.token, { target_type: 'user', target_id: carol.id, reason: 'spam', note: reportNote });
  // A reset link in the outbox (the verification links are there from the registrations).
  if (recovery) await api('POST', '/v1/auth/recovery', undefined, { email: `${carol.username}@e2e.test` });

  // Alice becomes an admin; a bot posts to her group (a bot stack nobody answered: Delete shows).
  await makeAdmin(app, alice);
  const bot = await api<{ id: number }>('POST', '/v1/admin/bots', app.root.token, {
    name: quizbot,
    bio: 'Daily dilemmas',
    avatar_id: 3,
    owner_id: alice.id,
    audience: { type: 'group', group_id: club },
    tags: ['pizza', 'movies (horror)', 'cats'],
  });
  botId = bot.id;
  await api('POST', `/v1/admin/bots/${botId}/run`, app.root.token, {});
}

/**
 * The test's browser page at 1280 px: signed in as `as` (the tour done, the notifications panel
 * already shown this session), or signed out. Transitions and animations are off: axe measures
 * colours as they end, not halfway through a fade.
 */
async function open(browser: Parameters<typeof newPage>[0], as?: Account) {
  const options = { viewport: { width: 1280, height: 900 } };
  page = as ? await signedInPage(browser, app, as, options) : await newPage(browser, options);
  context = page.context();
  await context.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
      document.head.append(style);
    });
  });
  if (as) await context.addInitScript((id: number) => sessionStorage.setItem(`notifications_auto_shown_${id}`, 'true'), as.id);
}

test.beforeEach(async ({ app: workerApp }) => {
  app = workerApp;
  problems = [];
});
test.afterEach(async () => {
  await context?.close();
});
test.afterAll(() => {
  console.log(`axe-core: ${scanned} page states scanned, each in ${THEMES.length} themes`);
});

// ---- scanning ----------------------------------------------------------------------------------

/** Every critical or serious violation found so far, one readable entry each. */
let problems: string[] = [];
/** How many page states were scanned (each in both themes), printed at the end. */
let scanned = 0;

/**
 * Applies a saved theme choice as the app does (spec 1 §4): the choice lives in local storage under
 * 'theme', and applyTheme sets data-theme and the dark class on <html> from it.
 */
async function setTheme(theme: (typeof THEMES)[number]) {
  await page.evaluate((value) => {
    localStorage.setItem('theme', value);
    document.documentElement.dataset.theme = value;
    document.documentElement.classList.toggle('dark', value === 'dark');
    window.dispatchEvent(new Event('themechange'));
  }, theme);
}

/** Runs axe on the page as it is now, in both themes; records critical and serious violations. */
async function scan(label: string) {
  const width = page.viewportSize()?.width;
  scanned += 1;
  for (const theme of THEMES) {
    await setTheme(theme);
    for (const violation of await axeViolations(page)) {
      const nodes = violation.targets.map((target, i) => `    ${target}\n      ${violation.summaries[i].replace(/\n/g, '\n      ')}`).join('\n');
      problems.push(`[${label} · ${theme} · ${width}px] ${violation.id} (${violation.impact}): ${violation.help}\n${nodes}`);
    }
  }
}

/** Fails the test with every recorded violation (ids, targets and summaries), then starts afresh. */
function expectNoViolations() {
  const found = problems;
  problems = [];
  expect(found.length === 0 ? 'no violations' : `${found.length} violations:\n\n${found.join('\n\n')}`).toBe('no violations');
}

// ---- navigation --------------------------------------------------------------------------------

const visible = (locator: Locator) => expect(locator.first()).toBeVisible();
const gone = (locator: Locator) => expect(locator).toHaveCount(0);
const dialog = (name: string) => page.getByRole('dialog', { name });
const button = (name: string | RegExp, where: Page | Locator = page) => where.getByRole('button', { name, exact: typeof name === 'string' });
const myStacks = () => page.getByRole('list', { name: 'My Stacks' });
/** The card of the stack called `name` (a twisted card: `name (twisted)`), told by its title and its 'Twisted by' line. */
function card(name: string) {
  const twisted = name.endsWith(' (twisted)');
  const title = twisted ? name.slice(0, -' (twisted)'.length) : name;
  const cards = myStacks().getByRole('button').filter({ has: page.getByText(title, { exact: true }) });
  return twisted ? cards.filter({ hasText: 'Twisted by' }) : cards.filter({ hasNotText: 'Twisted by' });
}

async function tab(name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
}

/** The Stacks tab of a freshly loaded dashboard. */
async function stacksTab() {
  await page.goto(`${app.baseUrl}/dashboard`);
  await visible(page.getByRole('heading', { name: 'My Stacks' }));
}

async function openCard(name: string) {
  await visible(card(name));
  await card(name).click();
  await visible(page.getByRole('heading', { name, level: 1 }));
}

/** The login form filled in for `username` and sent: for an account with two-factor sign-in on, the code step follows. */
async function passwordStep(username: string) {
  await page.goto(`${app.baseUrl}/login`);
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await button('Login').click();
  await visible(page.getByLabel('Code'));
}

/** Opens a dialog with `opener`, scans it, and closes it with its Cancel (or Close) button. */
async function scanDialog(opener: Locator, name: string, label = `dialog ${name}`, close = 'Cancel') {
  await opener.click();
  const box = dialog(name);
  await visible(box);
  await scan(label);
  await button(close, box).click();
  await gone(box);
}

test.describe('axe-core: no critical or serious violations, light and dark', () => {
  test('the pages for visitors: login, register, reset, verify, registration complete, legal pages', async ({ browser }) => {
    await makeWorld({ recovery: true });
    await open(browser);
    await page.goto(`${app.baseUrl}/login`);
    await visible(page.getByRole('heading', { name: 'Login' }));
    await scan('login');
    await page.getByLabel('Username or email').fill(alice.username);
    await page.getByLabel('Password').fill('wrong password');
    await button('Login').click();
    await visible(page.getByText('Incorrect username/email or password'));
    await scan('login with an error');
    await passwordStep(erin.username);
    await scan('login: the code step');
    await page.getByLabel('Code').fill('000000');
    await button('Verify').click();
    await visible(page.getByText('Incorrect code'));
    await scan('login: the code step with an error');
    await button('Back').click();
    await visible(button('Sign in with a passkey'));

    await page.goto(`${app.baseUrl}/register`);
    await visible(page.getByRole('heading', { name: 'Create Your Account' }));
    await scan('register');
    await button('Create Account').click();
    await visible(page.getByText('Username is required'));
    await scan('register with errors');

    await page.goto(`${app.baseUrl}/reset-password`);
    await visible(page.getByLabel(/email/i));
    await scan('reset: request a link');
    await page.goto(linkFromOutbox(app.dataDir, `${carol.username}@e2e.test`, '/reset-password'));
    await visible(page.getByLabel('Confirm Password'));
    await scan('reset: choose a new password');

    const verify = linkFromOutbox(app.dataDir, `${dave.username}@e2e.test`, '/verify-email');
    await page.goto(verify);
    await visible(page.getByRole('heading', { name: 'Email Verified Successfully!' }));
    await scan('verify: success');
    await page.goto(verify);
    await visible(page.getByRole('heading', { name: 'Verification Failed' }));
    await scan('verify: failure');

    await page.goto(`${app.baseUrl}/registration-complete`);
    await visible(page.getByText("You've been signed up successfully."));
    await scan('registration complete');

    for (const [path, heading] of [
      ['/terms-of-service', /Terms/],
      ['/rules', /Rules/],
    ] as const) {
      await page.goto(`${app.baseUrl}${path}`);
      await visible(page.getByRole('heading', { name: heading }));
      await scan(path);
    }

    // A notification mail's unsubscribe link (docs/notification-settings.md): the page, then a refusal.
    await page.goto(`${app.baseUrl}/unsubscribe/not.a.token`);
    await visible(page.getByRole('heading', { name: 'Unsubscribe from e-mails' }));
    await scan('unsubscribe');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await visible(page.getByRole('alert'));
    await scan('unsubscribe: refused');
    expectNoViolations();
  });

  test('the first login: tour card, notifications panel with items, My Stacks with every banner, the list dialogs', async ({ browser }) => {
    await makeWorld();
    await open(browser);
    // A theme choice saved before (as the scans leave one), read at the next start-up.
    await page.goto(`${app.baseUrl}/login`);
    await setTheme('dark');
    await logIn(app, page, alice.username);
    // The saved theme choice (dark, left by the last scan) is read at start-up.
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await visible(button('Skip'));
    await scan('tour card');
    await skipTour(page);

    const panel = dialog('Notifications');
    if (!(await panel.isVisible())) await button(/^Notifications/).click();
    await visible(panel.getByText(`${dave.username} sent you a friend request.`));
    await scan('notifications panel');
    await button('Close', panel).click();
    await gone(panel);

    await stacksTab();
    await visible(card('Worst chores'));
    await visible(card('Weekend plans (twisted)'));
    await visible(card('Road trip songs'));
    // The banners as the brief lists them: yellow, green, orange, and a purple twisted card.
    await visible(myStacks().getByText('New stack!'));
    await visible(myStacks().getByText(`New response(s) from ${bob.username}`));
    await visible(myStacks().getByText('New comments!'));
    await visible(myStacks().getByText('New twisted stack!'));
    // A card is read as it is seen: its banner, its name, and who it is with.
    await visible(myStacks().getByRole('button', { name: new RegExp(`^New stack! Worst chores Friend stack with ${bob.username} Created `) }));
    await scan('stacks tab');

    await scanDialog(button('Add Friend Stack'), 'New Friend Stack');
    await scanDialog(button('Add Group Stack'), 'New Group Stack');
    await scanDialog(button('Hide New Stacks'), 'Hide New Stacks?');
    await scanDialog(button('Clear Updates'), 'Clear Updates?');
    expectNoViolations();
  });

  test('stacks: a friend stack before and after answering, edit and hide; a group stack with consensus; a twisted stack; a bot stack and its bot', async ({ browser }) => {
    await makeWorld();
    await open(browser, alice);
    await stacksTab();
    await openCard('Worst chores');
    await visible(page.getByRole('list', { name: 'Your ranking' }));
    await scan('friend stack before answering');
    await button('Submit').click();
    await visible(page.getByRole('heading', { name: 'Responses' }));
    await scan('friend stack after answering');
    await scanDialog(button('Hide'), 'Are you sure?', 'dialog Hide');

    await stacksTab();
    await openCard('Road trip songs');
    await visible(page.getByRole('list', { name: 'Comments' }).getByText('Track 3 forever'));
    await scan('friend stack with a comment');

    await stacksTab();
    await openCard('Fresh idea');
    await button('Edit').click();
    await scanDialog(button('Edit', dialog('Edit Stack?')), 'Edit Friend Stack', 'dialog Edit Friend Stack');

    await stacksTab();
    await openCard('Group picks');
    await visible(page.getByRole('article', { name: 'Group Consensus' }));
    await scan('group stack with consensus');
    await scanDialog(button('Twist Stack'), 'Twist Stack');
    await scanDialog(button('Sandbox'), 'Sandbox Stack?');
    await scanDialog(button('Hide Stack for Users'), 'Hide Stack for Users');
    await scanDialog(button('Copy Stack'), 'New Group Stack', 'dialog Copy Stack');

    await stacksTab();
    await card('Weekend plans (twisted)').click();
    await visible(page.getByText('On a rainy day', { exact: true }));
    await visible(page.getByRole('list', { name: 'Your ranking' }));
    await scan('twisted stack');
    await button('Submit').click();
    await visible(page.getByRole('list', { name: `${bob.username}'s updated ranking` }));
    await scan('twisted stack answered');

    await stacksTab();
    const botCard = myStacks().getByRole('button').filter({ hasText: `${quizbot} stack` });
    await botCard.click();
    await visible(button('Delete Stack'));
    await scan('bot stack');
    await scanDialog(button('Delete Stack'), 'Delete Stack');
    await button(quizbot).click();
    await visible(page.getByText('Runs every day.'));
    await scan('bot detail');
    expectNoViolations();
  });

  test('groups: the Groups tab, Create New Group, a group detail, invite, leave and retire', async ({ browser }) => {
    await makeWorld();
    await open(browser, alice);
    await stacksTab();
    await tab('Groups');
    await visible(page.getByRole('heading', { name: 'My Groups' }));
    await scan('groups tab');
    await scanDialog(button('Add Group'), 'Create New Group');

    const openGroup = async (name: string) => {
      await tab('Groups');
      await page.getByRole('list', { name: 'My Groups' }).getByRole('button', { name: new RegExp(name) }).click();
      await visible(page.getByRole('heading', { name, level: 1 }));
    };
    await openGroup(GROUP);
    await visible(page.getByRole('list', { name: 'Members' }));
    await scan('group detail (owner)');

    await openGroup(SOLO_GROUP);
    await scanDialog(button(`Invite ${bob.username}`), 'Invite Friend');
    await scanDialog(button('Retire Group'), 'Retire Group');

    await openGroup(BOB_GROUP);
    await scan('group detail (member)');
    await scanDialog(button('Leave Group'), 'Leave Group');
    expectNoViolations();
  });

  test('users, a profile, settings and the account dialogs', async ({ browser }) => {
    await makeWorld();
    await open(browser, alice);
    await stacksTab();
    await tab('Users');
    await visible(page.getByRole('list', { name: 'Users' }).getByText(bob.username));
    await scan('users tab');
    await page.getByRole('list', { name: 'Users' }).getByRole('button', { name: new RegExp(bob.username) }).click();
    await visible(page.getByRole('heading', { name: bob.username }));
    await scan('profile tab');
    await scanDialog(button('Unfriend'), 'Are you sure?', 'dialog Unfriend');
    await scanDialog(button(`Report ${bob.username}`), 'Report User');
    await button('Mute').click();
    await visible(button('Unmute'));
    await scan('profile tab, muted');

    await page.goto(`${app.baseUrl}/users/${bob.id}`);
    await visible(page.getByRole('heading', { name: bob.username }));
    await scan('profile page');

    await stacksTab();
    await button('Settings').click();
    await visible(page.getByText(`${alice.username}@e2e.test`));
    await visible(page.getByRole('list', { name: 'Notification settings' }));
    await scan('settings');
    await button('Create invite link').click();
    await visible(page.getByLabel('Invite link'));
    await visible(page.getByRole('list', { name: 'Muted users' }));
    await scan('settings with an invite and a muted user');
    await button(`Unmute ${bob.username}`).click();
    await gone(page.getByRole('list', { name: 'Muted users' }));

    // Settings → Security: turning two-factor sign-in on, its recovery codes, then its dialogs when on.
    const security = page.getByRole('region', { name: 'Security' });
    await visible(security.getByRole('list', { name: 'Sessions' }));
    await button('Turn on two-factor sign-in').click();
    const turnOn = dialog('Turn on two-factor sign-in');
    await visible(turnOn.getByRole('img', { name: 'QR code for your authenticator app' }));
    await scan('dialog Turn on two-factor sign-in');
    const secret = (await turnOn.getByTestId('two-factor-secret').textContent())!.trim();
    await turnOn.getByLabel('Code from the app').fill(await generate({ secret }));
    await button('Confirm', turnOn).click();
    await visible(turnOn.getByRole('list', { name: 'Recovery codes' }));
    await scan('dialog Turn on two-factor sign-in: recovery codes');
    await button('Done', turnOn).click();
    await gone(turnOn);
    await visible(security.getByText('Two-factor sign-in is on.'));
    await scan('settings with two-factor sign-in on');
    await scanDialog(button('New recovery codes'), 'New recovery codes');
    await scanDialog(button('Turn off two-factor sign-in'), 'Turn off two-factor sign-in');
    // A passkey, made by the DevTools protocol's virtual authenticator: the list and its Remove question.
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    await security.getByLabel('Passkey name').fill('A11y key');
    await button('Add a passkey').click();
    await visible(security.getByRole('list', { name: 'Passkeys' }).getByText('A11y key'));
    await scan('settings with a passkey');
    await scanDialog(button('Remove A11y key'), 'Remove the passkey A11y key?');
    await cdp.detach();
    await scanDialog(button('Deactivate Account'), 'Deactivate Account');
    await scanDialog(button('Log out'), 'Log Out');
    expectNoViolations();
  });

  test('the admins\' Reports queue and its dialogs', async ({ browser }) => {
    await makeWorld();
    await open(browser, alice);
    await stacksTab();
    await tab('Reports');
    const report = page.getByRole('article').filter({ hasText: reportNote });
    await visible(report);
    await scan('reports tab');
    await scanDialog(button('Resolve', report), 'Resolve Report');
    expectNoViolations();
  });

  test('the admin console: each section and its dialogs, at 1280 and 375 px', async ({ browser }) => {
    await makeWorld();
    await open(browser, alice);
    const openSection = async (section: string, heading: string) => {
      await page.goto(`${app.baseUrl}/dashboard/admin/${section}`);
      await visible(page.getByRole('heading', { name: heading, level: 2 }));
    };
    await openSection('codes', 'Registration codes');
    await visible(page.getByRole('region', { name: 'Code list' }));
    await scan('admin: registration codes');
    await button('Create code').click();
    const code = page.getByRole('textbox', { name: 'New code' });
    await visible(code);
    await scan('admin: a new code');
    await scanDialog(button(`Revoke code ${await code.inputValue()}`), 'Revoke Code?');

    await openSection('users', 'Users');
    await visible(button(`Details of ${bob.username}`));
    await scan('admin: users');
    await scanDialog(button(`Details of ${bob.username}`), bob.username, 'admin: user details', 'Close');
    await scanDialog(button(`Deactivate ${bob.username}`), 'Deactivate User?');

    await openSection('bots', 'Bots');
    await visible(button(`Edit ${quizbot}`));
    await scan('admin: bots');
    await scanDialog(button('New bot'), 'New Bot');
    await scanDialog(button(`Edit ${quizbot}`), `Edit ${quizbot}`);

    await openSection('notes', 'Release notes');
    await page.getByLabel('Message').fill('A11y release notes');
    await scan('admin: release notes');
    await scanDialog(button('Send'), 'Send Release Notes?');

    await openSection('audit', 'Audit log');
    await visible(page.getByRole('region', { name: 'Audit entries' }));
    await scan('admin: audit log');

    await page.setViewportSize({ width: 375, height: 800 });
    try {
      for (const [section, heading] of [
        ['codes', 'Registration codes'],
        ['users', 'Users'],
        ['bots', 'Bots'],
        ['notes', 'Release notes'],
        ['audit', 'Audit log'],
      ]) {
        await openSection(section, heading);
        await scan(`admin: ${heading.toLowerCase()} at 375 px`);
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    expectNoViolations();
  });

  test('the key screens at 375 px', async ({ browser }) => {
    await makeWorld();
    await open(browser, alice);
    await page.setViewportSize({ width: 375, height: 800 });
    await stacksTab();
    await scan('stacks tab');
    await scanDialog(button('Add Friend Stack'), 'New Friend Stack');
    await openCard('Group picks');
    await scan('group stack');
    await stacksTab();
    await button(/^Notifications/).click();
    await visible(dialog('Notifications'));
    await scan('notifications panel');
    await button('Close', dialog('Notifications')).click();
    await tab('Groups');
    await page.getByRole('list', { name: 'My Groups' }).getByRole('button', { name: new RegExp(GROUP) }).click();
    await visible(page.getByRole('heading', { name: GROUP, level: 1 }));
    await scan('group detail');
    await button('Settings').click();
    await visible(page.getByText(`${alice.username}@e2e.test`));
    await visible(page.getByRole('list', { name: 'Notification settings' }));
    await scan('settings');

    await context.clearCookies();
    await page.evaluate(() => localStorage.removeItem('token'));
    await page.goto(`${app.baseUrl}/login`);
    await visible(page.getByRole('heading', { name: 'Login' }));
    await scan('login');
    await page.goto(`${app.baseUrl}/register`);
    await visible(page.getByRole('heading', { name: 'Create Your Account' }));
    await scan('register');
    await passwordStep(erin.username);
    await scan('login: the code step');
    expectNoViolations();
  });

  test("a new user's Stacks tab with its hints (no friends yet, no group yet), at 1280 and 375 px", async ({ browser }) => {
    await makeWorld();
    await open(browser);
    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(app, page, dave.username);
    // The tour comes on a first sign-in in this browser; an earlier test's may have been it already.
    const hint = page.getByText('You have no friends yet. Make friends to create friend stacks.');
    const skip = page.getByRole('button', { name: 'Skip' });
    await expect(hint.or(skip).first()).toBeVisible();
    if (await skip.isVisible()) await skipTour(page);
    await visible(hint);
    await visible(page.getByText('You are not in any groups yet. Join a group for group stacks.'));
    await scan('stacks tab with hints');
    await page.setViewportSize({ width: 375, height: 800 });
    await scan('stacks tab with hints at 375 px');
    expectNoViolations();
  });
});
