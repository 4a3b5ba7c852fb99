import { Avatar } from '../../components/avatar';
import { PersonCard } from './person-card';

interface BotCardProps {
  name: string;
  avatarId: number;
  bio: string;
  onOpen(): void;
}

/** Spec 1 §2 Users tab, Bots section: avatar, name, and the bio in quotes or 'Bot'. */
export function BotCard({ name, avatarId, bio, onOpen }: BotCardProps) {
  return (
    <PersonCard avatar={<Avatar kind="bot" name={name} avatarId={avatarId} size="md" alt="" />} onOpen={onOpen}>
      <p className="font-semibold wrap-anywhere">{name}</p>
      <p className={`line-clamp-2 text-sm wrap-anywhere ${bio ? 'italic' : 'text-base-content/60'}`}>{bio ? `“${bio}”` : 'Bot'}</p>
    </PersonCard>
  );
}
