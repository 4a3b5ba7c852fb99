import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FriendStatus } from '../../shared/schemas/users';
import { lastLoginText } from '../../client/src/features/profile/last-login';
import { ProfileView } from '../../client/src/features/profile/profile-view';
import { ME, profile, SHARED } from './fixtures';
import { renderAt, stubTrpc, TrpcFailure } from './render';


describe('lastLoginText (spec 1 §2 "Last Login:")', () => {
  // A fixed "now" late in the local day: the count goes by calendar days, not 24-hour spans.
  const now = new Date(2026, 10, 22, 23, 30);

  it.each([
    ['2026-11-22', 'today'],
    ['2026-11-21', '1 day ago'],
    ['2026-11-20', '2 days ago'],
    ['2026-11-12', '10 days ago'],
    ['2025-11-22', '365 days ago'],
    ['2026-10-31', '22 days ago'],
  ])('%s is %s', (date, text) => {
    expect(lastLoginText(date, now)).toBe(text);
  });

  it('counts from local midnight: yesterday is 1 day ago even a minute after midnight', () => {
    expect(lastLoginText('2026-11-21', new Date(2026, 10, 22, 0, 1))).toBe('1 day ago');
    expect(lastLoginText('2026-11-22', new Date(2026, 10, 22, 0, 1))).toBe('today');
  });

  it('a date in the future still reads today', () => {
    expect(lastLoginText('2026-11-23', now)).toBe('today');
  });

  it('shows a dash when absent or unreadable', () => {
    expect(lastLoginText(null, now)).toBe('—');
    expect(lastLoginText(undefined, now)).toBe('—');
    expect(lastLoginText('', now)).toBe('—');
    expect(lastLoginText('yesterday', now)).toBe('—');
  });

  it('uses the current date by default', () => {
    const today = new Date();
    const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(lastLoginText(iso)).toBe('today');
  });
});

function renderProfile(status: FriendStatus, extra: Parameters<typeof profile>[0] = {}, handlers: Record<string, unknown> = {}) {
  const data = profile({ friend_status: status, ...extra });
  const stub = stubTrpc({ 'users.get': data, 'users.shared': SHARED, ...handlers });
  const onBack = vi.fn();
  const onBlocked = vi.fn();
  const onLoaded = vi.fn();
  const view = renderAt(<ProfileView userId={data.id} onBack={onBack} onBlocked={onBlocked} onLoaded={onLoaded} />);
  return { ...view, ...stub, onBack, onBlocked, onLoaded, data };
}

/** For tests whose calls fail on purpose: the view logs each failure. */
const quietErrors = () => vi.spyOn(console, 'error').mockImplementation(() => {});

const actionNames = () =>
  within(screen.getByRole('group', { name: 'Profile actions' }))
    .getAllByRole('button')
    .map((button) => `${button.textContent}${(button as HTMLButtonElement).disabled ? ' (disabled)' : ''}`);

