import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBanner } from '../../components/error-banner';
import { Modal } from '../../components/modal';
import { useCurrentUser } from '../../lib/current-user';
import { emit } from '../../lib/events';
import { errorDetail, useTRPC } from '../../lib/trpc';
import { NewStackDialog, type NewStackMode } from './new-stack-dialog';
import { isNewBanner, isUpdateBanner, stackBanner } from './stack-banner';
import { openTarget, StackCard } from './stack-card';
import { emptyStateKind, loadFilters, saveFilters, type StackFilters } from './stack-filters';
import { feedKey, mergeFeedPages, useStackFeed } from './use-stack-feed';

export interface StackListProps {
  /** Opens a stack: `id` is the stack's, or for type 'twisted' the twisted stack's own id. */
  onOpenStack(id: number, type: 'stack' | 'twisted'): void;
}

/** Spec 2 §9: more stacks load when the grid is scrolled within 100 px of its bottom. */
export const LOAD_MORE_WITHIN_PX = 100;

/** The id that opens an item: a twisted stack opens by its twist's id (spec 2 §2.1). */
type Notice = { title: string; text: string };

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

/** Spec 2 §2.1 Stack list: actions, filters, hints and the My Stacks grid with infinite scroll. */
export function StackList({ onOpenStack }: StackListProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const friends = useQuery(trpc.friends.list.queryOptions());
  const groups = useQuery(trpc.groups.mine.queryOptions());
  const [filters, setFilters] = useState<StackFilters>(loadFilters);
  const feed = useStackFeed(filters);
  const items = mergeFeedPages(feed.data?.pages ?? []);

  const [dialog, setDialog] = useState<NewStackMode | null>(null);
  const [confirm, setConfirm] = useState<'hide' | 'clear' | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [prereqDismissed, setPrereqDismissed] = useState(false);
  const [feedDismissed, setFeedDismissed] = useState(false);

  const hideStack = useMutation(trpc.stacks.hide.mutationOptions());
  const hideTwisted = useMutation(trpc.twistedStacks.hide.mutationOptions());
  const viewStack = useMutation(trpc.stacks.viewed.mutationOptions());
  const viewTwisted = useMutation(trpc.twistedStacks.viewed.mutationOptions());

  const toggle = (key: keyof StackFilters) => {
    const next = { ...filters, [key]: !filters[key] };
    setFilters(next);
    saveFilters(next);
  };

  // Infinite scroll: within 100 px of the bottom of the grid, the next page.
  const scrollRef = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = feed;
  const loadMoreIfNear = useCallback(() => {
    const box = scrollRef.current;
    if (!box || !hasNextPage || isFetchingNextPage) return;
    if (box.scrollHeight - box.scrollTop - box.clientHeight <= LOAD_MORE_WITHIN_PX) {
      fetchNextPage().catch((error) => console.error('Failed to load more stacks', error));
    }
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  useEffect(() => {
    if (isFetchNextPageError) console.error('Failed to load more stacks', feed.error);
  }, [isFetchNextPageError, feed.error]);
  // A first page that does not fill the box cannot be scrolled: load on until it does (laid out only).
  useEffect(() => {
    const box = scrollRef.current;
    if (box && box.clientHeight > 0 && !isFetchNextPageError) loadMoreIfNear();
  }, [items.length, loadMoreIfNear, isFetchNextPageError]);

  const reload = () => queryClient.resetQueries({ queryKey: trpc.stacks.list.pathKey() });

  const newItems = items.filter((item) => isNewBanner(stackBanner(item)));
  const updatedItems = items.filter((item) => isUpdateBanner(stackBanner(item)));

  const askHide = () => {
    if (newItems.length === 0) setNotice({ title: 'No New Stacks', text: 'There are no new stacks to hide.' });
    else setConfirm('hide');
  };
  const askClear = () => {
    if (updatedItems.length === 0) setNotice({ title: 'No Updates to Clear', text: 'There are no stack notifications to clear.' });
    else setConfirm('clear');
  };

  const hideAll = async () => {
    setBusy(true);
    const results = await Promise.allSettled(
      newItems.map((item) => {
        const target = openTarget(item);
        return target.type === 'twisted' ? hideTwisted.mutateAsync({ id: target.id }) : hideStack.mutateAsync({ id: target.id });
      }),
    );
    setBusy(false);
    setConfirm(null);
    const failures = results.filter((r) => r.status === 'rejected');
    if (failures.length > 0) {
      console.error('Failed to hide some stacks', failures);
      setNotice({ title: 'Error', text: 'Failed to hide some stacks. Please try again.' });
    }
    await reload();
  };

  const clearAll = async () => {
    setBusy(true);
    const results = await Promise.allSettled(
      updatedItems.map((item) => {
        const target = openTarget(item);
        return target.type === 'twisted' ? viewTwisted.mutateAsync({ id: target.id }) : viewStack.mutateAsync({ id: target.id });
      }),
    );
    setBusy(false);
    setConfirm(null);
    const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failure) {
      console.error('Failed to clear some updates', failure.reason);
      const message = errorDetail(failure.reason) ?? (failure.reason instanceof Error ? failure.reason.message : String(failure.reason));
      setNotice({ title: 'Error', text: `Failed to clear some updates: ${message}. Please try again.` });
    }
    await reload();
  };

  const prereqFailed = (me.isError || friends.isError || groups.isError) && !prereqDismissed;
  const retryPrereqs = () => {
    if (me.isError) void me.refetch();
    if (friends.isError) void friends.refetch();
    if (groups.isError) void groups.refetch();
  };
  const noFriends = friends.data?.length === 0;
  const noGroups = groups.data?.length === 0;
  const firstPageFailed = feed.isError && !feed.data;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-2xl font-bold">Stacks</h2>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setDialog('friend')}>
            Add Friend Stack
          </button>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setDialog('group')}>
            Add Group Stack
          </button>
          <button type="button" className="btn btn-sm" onClick={askHide} disabled={feed.isPending}>
            Hide New Stacks
          </button>
          <button type="button" className="btn btn-sm" onClick={askClear} disabled={feed.isPending}>
            Clear Updates
          </button>
        </div>
      </div>

      {prereqFailed && <ErrorBanner message="Failed to load stacks prerequisites" onRetry={retryPrereqs} onDismiss={() => setPrereqDismissed(true)} />}

      {(noFriends || noGroups) && (
        <div className="space-y-2">
          {noFriends && (
            <div role="note" className="alert alert-info alert-soft flex flex-wrap justify-between">
              <span>You have no friends yet. Make friends to create friend stacks.</span>
              <button type="button" className="btn btn-sm" onClick={() => goTo('users')}>
                Go to Users
              </button>
            </div>
          )}
          {noGroups && (
            <div role="note" className="alert alert-info alert-soft flex flex-wrap justify-between">
              <span>You are not in any groups yet. Join a group for group stacks.</span>
              <button type="button" className="btn btn-sm" onClick={() => goTo('groups')}>
                Go to Groups
              </button>
            </div>
          )}
        </div>
      )}

      <fieldset className="flex flex-wrap gap-4">
        <legend className="sr-only">Filters</legend>
        <FilterToggle label="New" checked={filters.new} onChange={() => toggle('new')} />
        <FilterToggle label="Friends" checked={filters.friends} onChange={() => toggle('friends')} />
        <FilterToggle label="No Bots" checked={filters.noBots} onChange={() => toggle('noBots')} />
      </fieldset>

      <section aria-labelledby="my-stacks-title" className="space-y-2">
        <h3 id="my-stacks-title" className="text-xl font-bold">
          My Stacks
        </h3>
        {firstPageFailed && !feedDismissed && (
          <ErrorBanner message="Failed to load data" onRetry={() => void feed.refetch()} retrying={feed.isFetching} onDismiss={() => setFeedDismissed(true)} />
        )}
        <div ref={scrollRef} onScroll={loadMoreIfNear} className="max-h-[70vh] overflow-y-auto rounded-box" data-testid="my-stacks-scroll">
          {feed.isPending && <p className="p-4 text-center text-base-content/70">Loading stacks...</p>}
          {feed.isSuccess && items.length === 0 && (
            <p className="rounded-box border border-dashed border-base-300 bg-base-100 p-4 text-center text-base-content/70" data-testid="stacks-empty">
              <EmptyState filters={filters} />
            </p>
          )}
          {items.length > 0 && (
            <ul className="grid gap-3 p-1 sm:grid-cols-2 lg:grid-cols-3" aria-label="My Stacks">
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
          {isFetchingNextPage && <p className="p-3 text-center text-base-content/70">Loading more stacks...</p>}
          {items.length > 0 && !hasNextPage && !feed.isFetching && <p className="p-3 text-center text-sm text-base-content/60">No more stacks to load</p>}
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

      <ConfirmDialog open={confirm === 'hide'} title="Hide New Stacks?" confirmLabel="Hide All" busy={busy} onCancel={() => setConfirm(null)} onConfirm={() => void hideAll()}>
        <p>
          {newItems.length === 1 ? 'The 1 new stack' : `All ${newItems.length} new stacks`} will be hidden from My Stacks.
        </p>
      </ConfirmDialog>
      <ConfirmDialog open={confirm === 'clear'} title="Clear Updates?" confirmLabel="Clear All" busy={busy} onCancel={() => setConfirm(null)} onConfirm={() => void clearAll()}>
        <p>
          {updatedItems.length === 1 ? 'The 1 stack with new responses or comments' : `All ${updatedItems.length} stacks with new responses or comments`} will be marked
          as viewed.
        </p>
      </ConfirmDialog>
      <Modal
        open={notice !== null}
        title={notice?.title ?? ''}
        onClose={() => setNotice(null)}
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setNotice(null)}>
            OK
          </button>
        }
      >
        <p>{notice?.text}</p>
      </Modal>
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
