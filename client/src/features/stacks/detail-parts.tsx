import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Stack, TwistedStack } from '../../../../shared/schemas/stacks';
import { CloseButton } from '../../components/close-button';
import { BackButton, LoadError, LoadingNote } from '../../components/query-state';
import { emit } from '../../lib/events';
import { useFocusOnShow } from './focus';
import { useTRPC } from '../../lib/trpc';
import { UNTITLED } from './stack-card';

/** What the dashboard gives a stack detail. Navigation defaults to the app's window events. */
export interface StackDetailProps {
  id: number;
  /** Told the stack's name (null when it has none) each time it has loaded; the tab opens then. */
  onLoaded?(name: string | null): void;
  /** Loading failed with nothing to show: 'Failed to load stack' or 'Failed to load twisted stack'. */
  onLoadFailed?(message: string): void;
  /** Close button, Back, and after the stack was hidden or deleted. */
  onClose(): void;
  onOpenUser?(userId: number): void;
  onOpenGroup?(groupId: number): void;
  onOpenBot?(botId: number): void;
  onOpenStack?(id: number, type: 'stack' | 'twisted'): void;
}

export type Navigation = Required<Pick<StackDetailProps, 'onOpenUser' | 'onOpenGroup' | 'onOpenBot' | 'onOpenStack'>>;

/** The caller's navigation, or the app events of spec 2 §2 where it gave none. */
export function navigationOf(props: StackDetailProps): Navigation {
  return {
    onOpenUser: props.onOpenUser ?? ((userId) => emit('openUser', { userId })),
    onOpenGroup: props.onOpenGroup ?? ((groupId) => emit('openGroup', { groupId })),
    onOpenBot: props.onOpenBot ?? ((botId) => emit('openBot', { botId })),
    onOpenStack: props.onOpenStack ?? ((id, type) => emit('openStack', { id, type })),
  };
}

/**
 * Tells the caller about the load outcome once per change: the name when loaded, the message when
 * it failed with nothing to show.
 */
export function useLoadCallbacks(props: Pick<StackDetailProps, 'onLoaded' | 'onLoadFailed'>, loaded: { name: string | null } | undefined, failedMessage: string | null) {
  const callbacks = useRef(props);
  useEffect(() => {
    callbacks.current = props;
  });
  const name = loaded?.name;
  const isLoaded = loaded !== undefined;
  useEffect(() => {
    if (isLoaded) callbacks.current.onLoaded?.(name ?? null);
  }, [isLoaded, name]);
  useEffect(() => {
    if (failedMessage) callbacks.current.onLoadFailed?.(failedMessage);
  }, [failedMessage]);
}

export function LinkButton({ onClick, children }: { onClick(): void; children: ReactNode }) {
  return (
    <button type="button" className="link link-primary text-left font-medium wrap-anywhere" onClick={onClick}>
      {children}
    </button>
  );
}

/** A loaded detail of either kind; the kind says which. */
export type Detail = { kind: 'stack'; stack: Stack } | { kind: 'twisted'; stack: TwistedStack };

export interface Person {
  id: number;
  username: string;
}

/**
 * The other person of a friend stack as the viewer sees it (the 'Friend:' link; the copy prefills
 * them, spec 2 §6): the friend it was sent to, else its owner. A twisted stack's owner is whoever
 * twisted it, so when both are the viewer, it is the other one who answered the original.
 */
export function otherPerson(detail: Detail, meId: number | undefined): Person | null {
  const { stack } = detail;
  if (stack.audience.type !== 'friend') return null;
  const originals = detail.kind === 'twisted' ? detail.stack.original.users.map((user) => ({ id: user.user_id, username: user.username })) : [];
  const people = [stack.audience.user, { id: stack.owner_id, username: stack.owner_username }, ...originals];
  const other = people.find((person) => person !== null && person.id !== meId);
  return other ? { id: other.id, username: other.username } : null;
}

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

/**
 * Loading, or the failure with Retry (spec 1 §8, spec 2 §8 'Failed to load stack'). A stack that no
 * longer exists (deleted, hidden, or out of reach) shows its failure here, in its own view, with
 * Back to close it; the failure takes focus when it shows.
 */
export function LoadState({ failed, message, retrying, onRetry, onClose }: { failed: boolean; message: string; retrying: boolean; onRetry(): void; onClose(): void }) {
  if (!failed) return <LoadingNote />;
  return <LoadFailure message={message} retrying={retrying} onRetry={onRetry} onClose={onClose} />;
}

function LoadFailure({ message, retrying, onRetry, onClose }: { message: string; retrying: boolean; onRetry(): void; onClose(): void }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const backRef = useRef<HTMLButtonElement>(null);
  useFocusOnShow(boxRef);
  return (
    <div ref={boxRef} tabIndex={-1} className="space-y-4 outline-none" data-testid="stack-load-failure">
      <LoadError message={message} onRetry={onRetry} retrying={retrying} onDismissed={() => backRef.current?.focus()} />
      <BackButton buttonRef={backRef} onBack={onClose} />
    </div>
  );
}

/**
 * Submitting a ranking (stack or twisted stack): after it the feed's banners change and the detail
 * is fetched again to show the responses; a failure reads 'Failed to submit' (spec 2 §8).
 */
export function useSubmitRanking(send: (positionIds: number[]) => Promise<unknown>, onReload: () => Promise<unknown>) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (positionIds: number[]) => {
    setError(null);
    setSubmitting(true);
    try {
      await send(positionIds);
      void queryClient.invalidateQueries(trpc.stacks.list.pathFilter());
      await onReload();
    } catch (failure) {
      console.error('Failed to submit', failure);
      setError('Failed to submit');
    } finally {
      setSubmitting(false);
    }
  };
  return { submit, submitting, error };
}

/**
 * The Stack Actions' shared mechanics: which dialog is open, the action error, and `run`, which
 * performs an action, closes the dialog, refreshes the feed and then does `after` — or shows
 * `failure` (spec 2 §8 texts) when the action fails.
 */
export function useStackActionRunner<Dialog extends string>() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Dialog | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refreshList = () => queryClient.invalidateQueries(trpc.stacks.list.pathFilter());
  const run = async (action: () => Promise<unknown>, failure: string, after: () => unknown) => {
    setError(null);
    try {
      await action();
      setOpen(null);
      void refreshList();
      await after();
    } catch (err) {
      console.error(failure, err);
      setOpen(null);
      setError(failure);
    }
  };
  return { open, setOpen, error, run, refreshList };
}
