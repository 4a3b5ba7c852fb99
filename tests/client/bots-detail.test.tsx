import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bot, BotRun } from '../../shared/schemas/bots';
import { BotDetailView } from '../../client/src/features/bots/bot-detail';
import { parseKeywordsPrompt } from '../../client/src/features/bots/last-run';
import { scheduleSentence } from '../../client/src/features/bots/schedule';
import { DashboardPage } from '../../client/src/app/dashboard/dashboard-page';
import { emit } from '../../client/src/lib/events';
import { ALICE, botNotFound, botRun, CAROL, groupBot, userBot } from './bots-fixtures';
import { ME, NO_UNREAD } from './fixtures';
import { renderAt, stubTrpc, TrpcFailure } from './render';

beforeEach(() => sessionStorage.clear());

type Handlers = Parameters<typeof stubTrpc>[0];

function renderBot(bot: Bot | (() => Bot), handlers: Handlers = {}) {
  const server = stubTrpc({ 'users.me': ME, 'bots.get': typeof bot === 'function' ? bot : () => bot, 'bots.responses': [], ...handlers });
  const props = { onLoaded: vi.fn(), onNotFound: vi.fn(), onLoadFailed: vi.fn(), onBack: vi.fn(), onOpenUser: vi.fn(), onOpenGroup: vi.fn() };
  const view = renderAt(<BotDetailView botId={42} {...props} />);
  return { ...view, ...props, server };
}

const loaded = (name = 'Quizzy') => screen.findByRole('heading', { name, level: 1 });
const lastRun = () => screen.getByRole('heading', { name: 'Last Run' }).closest('section')!;

describe('scheduleSentence (spec 2 §2.7, Monday = 0)', () => {
  it('says every day for all seven days, in any order', () => {
    expect(scheduleSentence([0, 1, 2, 3, 4, 5, 6])).toBe('Runs every day.');
    expect(scheduleSentence([6, 5, 4, 3, 2, 1, 0])).toBe('Runs every day.');
  });

  it('names one, two or more days in week order', () => {
    expect(scheduleSentence([6])).toBe('Runs Sunday.');
    expect(scheduleSentence([1, 0])).toBe('Runs Monday and Tuesday.');
    expect(scheduleSentence([4, 0, 2])).toBe('Runs Monday, Wednesday and Friday.');
    expect(scheduleSentence([0, 1, 2, 3, 4, 5])).toBe('Runs Monday, Tuesday, Wednesday, Thursday, Friday and Saturday.');
  });

  it('handles no days, repeats and numbers out of range', () => {
    expect(scheduleSentence([])).toBe('Runs on no days.');
    expect(scheduleSentence([2, 2, 9, -1])).toBe('Runs Wednesday.');
  });
});

describe('parseKeywordsPrompt', () => {
  it('reads a list, a JSON-encoded list, or comma-separated text', () => {
    expect(parseKeywordsPrompt(['pizza', ' jazz (music) ', ''])).toEqual(['pizza', 'jazz (music)']);
    expect(parseKeywordsPrompt('["pizza","tacos"]')).toEqual(['pizza', 'tacos']);
    expect(parseKeywordsPrompt('pizza, tacos')).toEqual(['pizza', 'tacos']);
    expect(parseKeywordsPrompt('')).toEqual([]);
    expect(parseKeywordsPrompt(null)).toEqual([]);
    expect(parseKeywordsPrompt('{"a":1}')).toEqual(['{"a":1}']);
  });
});

