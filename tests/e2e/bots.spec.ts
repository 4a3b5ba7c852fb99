import type { Browser, Page } from '@playwright/test';
import { befriend, callApi, expect, makeAdmin, registerAccount, signedInPage, test, uniqueName, type Account, type WorkerApp } from './fixtures';

/**
 * The bots journey: an admin makes a group bot with the CLI and runs it; Bob, who owns the bot's
 * audience group, sees the bot stack in Chromium, answers it, opens the bot and edits its tags.
 */
let app: WorkerApp;
let browser: Browser;
let bob: Page;
let bobAccount: Account;
let botId: number;

const api = <T,>(method: string, path: string, token?: string, body?: unknown) => callApi<T>(app, method, path, token, body);

const ADMIN = uniqueName('e2e_admin');
const BOB = uniqueName('e2e_bob');

test.describe.configure({ mode: 'serial' });

interface RunRecord {
  success: boolean;
  keywords_prompt: string[];
  stack_id: number | null;
}

/** The run record that `bots:run` prints as JSON after its log lines. */
function printedRun(output: string): RunRecord {
  return JSON.parse(output.slice(output.indexOf('{'))) as RunRecord;
}

/** Each tag of the bot tab with its status and whether it shows in italics. */
async function tagStates(page: Page): Promise<Record<string, string>> {
  const tags = page.getByRole('list', { name: 'Tags', exact: true }).getByRole('listitem');
  const states = await tags.evaluateAll((items) =>
    items.map((item) => [item.querySelector('span')?.textContent ?? '', `${item.getAttribute('data-status')}${getComputedStyle(item).fontStyle === 'italic' ? ' italic' : ''}`]),
  );
  return Object.fromEntries(states);
}

test.beforeAll(async ({ app: workerApp, browser: workerBrowser }) => {
  app = workerApp;
  browser = workerBrowser;
  const admin = await registerAccount(app, ADMIN, app.code);
  bobAccount = await registerAccount(app, BOB, app.code);
  await befriend(app, admin, bobAccount);
  const { id: groupId } = await api<{ id: number }>('POST', '/v1/groups', bobAccount.token, {
    name: 'E2E Bot Club',
    description: '',
    is_public: false,
    is_restricted: false,
    is_readonly: false,
  });
  await makeAdmin(app, admin);
  const created = await app.cli(['bots:create', '--name', 'Quizbot', '--bio', 'Daily dilemmas', '--avatar', '3', '--owner', ADMIN, '--group', String(groupId), '--tags', 'pizza, movies (horror), cats, music']);
  botId = Number(created.trim().split('\n').at(-1));
  const run = printedRun(await app.cli(['bots:run', String(botId)]));
  expect(run).toMatchObject({ success: true });
  expect(run.keywords_prompt).toHaveLength(3);
  bob = await signedInPage(browser, app, bobAccount);
});
test.afterAll(async () => {
  await bob?.context().close();
});

test.describe('bots in Chromium', () => {
  test('Bob sees the bot stack in his list, answers it, and opens the bot from it', async () => {
    await bob.goto(`${app.baseUrl}/dashboard`);
    const cards = bob.getByRole('list', { name: 'My Stacks' }).getByRole('button');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Quizbot stack');

    // No Bots hides it.
    await bob.getByRole('checkbox', { name: 'No Bots' }).check();
    await expect(bob.getByText('No non-bot stacks yet.', { exact: false })).toBeVisible();
    await bob.getByRole('checkbox', { name: 'No Bots' }).uncheck();

    await cards.first().click();
    await expect(bob.getByRole('button', { name: 'Submit' })).toBeVisible();
    await bob.getByRole('button', { name: 'Submit' }).click();
    await expect(bob.getByRole('heading', { name: 'Responses' })).toBeVisible();

    await bob.getByRole('button', { name: 'Quizbot', exact: true }).click();
    await expect(async () => expect(await bob.getByRole('tab').allTextContents()).toContain('Quizbot')).toPass();
    await expect(bob.getByText('Runs every day.')).toBeVisible();
    await expect(bob.getByText(/^Runtime: \d+\.\d\d s$/)).toBeVisible();
    await expect(bob.getByRole('button', { name: 'E2E Bot Club' })).toBeVisible();
  });

  test('Bob edits the tags and sees their statuses through a run', async () => {
    const run = await api<RunRecord[]>('GET', `/v1/bots/${botId}/responses?limit=1&offset=0`, bobAccount.token);
    const used = run[0].keywords_prompt;
    const states = await tagStates(bob);
    // After the run every tag is ACTIVE; the three it used show in italics until all have been used.
    expect(Object.keys(states).sort()).toEqual(['cats', 'movies (horror)', 'music', 'pizza']);
    for (const [name, state] of Object.entries(states)) expect(state).toBe(used.includes(name) ? 'ACTIVE italic' : 'ACTIVE');

    // Bob owns the audience group but not the bot: he may edit tags, not purge (spec 2 §6).
    expect(await bob.getByRole('button', { name: 'Purge' }).count()).toBe(0);

    const input = bob.getByLabel('Add tag');
    await input.fill('jazz (music), live');
    await input.press('Enter');
    await expect(bob.getByText('Invalid tag format. Tags must match pattern: text with optional (context) at the end. Commas are not allowed.')).toBeVisible();
    await input.fill('jazz (music)');
    await input.press('Enter');
    await bob.getByRole('button', { name: 'Remove tag pizza' }).click();
    expect(await tagStates(bob)).toMatchObject({ 'jazz (music)': 'PENDING', pizza: expect.stringMatching(/^DEACTIVATING/) });

    await bob.getByRole('button', { name: 'Save Tags' }).click();
    await expect(bob.getByText('Tags saved.')).toBeVisible();
    await expect(async () => expect(await (await tagStates(bob))['jazz (music)']).toBe('PENDING')).toPass();
    expect((await tagStates(bob)).pizza).toMatch(/^DEACTIVATING/);

    // The next run activates the new tag and disables the removed one.
    const next = printedRun(await app.cli(['bots:run', String(botId), '--force']));
    expect(next.success).toBe(true);
    // A reload keeps the bot's view (its address, docs/addresses.md), its tags fetched afresh.
    await bob.reload();
    await expect(bob.getByRole('tab', { name: 'Quizbot', selected: true })).toBeVisible();
    await expect(async () => expect(await (await tagStates(bob)).pizza).toBe('DISABLED')).toPass();
    expect((await tagStates(bob))['jazz (music)']).toMatch(/^ACTIVE/);
  });
});
