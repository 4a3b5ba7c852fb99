import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BotsSection } from '../../client/src/features/admin/bots-section';
import { BOT_MESSAGES } from '../../shared/schemas/bots';
import { adminBot, adminUser, botRun } from './admin-fixtures';
import { renderAt, stubTrpc, TrpcFailure } from './render';

/** The console's bots (docs/admin.md): list, create, edit the schedule and tags, purge, run now. */

const CHEESE = adminBot({ id: 5, name: 'Cheese Bot', last_run: { run_on: '2026-11-25', success: true, stack_id: 70, error: null } });
const CHESS = adminBot({ id: 6, name: 'Chess Bot', audience: { type: 'group', group: { id: 7, name: 'Chess Club' } }, schedule: [0, 1, 2, 3, 4, 5, 6], keywords: [] });
const USERS = [adminUser({ id: 1, username: 'alice', role: 'ADMIN' }), adminUser({ id: 2, username: 'bob' }), adminUser({ id: 4, username: 'bobby', is_active: false })];

function renderBots(handlers: Record<string, unknown> = {}) {
  const server = stubTrpc({
    'admin.listBots': [CHEESE, CHESS],
    'admin.listUsers': (input: { q?: string }) => USERS.filter((user) => !input.q || user.username.includes(input.q)),
    ...handlers,
  });
  return { ...renderAt(<BotsSection />, '/dashboard/admin/bots'), ...server };
}

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')!;

