import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Stack, StackListItem } from '../../shared/schemas/stacks';
import { DashboardPage } from '../../client/src/app/dashboard/dashboard-page';
import { clearToken, getToken, storeToken } from '../../client/src/lib/auth-token';
import { LiveEvents } from '../../client/src/app/live-events';
import { GroupDetailView } from '../../client/src/features/groups/group-detail';
import { StackDetail } from '../../client/src/features/stacks/stack-detail';
import { dashboardAnswers, ME, notification } from './fixtures';
import { chessClub } from './groups-fixtures';
import { renderAt, stubFetch, stubTrpc, TrpcFailure } from './render';
import { ALICE, BOB, CAROL, comment, listItem, responder, stack } from './stacks-fixtures';


beforeEach(() => {
  sessionStorage.clear();
  localStorage.setItem('token', 'tok');
  // No tour, and no panel opening by itself: the envelope is what these tests watch.
  localStorage.setItem('onboarding_version', '1.1.0');
  localStorage.setItem('onboarding_completed', 'true');
  sessionStorage.setItem('notifications_auto_shown_1', 'true');
});
afterEach(() => sessionStorage.clear());

interface StreamRequest {
  url: string;
  headers: Record<string, string>;
  signal: AbortSignal | undefined;
}

/**
 * A fake GET /v1/events: each request gets an SSE stream the test writes to (`send`, `drop`), or
 * the status set by `refuse`. The first bytes set the reconnection delay to 50 ms.
 */
function fakeEventStream() {
  const encoder = new TextEncoder();
  const requests: StreamRequest[] = [];
  let current: ReadableStreamDefaultController<Uint8Array> | undefined;
  let refusal: number | null = null;
  return {
    requests,
    refuse(status: number | null) {
      refusal = status;
    },
    respond(url: string, init: RequestInit | undefined): Response {
      const headers = Object.fromEntries(new Headers(init?.headers).entries());
      requests.push({ url: String(url), headers, signal: init?.signal ?? undefined });
      if (refusal !== null) return new Response('Bad Gateway', { status: refusal, headers: { 'content-type': 'text/html' } });
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          current = controller;
          controller.enqueue(encoder.encode('retry: 50\n: ping\n\n'));
          init?.signal?.addEventListener('abort', () => controller.error(new DOMException('The stream was closed', 'AbortError')));
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    },
    send(id: number, type: string, data: unknown) {
      current!.enqueue(encoder.encode(`id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`));
    },
    /** The connection ends, as when a server restarts. */
    drop() {
      current!.close();
    },
  };
}

type Handlers = Parameters<typeof stubTrpc>[0];

/** tRPC answered by `handlers`, /v1/events by a fake stream. */
function stubServer(handlers: Handlers) {
  const trpc = stubTrpc(handlers);
  const answerTrpc = trpc.fetchMock.getMockImplementation()!;
  const events = fakeEventStream();
  stubFetch(async (url, init) => (String(url).includes('/v1/events') ? events.respond(url, init) : answerTrpc(url, init)));
  return { ...trpc, events };
}

const dashboardHandlers = (handlers: Handlers = {}): Handlers => dashboardAnswers(handlers) as Handlers;

function renderDashboard(handlers: Handlers = {}) {
  const server = stubServer(dashboardHandlers(handlers));
  const view = renderAt(
    <>
      <LiveEvents />
      <DashboardPage />
    </>,
    '/dashboard',
  );
  return { ...view, ...server };
}

const STACKS_READY = /No stacks yet\./;
const streamOpen = (events: ReturnType<typeof fakeEventStream>, count = 1) => waitFor(() => expect(events.requests).toHaveLength(count));

describe('Live events: the stream (GET /v1/events)', () => {
  it('sends the bearer token; signing out closes the stream and a new token opens a new one', async () => {
    const { events } = renderDashboard();
    await screen.findByText(STACKS_READY);
    await streamOpen(events);
    expect(events.requests[0].url).toMatch(/\/v1\/events$/);
    expect(events.requests[0].headers).toMatchObject({ authorization: 'Bearer tok', accept: 'text/event-stream' });

    act(() => clearToken());
    await waitFor(() => expect(events.requests[0].signal?.aborted).toBe(true));

    act(() => storeToken('tok2'));
    await streamOpen(events, 2);
    expect(events.requests[1].headers.authorization).toBe('Bearer tok2');
  });

  it('a 401 from the stream logs out, like any other call', async () => {
    const { events } = stubServer(dashboardHandlers());
    events.refuse(401);
    renderAt(<LiveEvents />, '/dashboard');
    await waitFor(() => expect(getToken()).toBeNull());
    expect(events.requests).toHaveLength(1);
  });
});

