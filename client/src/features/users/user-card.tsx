import type { FriendStatus } from '../../../../shared/schemas/users';
import { Avatar } from '../../components/avatar';
import { FriendStatusLine } from '../../components/friend-status-line';

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
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="card card-border h-full w-full cursor-pointer bg-base-100 text-left shadow-sm transition hover:border-primary hover:shadow-md focus-visible:outline-2 focus-visible:outline-primary"
      >
        <div className="card-body flex-row items-center gap-4 p-4">
          <Avatar kind="user" username={username} avatarId={avatarId} size="md" alt="" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold wrap-anywhere">
              {username}
              {isMe && <span className="ml-1 font-normal text-base-content/60">(me)</span>}
            </p>
            <p className={`line-clamp-2 text-sm wrap-anywhere ${bio ? '' : 'italic text-base-content/60'}`}>{bio || 'No bio yet'}</p>
            {friendStatus && <FriendStatusLine status={friendStatus} className="mt-1" />}
          </div>
        </div>
      </button>
    </li>
  );
}