// Forms typed key by key: slower than 5 s on a busy machine.
describe('bots', { timeout: 20_000 }, () => {
  it("lists bots with owner, audience, schedule and last run, each linked to the bot's page", async () => {
    renderBots();
    await screen.findByRole('link', { name: 'Cheese Bot' });
    expect(within(screen.getByRole('table')).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name',
      'Owner',
      'Audience',
      'Schedule',
      'Tags',
      'Last run',
      'Actions',
    ]);
    expect(within(rowOf('Cheese Bot')).getAllByRole('cell').map((cell) => cell.textContent).slice(0, 6)).toEqual([
      'Cheese Bot',
      'alice',
      'bob',
      'Mon, Wed, Fri',
      '2',
      '2026-11-25: success',
    ]);
    expect(within(rowOf('Chess Bot')).getAllByRole('cell').map((cell) => cell.textContent).slice(2, 6)).toEqual(['Group Chess Club', 'Every day', '0', 'Never']);
    expect(screen.getByRole('link', { name: 'Cheese Bot' })).toHaveAttribute('href', '/dashboard/bots/5');
  });

  it('Run now shows the run; a bot that already ran today offers Run again, which forces it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, callsTo } = renderBots({
      'admin.runBot': (input: { id: number; force: boolean }) =>
        input.force || callsTo('admin.runBot').length === 1 ? botRun({ stack_id: 78 }) : new TrpcFailure(409, 'Cheese Bot already ran today', 'BOT_ALREADY_RAN'),
    });
    await user.click(await screen.findByRole('button', { name: 'Run Cheese Bot now' }));
    const result = await screen.findByText(/Cheese Bot ran on 2026-11-26/);
    expect(result).toHaveTextContent('(tags: cheese)');
    expect(screen.getByRole('link', { name: 'Open the stack' })).toHaveAttribute('href', '/dashboard/stacks/78');

    await user.click(screen.getByRole('button', { name: 'Run Cheese Bot now' }));
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('Cheese Bot already ran today');
    await user.click(within(refusal).getByRole('button', { name: 'Run again' }));
    expect(await screen.findByText(/Cheese Bot ran on 2026-11-26/)).toBeInTheDocument();
    expect(callsTo('admin.runBot').map((call) => call.input)).toEqual([
      { id: 5, force: false },
      { id: 5, force: false },
      { id: 5, force: true },
    ]);
  });

  it("a failed run says why; another refusal shows the server's detail", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderBots({
      'admin.runBot': (input: { id: number }) => (input.id === 5 ? botRun({ success: false, stack_id: null, error: 'No ACTIVE tags' }) : new TrpcFailure(404, 'Bot not found', 'BOT_NOT_FOUND')),
    });
    await user.click(await screen.findByRole('button', { name: 'Run Cheese Bot now' }));
    expect(await screen.findByText(/Cheese Bot failed on 2026-11-26: No ACTIVE tags/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Run Chess Bot now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bot not found');
  });

  it('edits the schedule by weekday and the tags; sends only what changed', async () => {
    const { user, callsTo } = renderBots({ 'admin.updateBot': (input: { id: number }) => ({ ...CHEESE, ...input }) });
    await user.click(await screen.findByRole('button', { name: 'Edit Cheese Bot' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Cheese Bot' });
    const weekdays = within(within(dialog).getByRole('group', { name: 'Weekdays' })).getAllByRole('checkbox');
    expect(weekdays.map((box) => (box as HTMLInputElement).checked)).toEqual([true, false, true, false, true, false, false]);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Monday' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sunday' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^cheese/ }));
    await user.type(within(dialog).getByLabelText('Tags to add (one per line)'), 'brie{Enter}  gouda (Dutch) {Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Cheese Bot saved')).toBeInTheDocument();
    expect(callsTo('admin.updateBot').map((call) => call.input)).toEqual([{ id: 5, schedule: [2, 4, 6], add_tags: ['brie', 'gouda (Dutch)'], remove_tags: ['cheese'] }]);
  });

  it('a tag the API refuses is named before sending; Purge removes the disabled tags', async () => {
    const { user, callsTo } = renderBots({ 'admin.purgeBot': { ...CHEESE, keywords: [CHEESE.keywords[0]] } });
    await user.click(await screen.findByRole('button', { name: 'Edit Cheese Bot' }));
    let dialog = screen.getByRole('dialog', { name: 'Edit Cheese Bot' });
    await user.type(within(dialog).getByLabelText('Tags to add (one per line)'), 'a, b');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(BOT_MESSAGES.tagFormat);
    expect(callsTo('admin.updateBot')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Purge disabled tags' }));
    expect(await screen.findByText('Disabled tags of Cheese Bot purged')).toBeInTheDocument();
    expect(callsTo('admin.purgeBot').map((call) => call.input)).toEqual([{ id: 5 }]);
    // A bot without disabled tags has nothing to purge.
    await user.click(screen.getByRole('button', { name: 'Edit Chess Bot' }));
    dialog = screen.getByRole('dialog', { name: 'Edit Chess Bot' });
    expect(within(dialog).getByRole('button', { name: 'Purge disabled tags' })).toBeDisabled();
  });

  it('creates a bot: the owner and audience user picked by username search (active accounts only), or a group by id', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const created = adminBot({ id: 8, name: 'Tea Bot' });
    let refuse = true;
    const { user, callsTo } = renderBots({ 'admin.createBot': () => (refuse ? new TrpcFailure(404, 'Group not found', 'GROUP_NOT_FOUND') : created) });
    await user.click(await screen.findByRole('button', { name: 'New bot' }));
    const dialog = screen.getByRole('dialog', { name: 'New Bot' });
    await user.click(within(dialog).getByRole('button', { name: 'Create bot' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose the owner');

    await user.type(within(dialog).getByLabelText('Name'), 'Tea Bot');
    await user.type(within(dialog).getByLabelText('Bio'), 'Ranks teas');
    await user.selectOptions(within(dialog).getByLabelText('Avatar'), 'Avatar 4');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search owner by username' }), 'ali');
    const owner = within(dialog).getByRole('combobox', { name: 'Owner' });
    await within(owner).findByRole('option', { name: 'alice' });
    await user.selectOptions(owner, 'alice');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search audience user by username' }), 'bob');
    const audience = within(dialog).getByRole('combobox', { name: 'Audience user' });
    await within(audience).findByRole('option', { name: 'bob' });
    // bobby is deactivated: not offered.
    expect(within(audience).queryByRole('option', { name: 'bobby' })).not.toBeInTheDocument();
    await user.selectOptions(audience, 'bob');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Saturday' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sunday' }));
    await user.type(within(dialog).getByLabelText('Tags (one per line)'), 'green tea{Enter}oolong');
    await user.click(within(dialog).getByRole('button', { name: 'Create bot' }));
    await vi.waitFor(() => expect(callsTo('admin.createBot')).toHaveLength(1));
    expect(callsTo('admin.createBot')[0].input).toEqual({
      name: 'Tea Bot',
      bio: 'Ranks teas',
      avatar_id: 4,
      owner_id: 1,
      audience: { type: 'user', user_id: 2 },
      schedule: [0, 1, 2, 3, 4],
      tags: ['green tea', 'oolong'],
      generator: 'builtin',
    });

    // A group audience by id; the server's refusal shows in the form, which stays.
    await user.click(within(dialog).getByRole('radio', { name: 'A group' }));
    await user.type(within(dialog).getByLabelText('Group id'), '99');
    await user.click(within(dialog).getByRole('button', { name: 'Create bot' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Group not found');
    expect(callsTo('admin.createBot')[1].input.audience).toEqual({ type: 'group', group_id: 99 });

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Create bot' }));
    expect(await screen.findByText('Bot Tea Bot created')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