describe('Bot detail: loading states (spec 2 §2.7, §8)', () => {
  it("shows 'Loading...' and then the bot, telling the caller its name", async () => {
    const { onLoaded } = renderBot(groupBot());
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await loaded();
    expect(onLoaded).toHaveBeenCalledTimes(1);
    expect(onLoaded).toHaveBeenCalledWith('Quizzy');
  });

  it("shows 'Bot not found' with Back on a 404", async () => {
    const { onLoaded, onNotFound, onLoadFailed, onBack, user } = renderBot(() => {
      throw botNotFound();
    });
    expect(await screen.findByRole('heading', { name: 'Bot not found' })).toBeInTheDocument();
    expect(onNotFound).toHaveBeenCalledTimes(1);
    expect(onLoaded).not.toHaveBeenCalled();
    expect(onLoadFailed).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalled();
  });

  it("shows 'Failed to load bot' with Retry on another failure", async () => {
    let fail = true;
    const { user, onLoadFailed, onNotFound, onLoaded } = renderBot(() => {
      if (fail) throw new TrpcFailure(403, 'No', 'FORBIDDEN');
      return groupBot();
    });
    expect(await screen.findByText('Failed to load bot')).toBeInTheDocument();
    expect(onLoadFailed).toHaveBeenCalledTimes(1);
    expect(onNotFound).not.toHaveBeenCalled();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await loaded();
    expect(onLoaded).toHaveBeenCalledWith('Quizzy');
  });
});

describe('Bot detail: what it shows', () => {
  it('shows avatar, name, intro, bio in quotes, a group audience that opens the group, and the schedule', async () => {
    const { user, onOpenGroup, server } = renderBot(groupBot());
    await loaded();
    expect(screen.getByRole('img', { name: 'Quizzy bot avatar' })).toHaveAttribute('src', '/assets/4');
    expect(screen.getByText(/^Quizzy is a bot that posts a stack/)).toBeInTheDocument();
    expect(screen.getByText('“I ask about food”')).toBeInTheDocument();
    expect(screen.getByText('Audience:')).toBeInTheDocument();
    expect(screen.queryByText('Owner:')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Chess Club' }));
    expect(onOpenGroup).toHaveBeenCalledWith(7);
    expect(screen.getByText('Runs every day.')).toBeInTheDocument();
    expect(server.callsTo('bots.get')[0].input).toEqual({ id: 42 });
  });

  it('shows a user audience with the owner beside it, both opening their profiles', async () => {
    const { user, onOpenUser } = renderBot(userBot({ data: { schedule: [1, 0] } }));
    await loaded('Pal');
    expect(screen.getByText('Owner:')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: ALICE.username }));
    await user.click(screen.getByRole('button', { name: CAROL.username }));
    expect(onOpenUser.mock.calls).toEqual([[ALICE.id], [CAROL.id]]);
    expect(screen.getByText('Runs Monday and Tuesday.')).toBeInTheDocument();
  });

  it('names three days in a sentence', async () => {
    renderBot(groupBot({ data: { schedule: [4, 0, 2] } }));
    await loaded();
    expect(screen.getByText('Runs Monday, Wednesday and Friday.')).toBeInTheDocument();
  });

  it('shows the last run: success, runtime to 2 decimals, the tags it used and the prompt', async () => {
    const { server } = renderBot(groupBot(), { 'bots.responses': [botRun()] });
    await loaded();
    const section = lastRun();
    expect(await within(section).findByText('Runtime: 0.42 s')).toBeInTheDocument();
    expect(within(section).getByText('Success')).toBeInTheDocument();
    const tags = within(section).getByRole('list', { name: 'Tags used' });
    expect(within(tags).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['pizza', 'jazz (music)']);
    expect(within(section).getByText('Make a stack of six things about: pizza, jazz (music)')).toBeInTheDocument();
    expect(server.callsTo('bots.responses')[0].input).toEqual({ id: 42, limit: 1, offset: 0 });
  });

  it('shows a failed run, reading a JSON-encoded tag list', async () => {
    const run = botRun({ success: false, runtime: 3, keywords_prompt: '["tacos"]' as unknown as BotRun['keywords_prompt'], error: 'Generator timed out' });
    renderBot(groupBot(), { 'bots.responses': [run] });
    await loaded();
    const section = lastRun();
    expect(await within(section).findByText('Runtime: 3.00 s')).toBeInTheDocument();
    expect(within(section).getByText('Failure')).toBeInTheDocument();
    expect(within(section).getByText('Generator timed out')).toBeInTheDocument();
    expect(within(within(section).getByRole('list', { name: 'Tags used' })).getByText('tacos')).toBeInTheDocument();
  });

  it("says 'No runs recorded yet.' when the bot never ran", async () => {
    renderBot(groupBot());
    await loaded();
    expect(await within(lastRun()).findByText('No runs recorded yet.')).toBeInTheDocument();
    expect(within(lastRun()).queryByText(/^Runtime:/)).not.toBeInTheDocument();
  });
});

