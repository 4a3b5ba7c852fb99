import { Avatar } from '../../components/avatar';

interface BotCardProps {
  name: string;
  avatarId: number;
  bio: string;
  onOpen(): void;
}

/** Spec 1 §2 Users tab, Bots section: avatar, name, and the bio in quotes or 'Bot'. */
export function BotCard({ name, avatarId, bio, onOpen }: BotCardProps) {
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="card card-border h-full w-full cursor-pointer bg-base-100 text-left shadow-sm transition hover:border-primary hover:shadow-md focus-visible:outline-2 focus-visible:outline-primary"
      >
        <div className="card-body flex-row items-center gap-4 p-4">
          <Avatar kind="bot" name={name} avatarId={avatarId} size="md" alt="" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold wrap-anywhere">{name}</p>
            <p className={`line-clamp-2 text-sm wrap-anywhere ${bio ? 'italic' : 'text-base-content/60'}`}>{bio ? `“${bio}”` : 'Bot'}</p>
          </div>
        </div>
      </button>
    </li>
  );
}
