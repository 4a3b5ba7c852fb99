import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StackListItem } from '../../shared/schemas/stacks';
import { StackList } from '../../client/src/features/stacks/stack-list';
import { on } from '../../client/src/lib/events';
import { formatDateTime } from '../../client/src/lib/format-date';
import { ME } from './fixtures';
import { groupSummary } from './groups-fixtures';
import { flushQueuedWork, renderAt, stubTrpc, TrpcFailure } from './render';
import { ALICE, BOB, CAROL, groupAudience, listItem, page } from './stacks-fixtures';


type Handlers = Parameters<typeof stubTrpc>[0];
type ListInput = { offset: number; limit: number; filter_new: string; filter_friends: string; filter_no_bots: string };

const FRIENDS = [{ id: BOB.id, username: 'bob', bio: '', avatar_id: 2, friend_status: 'friends' as const, last_login: null }];
const GROUPS = [groupSummary({ id: 7, name: 'Chess Club' })];

function renderList(list: StackListItem[] | ((input: ListInput) => unknown), handlers: Handlers = {}) {
  const server = stubTrpc({
    'users.me': ME,
    'friends.list': FRIENDS,
    'groups.mine': GROUPS,
    'stacks.list': typeof list === 'function' ? list : () => list,
    ...handlers,
  });
  const onOpenStack = vi.fn();
  const view = renderAt(<StackList onOpenStack={onOpenStack} />);
  return { ...view, server, onOpenStack };
}

const grid = () => screen.findByRole('list', { name: 'My Stacks' });
const cards = () => within(screen.getByRole('list', { name: 'My Stacks' })).getAllByRole('button');
/**
 * jsdom has no layout and no IntersectionObserver: a stand-in that records each observer, so a
 * test can say when the end of the list comes within reach (as the browser would report it).
 */
const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; target?: Element; live: boolean }[] = [];
beforeEach(() => {
  observers.length = 0;
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.entry = { callback, options, live: true };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.target = target;
      }
      unobserve() {}
      disconnect() {
        this.entry.live = false;
      }
      takeRecords() {
        return [];
      }
    },
  );
});

