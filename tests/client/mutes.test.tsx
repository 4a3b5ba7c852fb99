import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProfileView } from '../../client/src/features/profile/profile-view';
import { MutedUsers } from '../../client/src/features/settings/muted-users';
import { SettingsPanel } from '../../client/src/features/settings/settings-panel';
import { useTRPC } from '../../client/src/lib/trpc';
import { ME, NO_UNREAD, profile, SHARED } from './fixtures';
import { renderAt, stubTrpc, TrpcFailure } from './render';

afterEach(() => vi.restoreAllMocks());

/** Stands for the dashboard's feed and envelope: both must be read again after a mute. */
function FeedAndEnvelope() {
  const trpc = useTRPC();
  useQuery(trpc.stacks.list.queryOptions({}));
  useQuery(trpc.notifications.unreadCount.queryOptions());
  return null;
}

function renderProfile(muted: boolean, handlers: Record<string, unknown> = {}) {
  let isMuted = muted;
  const stub = stubTrpc({
    'users.me': ME,
    'users.get': () => profile({ friend_status: 'friends', ...(isMuted ? { muted: true } : {}) }),
    'users.shared': SHARED,
    'stacks.list': [],
    'notifications.unreadCount': NO_UNREAD,
    'mutes.mute': () => {
      isMuted = true;
      return { message: 'User muted' };
    },
    'mutes.unmute': () => {
      isMuted = false;
      return { message: 'User unmuted' };
    },
    ...handlers,
  });
  const view = renderAt(
    <>
      <ProfileView userId={2} onBack={vi.fn()} onBlocked={vi.fn()} />
      <FeedAndEnvelope />
    </>,
  );
  return { ...view, ...stub };
}

describe('ProfileView: Mute beside Block', () => {
  it('mutes at once, says so, turns into Unmute, and refreshes the feed, notifications and the profile', async () => {
    const { user, callsTo } = renderProfile(false);
    const button = await screen.findByRole('button', { name: 'Mute' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await vi.waitFor(() => expect(callsTo('stacks.list')).toHaveLength(1));
    await vi.waitFor(() => expect(callsTo('notifications.unreadCount')).toHaveLength(1));

    await user.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent('You muted bob: their stacks, comments and notifications are hidden from you. They are not told.');
    expect(callsTo('mutes.mute').map((c) => c.input)).toEqual([{ user_id: 2 }]);
    expect(await screen.findByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');
    expect(callsTo('users.get').length).toBeGreaterThanOrEqual(2);
    expect(callsTo('stacks.list').length).toBeGreaterThanOrEqual(2);
    expect(callsTo('notifications.unreadCount').length).toBeGreaterThanOrEqual(2);
    // Friendship stays: the friend actions are unchanged.
    expect(within(screen.getByRole('group', { name: 'Profile actions' })).getByRole('button', { name: 'Unfriend' })).toBeInTheDocument();
  });

  it('unmutes a muted user', async () => {
    const { user, callsTo } = renderProfile(true);
    await user.click(await screen.findByRole('button', { name: 'Unmute' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You unmuted bob.');
    expect(callsTo('mutes.unmute').map((c) => c.input)).toEqual([{ id: 2 }]);
    expect(await screen.findByRole('button', { name: 'Mute' })).toBeInTheDocument();
  });

  it('says Failed to mute user when the call fails, and stays Mute', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderProfile(false, { 'mutes.mute': new TrpcFailure(404, 'User not found', 'USER_NOT_FOUND') });
    await user.click(await screen.findByRole('button', { name: 'Mute' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Failed to mute user');
    expect(screen.getByRole('button', { name: 'Mute' })).toBeEnabled();
  });

  it('is not offered on my own profile', async () => {
    stubTrpc({ 'users.me': ME, 'users.get': profile({ id: ME.id, username: ME.username }) });
    renderAt(<ProfileView userId={ME.id} onBack={vi.fn()} onBlocked={vi.fn()} onOpenSettings={vi.fn()} />);
    expect(await screen.findByText('This is your profile.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mute' })).not.toBeInTheDocument();
  });
});

describe('Settings: Muted users', () => {
  const BOB = { id: 2, username: 'bob', avatar_id: 3, created_at: '2026-11-25T10:00:00.000Z' };
  const CAROL = { id: 3, username: 'carol', avatar_id: 5, created_at: '2026-11-25T11:00:00.000Z' };

  it('says when nobody is muted', async () => {
    stubTrpc({ 'mutes.list': [] });
    renderAt(<MutedUsers />);
    expect(await screen.findByText('You have not muted anyone.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Muted users' })).not.toBeInTheDocument();
  });

  it('lists muted users with an Unmute button each; unmuting one removes it and says so', async () => {
    let muted = [BOB, CAROL];
    const { callsTo } = stubTrpc({
      'mutes.list': () => muted,
      'mutes.unmute': (input: { id: number }) => {
        muted = muted.filter((u) => u.id !== input.id);
        return { message: 'User unmuted' };
      },
    });
    const { user } = renderAt(<MutedUsers />);
    const list = await screen.findByRole('list', { name: 'Muted users' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['bobUnmute', 'carolUnmute']);
    expect(within(list).getByRole('img', { name: "bob's avatar" })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unmute bob' }));
    expect(callsTo('mutes.unmute').map((c) => c.input)).toEqual([{ id: 2 }]);
    expect(await screen.findByRole('status')).toHaveTextContent('You unmuted bob.');
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Unmute bob' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Unmute carol' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unmute carol' }));
    expect(await screen.findByText('You have not muted anyone.')).toBeInTheDocument();
  });

  it('says Failed to unmute user with Retry when the call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const { callsTo } = stubTrpc({
      'mutes.list': () => (fail ? [BOB] : []),
      'mutes.unmute': () => {
        if (fail) throw new TrpcFailure(503, 'Down', 'DATABASE_UNAVAILABLE');
        return { message: 'User unmuted' };
      },
    });
    const { user } = renderAt(<MutedUsers />);
    await user.click(await screen.findByRole('button', { name: 'Unmute bob' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to unmute user');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('You have not muted anyone.')).toBeInTheDocument();
    expect(callsTo('mutes.unmute')).toHaveLength(2);
  });

  it('is a card of the Settings page', async () => {
    stubTrpc({ 'users.me': ME, 'mutes.list': [BOB] });
    renderAt(<SettingsPanel user={ME} onShowTour={vi.fn()} />);
    const card = screen.getByRole('region', { name: 'Muted users' });
    expect(await within(card).findByRole('button', { name: 'Unmute bob' })).toBeInTheDocument();
  });
});
