import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { TIMINGS } from '../../../shared/limits';
import { useTRPC } from './trpc';

/** What GET /v1/users/groups/overview answers, as kept in session storage. */
export interface CachedOverview<T> {
  savedAt: number;
  data: T;
}

const OVERVIEW_KEY = 'groupsOverview';

/**
 * The groups overview kept in session storage (spec 2 §4: cached for 30 s), or undefined when
 * there is none, it is older than 30 s, or it cannot be read.
 */
export function readOverviewCache<T>(now = Date.now()): CachedOverview<T> | undefined {
  try {
    const raw = sessionStorage.getItem(OVERVIEW_KEY);
    if (!raw) return undefined;
    const entry = JSON.parse(raw) as CachedOverview<T>;
    if (typeof entry?.savedAt !== 'number' || entry.data === undefined) return undefined;
    const age = now - entry.savedAt;
    return age >= 0 && age < TIMINGS.groupsOverviewCacheMs ? entry : undefined;
  } catch {
    return undefined;
  }
}

export function writeOverviewCache<T>(data: T, savedAt = Date.now()): void {
  try {
    sessionStorage.setItem(OVERVIEW_KEY, JSON.stringify({ savedAt, data } satisfies CachedOverview<T>));
  } catch (error) {
    // A full or disabled storage only costs a request next time.
    console.error('Failed to cache the groups overview', error);
  }
}

export function clearOverviewCache(): void {
  try {
    sessionStorage.removeItem(OVERVIEW_KEY);
  } catch {
    // Nothing stored, nothing to clear.
    return;
  }
}

// One person's groups must not show to the next one signing in in the same tab.
if (typeof window !== 'undefined') {
  window.addEventListener('login', clearOverviewCache);
  window.addEventListener('logout', clearOverviewCache);
}

/**
 * After a membership change (create, join, leave, retire, remove, accepted invitation): drops the
 * stored overview and every cached groups call so they are fetched again.
 */
export function useRefreshGroups() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearOverviewCache();
    return queryClient.invalidateQueries(trpc.groups.pathFilter());
  }, [queryClient, trpc]);
}
