import { hashKey, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { EventSource } from 'eventsource';
import { useEffect } from 'react';
import type { z } from 'zod';
import { LIVE_EVENT_TYPES, LiveEventData, type LiveEventType } from '../../../shared/schemas/events';
import { clearToken, useToken } from '../lib/auth-token';
import { connection, type ConnectionMonitor } from '../lib/connection';
import { clearOverviewCache } from '../lib/groups-cache';
import { useTRPC } from '../lib/trpc';

/*
 * Live events (GET /v1/events, Server-Sent Events; the contract is shared/schemas/events.ts).
 * An event is a hint: it names what changed, and the client refetches the tRPC queries that show
 * it, so the REST reads stay the one source of truth. The browser's own EventSource cannot send
 * the Authorization header; the `eventsource` package takes a custom fetch that adds it, and like
 * the browser's it reconnects after a dropped stream, sending Last-Event-ID itself.
 */

export const LIVE_EVENTS_PATH = '/v1/events';

/** Reopening after a refused or failed connection (502 while a server restarts, 429, ...): 1 s doubling to 30 s. */
const REOPEN_FIRST_MS = 1_000;
const REOPEN_MAX_MS = 30_000;

type Trpc = ReturnType<typeof useTRPC>;
type Data<K extends LiveEventType> = z.infer<(typeof LiveEventData)[K]>;
type StackKind = Data<'stack.created'>['type'];

interface Ctx {
  queryClient: QueryClient;
  trpc: Trpc;
}

const invalidate = ({ queryClient }: Ctx, ...filters: Parameters<QueryClient['invalidateQueries']>[0][]) =>
  Promise.all(filters.map((filter) => queryClient.invalidateQueries(filter)));

/** The detail call of one stack or twisted stack (any input: with or without mark_viewed, comment pages). */
function detailFilter({ trpc }: Ctx, type: StackKind, id: number) {
  return type === 'twisted' ? trpc.twistedStacks.get.queryFilter({ id }) : trpc.stacks.get.queryFilter({ id });
}

const feed = ({ trpc }: Ctx) => trpc.stacks.list.pathFilter();

/**
 * Refreshes a stack's open detail without marking it viewed: an update arriving is not the viewer
 * opening the stack (spec 2 §7), so the list keeps its 'New response(s)' or 'New comments!'
 * banner until they open it. The open detail is the query with mark_viewed; it is fetched again
 * without it and its data replaced. Other detail queries (older comment pages) are invalidated.
 */
async function refreshDetail(ctx: Ctx, type: StackKind, id: number) {
  const { queryClient, trpc } = ctx;
  const opened = type === 'twisted' ? trpc.twistedStacks.get.queryKey({ id, mark_viewed: 'true' }) : trpc.stacks.get.queryKey({ id, mark_viewed: 'true' });
  const openedHash = hashKey(opened);
  const others = invalidate(ctx, { ...detailFilter(ctx, type, id), predicate: (query) => query.queryHash !== openedHash });
  if (!queryClient.getQueryCache().get(openedHash)?.isActive()) return others;
  try {
    const fresh =
      type === 'twisted'
        ? await queryClient.fetchQuery({ ...trpc.twistedStacks.get.queryOptions({ id }), staleTime: 0 })
        : await queryClient.fetchQuery({ ...trpc.stacks.get.queryOptions({ id }), staleTime: 0 });
    queryClient.setQueryData(opened, fresh);
  } catch {
    // Gone or refused: the open detail fetches itself again and shows why.
    await queryClient.invalidateQueries({ queryKey: opened, exact: true });
  }
  return others;
}

/** A stack that may be gone for me: drop its cached detail, so an open one refetches and shows its not-found state. */
function resetDetail(ctx: Ctx, type: StackKind, id: number) {
  return ctx.queryClient.resetQueries(detailFilter(ctx, type, id));
}

function refreshGroups(ctx: Ctx) {
  clearOverviewCache();
  return invalidate(ctx, ctx.trpc.groups.pathFilter());
}

/** Everything a live event may change: after `refetch`, and after a reconnect (events may have been missed). */
export function refreshEverythingLive(ctx: Ctx) {
  clearOverviewCache();
  const { trpc } = ctx;
  return invalidate(
    ctx,
    trpc.stacks.pathFilter(),
    trpc.twistedStacks.pathFilter(),
    trpc.notifications.pathFilter(),
    trpc.groups.pathFilter(),
    trpc.users.pathFilter(),
    trpc.friends.pathFilter(),
    trpc.bots.pathFilter(),
  );
}

/** What each event refreshes. Details refetch only while open (invalidation refetches active queries only). */
export const LIVE_INVALIDATIONS: { [K in LiveEventType]: (data: Data<K>, ctx: Ctx) => Promise<unknown> } = {
  // The feed shows the new card with its banner; a twist also changes its original's detail.
  'stack.created': (data, ctx) =>
    Promise.all([invalidate(ctx, feed(ctx)), ...(data.original_id === null ? [] : [refreshDetail(ctx, 'stack', data.original_id)])]),
  'stack.updated': (data, ctx) => Promise.all([invalidate(ctx, feed(ctx)), refreshDetail(ctx, data.type, data.stack_id)]),
  'stack.deleted': (data, ctx) => Promise.all([invalidate(ctx, feed(ctx)), resetDetail(ctx, data.type, data.stack_id)]),
  'stack.hidden': (data, ctx) => Promise.all([invalidate(ctx, feed(ctx)), resetDetail(ctx, data.type, data.stack_id)]),
  // Responses and scores in the detail, the 'New response(s)' banner in the feed, shared activity on profiles.
  'stack.answered': (data, ctx) =>
    Promise.all([invalidate(ctx, feed(ctx), ctx.trpc.users.shared.pathFilter()), refreshDetail(ctx, data.type, data.stack_id)]),
  // Comments come with the detail; the feed shows 'New comments!'.
  'comment.created': (data, ctx) => Promise.all([invalidate(ctx, feed(ctx)), refreshDetail(ctx, data.type, data.stack_id)]),
  'comment.updated': (data, ctx) => Promise.all([invalidate(ctx, feed(ctx)), refreshDetail(ctx, data.type, data.stack_id)]),
  // The counts come with the event: the envelope shows them at once; the list is fetched again.
  'notification.created': (data, ctx) => {
    ctx.queryClient.setQueryData(ctx.trpc.notifications.unreadCount.queryKey(), data.unread);
    const { trpc } = ctx;
    const more =
      data.type === 'FRIEND_REQUEST'
        ? [trpc.users.list.pathFilter(), trpc.users.get.pathFilter(), trpc.friends.pathFilter()]
        : data.type === 'GROUP_INVITE'
          ? [trpc.groups.pathFilter()]
          : [];
    if (data.type === 'GROUP_INVITE') clearOverviewCache();
    return invalidate(ctx, trpc.notifications.list.pathFilter(), ...more);
  },
  // Member lists and counts; joining or leaving a group also changes which group stacks I see.
  'group.member_joined': (_data, ctx) => Promise.all([refreshGroups(ctx), invalidate(ctx, feed(ctx))]),
  'group.member_left': (_data, ctx) => Promise.all([refreshGroups(ctx), invalidate(ctx, feed(ctx))]),
  // One of my bulk actions (Hide New Stacks, Clear Updates), on this device or another: many cards
  // went or lost their banners. It stands for the per-stack events such a call does not send.
  'feed.bulk_updated': (_data, ctx) => invalidate(ctx, feed(ctx), ctx.trpc.twistedStacks.list.pathFilter()),
  refetch: (_data, ctx) => refreshEverythingLive(ctx),
};

function isLiveEventType(type: string): type is LiveEventType {
  return (LIVE_EVENT_TYPES as string[]).includes(type);
}

/** Applies one received event; data that does not match the contract refreshes everything instead. */
export function applyLiveEvent(type: string, rawData: string, ctx: Ctx): Promise<unknown> {
  if (!isLiveEventType(type)) return Promise.resolve();
  let json: unknown;
  try {
    json = JSON.parse(rawData);
  } catch {
    json = undefined;
  }
  const parsed = LiveEventData[type].safeParse(json);
  if (!parsed.success) {
    console.warn(`Live event ${type} did not match its contract; refreshing everything`, parsed.error);
    return refreshEverythingLive(ctx);
  }
  const apply = LIVE_INVALIDATIONS[type] as (data: unknown, ctx: Ctx) => Promise<unknown>;
  return apply(parsed.data, ctx);
}

export interface LiveStreamHandlers {
  onEvent(type: LiveEventType, data: string): void;
  /** The stream is open again after an error: events may have been missed. */
  onReconnected(): void;
  /** The server refused the token (401). */
  onUnauthorized(): void;
}

/**
 * Opens the stream with the bearer token and keeps it open until `close`. The library reconnects
 * by itself after a dropped stream; a refused connection (any non-200, e.g. 502 while a server
 * restarts) ends its attempts, so this reopens with a growing delay, resuming from the last id.
 * A drop also has `monitor` check whether the server is there; when it says the server is back,
 * the stream opens again at once (and `onReconnected` refreshes what may have been missed).
 */
export function openLiveStream(token: string, handlers: LiveStreamHandlers, url = LIVE_EVENTS_PATH, monitor: StreamMonitor = connection): { close(): void } {
  let source: EventSource | undefined;
  let lastEventId = '';
  let failed = false;
  let delay = REOPEN_FIRST_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const open = () => {
    // A new EventSource starts without an id: the query parameter carries the last one seen.
    const target = lastEventId ? `${url}?last_event_id=${encodeURIComponent(lastEventId)}` : url;
    const es = new EventSource(target, {
      fetch: (input, init) => globalThis.fetch(input, { ...init, headers: { ...init.headers, Authorization: `Bearer ${token}` } }),
    });
    source = es;
    es.addEventListener('open', () => {
      delay = REOPEN_FIRST_MS;
      if (failed) handlers.onReconnected();
      failed = false;
    });
    es.addEventListener('error', (event) => {
      failed = true;
      if (es.readyState !== EventSource.CLOSED || closed) return;
      if (event.code === 401) {
        handlers.onUnauthorized();
        return;
      }
      console.warn(`Live events refused (${event.message ?? 'no answer'}); trying again in ${delay / 1000} s`);
      timer = setTimeout(open, delay + Math.random() * 250);
      delay = Math.min(delay * 2, REOPEN_MAX_MS);
    });
    // The stream is the app's heartbeat: its drop makes the monitor check the server.
    es.addEventListener('open', () => monitor.reportAnswer());
    es.addEventListener('error', () => {
      if (!closed) monitor.reportFailure();
    });
    for (const type of LIVE_EVENT_TYPES) {
      es.addEventListener(type, (event) => {
        if (event.lastEventId) lastEventId = event.lastEventId;
        handlers.onEvent(type, event.data);
      });
    }
  };

  open();
  // The server is back (the monitor's probe answered): open again now, not after the backoff.
  const offMonitor = monitor.subscribe(() => {
    if (closed || monitor.getState() !== 'online' || source?.readyState === EventSource.OPEN) return;
    clearTimeout(timer);
    source?.close();
    delay = REOPEN_FIRST_MS;
    failed = true;
    open();
  });
  return {
    close() {
      closed = true;
      offMonitor();
      clearTimeout(timer);
      source?.close();
    },
  };
}

/** What the stream tells the connection monitor, and hears from it. */
export type StreamMonitor = Pick<ConnectionMonitor, 'getState' | 'subscribe' | 'reportAnswer' | 'reportFailure'>;

/**
 * Keeps the live stream open while someone is signed in, and applies its events to the query
 * cache. Signing out closes it; a new token opens a new one. Mount once (app routes).
 */
export function useLiveEvents() {
  const token = useToken();
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  useEffect(() => {
    if (!token) return;
    const ctx = { queryClient, trpc };
    const stream = openLiveStream(token, {
      onEvent: (type, data) => void applyLiveEvent(type, data, ctx),
      onReconnected: () => void refreshEverythingLive(ctx),
      // Spec 1 §8: a 401 on any call logs out.
      onUnauthorized: () => clearToken('expired'),
    });
    return () => stream.close();
  }, [token, queryClient, trpc]);
}

/** The hook as an element, for the route tree. */
export function LiveEvents() {
  useLiveEvents();
  return null;
}