describe('Bot detail: Purge visibility (spec 2 §6)', () => {
  const purge = () => screen.queryByRole('button', { name: 'Purge' });

  it("is shown to the bot's owner", async () => {
    renderBot(groupBot({ owner_id: ME.id, owner: { username: ME.username, avatar_id: ME.avatar_id } }));
    await loaded();
    expect(await screen.findByRole('button', { name: 'Purge' })).toBeInTheDocument();
  });

  it('is shown for a bot with a friend_id', async () => {
    renderBot(userBot());
    await loaded('Pal');
    expect(purge()).toBeInTheDocument();
  });

  it('is not shown on a group bot to an editor who does not own it', async () => {
    renderBot(groupBot());
    await loaded();
    expect(screen.getByRole('button', { name: 'Save Tags' })).toBeInTheDocument();
    expect(purge()).not.toBeInTheDocument();
  });

  it('is not shown, nor any editing control, to a viewer who may not edit tags', async () => {
    renderBot(userBot({ can_edit_tags: false }));
    await loaded('Pal');
    expect(purge()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Tags' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Add tag' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Remove|Restore) tag/ })).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Tags' })).getByText('pizza')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });
});

describe('Bot tab in the dashboard (spec 1 §2)', () => {
  function renderDashboard(handlers: Handlers) {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('onboarding_version', '1.1.0');
    localStorage.setItem('onboarding_completed', 'true');
    const stub = stubTrpc({
      'users.me': ME,
      'notifications.unreadCount': NO_UNREAD,
      'notifications.list': [],
      'stacks.list': [],
      'friends.list': [],
      'groups.mine': [],
      'groups.overview': { my_groups: [], public_groups: [] },
      'bots.responses': [],
      ...handlers,
    });
    return { ...renderAt(<DashboardPage />, '/dashboard'), ...stub };
  }
  const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

  it('opens a tab labelled with the bot name once the bot has loaded; Back closes it', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { user } = renderDashboard({
      'bots.get': async () => {
        await gate;
        return groupBot();
      },
    });
    await screen.findByText(/No stacks yet\./);
    act(() => emit('openBot', { botId: 42 }));
    expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users']);
    release();
    await vi.waitFor(() => expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users', 'Quizzy']));
    expect(screen.getByRole('tab', { name: 'Quizzy' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users']);
    expect(screen.getByRole('tab', { name: 'Stacks' })).toHaveAttribute('aria-selected', 'true');
  });

  it("opens a 'Bot' tab saying 'Bot not found' on a 404", async () => {
    renderDashboard({ 'bots.get': () => botNotFound() });
    await screen.findByText(/No stacks yet\./);
    act(() => emit('openBot', { botId: 42 }));
    await vi.waitFor(() => expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users', 'Bot']));
    expect(screen.getByRole('heading', { name: 'Bot not found' })).toBeVisible();
  });

  it("opens no tab and shows 'Failed to load bot profile' with Retry when loading fails", async () => {
    let fail = true;
    const { user } = renderDashboard({
      'bots.get': () => {
        if (fail) throw new TrpcFailure(403, 'No', 'FORBIDDEN');
        return groupBot();
      },
    });
    await screen.findByText(/No stacks yet\./);
    act(() => emit('openBot', { botId: 42 }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Failed to load bot profile');
    expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users']);
    fail = false;
    await user.click(within(banner).getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users', 'Quizzy']));
  });
});
