import type { FriendStatus } from '../../../../shared/schemas/users';
import { Avatar } from '../../components/avatar';
import { FriendStatusLine } from '../../components/friend-status-line';
import { PersonCard } from './person-card';

interface UserCardProps {
  username: string;
  avatarId: number;
  bio: string;
  /** Absent on the current user's own card, which is marked '(me)' instead. */
  friendStatus?: FriendStatus;
  isMe?: boolean;
  onOpen(): void;
}

/** Spec 1 §2 Users tab: avatar, username, bio or 'No bio yet', and the friend status line. */
export function UserCard({ username, avatarId, bio, friendStatus, isMe, onOpen }: UserCardProps) {
  return (
    <PersonCard avatar={<Avatar kind="user" username={username} avatarId={avatarId} size="md" alt="" />} onOpen={onOpen}>
      <p className="font-semibold wrap-anywhere">
        {username}
        {isMe && <span className="ml-1 font-normal text-base-content/60">(me)</span>}
      </p>
      <p className={`line-clamp-2 text-sm wrap-anywhere ${bio ? '' : 'italic text-base-content/60'}`}>{bio || 'No bio yet'}</p>
      {friendStatus && <FriendStatusLine status={friendStatus} className="mt-1" />}
    </PersonCard>
  );
}
