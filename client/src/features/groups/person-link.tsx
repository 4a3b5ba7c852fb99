import { Avatar } from '../../components/avatar';

/** A member or friend: avatar and name, opening their profile. */
export function PersonLink({ username, avatarId, onOpen }: { username: string; avatarId: number; onOpen(): void }) {
  return (
    <button type="button" className="flex min-w-0 flex-1 items-center gap-3 text-left hover:underline" onClick={onOpen}>
      <Avatar kind="user" username={username} avatarId={avatarId} size="sm" alt="" />
      <span className="truncate font-medium" title={username}>
        {username}
      </span>
    </button>
  );
}