describe('Live events: what a person sees without reloading', () => {
  it('a notification.created shows the new count on the envelope at once, without asking for it', async () => {
    const { events, callsTo } = renderDashboard();
    await screen.findByText(STACKS_READY);
    await streamOpen(events);
    const envelope = screen.getByRole('button', { name: 'Notifications' });
    expect(within(envelope).queryByTestId('unread-badge')).not.toBeInTheDocument();

    act(() => events.send(1, 'notification.created', { notification_id: 7, type: 'FRIEND_REQUEST', unread: { unread_count: 2, pending_friend_requests: 1, pending_group_requests: 0 } }));
    expect(await within(envelope).findByTestId('unread-badge')).toHaveTextContent('2');
    expect(within(envelope).getByTestId('request-dot')).toBeInTheDocument();
    expect(callsTo('notifications.unreadCount')).toHaveLength(1);
  });

  // Moved from dashboard.test.tsx, where the count was polled once a minute: it now comes live.
  it('fetches the list again on opening once the live unread count has moved', async () => {
    let list: unknown[] = [];
    const { user, events } = renderDashboard({ 'notifications.list': () => list });
    await screen.findByText(STACKS_READY);
    await streamOpen(events);
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No new notifications.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));

    // The list read just now is within its 30 s cache: only the moved count makes it stale.
    list = [notification(7, 'FRIEND_REQUEST', { from_username: 'zoe', request_id: 70 })];
    act(() => events.send(1, 'notification.created', { notification_id: 7, type: 'FRIEND_REQUEST', unread: { unread_count: 1, pending_friend_requests: 1, pending_group_requests: 0 } }));
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('1');
    await user.click(screen.getByRole('button', { name: 'Notifications, 1 unread, new requests' }));
    expect(await screen.findByText('zoe')).toBeInTheDocument();
  });

  it('a stack.created fetches the feed again and the new card shows with its banner', async () => {
    let feed: StackListItem[] = [];
    const { events } = renderDashboard({ 'stacks.list': () => feed });
    await screen.findByText(STACKS_READY);
    await streamOpen(events);

    feed = [listItem({ id: 5, name: 'Breakfast', me: { is_answered: false, viewed: false, viewed_comments: true } })];
    act(() => events.send(1, 'stack.created', { stack_id: 5, type: 'stack', original_id: null }));
    const card = await screen.findByRole('button', { name: /Breakfast/ });
    expect(card).toHaveTextContent('New stack!');
    expect(screen.queryByText(STACKS_READY)).not.toBeInTheDocument();
  });

  it('a feed.bulk_updated (Hide New Stacks on another device) fetches the feed again: the hidden cards go', async () => {
    let feed: StackListItem[] = [listItem({ id: 5, name: 'Breakfast', me: { is_answered: false, viewed: false, viewed_comments: true } })];
    const { events, callsTo } = renderDashboard({ 'stacks.list': () => feed });
    expect(await screen.findByRole('button', { name: /Breakfast/ })).toHaveTextContent('New stack!');
    await streamOpen(events);
    const before = callsTo('stacks.list').length;

    feed = [];
    act(() => events.send(1, 'feed.bulk_updated', { action: 'hide_new', count: 1 }));
    expect(await screen.findByText(STACKS_READY)).toBeInTheDocument();
    expect(callsTo('stacks.list').length).toBeGreaterThan(before);
    expect(screen.queryByRole('button', { name: /Breakfast/ })).not.toBeInTheDocument();
  });

  it("the open stack shows a friend's answer and score, then a new comment, without marking them viewed", async () => {
    let detail: Stack = stack({ audience: { type: 'friend', user: BOB, group: null }, owner_id: ALICE.id, owner_username: 'alice', users: [responder(ALICE, [0, 1, 2, 3, 4, 5])], me: { is_answered: true, can_answer: false } });
    const { events, callsTo } = stubServer({ 'users.me': ME, 'stacks.get': () => detail, 'stacks.list': [] });
    renderAt(
      <>
        <LiveEvents />
        <StackDetail id={42} onClose={vi.fn()} />
      </>,
    );
    expect(await screen.findByText('Nobody else has answered yet.')).toBeInTheDocument();
    await streamOpen(events);

    detail = { ...detail, users: [...detail.users, responder(BOB, [5, 4, 3, 2, 1, 0], 0)] };
    act(() => events.send(1, 'stack.answered', { stack_id: 42, type: 'stack', original_id: null, user_id: BOB.id }));
    expect(await screen.findByRole('list', { name: "bob's ranking" })).toBeInTheDocument();
    expect(screen.getAllByTestId('score-label').map((label) => label.textContent)).toContain('Nemesis 0.0%');
    expect(screen.queryByText('Nobody else has answered yet.')).not.toBeInTheDocument();

    detail = { ...detail, comments: [comment(3, BOB, 'Pasta last? Really?')] };
    act(() => events.send(2, 'comment.created', { stack_id: 42, type: 'stack', comment_id: 3 }));
    expect(await screen.findByText('Pasta last? Really?')).toBeInTheDocument();
    // Opening marked it viewed; the live refreshes do not (the list keeps its banners until it is opened).
    const inputs = callsTo('stacks.get').map((call) => call.input as { mark_viewed?: string });
    expect(inputs[0].mark_viewed).toBe('true');
    expect(inputs.slice(1).length).toBeGreaterThanOrEqual(2);
    expect(inputs.slice(1).every((input) => input.mark_viewed === undefined)).toBe(true);
  });

  it('a stack.deleted while it is open says it no longer exists (no Retry) and tells the dashboard', async () => {
    let gone = false;
    const { events } = stubServer({
      'users.me': ME,
      'stacks.get': () => (gone ? new TrpcFailure(404, 'Stack not found', 'NOT_FOUND') : stack()),
      'stacks.list': [],
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onLoadFailed = vi.fn();
    const onGone = vi.fn();
    renderAt(
      <>
        <LiveEvents />
        <StackDetail id={42} onClose={vi.fn()} onLoadFailed={onLoadFailed} onGone={onGone} />
      </>,
    );
    await screen.findByRole('heading', { name: 'Lunch', level: 1 });
    await streamOpen(events);

    gone = true;
    act(() => events.send(1, 'stack.deleted', { stack_id: 42, type: 'stack', original_id: null }));
    expect(await screen.findByText('This stack no longer exists.')).toBeInTheDocument();
    expect(onGone).toHaveBeenCalledWith('This stack no longer exists.');
    expect(onLoadFailed).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Lunch', level: 1 })).not.toBeInTheDocument();
  });
});

