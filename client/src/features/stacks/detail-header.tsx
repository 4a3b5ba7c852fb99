import { useRef } from 'react';
import { CloseButton } from '../../components/close-button';
import { useFocusOnShow } from './focus';
import { LinkButton } from './link-button';
import type { Detail, Person } from './other-person';
import { UNTITLED } from './stack-card';
import type { Navigation } from './stack-navigation';

interface DetailHeaderProps {
  detail: Detail;
  nav: Navigation;
  onClose(): void;
  /** The other person of a friend stack (`otherPerson`). */
  friend: Person | null;
}

/** Title, close button, 'Created by' (bot or owner), 'Group:' or 'Friend:' (spec 2 §2.3, §2.4). */
export function DetailHeader({ detail, nav, onClose, friend }: DetailHeaderProps) {
  const { stack } = detail;
  // Opening a stack takes the user into it: its title gets focus (and is read out) once it shows.
  const titleRef = useRef<HTMLHeadingElement>(null);
  useFocusOnShow(titleRef);
  // Twisted stacks: the twist, 'Twisted by' and the 'Original stack' link instead of 'Created by'.
  const twisted = detail.kind === 'twisted' ? { description: detail.stack.twist_description, stackId: detail.stack.stack_id } : null;
  return (
    <header className="space-y-2">
      <div className="flex items-start justify-between gap-2">
        <h1 ref={titleRef} tabIndex={-1} className={`text-2xl font-bold min-w-0 wrap-anywhere outline-none ${twisted ? 'text-purple-700 dark:text-purple-300' : ''}`}>
          {stack.name?.trim() || UNTITLED}
        </h1>
        <CloseButton onClick={onClose} />
      </div>
      {twisted && <p className="text-lg italic wrap-anywhere text-purple-700 dark:text-purple-300">{twisted.description}</p>}
      {/* A <dl> holds only term and value pairs: the original's link and the badge sit beside it. */}
      <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <dl className="flex min-w-0 flex-wrap gap-x-6 gap-y-1">
          {twisted ? (
            <div className="flex min-w-0 gap-1">
              <dt className="shrink-0">Twisted by</dt>
              <dd className="min-w-0">
                <LinkButton onClick={() => nav.onOpenUser(stack.owner_id)}>{stack.owner_username}</LinkButton>
              </dd>
            </div>
          ) : (
            <div className="flex min-w-0 gap-1">
              <dt className="shrink-0">Created by</dt>
              <dd className="min-w-0">
                {stack.bot ? (
                  <LinkButton onClick={() => nav.onOpenBot(stack.bot!.id)}>{stack.bot.name}</LinkButton>
                ) : (
                  <LinkButton onClick={() => nav.onOpenUser(stack.owner_id)}>{stack.owner_username}</LinkButton>
                )}
              </dd>
            </div>
          )}
          {stack.audience.type === 'group' && stack.audience.group && (
            <div className="flex min-w-0 gap-1">
              <dt className="shrink-0">Group:</dt>
              <dd className="min-w-0">
                <LinkButton onClick={() => nav.onOpenGroup(stack.audience.group!.id)}>{stack.audience.group.name}</LinkButton>
              </dd>
            </div>
          )}
          {friend && (
            <div className="flex min-w-0 gap-1">
              <dt className="shrink-0">Friend:</dt>
              <dd className="min-w-0">
                <LinkButton onClick={() => nav.onOpenUser(friend.id)}>{friend.username}</LinkButton>
              </dd>
            </div>
          )}
        </dl>
        {twisted && (
          <div>
            <LinkButton onClick={() => nav.onOpenStack(twisted.stackId, 'stack')}>Original stack</LinkButton>
          </div>
        )}
        {stack.is_sandboxed && <span className="badge badge-warning badge-sm">Sandboxed</span>}
      </div>
    </header>
  );
}

