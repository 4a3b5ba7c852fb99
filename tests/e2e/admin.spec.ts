import type { Browser, Locator, Page } from '@playwright/test';
import { befriend, callApi, E2E_PASSWORD, expect, registerAccount, signedInPage, test, type Account } from './fixtures';
import { startApp, type LocalApp } from './servers';

/**
 * The admin console in Chromium (docs/admin.md): an admin makes a registration code that a new
 * user registers with, revokes it, makes a user admin and back, deactivates a user, creates a bot,
 * runs it (twice: Run again), edits its schedule, sends release notes that another user receives,
 * and finds all of it in the audit log; every section holds at 375 px; a non-admin never sees it.
 */
let app: LocalApp;
let browser: Browser;
let admin: Page;
let adminAccount: Account;
let bobAccount: Account;

const api = <T,>(method: string, path: string, token?: string, body?: unknown) => callApi<T>(app, method, path, token, body);
const visible = (locator: Locator) => expect(locator.first()).toBeVisible();

/** Opens a section by its link in the console's navigation, and waits for its heading. */
async function section(page: Page, name: string, path: string) {
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name, exact: true }).click();
  await page.waitForURL(`**/dashboard/admin/${path}`);
  await visible(page.getByRole('heading', { name, level: 2 }));
}

/** Waits until the search has put `label` among the choices of `select` (an option is never "visible"). */
test.describe.configure({ mode: 'serial' });

const offered = (select: Locator, label: string) => expect(select.getByRole('option', { name: label, exact: true })).toHaveCount(1);

/** The table row that holds `text`. */
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

// An app of its own: the release notes go to every active user, and the audit log is the whole app's.
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
  app = await startApp({ extraCodeUses: 2 });
  adminAccount = await registerAccount(app, 'e2e_admin', app.extraCode!);
  bobAccount = await registerAccount(app, 'e2e_bob', app.extraCode!);
  await befriend(app, adminAccount, bobAccount);
  await app.cli(['users:role', 'e2e_admin', 'ADMIN']);
  admin = await signedInPage(browser, app, adminAccount);
});
test.afterAll(async () => {
  await admin?.context().close();
  await app?.stop();
});