describe('ProfileView: what it shows', () => {
  it('shows avatar, username, bio in quotes, status, last login, socials and shared activity', async () => {
    const { onLoaded } = renderProfile('friends', {
      last_login: null,
      socials: [
        { id: 7, platform: 'telegram', value: 'bob_ranks', visibility: 'public', link: 'https://t.me/bob_ranks', is_verified: true },
        { id: 8, platform: 'signal', value: 'bob.01', visibility: 'friends', link: null, is_verified: false },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'bob' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: "bob's avatar" })).toHaveAttribute('src', '/avatars/users/3/bob.svg');
    expect(screen.getByText('“I rank cheeses”')).toBeInTheDocument();
    expect(screen.getByText('Status: friends')).toHaveClass('text-success');
    expect(screen.getByText('Last Login:').parentElement).toHaveTextContent('Last Login: —');

    const socials = within(screen.getByRole('list', { name: 'Socials' })).getAllByRole('listitem');
    expect(socials[0]).toHaveTextContent('Telegram');
    expect(socials[0]).toHaveTextContent('bob_ranks');
    expect(within(socials[0]).getByLabelText('Verified')).toBeInTheDocument();
    const link = within(socials[0]).getByRole('link');
    expect(link).toHaveAttribute('href', 'https://t.me/bob_ranks');
    expect(link).toHaveAttribute('target', '_blank');
    expect(socials[1]).toHaveTextContent('Signal');
    expect(within(socials[1]).queryByLabelText('Verified')).not.toBeInTheDocument();
    expect(within(socials[1]).queryByRole('link')).not.toBeInTheDocument();

    const row = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;
    expect(await within(row('Friend Stacks')).findByText('3')).toBeInTheDocument();
    expect(within(row('Group Stacks')).getByText('7')).toBeInTheDocument();
    expect(onLoaded).toHaveBeenCalledWith(expect.objectContaining({ username: 'bob' }));
  });

  it("reads 'No bio yet' without quotes when the bio is empty", async () => {
    renderProfile('not_friends', { bio: '' });
    expect(await screen.findByText('No bio yet')).toBeInTheDocument();
    expect(screen.queryByText(/“/)).not.toBeInTheDocument();
  });

  it('shows User not found for a 404', async () => {
    stubTrpc({ 'users.get': new TrpcFailure(404, 'User not found', 'USER_NOT_FOUND') });
    const onBack = vi.fn();
    const { user } = renderAt(<ProfileView userId={9} onBack={onBack} onBlocked={() => {}} />);
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeInTheDocument();
    expect(screen.getByText('The requested user could not be found.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalled();
  });

  it('shows Failed to load user profile with Retry for other failures', async () => {
    let fail = true;
    stubTrpc({
      'users.get': () => {
        if (fail) throw new TrpcFailure(400, 'Bad');
        return profile();
      },
      'users.shared': SHARED,
    });
    const onLoadFailed = vi.fn();
    const { user } = renderAt(<ProfileView userId={2} onBack={() => {}} onBlocked={() => {}} onLoadFailed={onLoadFailed} />);
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Failed to load user profile');
    expect(onLoadFailed).toHaveBeenCalled();
    fail = false;
    await user.click(within(banner).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'bob' })).toBeInTheDocument();
  });
});

