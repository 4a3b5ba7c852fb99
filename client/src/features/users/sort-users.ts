import type { FriendStatus } from '../../../../shared/schemas/users';

export interface SortableUser {
  id: number;
  username: string;
  /** Absent for the current user. */
  friend_status?: FriendStatus;
}

const STATUS_RANK: Record<FriendStatus, number> = { friends: 0, pending: 1, incoming: 1, not_friends: 2 };

/**
 * Spec 1 §2 Users tab: the current user first, then friends, then pending or incoming requests,
 * then everyone else; within each, by username (any letter case), as the server orders them.
 */
export function sortUsers<T extends SortableUser>(users: readonly T[], meId: number | undefined): T[] {
  const rank = (user: T) => (user.id === meId ? -1 : STATUS_RANK[user.friend_status ?? 'not_friends']);
  return [...users].sort((a, b) => {
    const byStatus = rank(a) - rank(b);
    if (byStatus !== 0) return byStatus;
    const aName = a.username.toLowerCase();
    const bName = b.username.toLowerCase();
    if (aName !== bName) return aName < bName ? -1 : 1;
    return a.id - b.id;
  });
}
