import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NotificationsPanel } from '../../client/src/features/notifications/notifications-panel';
import { notification } from './fixtures';
import { renderAt, stubTrpc, TrpcFailure } from './render';

const LIST = [
  notification(1, 'FRIEND_REQUEST', { from_user_id: 2, from_username: 'bob', request_id: 44 }),
  notification(2, 'GROUP_INVITE', { from_user_id: 3, from_username: 'carol', group_id: 5, group_name: 'Cheese Club', request_id: 55 }),
  notification(3, 'NEW_USER', { user_id: 4, username: 'dave' }),
  notification(4, 'RELEASE_NOTES', { message: 'Version 2 is out' }),
  notification(5, 'MYSTERY', {}),
];

function renderPanel(handlers: Record<string, unknown> = {}) {
  const stub = stubTrpc({
    'notifications.list': LIST,
    'notifications.markRead': (input: { notification_ids: number[] }) => ({ marked: input.notification_ids.length, unread_count: 0 }),
    'notifications.unreadCount': { unread_count: 0, pending_friend_requests: 0, pending_group_requests: 0 },
    ...handlers,
  });
  const onClose = vi.fn();
  const view = renderAt(<NotificationsPanel open onClose={onClose} />);
  return { ...view, ...stub, onClose };
}

const entry = (text: RegExp | string) => screen.getByText(text, { exact: false }).closest('li')!;