describe('ProfileView: buttons by friend status (spec 1 §2)', () => {
  it.each<[FriendStatus, string[]]>([
    ['friends', ['Back', 'Create Stack', 'Unfriend', 'Block']],
    ['not_friends', ['Back', 'Friend User', 'Block']],
    ['pending', ['Back', 'Friend request sent (disabled)', 'Block']],
    ['incoming', ['Back', 'Accept Friend Request', 'Ignore Friend Request', 'Block']],
  ])('%s: %j', async (status, buttons) => {
    renderProfile(status, { friend_request_id: status === 'incoming' || status === 'pending' ? 44 : null });
    await screen.findByRole('heading', { name: 'bob' });
    expect(actionNames()).toEqual(buttons);
  });

  it("Create Stack asks for the New Friend Stack dialog with this friend", async () => {
    const asked = vi.fn();
    window.addEventListener('newStack', (event) => asked((event as CustomEvent).detail), { once: true });
    const { user } = renderProfile('friends');
    await user.click(await screen.findByRole('button', { name: 'Create Stack' }));
    expect(asked).toHaveBeenCalledWith({ mode: 'friend', targetId: profile().id });
  });

  it("Friend User sends a request, then reads a disabled 'Friend request sent' and reloads the profile", async () => {
    let status: FriendStatus = 'not_friends';
    const { user, callsTo } = renderProfile('not_friends', {}, {
      'users.get': () => profile({ friend_status: status }),
      'friends.sendRequest': () => {
        status = 'pending';
        return { friend_status: 'pending', request_id: 44 };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Friend User' }));
    expect(await screen.findByRole('button', { name: 'Friend request sent' })).toBeDisabled();
    expect(callsTo('friends.sendRequest')[0].input).toEqual({ user_id: 2 });
    await vi.waitFor(() => expect(callsTo('users.get').length).toBeGreaterThan(1));
    expect(screen.queryByRole('button', { name: 'Friend User' })).not.toBeInTheDocument();
  });

  it('shows Failed to send friend request with Retry', async () => {
    quietErrors();
    let fail = true;
    const { user, callsTo } = renderProfile('not_friends', {}, {
      'friends.sendRequest': () => {
        if (fail) throw new TrpcFailure(409, 'Friend request already sent', 'CONFLICT');
        return { friend_status: 'pending', request_id: 1 };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Friend User' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Failed to send friend request');
    fail = false;
    await user.click(within(banner).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Friend request sent' })).toBeDisabled();
    expect(callsTo('friends.sendRequest')).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('accepts and ignores an incoming request by its id, and says so on failure', async () => {
    quietErrors();
    const notified = vi.fn();
    window.addEventListener('notificationRefresh', notified);
    const { user, callsTo } = renderProfile('incoming', { friend_request_id: 44 }, {
      'friends.respond': (input: { status: string }) => {
        if (input.status === 'REJECTED') throw new TrpcFailure(409, 'Already answered');
        return { id: 44, status: input.status, friend_status: 'friends' };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Accept Friend Request' }));
    await vi.waitFor(() => expect(notified).toHaveBeenCalledTimes(1));
    expect(callsTo('friends.respond')[0].input).toEqual({ id: 44, status: 'ACCEPTED' });

    await user.click(screen.getByRole('button', { name: 'Ignore Friend Request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to ignore friend request');
    expect(callsTo('friends.respond')[1].input).toEqual({ id: 44, status: 'REJECTED' });
    window.removeEventListener('notificationRefresh', notified);
  });

  it('says Failed to accept friend request when accepting fails', async () => {
    quietErrors();
    const { user } = renderProfile('incoming', { friend_request_id: 44 }, { 'friends.respond': new TrpcFailure(404, 'Friend request not found') });
    await user.click(await screen.findByRole('button', { name: 'Accept Friend Request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to accept friend request');
  });
});

describe('ProfileView: unfriend and block dialogs (spec 1 §2 "Dialogs")', () => {
  it('Unfriend asks first, with the exact text, and unfriends only on Yes, Unfriend', async () => {
    const { user, callsTo } = renderProfile('friends', {}, { 'friends.unfriend': { message: 'Friend removed' } });
    await user.click(await screen.findByRole('button', { name: 'Unfriend' }));
    expect(screen.getByRole('heading', { name: 'Are you sure?' })).toBeInTheDocument();
    expect(screen.getByText('This will remove bob from your friends list.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('This will remove bob from your friends list.')).not.toBeInTheDocument();
    expect(callsTo('friends.unfriend')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Unfriend' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Unfriend' }));
    await vi.waitFor(() => expect(callsTo('friends.unfriend')).toHaveLength(1));
    expect(callsTo('friends.unfriend')[0].input).toEqual({ id: 2 });
  });

  it('shows Failed to unfriend user when unfriending fails', async () => {
    quietErrors();
    const { user } = renderProfile('friends', {}, { 'friends.unfriend': new TrpcFailure(404, 'You are not friends with this user') });
    await user.click(await screen.findByRole('button', { name: 'Unfriend' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Unfriend' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to unfriend user');
  });

  it.each<FriendStatus>(['friends', 'not_friends', 'pending', 'incoming'])('Block (%s) asks with the exact text, blocks and leaves', async (status) => {
    const { user, callsTo, onBlocked } = renderProfile(status, {}, { 'friends.block': { message: 'User blocked' } });
    await user.click(await screen.findByRole('button', { name: 'Block' }));
    expect(screen.getByRole('heading', { name: 'Are you sure?' })).toBeInTheDocument();
    expect(screen.getByText('This will block bob. This action cannot be undone.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, Block' }));
    await vi.waitFor(() => expect(onBlocked).toHaveBeenCalledTimes(1));
    expect(callsTo('friends.block')[0].input).toEqual({ user_id: 2 });
  });

  it('shows Failed to block user and stays when blocking fails', async () => {
    quietErrors();
    const { user, onBlocked } = renderProfile('not_friends', {}, { 'friends.block': new TrpcFailure(400, 'Nope') });
    await user.click(await screen.findByRole('button', { name: 'Block' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Block' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to block user');
    expect(onBlocked).not.toHaveBeenCalled();
  });

  it('Back calls back in every status', async () => {
    const { user, onBack } = renderProfile('pending');
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});

describe('ProfileView: your own profile (/users/{your id})', () => {
  function renderOwn() {
    const stub = stubTrpc({ 'users.me': ME, 'users.get': profile({ id: ME.id, username: ME.username, bio: '', friend_status: 'not_friends' }), 'users.shared': SHARED });
    const onBack = vi.fn();
    const onOpenSettings = vi.fn();
    const view = renderAt(<ProfileView userId={ME.id} onBack={onBack} onBlocked={vi.fn()} onOpenSettings={onOpenSettings} />);
    return { ...view, ...stub, onBack, onOpenSettings };
  }

  it('shows who you are without a relationship, friend or block actions, or activity shared with yourself', async () => {
    const { callsTo } = renderOwn();
    expect(await screen.findByRole('heading', { name: 'alice', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('This is your profile.')).toBeInTheDocument();
    expect(screen.queryByText(/^Status:/)).not.toBeInTheDocument();
    expect(actionNames()).toEqual(['Back', 'Edit Profile']);
    expect(screen.queryByRole('heading', { name: 'Shared Activity' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Socials' })).toBeInTheDocument();
    expect(callsTo('users.shared')).toHaveLength(0);
  });

  it('Edit Profile goes to settings; Back goes back', async () => {
    const { user, onOpenSettings, onBack } = renderOwn();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(onOpenSettings).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it("someone else's profile keeps its status line and actions", async () => {
    stubTrpc({ 'users.me': ME, 'users.get': profile(), 'users.shared': SHARED });
    renderAt(<ProfileView userId={2} onBack={vi.fn()} onBlocked={vi.fn()} onOpenSettings={vi.fn()} />);
    expect(await screen.findByRole('heading', { name: 'bob', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Status: not friends')).toBeInTheDocument();
    expect(actionNames()).toEqual(['Back', 'Friend User', 'Block']);
  });
});

describe('ProfileView: who invited whom (admins only)', () => {
  it('shows "Invited by" and the users invited when the server sends them (admins)', async () => {
    const opened = vi.fn();
    window.addEventListener('openUser', (event) => opened((event as CustomEvent).detail));
    const { user } = renderProfile('not_friends', {
      invited_by: { id: 7, username: 'alice' },
      invited: [
        { id: 8, username: 'carol' },
        { id: 9, username: 'dave' },
      ],
    });
    const group = await screen.findByRole('group', { name: 'Invitations (admins only)' });
    expect(group).toHaveTextContent('Invited by alice');
    expect(group).toHaveTextContent('Invited: carol, dave');
    await user.click(within(group).getByRole('button', { name: 'alice' }));
    expect(opened).toHaveBeenCalledWith({ userId: 7 });
  });

  it('says nobody invited a user who joined with an admin code', async () => {
    renderProfile('not_friends', { invited_by: null, invited: [] });
    expect(await screen.findByRole('group', { name: 'Invitations (admins only)' })).toHaveTextContent('Not invited by anyone.');
  });

  it('shows nothing of the kind to others (the fields are absent)', async () => {
    renderProfile('friends');
    await screen.findByRole('heading', { name: 'bob' });
    expect(screen.queryByRole('group', { name: 'Invitations (admins only)' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Invited by/)).not.toBeInTheDocument();
  });
});
