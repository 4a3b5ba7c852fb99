import type { FriendStatus } from '../../../shared/schemas/users';

const LINES: Record<FriendStatus, { text: string; className: string }> = {
  friends: { text: 'Status: friends', className: 'text-success' },
  pending: { text: 'Status: pending', className: 'text-warning' },
  incoming: { text: 'Status: incoming request', className: 'text-info' },
  not_friends: { text: 'Status: not friends', className: 'text-base-content/60' },
};

/** Spec 1 §2: the friend status line of a user card and a profile, in its colour. */
export function FriendStatusLine({ status, className = '' }: { status: FriendStatus; className?: string }) {
  const line = LINES[status];
  return <p className={`text-sm font-medium ${line.className} ${className}`}>{line.text}</p>;
}