/** The end of the list comes near (within 100 px of the viewport) or goes away: the live observer hears it. */
function endInView(isIntersecting: boolean) {
  const observer = observers.filter((o) => o.live).at(-1)!;
  act(() => observer.callback([{ isIntersecting, target: observer.target } as IntersectionObserverEntry], {} as IntersectionObserver));
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('Stack list: heading, buttons and paging (spec 2 §2.1, §9)', () => {
  it("shows the heading and buttons, 'Loading stacks...', then the first page of 33", async () => {
    const first = deferred<StackListItem[]>();
    const { server } = renderList(() => first.promise);
    expect(screen.getByRole('heading', { name: 'Stacks', level: 1 })).toBeInTheDocument();
    for (const name of ['Add Friend Stack', 'Add Group Stack', 'Hide New Stacks', 'Clear Updates']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My Stacks' })).toBeInTheDocument();
    expect(await screen.findByText('Loading stacks...')).toBeInTheDocument();
    first.resolve(page(1, 33));
    await grid();
    expect(cards()).toHaveLength(33);
    expect(screen.queryByText('Loading stacks...')).not.toBeInTheDocument();
    expect(screen.queryByText('No more stacks to load')).not.toBeInTheDocument();
    expect(server.callsTo('stacks.list').map((c) => c.input)).toEqual([{ offset: 0, limit: 33, filter_new: 'false', filter_friends: 'false', filter_no_bots: 'false' }]);
  });

  it('the page is the only scroll area: the end of the list is watched within 100 px of the viewport', async () => {
    renderList(page(1, 33));
    await grid();
    const live = observers.filter((o) => o.live);
    expect(live).toHaveLength(1);
    expect(live[0].target).toBe(screen.getByTestId('my-stacks-end'));
    expect(live[0].options).toMatchObject({ rootMargin: '0px 0px 100px 0px' });
    // No scroll box of its own inside the scrolling page.
    for (let element: HTMLElement | null = screen.getByRole('list', { name: 'My Stacks' }); element; element = element.parentElement) {
      expect(element.className).not.toMatch(/overflow-(y-)?(auto|scroll)|max-h-/);
    }
  });

  it('loads the next page when the end comes within 100 px, de-duplicates it, and stops after a short page', async () => {
    const second = deferred<StackListItem[]>();
    const { server } = renderList((input) => (input.offset === 0 ? page(1, 33) : second.promise));
    await grid();

    endInView(false); // further than 100 px from the bottom: not yet
    await flushQueuedWork();
    expect(server.callsTo('stacks.list')).toHaveLength(1);

    endInView(true);
    await waitFor(() => expect(server.callsTo('stacks.list')).toHaveLength(2));
    expect(server.callsTo('stacks.list')[1].input).toMatchObject({ offset: 33, limit: 33 });
    expect(await screen.findByText('Loading more stacks...')).toBeInTheDocument();

    // Ids 30-33 moved down the feed meanwhile: they come again and are shown once.
    second.resolve(page(30, 20));
    await screen.findByText('No more stacks to load');
    expect(cards()).toHaveLength(49);
    expect(screen.getAllByText('Stack 33')).toHaveLength(1);
    expect(screen.queryByText('Loading more stacks...')).not.toBeInTheDocument();

    endInView(true);
    await flushQueuedWork();
    expect(server.callsTo('stacks.list')).toHaveLength(2);
  });

  it('a page that leaves the end in reach loads the next; one that pushes it away waits for the next report', async () => {
    const { server } = renderList((input) => page(input.offset + 1, 33));
    await grid();
    endInView(true);
    await waitFor(() => expect(cards()).toHaveLength(66));
    // The second page came: nothing more until the observer reports again.
    await flushQueuedWork();
    expect(server.callsTo('stacks.list')).toHaveLength(2);
    endInView(true); // still within reach (the screen is not full yet)
    await waitFor(() => expect(cards()).toHaveLength(99));
    endInView(false); // the third page pushed the end away
    await flushQueuedWork();
    expect(server.callsTo('stacks.list').map((call) => call.input.offset)).toEqual([0, 33, 66]);
  });

  it("a first page shorter than 33 is the last: 'No more stacks to load', no further call", async () => {
    const { server } = renderList(page(1, 5));
    await screen.findByText('No more stacks to load');
    endInView(true);
    await flushQueuedWork();
    expect(server.callsTo('stacks.list')).toHaveLength(1);
  });

  it('a failed load-more is only logged, and tried again when the end comes back into reach', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const { server } = renderList((input) => {
      if (input.offset === 0) return page(1, 33);
      if (fail) throw new TrpcFailure(400, 'bad page');
      return page(34, 5);
    });
    await grid();
    endInView(true);
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to load more stacks', expect.anything()));
    expect(cards()).toHaveLength(33);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Not retried in a loop while the end stays in reach.
    await flushQueuedWork();
    expect(server.callsTo('stacks.list')).toHaveLength(2);

    fail = false;
    endInView(false);
    await flushQueuedWork();
    endInView(true);
    await waitFor(() => expect(cards()).toHaveLength(38));
    expect(server.callsTo('stacks.list')).toHaveLength(3);
  });
});

describe('Stack list: filters (spec 2 §2.1)', () => {
  it('are off by default, ask the server for the filtered first page, and are kept between visits', async () => {
    const { server, user, unmount } = renderList([]);
    const toggles = ['New', 'Friends', 'No Bots'].map((name) => screen.getByRole('checkbox', { name }));
    toggles.forEach((toggle) => expect(toggle).not.toBeChecked());
    await screen.findByTestId('stacks-empty');

    await user.click(screen.getByRole('checkbox', { name: 'New' }));
    await waitFor(() => expect(server.callsTo('stacks.list').at(-1)?.input).toMatchObject({ offset: 0, filter_new: 'true', filter_friends: 'false', filter_no_bots: 'false' }));
    await user.click(screen.getByRole('checkbox', { name: 'No Bots' }));
    await waitFor(() => expect(server.callsTo('stacks.list').at(-1)?.input).toMatchObject({ offset: 0, filter_new: 'true', filter_no_bots: 'true' }));
    expect(JSON.parse(localStorage.getItem('stackFilters')!)).toEqual({ new: true, friends: false, noBots: true });
    unmount();

    const again = renderList([]);
    expect(screen.getByRole('checkbox', { name: 'New' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Friends' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'No Bots' })).toBeChecked();
    await waitFor(() => expect(again.server.callsTo('stacks.list')[0]?.input).toMatchObject({ filter_new: 'true', filter_friends: 'false', filter_no_bots: 'true' }));
  });

  const EMPTY: [string, object, string, 'users' | 'groups', string][] = [
    ['New', { new: true }, 'No new stacks. Toggle off New to see other updates, or join a new group for more stacks.', 'groups', 'join a new group'],
    ['Friends', { friends: true }, 'No friend stacks yet. Toggle off Friends to see all stacks, or make some friends to get started.', 'users', 'make some friends'],
    ['No Bots', { noBots: true }, 'No non-bot stacks yet. Toggle off No Bots to see all stacks, or join a group to get started.', 'groups', 'join a group'],
    ['no', {}, 'No stacks yet. Join a group to get started.', 'groups', 'Join a group'],
  ];
  it.each(EMPTY)('with the %s filter an empty list says so and links on', async (_name, filters, text, tab, link) => {
    localStorage.setItem('stackFilters', JSON.stringify({ new: false, friends: false, noBots: false, ...filters }));
    const { user } = renderList([]);
    const empty = await screen.findByTestId('stacks-empty');
    expect(empty.textContent).toBe(text);
    const navigate = vi.fn();
    const off = on('navigateTab', navigate);
    await user.click(within(empty).getByRole('button', { name: link }));
    off();
    expect(navigate).toHaveBeenCalledWith({ tab });
    expect(screen.queryByText('No more stacks to load')).not.toBeInTheDocument();
  });
});

describe('Stack list: hints and prerequisites', () => {
  it("without friends or groups, hints lead to the Users and Groups tabs", async () => {
    const { user } = renderList([], { 'friends.list': [], 'groups.mine': [] });
    const navigate = vi.fn();
    const off = on('navigateTab', navigate);
    await user.click(await screen.findByRole('button', { name: 'Go to Users' }));
    await user.click(screen.getByRole('button', { name: 'Go to Groups' }));
    off();
    expect(navigate.mock.calls).toEqual([[{ tab: 'users' }], [{ tab: 'groups' }]]);
  });

  it('with friends and groups there are no hints', async () => {
    renderList([]);
    await screen.findByTestId('stacks-empty');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Go to Users' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Go to Groups' })).not.toBeInTheDocument();
  });

  it("shows 'Failed to load stacks prerequisites' when friends or groups cannot load", async () => {
    renderList([], { 'groups.mine': () => new TrpcFailure(403, 'No') });
    expect(await screen.findByText('Failed to load stacks prerequisites')).toBeInTheDocument();
  });
});

describe('Stack list: cards (spec 2 §2.1)', () => {
  const twist = { id: 90, twist_description: 'On a rainy day', owner_id: CAROL.id, owner_username: 'carol' };
  const ITEMS = [
    listItem({ id: 1, name: 'Lunch' }),
    listItem({ id: 2, name: null, owner_id: ALICE.id, owner_username: 'alice', owner_avatar_id: 1, audience: { type: 'friend', user: BOB, group: null } }),
    listItem({ id: 3, name: 'Openings', audience: groupAudience() }),
    listItem({ id: 4, name: 'Daily', bot: { id: 5, name: 'Quizzy', avatar_id: 3 }, audience: groupAudience() }),
    listItem({ id: 3, type: 'twisted', name: 'Openings', audience: groupAudience(), twist }),
  ];

  it('show avatar, title or fallback, subtitle, creation date; twisted ones in purple with their twist', async () => {
    renderList(ITEMS);
    await grid();
    const [lunch, untitled, group, bot, twisted] = cards();
    expect(lunch).toHaveTextContent('Lunch');
    expect(lunch).toHaveTextContent('Friend stack with bob');
    expect(lunch).toHaveTextContent(/Created \w+/);
    // The day and the time: several stacks can start on one day.
    const created = lunch.querySelector('time')!;
    expect(created).toHaveTextContent(formatDateTime(created.dateTime));
    expect(created.textContent).toMatch(/\d{1,2}:\d{2}/);
    expect(lunch.querySelector('img')).toHaveAttribute('src', '/avatars/users/2/bob.svg');
    expect(untitled).toHaveTextContent('Untitled Stack');
    expect(untitled).toHaveTextContent('Friend stack with bob');
    expect(group).toHaveTextContent('Group stack with Chess Club');
    expect(group.querySelector('img')).toHaveAttribute('src', '/avatars/groups/Chess%20Club.svg');
    expect(bot).toHaveTextContent('Quizzy stack');
    expect(bot.querySelector('img')).toHaveAttribute('src', '/assets/3');
    expect(twisted).toHaveTextContent('On a rainy day');
    expect(twisted).toHaveTextContent('Twisted by carol');
    expect(twisted.className).toMatch(/purple/);
    expect(lunch.className).not.toMatch(/purple/);
  });

  it('open as type stack, or a twisted one by its twist id', async () => {
    const { user, onOpenStack } = renderList(ITEMS);
    await grid();
    await user.click(cards()[0]);
    await user.click(cards()[4]);
    expect(onOpenStack.mock.calls).toEqual([
      [1, 'stack'],
      [90, 'twisted'],
    ]);
  });

  it('carry their banner', async () => {
    renderList([
      listItem({ id: 1, me: { is_answered: false, viewed: false, viewed_comments: true } }),
      listItem({ id: 2, users: [{ user_id: 2, username: 'bob', is_answered: true, is_viewed: false }] }),
      listItem({ id: 3, me: { is_answered: true, viewed: true, viewed_comments: false } }),
      listItem({ id: 3, type: 'twisted', twist, me: { is_answered: false, viewed: false, viewed_comments: true } }),
      listItem({ id: 5 }),
    ]);
    await grid();
    const texts = cards().map((card) => card.firstElementChild?.textContent);
    expect(texts.slice(0, 4)).toEqual(['New stack!', 'New response(s) from bob', 'New comments!', 'New twisted stack!']);
    expect(cards()[4]).not.toHaveTextContent(/New/);
  });
});

describe('Hide New Stacks and Clear Updates (spec 2 §2.1, §8)', () => {
  const twist = { id: 90, twist_description: 'x', owner_id: CAROL.id, owner_username: 'carol' };
  const MIXED = [
    listItem({ id: 1, me: { is_answered: false, viewed: false, viewed_comments: true } }),
    listItem({ id: 2, type: 'twisted', twist, me: { is_answered: false, viewed: false, viewed_comments: true } }),
    listItem({ id: 3, users: [{ user_id: 2, username: 'bob', is_answered: true, is_viewed: false }] }),
    listItem({ id: 4, type: 'twisted', twist: { ...twist, id: 91 }, me: { is_answered: true, viewed: true, viewed_comments: false } }),
    listItem({ id: 5 }),
  ];

  it('Hide New Stacks asks first; Cancel and Escape keep everything', async () => {
    const { user, server } = renderList(MIXED, { 'stacks.hideNew': { count: 2 } });
    await grid();
    await user.click(screen.getByRole('button', { name: 'Hide New Stacks' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide New Stacks?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Hide New Stacks?' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Hide New Stacks' }));
    fireEvent(document.querySelector('dialog')!, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog', { name: 'Hide New Stacks?' })).not.toBeInTheDocument();
    expect(server.callsTo('stacks.hideNew')).toHaveLength(0);
  });

  it('Hide All is one call over the whole feed with the filters in force, says how many it hid, then reloads', async () => {
    const { user, server } = renderList(MIXED, { 'stacks.hideNew': { count: 40 } });
    await grid();
    await user.click(screen.getByRole('checkbox', { name: 'Friends' }));
    await grid();
    await user.click(screen.getByRole('button', { name: 'Hide New Stacks' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Hide New Stacks?' })).getByRole('button', { name: 'Hide All' }));
    const notice = await screen.findByRole('dialog', { name: 'New Stacks Hidden' });
    expect(notice).toHaveTextContent('Hid 40 new stacks.');
    expect(server.callsTo('stacks.hideNew').map((c) => c.input)).toEqual([{ filter_new: false, filter_friends: true, filter_no_bots: false }]);
    expect(server.callsTo('stacks.hide')).toHaveLength(0);
    expect(server.callsTo('stacks.clearUpdates')).toHaveLength(0);
    await waitFor(() => expect(server.callsTo('stacks.list')).toHaveLength(3));
    expect(screen.queryByRole('dialog', { name: 'Hide New Stacks?' })).not.toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("one hidden stack reads 'Hid 1 new stack.'; none (the server's judgement) reads 'No New Stacks'", async () => {
    let count = 1;
    const { user } = renderList(MIXED, { 'stacks.hideNew': () => ({ count }) });
    await grid();
    await user.click(screen.getByRole('button', { name: 'Hide New Stacks' }));
    await user.click(screen.getByRole('button', { name: 'Hide All' }));
    const one = await screen.findByRole('dialog', { name: 'New Stacks Hidden' });
    expect(one).toHaveTextContent('Hid 1 new stack.');
    await user.click(within(one).getByRole('button', { name: 'OK' }));

    count = 0;
    await grid();
    await user.click(screen.getByRole('button', { name: 'Hide New Stacks' }));
    await user.click(screen.getByRole('button', { name: 'Hide All' }));
    expect(await screen.findByRole('dialog', { name: 'No New Stacks' })).toHaveTextContent('There are no new stacks to hide.');
  });

  it('asks the server when nothing loaded is new but more pages exist', async () => {
    const { user, server } = renderList(
      page(1, 33).map((item) => ({ ...item, me: { is_answered: true, viewed: true, viewed_comments: true } })),
      { 'stacks.hideNew': { count: 3 } },
    );
    await grid();
    await user.click(screen.getByRole('button', { name: 'Hide New Stacks' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Hide New Stacks?' })).getByRole('button', { name: 'Hide All' }));
    expect(await screen.findByRole('dialog', { name: 'New Stacks Hidden' })).toHaveTextContent('Hid 3 new stacks.');
    expect(server.callsTo('stacks.hideNew')).toHaveLength(1);
  });

  it("a failed hide shows 'Failed to hide some stacks. Please try again.'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderList(MIXED, { 'stacks.hideNew': () => new TrpcFailure(500, 'Internal error') });
    await grid();
    await user.click(screen.getByRole('button', { name: 'Hide New Stacks' }));
    await user.click(screen.getByRole('button', { name: 'Hide All' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Failed to hide some stacks. Please try again.');
  });

  it('Clear All is one call with the filters in force, says how many it cleared, then reloads', async () => {
    const { user, server } = renderList(MIXED, { 'stacks.clearUpdates': { count: 12 } });
    await grid();
    await user.click(screen.getByRole('checkbox', { name: 'No Bots' }));
    await grid();
    await user.click(screen.getByRole('button', { name: 'Clear Updates' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear Updates?' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear All' }));
    expect(await screen.findByRole('dialog', { name: 'Updates Cleared' })).toHaveTextContent('Cleared 12 updates.');
    expect(server.callsTo('stacks.clearUpdates').map((c) => c.input)).toEqual([{ filter_new: false, filter_friends: false, filter_no_bots: true }]);
    expect(server.callsTo('stacks.viewed')).toHaveLength(0);
    expect(server.callsTo('stacks.hideNew')).toHaveLength(0);
    await waitFor(() => expect(server.callsTo('stacks.list')).toHaveLength(3));
  });

  it("one cleared stack reads 'Cleared 1 update.'; none reads 'No Updates to Clear'", async () => {
    let count = 1;
    const { user } = renderList(MIXED, { 'stacks.clearUpdates': () => ({ count }) });
    await grid();
    await user.click(screen.getByRole('button', { name: 'Clear Updates' }));
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    const one = await screen.findByRole('dialog', { name: 'Updates Cleared' });
    expect(one).toHaveTextContent('Cleared 1 update.');
    await user.click(within(one).getByRole('button', { name: 'OK' }));

    count = 0;
    await grid();
    await user.click(screen.getByRole('button', { name: 'Clear Updates' }));
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(await screen.findByRole('dialog', { name: 'No Updates to Clear' })).toHaveTextContent('There are no stack notifications to clear.');
  });

  it("a failed clear shows 'Failed to clear some updates: {message}. Please try again.'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderList(MIXED, { 'stacks.clearUpdates': () => new TrpcFailure(503, 'Database unavailable') });
    await grid();
    await user.click(screen.getByRole('button', { name: 'Clear Updates' }));
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent('Failed to clear some updates: Database unavailable. Please try again.');
  });

  it("with nothing new and no more pages: 'No New Stacks' and 'No Updates to Clear', without a call", async () => {
    const { user, server } = renderList([listItem({ id: 5 })]);
    await grid();
    await user.click(screen.getByRole('button', { name: 'Hide New Stacks' }));
    const none = screen.getByRole('dialog', { name: 'No New Stacks' });
    expect(none).toHaveTextContent('There are no new stacks to hide.');
    await user.click(within(none).getByRole('button', { name: 'OK' }));
    await user.click(screen.getByRole('button', { name: 'Clear Updates' }));
    expect(screen.getByRole('dialog', { name: 'No Updates to Clear' })).toHaveTextContent('There are no stack notifications to clear.');
    expect(screen.queryByRole('dialog', { name: 'Clear Updates?' })).not.toBeInTheDocument();
    expect(server.callsTo('stacks.hideNew')).toHaveLength(0);
    expect(server.callsTo('stacks.clearUpdates')).toHaveLength(0);
  });
});

describe('Stack list: new stacks', () => {
  it('Add Friend Stack opens the dialog; the created stack opens as type stack', async () => {
    const { user, server, onOpenStack } = renderList([], { 'stacks.create': { id: 77 } });
    await user.click(screen.getByRole('button', { name: 'Add Friend Stack' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Friend Stack' });
    for (let i = 1; i <= 6; i++) await user.type(within(dialog).getByRole('textbox', { name: `Position ${i}` }), `P${i}`);
    await user.click(await within(dialog).findByRole('radio', { name: 'bob' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Stack' }));
    await waitFor(() => expect(onOpenStack).toHaveBeenCalledWith(77, 'stack'));
    expect(server.callsTo('stacks.create')[0].input).toEqual({ name: null, mode: 'friend', target_id: 2, positions: ['P1', 'P2', 'P3', 'P4', 'P5', 'P6'] });
    expect(screen.queryByRole('dialog', { name: 'New Friend Stack' })).not.toBeInTheDocument();
  });

  it('Add Group Stack opens the group dialog', async () => {
    const { user } = renderList([]);
    await user.click(screen.getByRole('button', { name: 'Add Group Stack' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Group Stack' });
    expect(await within(dialog).findByRole('radio', { name: 'Chess Club' })).toBeInTheDocument();
  });
});
