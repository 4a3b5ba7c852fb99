import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sortUsers } from '../../client/src/features/users/sort-users';
import { UsersTab } from '../../client/src/features/users/users-tab';
import { ME, summary } from './fixtures';
import { renderAt, stubTrpc, TrpcFailure } from './render';

describe('sortUsers (spec 1 §2 Users tab)', () => {
  const users = [
    summary({ id: 10, username: 'zed', friend_status: 'not_friends' }),
    summary({ id: 11, username: 'Yan', friend_status: 'incoming' }),
    summary({ id: 12, username: 'xavier', friend_status: 'friends' }),
    summary({ id: 13, username: 'bea', friend_status: 'pending' }),
    summary({ id: 14, username: 'Anna', friend_status: 'not_friends' }),
    summary({ id: 15, username: 'carl', friend_status: 'friends' }),
    summary({ id: 16, username: 'abe', friend_status: 'incoming' }),
  ];

  it('puts me first, then friends, then pending or incoming, then others, each by username', () => {
    const me = { id: 1, username: 'zzz_me' };
    expect(sortUsers([...users, me], 1).map((u) => u.username)).toEqual(['zzz_me', 'carl', 'xavier', 'abe', 'bea', 'Yan', 'Anna', 'zed']);
  });

  it('orders usernames without regard to letter case and does not change its input', () => {
    const input = [summary({ id: 2, username: 'bob' }), summary({ id: 3, username: 'Alice' }), summary({ id: 4, username: 'alfred' })];
    const copy = [...input];
    expect(sortUsers(input, undefined).map((u) => u.username)).toEqual(['alfred', 'Alice', 'bob']);
    expect(input).toEqual(copy);
  });

  it('treats pending and incoming as one group', () => {
    const input = [summary({ id: 2, username: 'b', friend_status: 'pending' }), summary({ id: 3, username: 'a', friend_status: 'incoming' })];
    expect(sortUsers(input, 99).map((u) => u.username)).toEqual(['a', 'b']);
  });
});

describe('UsersTab', () => {
  const others = [
    summary({ id: 2, username: 'bob', bio: 'Cheese ranker', friend_status: 'friends' }),
    summary({ id: 3, username: 'carol', friend_status: 'pending' }),
    summary({ id: 4, username: 'dave', friend_status: 'incoming' }),
    summary({ id: 5, username: 'erin', friend_status: 'not_friends' }),
  ];

  it('shows the Bots empty state and me first marked (me), then the others with their status lines', async () => {
    stubTrpc({ 'users.list': others, 'bots.list': [] });
    renderAt(<UsersTab me={{ ...ME, bio: 'Hello there' }} onOpenSettings={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Bots' })).toBeInTheDocument();
    expect(await screen.findByText('No bots yet.')).toBeInTheDocument();

    const list = screen.getByRole('list', { name: 'Users' });
    await within(list).findByText('bob');
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => card.querySelector('p')?.textContent)).toEqual(['alice(me)', 'bob', 'carol', 'dave', 'erin']);
    expect(within(cards[0]).getByText('Hello there')).toBeInTheDocument();
    expect(within(cards[0]).queryByText(/^Status:/)).not.toBeInTheDocument();
    expect(within(cards[1]).getByText('Cheese ranker')).toBeInTheDocument();
    expect(within(cards[2]).getByText('No bio yet')).toBeInTheDocument();

    const line = (index: number) => within(cards[index]).getByText(/^Status:/);
    expect(line(1)).toHaveTextContent('Status: friends');
    expect(line(1)).toHaveClass('text-success');
    expect(line(2)).toHaveTextContent('Status: pending');
    expect(line(2)).toHaveClass('text-warning');
    expect(line(3)).toHaveTextContent('Status: incoming request');
    expect(line(3)).toHaveClass('text-info');
    expect(line(4)).toHaveTextContent('Status: not friends');
    expect(line(4)).toHaveClass('text-base-content/60');
    expect(cards[1].querySelector('img')).toHaveAttribute('src', '/avatars/users/2/bob.svg');
  });

  it('opens settings from my own card and a profile (openUser) from another card', async () => {
    stubTrpc({ 'users.list': others });
    const onOpenSettings = vi.fn();
    const openUser = vi.fn();
    window.addEventListener('openUser', openUser);
    const { user } = renderAt(<UsersTab me={ME} onOpenSettings={onOpenSettings} />);
    await user.click(await screen.findByRole('button', { name: /carol/ }));
    expect(openUser).toHaveBeenCalledTimes(1);
    expect((openUser.mock.calls[0][0] as CustomEvent).detail).toEqual({ userId: 3 });
    expect(onOpenSettings).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: /alice/ }));
    expect(onOpenSettings).toHaveBeenCalledTimes(1);
    expect(openUser).toHaveBeenCalledTimes(1);
    window.removeEventListener('openUser', openUser);
  });

  it('searches by username through q, keeping me only when my name matches', async () => {
    const { callsTo } = stubTrpc({ 'users.list': (input: { q?: string }) => (input.q ? others.filter((u) => u.username.includes(input.q!)) : others) });
    const { user } = renderAt(<UsersTab me={ME} onOpenSettings={() => {}} />);
    await screen.findByText('erin');
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'car');
    await screen.findByText('carol');
    await vi.waitFor(() => expect(screen.queryByText('erin')).not.toBeInTheDocument());
    expect(screen.queryByText('alice')).not.toBeInTheDocument();
    // The list may narrow on what it already holds before the debounced search goes out; under load
    // an extra unfiltered call was once recorded after it (CI): the call is waited for and looked
    // up rather than taken as the last.
    await vi.waitFor(() => expect(callsTo('users.list').map((call) => call.input)).toContainEqual(expect.objectContaining({ q: 'car', offset: 0 })), { timeout: 5_000 });
  });

  it('shows the Failed to load data banner with Retry when the list fails', async () => {
    let fail = true;
    stubTrpc({
      'users.list': () => {
        if (fail) throw new TrpcFailure(400, 'Bad');
        return others;
      },
      'bots.list': [],
    });
    const { user } = renderAt(<UsersTab me={ME} onOpenSettings={() => {}} />);
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Failed to load data');
    fail = false;
    await user.click(within(banner).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('bob')).toBeInTheDocument();
  });
});
