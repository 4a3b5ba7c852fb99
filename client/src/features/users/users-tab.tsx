import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { LIMITS } from '../../../../shared/limits';
import type { CurrentUser, UserSummary } from '../../../../shared/schemas/users';
import { EmptyNote, LoadError, LoadingNote, QueryState } from '../../components/query-state';
import { emit } from '../../lib/events';
import { useTRPC } from '../../lib/trpc';
import { BotCard } from './bot-card';
import { sortUsers } from './sort-users';
import { UserCard } from './user-card';

type UserEntry = Pick<UserSummary, 'id' | 'username' | 'bio' | 'avatar_id'> & { friend_status?: UserSummary['friend_status']; isMe?: boolean };

const SEARCH_DELAY_MS = 300;
const PAGE_SIZE = LIMITS.pageSizeMax;

interface UsersTabProps {
  me: CurrentUser;
  /** Clicking one's own card opens settings (spec 1 §2). */
  onOpenSettings(): void;
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** Spec 1 §2 Users tab: the Bots section and the Users section, with a search by username. */
export function UsersTab({ me, onOpenSettings }: UsersTabProps) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const [pageCount, setPageCount] = useState(1);

  // A new search starts again from the first page.
  const [pagesFor, setPagesFor] = useState(q);
  if (pagesFor !== q) {
    setPagesFor(q);
    setPageCount(1);
  }

  const pages = useQueries({
    queries: Array.from({ length: pageCount }, (_, page) =>
      trpc.users.list.queryOptions({ q: q || undefined, offset: page * PAGE_SIZE, limit: PAGE_SIZE }),
    ),
  });
  const failed = pages.find((page) => page.isError);
  const loading = pages.some((page) => page.isPending);
  const lastPage = pages[pages.length - 1]?.data;
  const hasMore = lastPage?.length === PAGE_SIZE;

  const users = useMemo(() => {
    // GET /v1/users leaves the viewer out; the client puts them first.
    const others: UserEntry[] = pages.flatMap((page) => page.data ?? []).filter((user) => user.id !== me.id);
    const showMe = !q || me.username.toLowerCase().includes(q.toLowerCase());
    const mine: UserEntry = { id: me.id, username: me.username, bio: me.bio, avatar_id: me.avatar_id, isMe: true };
    return sortUsers(showMe ? [mine, ...others] : others, me.id);
  }, [pages, q, me]);

  return (
    <div className="space-y-8">
      <section aria-labelledby="bots-title" className="space-y-3">
        <h2 id="bots-title" className="text-xl font-bold">
          Bots
        </h2>
        <BotsList />
      </section>

      <section aria-labelledby="users-title" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="users-title" className="text-xl font-bold">
            Users
          </h2>
          <label className="input input-sm w-full sm:w-64">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 opacity-60" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="11" cy="11" r="7" />
              <path d="m20 20-3.5-3.5" />
            </svg>
            <input
              type="search"
              aria-label="Search users"
              placeholder="Search by username"
              maxLength={LIMITS.usernameMax}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </label>
        </div>

        {/* Any page's failure, the first or a later one ('Show more'), with Retry of those that failed. */}
        {failed && <LoadError message="Failed to load data" onRetry={() => pages.filter((page) => page.isError).forEach((page) => void page.refetch())} />}

        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4" aria-label="Users">
          {users.map((user) => (
            <UserCard
              key={user.id}
              username={user.username}
              avatarId={user.avatar_id}
              bio={user.bio}
              friendStatus={user.friend_status}
              isMe={user.isMe}
              onOpen={() => (user.isMe ? onOpenSettings() : emit('openUser', { userId: user.id }))}
            />
          ))}
        </ul>
        {loading && <LoadingNote />}
        {!loading && !failed && users.length === 0 && <p className="text-center text-base-content/70">No users match “{q}”.</p>}
        {!loading && hasMore && (
          <div className="text-center">
            <button type="button" className="btn btn-sm" onClick={() => setPageCount((count) => count + 1)}>
              Show more
            </button>
          </div>
        )}
      </section>
    </div>
  );
}

/** Spec 1 §2 Users tab, Bots section: the bots whose stacks I can see (GET /v1/bots); a card opens the bot. */
function BotsList() {
  const trpc = useTRPC();
  const bots = useQuery(trpc.bots.list.queryOptions());
  return (
    <QueryState query={bots} error="Failed to load data" empty={<EmptyNote>No bots yet.</EmptyNote>}>
      {(list) => (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4" aria-label="Bots">
          {list.map((bot) => (
            <BotCard key={bot.id} name={bot.name} avatarId={bot.avatar_id} bio={bot.bio} onOpen={() => emit('openBot', { botId: bot.id })} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}
