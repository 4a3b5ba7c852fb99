import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UsersTab } from '../../client/src/features/users/users-tab';
import { botSummary } from './bots-fixtures';
import { ME } from './fixtures';
import { renderAt, stubTrpc, TrpcFailure } from './render';

const BOTS = [botSummary({ id: 5, name: 'Quizzy', bio: 'I ask about food', avatar_id: 3 }), botSummary({ id: 6, name: 'Pal', bio: '', avatar_id: 7 })];
const botsSection = () => screen.getByRole('heading', { name: 'Bots' }).closest('section')!;

describe('Users tab: the Bots section (spec 1 §2)', () => {
  const openBot = vi.fn();
  afterEach(() => {
    window.removeEventListener('openBot', openBot);
    openBot.mockReset();
  });

  it('shows a card per bot: avatar from /assets, name, and the bio in quotes or Bot', async () => {
    const server = stubTrpc({ 'users.list': [], 'bots.list': BOTS });
    renderAt(<UsersTab me={ME} onOpenSettings={() => {}} />);
    const list = await within(botsSection()).findByRole('list', { name: 'Bots' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Quizzy');
    expect(within(cards[0]).getByText('“I ask about food”')).toBeInTheDocument();
    expect(cards[0].querySelector('img')).toHaveAttribute('src', '/assets/3');
    expect(cards[1]).toHaveTextContent('Pal');
    expect(within(cards[1]).getByText('Bot')).toBeInTheDocument();
    expect(cards[1].querySelector('img')).toHaveAttribute('src', '/assets/7');
    expect(screen.queryByText('No bots yet.')).not.toBeInTheDocument();
    expect(server.callsTo('bots.list')).toHaveLength(1);
  });

  it('emits openBot with the bot id when a card is clicked', async () => {
    stubTrpc({ 'users.list': [], 'bots.list': BOTS });
    window.addEventListener('openBot', openBot);
    const { user } = renderAt(<UsersTab me={ME} onOpenSettings={() => {}} />);
    await user.click(await screen.findByRole('button', { name: /Pal/ }));
    expect(openBot).toHaveBeenCalledTimes(1);
    expect((openBot.mock.calls[0][0] as CustomEvent).detail).toEqual({ botId: 6 });
  });

  it("keeps 'No bots yet.' when there are none, after 'Loading...'", async () => {
    stubTrpc({ 'users.list': [], 'bots.list': [] });
    renderAt(<UsersTab me={ME} onOpenSettings={() => {}} />);
    expect(within(botsSection()).getByText('Loading...')).toBeInTheDocument();
    expect(await within(botsSection()).findByText('No bots yet.')).toBeInTheDocument();
    expect(within(botsSection()).queryByRole('list')).not.toBeInTheDocument();
  });

  it("shows 'Failed to load data' with Retry in the Bots section when the list fails", async () => {
    let fail = true;
    stubTrpc({
      'users.list': [],
      'bots.list': () => {
        if (fail) throw new TrpcFailure(400, 'Bad');
        return BOTS;
      },
    });
    const { user } = renderAt(<UsersTab me={ME} onOpenSettings={() => {}} />);
    const banner = await within(botsSection()).findByRole('alert');
    expect(banner).toHaveTextContent('Failed to load data');
    expect(within(botsSection()).queryByText('No bots yet.')).not.toBeInTheDocument();
    fail = false;
    await user.click(within(banner).getByRole('button', { name: 'Retry' }));
    expect(await within(botsSection()).findByText('Quizzy')).toBeInTheDocument();
  });
});