describe('NotificationsPanel: entries by type (spec 1 §2)', () => {
  it('renders each type with its data and its buttons, and unknown types as such', async () => {
    const { callsTo } = renderPanel();
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(dialog).findByText('bob');
    const items = within(within(dialog).getByRole('list', { name: 'Notifications' })).getAllByRole('listitem');
    expect(items).toHaveLength(5);

    expect(items[0]).toHaveTextContent('bob sent you a friend request.');
    expect(within(items[0]).getAllByRole('button').map((b) => b.textContent)).toEqual(['Accept', 'Ignore']);

    expect(items[1]).toHaveTextContent('carol invited you to join Cheese Club.');
    for (const button of within(items[1]).getAllByRole('button')) expect(button).toBeEnabled();
    expect(within(items[1]).getAllByRole('button').map((b) => b.textContent)).toEqual(['Accept', 'Ignore']);

    expect(items[2]).toHaveTextContent('dave joined Stacks.');
    expect(within(items[2]).getAllByRole('button').map((b) => b.textContent)).toEqual(['OK']);
    expect(items[3]).toHaveTextContent('Version 2 is out');
    expect(within(items[3]).getAllByRole('button').map((b) => b.textContent)).toEqual(['OK']);

    expect(items[4]).toHaveTextContent('Unknown notification type: MYSTERY');
    expect(within(items[4]).queryByRole('button')).not.toBeInTheDocument();
    expect(callsTo('notifications.list')[0].input).toMatchObject({ unread_only: 'true' });
  });

  it('Accept on a group invitation answers the group request, shows Accepted and marks it read', async () => {
    const { user, callsTo } = renderPanel({ 'groups.respond': (input: { id: number; status: string }) => ({ ...input, group_id: 5 }), 'groups.overview': { my_groups: [], public_groups: [] } });
    await screen.findByText('bob');
    await user.click(within(entry('invited you to join')).getByRole('button', { name: 'Accept' }));
    expect(await within(entry('invited you to join')).findByText('Accepted')).toBeInTheDocument();
    expect(callsTo('groups.respond')[0].input).toEqual({ id: 55, status: 'ACCEPTED' });
    await vi.waitFor(() => expect(callsTo('notifications.markRead').map((c) => c.input)).toEqual([{ notification_ids: [2] }]));
  });

  it('an answered entry keeps its Accepted status after the list is fetched again without it', async () => {
    let read = false;
    const { user, callsTo } = renderPanel({
      'notifications.list': () => (read ? LIST.slice(1) : LIST),
      'notifications.markRead': (input: { notification_ids: number[] }) => {
        read = true;
        return { marked: input.notification_ids.length, unread_count: 0 };
      },
      'friends.respond': (input: { id: number; status: string }) => ({ ...input, friend_status: 'friends' }),
    });
    await screen.findByText('bob');
    await user.click(within(entry('sent you a friend request')).getByRole('button', { name: 'Accept' }));
    await vi.waitFor(() => expect(callsTo('notifications.list').length).toBeGreaterThan(1));
    expect(await within(entry('sent you a friend request')).findByText('Accepted')).toBeInTheDocument();
  });

  it('Accept answers the friend request, shows Accepted, marks it read and signals a refresh', async () => {
    const refresh = vi.fn();
    window.addEventListener('notificationRefresh', refresh);
    const { user, callsTo } = renderPanel({ 'friends.respond': (input: { id: number; status: string }) => ({ ...input, friend_status: 'friends' }) });
    await screen.findByText('bob');
    await user.click(within(entry('sent you a friend request')).getByRole('button', { name: 'Accept' }));
    expect(await within(entry('sent you a friend request')).findByText('Accepted')).toBeInTheDocument();
    expect(within(entry('sent you a friend request')).queryByRole('button')).not.toBeInTheDocument();
    expect(callsTo('friends.respond')[0].input).toEqual({ id: 44, status: 'ACCEPTED' });
    await vi.waitFor(() => expect(callsTo('notifications.markRead').map((c) => c.input)).toEqual([{ notification_ids: [1] }]));
    await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    window.removeEventListener('notificationRefresh', refresh);
  });

  it('Ignore rejects the friend request and shows Ignored', async () => {
    const { user, callsTo } = renderPanel({ 'friends.respond': (input: { id: number; status: string }) => ({ ...input, friend_status: 'not_friends' }) });
    await screen.findByText('bob');
    await user.click(within(entry('sent you a friend request')).getByRole('button', { name: 'Ignore' }));
    expect(await within(entry('sent you a friend request')).findByText('Ignored')).toBeInTheDocument();
    expect(callsTo('friends.respond')[0].input).toEqual({ id: 44, status: 'REJECTED' });
  });

  it('a failed answer says so and shows no status', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderPanel({ 'friends.respond': new TrpcFailure(409, 'This friend request has already been answered') });
    await screen.findByText('bob');
    await user.click(within(entry('sent you a friend request')).getByRole('button', { name: 'Accept' }));
    expect(await within(entry('sent you a friend request')).findByRole('alert')).toHaveTextContent('Failed to accept friend request');
    expect(within(entry('sent you a friend request')).queryByText('Accepted')).not.toBeInTheDocument();
  });

  it('OK marks NEW_USER and RELEASE_NOTES read and dismisses them', async () => {
    const { user, callsTo } = renderPanel();
    await screen.findByText('dave');
    await user.click(within(entry('joined Stacks')).getByRole('button', { name: 'OK' }));
    await vi.waitFor(() => expect(screen.queryByText('dave')).not.toBeInTheDocument());
    await user.click(within(entry('Version 2 is out')).getByRole('button', { name: 'OK' }));
    await vi.waitFor(() => expect(screen.queryByText('Version 2 is out')).not.toBeInTheDocument());
    expect(callsTo('notifications.markRead').map((c) => c.input)).toEqual([{ notification_ids: [3] }, { notification_ids: [4] }]);
  });

  it("says 'Failed to mark notification as read' when OK fails, and keeps the entry", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderPanel({ 'notifications.markRead': new TrpcFailure(404, 'Notification not found') });
    await screen.findByText('dave');
    await user.click(within(entry('joined Stacks')).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Failed to mark notification as read')).toBeInTheDocument();
    expect(screen.getByText('dave')).toBeInTheDocument();
  });

  it('closing marks every listed notification not yet marked read', async () => {
    const { user, callsTo, onClose } = renderPanel();
    await screen.findByText('dave');
    await user.click(within(entry('joined Stacks')).getByRole('button', { name: 'OK' }));
    await vi.waitFor(() => expect(callsTo('notifications.markRead')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(callsTo('notifications.markRead')).toHaveLength(2));
    expect(callsTo('notifications.markRead')[1].input).toEqual({ notification_ids: [1, 2, 4, 5] });
  });

  it("says 'Failed to load notifications' with Retry when the list fails", async () => {
    let fail = true;
    const { user } = renderPanel({
      'notifications.list': () => {
        if (fail) throw new TrpcFailure(400, 'Bad');
        return LIST;
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load notifications');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('bob')).toBeInTheDocument();
  });

  it('says when there is nothing new', async () => {
    renderPanel({ 'notifications.list': [] });
    expect(await screen.findByText('No new notifications.')).toBeInTheDocument();
  });
});
