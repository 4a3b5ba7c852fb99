import { UNTITLED_STACK } from '../../../../shared/limits';
import type { StackListItem } from '../../../../shared/schemas/stacks';
import { Avatar, type AvatarProps } from '../../components/avatar';
import { formatDateTime } from '../../lib/format-date';
import { stackBanner, type StackBanner } from './stack-banner';

const BANNER_CLASSES: Record<StackBanner['color'], string> = {
  yellow: 'bg-yellow-300 text-yellow-950',
  green: 'bg-green-700 text-white',
  orange: 'bg-orange-500 text-orange-950',
};

export const UNTITLED = UNTITLED_STACK;

/** The other person of a friend stack, as the viewer sees it. */
function friendOf(item: StackListItem, meId: number | undefined) {
  const friend = item.audience.user;
  if (friend && friend.id !== meId) return friend;
  return { id: item.owner_id, username: item.owner_username, avatar_id: item.owner_avatar_id };
}

/** Avatar and subtitle of a card (spec 2 §2.1): the bot, the friend or the group. */
export function cardSubject(item: StackListItem, meId: number | undefined): { avatar: AvatarProps; subtitle: string } {
  if (item.bot) return { avatar: { kind: 'bot', name: item.bot.name, avatarId: item.bot.avatar_id }, subtitle: `${item.bot.name} stack` };
  if (item.audience.type === 'group' && item.audience.group) {
    const name = item.audience.group.name;
    return { avatar: { kind: 'group', name }, subtitle: `Group stack with ${name}` };
  }
  const friend = friendOf(item, meId);
  return { avatar: { kind: 'user', username: friend.username, avatarId: friend.avatar_id }, subtitle: `Friend stack with ${friend.username}` };
}

/** What a card opens (spec 2 §2.1): a twisted stack's card its twist, any other its stack. */
export function openTarget(item: StackListItem): { id: number; type: 'stack' | 'twisted' } {
  return item.type === 'twisted' && item.twist ? { id: item.twist.id, type: 'twisted' } : { id: item.id, type: 'stack' };
}

/** Names the card that opens a stack, so focus can go back to it when that stack closes. */
export const stackCardKey = (target: { id: number; type: 'stack' | 'twisted' }) => `${target.type}:${target.id}`;

interface StackCardProps {
  item: StackListItem;
  meId: number | undefined;
  onOpen(): void;
}

/**
 * One card of My Stacks; twisted stacks in purple with their twist (spec 2 §2.1). The button is
 * named by its content (banner, name, who it is with, date), so it is read as it is seen.
 */
export function StackCard({ item, meId, onOpen }: StackCardProps) {
  const banner = stackBanner(item);
  const { avatar, subtitle } = cardSubject(item, meId);
  const twisted = item.type === 'twisted' && item.twist;
  const title = item.name?.trim() || UNTITLED;
  return (
    <li>
      <button
        type="button"
        data-stack-card={stackCardKey(openTarget(item))}
        onClick={onOpen}
        className={`card h-full w-full overflow-hidden border text-left shadow-sm transition hover:shadow-md focus-visible:outline-2 ${
          twisted ? 'border-purple-500 bg-purple-500/15' : 'border-base-300 bg-base-100'
        }`}
      >
        {banner && <span className={`block px-3 py-1 text-sm font-semibold ${BANNER_CLASSES[banner.color]}`}>{banner.text}</span>}
        <span className="flex items-start gap-3 p-3">
          <Avatar {...avatar} size="sm" alt="" />
          <span className="min-w-0 flex-1 space-y-0.5">
            <span className={`block font-bold wrap-anywhere ${twisted ? 'text-purple-700 dark:text-purple-300' : ''}`}>{title}</span>
            <span className="block text-sm text-base-content/80 wrap-anywhere">{subtitle}</span>
            {twisted && (
              <>
                <span className="block text-sm italic wrap-anywhere text-purple-700 dark:text-purple-300">{item.twist!.twist_description}</span>
                <span className="block text-xs wrap-anywhere text-purple-700 dark:text-purple-300/80">Twisted by {item.twist!.owner_username}</span>
              </>
            )}
            <span className="block text-xs text-base-content/70">
              Created <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
            </span>
          </span>
        </span>
      </button>
    </li>
  );
}