test.describe('the admin console in Chromium', () => {
  let code = '';

  test('the Admin tab opens the console at /dashboard/admin; a code is made, registered with, and revoked', async () => {
    await admin.goto(`${app.baseUrl}/dashboard`);
    await admin.getByRole('tab', { name: 'Admin', exact: true }).click();
    await admin.waitForURL('**/dashboard/admin');
    await visible(admin.getByRole('heading', { name: 'Registration codes', level: 2 }));

    // Two uses: a used-up code offers no Revoke (docs/admin.md), so one use is left to revoke.
    await admin.getByLabel('Uses').fill('2');
    await admin.getByLabel('Expires in days').fill('7');
    await admin.getByRole('button', { name: 'Create code' }).click();
    const field = admin.getByRole('textbox', { name: 'New code' });
    await visible(field);
    code = await field.inputValue();
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await visible(row(admin, code).getByText('Active'));
    expect(await row(admin, code).getByRole('cell').nth(1).textContent()).toBe('0/2');

    // Carol registers with it.
    await registerAccount(app, 'e2e_carol', code);

    await admin.getByRole('button', { name: `Revoke code ${code}` }).click();
    const confirm = admin.getByRole('dialog', { name: 'Revoke Code?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await visible(admin.getByText(`Code ${code} revoked`));
    await visible(row(admin, code).getByText('Revoked'));
    expect(await row(admin, code).getByRole('cell').nth(1).textContent()).toBe('1/2');
    await expect(api('POST', '/v1/users/register', undefined, { username: 'e2e_dave', email: 'e2e_dave@e2e.test', password: E2E_PASSWORD, registration_code: code })).rejects.toThrow(
      /^POST \/v1\/users\/register: 4\d\d /,
    );
  });

  test('a user is found, made admin and back; another is deactivated', async () => {
    await section(admin, 'Users', 'users');
    await admin.getByRole('searchbox', { name: 'Search users' }).fill('e2e_b');
    await admin.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(admin.getByRole('button', { name: /^Details of / })).toHaveText(['e2e_bob']);

    await admin.getByRole('button', { name: 'Make admin: e2e_bob' }).click();
    await visible(admin.getByText('e2e_bob is now an admin'));
    await expect(row(admin, 'e2e_bob@e2e.test').getByRole('cell').nth(2)).toHaveText('Admin');
    await admin.getByRole('button', { name: 'Remove admin: e2e_bob' }).click();
    await visible(admin.getByText('e2e_bob is no longer an admin'));
    await expect(row(admin, 'e2e_bob@e2e.test').getByRole('cell').nth(2)).toHaveText('User');

    // Carol registered with the admin's code: the admin invited her.
    await admin.getByRole('searchbox', { name: 'Search users' }).fill('');
    await admin.getByRole('button', { name: 'Search', exact: true }).click();
    await visible(row(admin, 'e2e_carol@e2e.test').getByRole('cell', { name: 'e2e_admin' }));
    // One's own row cannot be changed.
    await expect(admin.getByRole('button', { name: 'Deactivate e2e_admin' })).toBeDisabled();

    const carolToken = (await api<{ access_token: string }>('POST', '/v1/auth/login', undefined, { username_or_email: 'e2e_carol', password: E2E_PASSWORD })).access_token;
    await admin.getByRole('button', { name: 'Deactivate e2e_carol' }).click();
    await admin.getByRole('dialog', { name: 'Deactivate User?' }).getByRole('button', { name: 'Deactivate' }).click();
    await visible(admin.getByText('e2e_carol deactivated'));
    await visible(row(admin, 'e2e_carol@e2e.test').getByText('Deactivated'));
    await expect(api('GET', '/v1/users/me', carolToken)).rejects.toThrow(/ 401 /);
  });

  test('a bot is created, run (and run again on the same day), and its schedule edited', async () => {
    await section(admin, 'Bots', 'bots');
    await admin.getByRole('button', { name: 'New bot' }).click();
    const form = admin.getByRole('dialog', { name: 'New Bot' });
    await form.getByLabel('Name', { exact: true }).fill('Console Bot');
    await form.getByLabel('Bio', { exact: true }).fill('Made in the console');
    await form.getByRole('searchbox', { name: 'Search owner by username' }).fill('e2e_admin');
    await offered(form.getByRole('combobox', { name: 'Owner', exact: true }), 'e2e_admin');
    await form.getByRole('combobox', { name: 'Owner', exact: true }).selectOption({ label: 'e2e_admin' });
    await form.getByRole('searchbox', { name: 'Search audience user by username' }).fill('e2e_bob');
    await offered(form.getByRole('combobox', { name: 'Audience user' }), 'e2e_bob');
    await form.getByRole('combobox', { name: 'Audience user' }).selectOption({ label: 'e2e_bob' });
    await form.getByLabel('Tags (one per line)').fill('pizza\ncats\nmusic\nmovies (horror)');
    await form.getByRole('button', { name: 'Create bot' }).click();
    await visible(admin.getByText('Bot Console Bot created'));
    await visible(row(admin, 'Console Bot').getByText('Every day'));

    await admin.getByRole('button', { name: 'Run Console Bot now' }).click();
    await visible(admin.getByText(/^Console Bot ran on \d{4}-\d\d-\d\d/));
    await visible(admin.getByRole('link', { name: 'Open the stack' }));
    await admin.getByRole('button', { name: 'Run Console Bot now' }).click();
    const refusal = admin.getByRole('alert').filter({ hasText: /already ran/ });
    await visible(refusal);
    await refusal.getByRole('button', { name: 'Run again' }).click();
    await visible(admin.getByText(/^Console Bot ran on \d{4}-\d\d-\d\d/));
    await expect(row(admin, 'Console Bot').getByRole('cell').nth(5)).toHaveText(/: success$/);

    await admin.getByRole('button', { name: 'Edit Console Bot' }).click();
    const edit = admin.getByRole('dialog', { name: 'Edit Console Bot' });
    await edit.getByRole('checkbox', { name: 'Saturday' }).uncheck();
    await edit.getByRole('checkbox', { name: 'Sunday' }).uncheck();
    await edit.getByRole('button', { name: 'Save' }).click();
    await visible(admin.getByText('Console Bot saved'));
    await expect(row(admin, 'Console Bot').getByRole('cell').nth(3)).toHaveText('Mon, Tue, Wed, Thu, Fri');

    // The bot's own page is a link away, and closes back to the console.
    await admin.getByRole('link', { name: 'Console Bot' }).click();
    await admin.waitForURL('**/dashboard/bots/*');
    await visible(admin.getByText('Runs Monday, Tuesday, Wednesday, Thursday and Friday.'));
    await admin.getByRole('button', { name: 'Close Console Bot' }).click();
    await admin.waitForURL('**/dashboard/admin/bots');
  });

  test('release notes go to every active user, and Bob receives them', async () => {
    await section(admin, 'Release notes', 'notes');
    await admin.getByLabel('Message').fill('Stacks 2.0: the admin console is here.');
    await admin.getByRole('button', { name: 'Send', exact: true }).click();
    await admin.getByRole('dialog', { name: 'Send Release Notes?' }).getByRole('button', { name: 'Send' }).click();
    // e2e_admin and e2e_bob; e2e_carol is deactivated.
    await visible(admin.getByText('Release notes sent to 2 users'));
    const bobs = await api<{ type: string; data: { message?: string } }[]>('GET', '/v1/users/notifications', bobAccount.token);
    expect(bobs.filter((n) => n.type === 'RELEASE_NOTES').map((n) => n.data.message)).toEqual(['Stacks 2.0: the admin console is here.']);
  });

  test('the audit log holds every one of those actions, filtered by action and actor', async () => {
    await section(admin, 'Audit log', 'audit');
    const actionCells = admin.getByRole('region', { name: 'Audit entries' }).locator('tbody tr td:nth-child(4)');
    const actions = () => actionCells.allTextContents();
    await expect(async () => expect(new Set(await actions())).toEqual(
      new Set(['codes.create', 'codes.revoke', 'users.role', 'users.deactivate', 'bots.create', 'bots.run', 'bots.update', 'release_notes.broadcast']),
    )).toPass();
    // The CLI made e2e_admin an admin before all this: its entry has no actor.
    expect(await row(admin, 'users.role').filter({ hasText: 'CLI' }).count()).toBe(1);

    await admin.getByLabel('Action').selectOption('users.role');
    await expect(actionCells).toHaveText(['users.role', 'users.role', 'users.role']);
    await admin.getByLabel('Actor (id or username)').fill('e2e_admin');
    await admin.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(actionCells).toHaveText(['users.role', 'users.role']);
    await admin.getByRole('button', { name: 'Clear filters' }).click();
    await expect(async () => expect((await actions()).length).toBeGreaterThan(8)).toPass();
  });

  test('every section holds at 375 px: the page never scrolls sideways (the tables scroll in their own box)', async () => {
    await admin.setViewportSize({ width: 375, height: 800 });
    try {
      for (const [name, path] of [
        ['Registration codes', 'codes'],
        ['Users', 'users'],
        ['Bots', 'bots'],
        ['Release notes', 'notes'],
        ['Audit log', 'audit'],
      ]) {
        await admin.goto(`${app.baseUrl}/dashboard/admin/${path}`);
        await visible(admin.getByRole('heading', { name, level: 2 }));
        await expect(async () => expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)).toPass();
      }
    } finally {
      await admin.setViewportSize({ width: 1100, height: 800 });
    }
  });

  test('a non-admin who opens a console address lands on /dashboard and never sees the console', async () => {
    const bob = await signedInPage(browser, app, bobAccount);
    await bob.goto(`${app.baseUrl}/dashboard`);
    await bob.goto(`${app.baseUrl}/dashboard/admin/codes`);
    await bob.waitForURL(/\/dashboard$/);
    await visible(bob.getByRole('heading', { name: 'My Stacks' }));
    expect(await bob.getByRole('navigation', { name: 'Admin sections' }).count()).toBe(0);
    expect(await bob.getByRole('tab', { name: 'Admin' }).count()).toBe(0);
    // And the API refuses him.
    await expect(api('GET', '/v1/admin/codes', bobAccount.token)).rejects.toThrow(/ 403 /);
    await bob.context().close();
  });
});
