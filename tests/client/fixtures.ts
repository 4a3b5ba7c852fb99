import type { CurrentUser, Notification, UserProfile, UserSummary } from '../../shared/schemas/users';

export const ME: CurrentUser = {
  id: 1,
  username: 'alice',
  email: 'alice@example.com',
  bio: '',
  avatar_id: 1,
  socials: [],
  last_login: null,
  role: 'USER',
  is_email_verified: true,
  created_at: '2026-11-22T00:00:00.000Z',
};

export const NO_UNREAD = { unread_count: 0, pending_friend_requests: 0, pending_group_requests: 0 };

export function summary(overrides: Partial<UserSummary> & Pick<UserSummary, 'id' | 'username'>): UserSummary {
  return { bio: '', avatar_id: 2, friend_status: 'not_friends', last_login: null, ...overrides };
}

export function profile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 2,
    username: 'bob',
    bio: 'I rank cheeses',
    avatar_id: 3,
    friend_status: 'not_friends',
    last_login: null,
    socials: [],
    friend_request_id: null,
    ...overrides,
  };
}

export const SHARED = { friend_stacks_shared: 2, friend_twisted_stacks_shared: 1, group_stacks_shared: 4, group_twisted_stacks_shared: 3 };

export function notification(id: number, type: string, data: Notification['data']): Notification {
  return { id, type, data, is_read: false, created_at: '2026-11-20T10:00:00.000Z' };
}

/** What the dashboard's queries answer by default (a signed-in user with one friend, nothing else); `overrides` replace entries. */
export function dashboardAnswers(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    'users.me': ME,
    'notifications.unreadCount': NO_UNREAD,
    'notifications.list': [],
    'notifications.markRead': { marked: 1, unread_count: 0 },
    'users.list': [summary({ id: 2, username: 'bob', friend_status: 'friends' })],
    'users.get': profile(),
    'users.shared': SHARED,
    'stacks.list': [],
    'friends.list': [],
    'groups.mine': [],
    'groups.overview': { my_groups: [], public_groups: [] },
    'bots.list': [],
    'mutes.list': [],
    ...overrides,
  };
}
