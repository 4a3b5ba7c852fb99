import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { EmptyNote, LoadError, LoadingNote, QueryState } from '../../components/query-state';
import { useCurrentUser } from '../../lib/current-user';
import { emit } from '../../lib/events';
import { useTRPC } from '../../lib/trpc';
import { NewStackDialog, type NewStackMode } from './new-stack-dialog';
import { BulkDialogs, useBulkActions } from './stack-bulk-actions';
import { openTarget, StackCard } from './stack-card';
import { emptyStateKind, loadFilters, saveFilters, type StackFilters } from './stack-filters';
import { feedKey, mergeFeedPages, useStackFeed } from './use-stack-feed';

export interface StackListProps {
  /** Opens a stack: `id` is the stack's, or for type 'twisted' the twisted stack's own id. */
  onOpenStack(id: number, type: 'stack' | 'twisted'): void;
}

/** Spec 2 §2.1, §9: more stacks load when the page is scrolled within 100 px of the list's bottom. */
export const LOAD_MORE_WITHIN_PX = 100;

/**
 * Whether the end of the list is within `LOAD_MORE_WITHIN_PX` of the viewport. The page is the only
 * scroll area (no box of its own inside it, which on a phone made two), so a sentinel after the
 * last card is watched against the viewport, its bottom edge grown by 100 px. The answer holds for
 * `count` items: once more have come, it waits for the observer's fresh report (which a new
 * observer always gives first), so a page that pushed the end away does not load another.
 */