describe('Live events: group pages', () => {
  it('an open group page shows a member who joined', async () => {
    let group = chessClub('owner');
    const { events } = stubServer({ 'users.me': ME, 'groups.get': () => group, 'groups.bots': () => [] });
    const noop = vi.fn();
    renderAt(
      <>
        <LiveEvents />
        <GroupDetailView groupId={7} onLoaded={noop} onNotFound={noop} onLoadFailed={noop} onBack={noop} onAddStack={noop} onOpenUser={noop} onOpenBot={noop} />
      </>,
    );
    const members = await screen.findByRole('list', { name: 'Members' });
    expect(within(members).queryByText('carol')).not.toBeInTheDocument();
    await streamOpen(events);

    group = {
      ...group,
      member_count: 3,
      members: [...group.members, { id: CAROL.id, user_id: CAROL.id, role: 'MEMBER', user: { username: CAROL.username, avatar_id: CAROL.avatar_id } }],
      non_members: group.non_members.filter((u) => u.id !== CAROL.id),
    };
    act(() => events.send(1, 'group.member_joined', { group_id: 7, user_id: CAROL.id }));
    expect(await within(screen.getByRole('list', { name: 'Members' })).findByText('carol')).toBeInTheDocument();
  });
});

describe('Live events: catching up', () => {
  /** What the Stacks tab and the header show. */
  const LIVE_READS = ['stacks.list', 'notifications.unreadCount', 'friends.list', 'groups.mine'];
  const counts = (callsTo: (path: string) => unknown[]) => LIVE_READS.map((path) => callsTo(path).length);

  it('refetch fetches everything shown again, with no banner', async () => {
    const { events, callsTo } = renderDashboard();
    await screen.findByText(STACKS_READY);
    await streamOpen(events);
    const before = counts(callsTo);

    act(() => events.send(1, 'refetch', { reason: 'cursor_too_old' }));
    await waitFor(() => counts(callsTo).forEach((count, i) => expect(count).toBeGreaterThan(before[i])));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('after a dropped stream it reconnects with Last-Event-ID and fetches everything again', async () => {
    const { events, callsTo } = renderDashboard();
    await screen.findByText(STACKS_READY);
    await streamOpen(events);
    act(() => events.send(41, 'stack.updated', { stack_id: 5, type: 'stack', original_id: null }));
    await waitFor(() => expect(callsTo('stacks.list')).toHaveLength(2));
    const before = counts(callsTo);

    act(() => events.drop());
    await streamOpen(events, 2);
    expect(events.requests[1].headers['last-event-id']).toBe('41');
    await waitFor(() => counts(callsTo).forEach((count, i) => expect(count).toBeGreaterThan(before[i])));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('after a refused connection (a server restarting) it opens again from the last id and fetches everything again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { events, callsTo } = renderDashboard();
    await screen.findByText(STACKS_READY);
    await streamOpen(events);
    act(() => events.send(9, 'group.member_joined', { group_id: 7, user_id: 2 }));
    await waitFor(() => expect(callsTo('stacks.list')).toHaveLength(2));

    events.refuse(502);
    act(() => events.drop());
    await streamOpen(events, 2);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('Live events refused'));
    const before = counts(callsTo);
    events.refuse(null);
    await waitFor(() => expect(events.requests).toHaveLength(3), { timeout: 3_000 });
    expect(events.requests[2].url).toMatch(/\/v1\/events\?last_event_id=9$/);
    await waitFor(() => counts(callsTo).forEach((count, i) => expect(count).toBeGreaterThan(before[i])));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