function useNearEnd(count: number) {
  const sentinel = useRef<HTMLDivElement>(null);
  /** When the end came near (ms) and for how many items, or null while it is not near. */
  const [near, setNear] = useState<{ count: number; since: number } | null>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const isNear = entries.some((entry) => entry.isIntersecting);
        setNear((previous) => (!isNear ? null : previous?.count === count ? previous : { count, since: previous?.since ?? Date.now() }));
      },
      { rootMargin: `0px 0px ${LOAD_MORE_WITHIN_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [count]);
  return { sentinel, nearSince: near?.count === count ? near.since : null };
}

const goTo = (tab: 'users' | 'groups') => emit('navigateTab', { tab });

function InlineLink({ to, children }: { to: 'users' | 'groups'; children: ReactNode }) {
  return (
    <button type="button" className="link link-primary" onClick={() => goTo(to)}>
      {children}
    </button>
  );
}

/** The empty-state messages of spec 2 §2.1, word for word, with their links. */
function EmptyState({ filters }: { filters: StackFilters }) {
  switch (emptyStateKind(filters)) {
    case 'new':
      return (
        <>
          No new stacks. Toggle off New to see other updates, or <InlineLink to="groups">join a new group</InlineLink> for more stacks.
        </>
      );
    case 'friends':
      return (
        <>
          No friend stacks yet. Toggle off Friends to see all stacks, or <InlineLink to="users">make some friends</InlineLink> to get started.
        </>
      );
    case 'noBots':
      return (
        <>
          No non-bot stacks yet. Toggle off No Bots to see all stacks, or <InlineLink to="groups">join a group</InlineLink> to get started.
        </>
      );
    case 'none':
      return (
        <>
          No stacks yet. <InlineLink to="groups">Join a group</InlineLink> to get started.
        </>
      );
  }
}

/**
 * Infinite scroll: while the end of the list is near, the next page; and again after each page that
 * leaves it near (a first page that does not fill the screen). A failed page waits until the end
 * comes into view again. Gives the sentinel to put after the last card.
 */
function useLoadMore(feed: ReturnType<typeof useStackFeed>, count: number) {
  const { sentinel, nearSince } = useNearEnd(count);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = feed;
  useEffect(() => {
    if (isFetchNextPageError) console.error('Failed to load more stacks', feed.error);
  }, [isFetchNextPageError, feed.error]);
  const failedSinceNear = isFetchNextPageError && nearSince !== null && feed.errorUpdatedAt >= nearSince;
  const canLoadMore = nearSince !== null && hasNextPage && !isFetchingNextPage && !feed.isPending && !failedSinceNear;
  useEffect(() => {
    if (canLoadMore) void fetchNextPage();
  }, [canLoadMore, fetchNextPage]);
  return sentinel;
}

/** What the New Stack dialogs need (the user, friends and groups): their failure with Retry, and the hints when there are none. */
function Prerequisites() {
  const trpc = useTRPC();
  const me = useCurrentUser();
  const friends = useQuery(trpc.friends.list.queryOptions());
  const groups = useQuery(trpc.groups.mine.queryOptions());
  const retry = () => {
    if (me.isError) void me.refetch();
    if (friends.isError) void friends.refetch();
    if (groups.isError) void groups.refetch();
  };
  const noFriends = friends.data?.length === 0;
  const noGroups = groups.data?.length === 0;
  return (
    <>
      {(me.isError || friends.isError || groups.isError) && <LoadError message="Failed to load stacks prerequisites" onRetry={retry} />}
      {(noFriends || noGroups) && (
        <div className="space-y-2">
          {noFriends && <Hint text="You have no friends yet. Make friends to create friend stacks." to="users" label="Go to Users" />}
          {noGroups && <Hint text="You are not in any groups yet. Join a group for group stacks." to="groups" label="Go to Groups" />}
        </div>
      )}
    </>
  );
}

function Hint({ text, to, label }: { text: string; to: 'users' | 'groups'; label: string }) {
  return (
    <div role="note" className="alert flex flex-wrap justify-between">
      <span>{text}</span>
      <button type="button" className="btn btn-sm" onClick={() => goTo(to)}>
        {label}
      </button>
    </div>
  );
}

/** Spec 2 §2.1 Stack list: actions, filters, hints and the My Stacks grid with infinite scroll. */
export function StackList({ onOpenStack }: StackListProps) {
  const me = useCurrentUser();
  const [filters, setFilters] = useState<StackFilters>(loadFilters);
  const feed = useStackFeed(filters);
  const items = mergeFeedPages(feed.data?.pages ?? []);
  const [dialog, setDialog] = useState<NewStackMode | null>(null);
  const sentinel = useLoadMore(feed, items.length);
  const bulk = useBulkActions(items, filters, feed.hasNextPage);

  const toggle = (key: keyof StackFilters) => {
    const next = { ...filters, [key]: !filters[key] };
    setFilters(next);
    saveFilters(next);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Stacks</h1>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setDialog('friend')}>
            Add Friend Stack
          </button>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setDialog('group')}>
            Add Group Stack
          </button>
          <button type="button" className="btn btn-sm" onClick={bulk.askHide} disabled={feed.isPending}>
            Hide New Stacks
          </button>
          <button type="button" className="btn btn-sm" onClick={bulk.askClear} disabled={feed.isPending}>
            Clear Updates
          </button>
        </div>
      </div>

      <Prerequisites />

      <fieldset className="flex flex-wrap gap-4">
        <legend className="sr-only">Filters</legend>
        <FilterToggle label="New" checked={filters.new} onChange={() => toggle('new')} />
        <FilterToggle label="Friends" checked={filters.friends} onChange={() => toggle('friends')} />
        <FilterToggle label="No Bots" checked={filters.noBots} onChange={() => toggle('noBots')} />
      </fieldset>

      <section aria-labelledby="my-stacks-title" className="space-y-2">
        <h2 id="my-stacks-title" className="text-xl font-bold">
          My Stacks
        </h2>
        <div>
          <QueryState
            query={feed}
            error="Failed to load data"
            loading="Loading stacks..."
            isEmpty={() => items.length === 0}
            empty={
              <EmptyNote testId="stacks-empty">
                <EmptyState filters={filters} />
              </EmptyNote>
            }
          >
            {() => (
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="My Stacks">
                {items.map((item) => (
                  <StackCard
                    key={feedKey(item)}
                    item={item}
                    meId={me.data?.id}
                    onOpen={() => {
                      const target = openTarget(item);
                      onOpenStack(target.id, target.type);
                    }}
                  />
                ))}
              </ul>
            )}
          </QueryState>
          {feed.isFetchingNextPage && <LoadingNote text="Loading more stacks..." className="p-3 text-center text-base-content/70" />}
          {items.length > 0 && !feed.hasNextPage && !feed.isFetching && <p className="p-3 text-center text-sm text-base-content/60">No more stacks to load</p>}
          <div ref={sentinel} aria-hidden="true" data-testid="my-stacks-end" />
        </div>
      </section>

      <NewStackDialog
        mode={dialog ?? 'friend'}
        open={dialog !== null}
        onClose={() => setDialog(null)}
        onCreated={(id) => {
          setDialog(null);
          onOpenStack(id, 'stack');
        }}
      />
      <BulkDialogs actions={bulk} />
    </div>
  );
}

function FilterToggle({ label, checked, onChange }: { label: string; checked: boolean; onChange(): void }) {
  return (
    <label className="flex cursor-pointer items-center gap-2">
      <input type="checkbox" className="toggle toggle-primary toggle-sm" checked={checked} onChange={onChange} />
      <span>{label}</span>
    </label>
  );
}
