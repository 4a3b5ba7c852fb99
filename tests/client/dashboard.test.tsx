import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { DashboardPage } from '../../client/src/app/dashboard/dashboard-page';
import { transientLabel } from '../../client/src/app/dashboard/transient-tabs';
import { emit } from '../../client/src/lib/events';
import { dashboardAnswers, ME, notification, profile } from './fixtures';
import { chessClub } from './groups-fixtures';
import { renderAt, stubTrpc, TrpcFailure } from './render';
import { listItem, stack, twistedStack } from './stacks-fixtures';


function skipTour() {
  localStorage.setItem('onboarding_version', '1.1.0');
  localStorage.setItem('onboarding_completed', 'true');
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.setItem('token', 'tok');
});
afterEach(() => {
  sessionStorage.clear();
  vi.useRealTimers();
});

function renderDashboard(handlers: Record<string, unknown> = {}) {
  const stub = stubTrpc(dashboardAnswers(handlers));
  return { ...renderAt(<DashboardPage />, '/dashboard'), ...stub };
}

/** The Stacks tab's empty list: the dashboard has loaded. */
const STACKS_READY = /No stacks yet\./;
const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('transientLabel (spec 1 §2 tab labels)', () => {
  it('uses the username, bot name, group name or Group, and 8 characters of a stack name or Stack', () => {
    expect(transientLabel('user', 'bob')).toBe('bob');
    expect(transientLabel('bot', 'Quizzy')).toBe('Quizzy');
    expect(transientLabel('group', 'Cheese Club')).toBe('Cheese Club');
    expect(transientLabel('group', '')).toBe('Group');
    expect(transientLabel('group', null)).toBe('Group');
    expect(transientLabel('stack', 'Best pizza toppings')).toBe('Best piz');
    expect(transientLabel('stack', 'Short')).toBe('Short');
    expect(transientLabel('stack', null)).toBe('Stack');
    expect(transientLabel('stack', '   ')).toBe('Stack');
  });

  it("a twisted stack's label differs from its original's: the same 8 characters after 'Twist: '", () => {
    expect(transientLabel('stack', 'Best pizza toppings', 'twisted')).toBe('Twist: Best piz');
    expect(transientLabel('stack', null, 'twisted')).toBe('Twist: Stack');
    expect(transientLabel('stack', 'Best pizza toppings', 'stack')).toBe('Best piz');
  });
});

describe('DashboardPage', () => {
  it('has the three tabs with their tour targets and the envelope, settings and logout buttons', async () => {
    skipTour();
    renderDashboard();
    expect(await screen.findByText(STACKS_READY)).toBeInTheDocument();
    expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users']);
    for (const name of ['Stacks', 'Groups', 'Users']) expect(screen.getByRole('tab', { name })).toHaveAttribute('data-tour', `tab-${name.toLowerCase()}`);
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveAttribute('data-tour', 'envelope');
    expect(screen.getByRole('button', { name: 'Settings' })).toHaveAttribute('data-tour', 'settings');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('shows the unread count on the envelope and a red dot only for pending requests', async () => {
    skipTour();
    sessionStorage.setItem('notifications_auto_shown_1', 'true');
    let counts = { unread_count: 3, pending_friend_requests: 0, pending_group_requests: 0 };
    renderDashboard({ 'notifications.unreadCount': () => counts });
    const envelope = await screen.findByRole('button', { name: /^Notifications/ });
    expect(await within(envelope).findByTestId('unread-badge')).toHaveTextContent('3');
    expect(within(envelope).queryByTestId('request-dot')).not.toBeInTheDocument();
    // The badge and the dot are read out too: the button's name carries them.
    expect(envelope).toHaveAccessibleName('Notifications, 3 unread');

    counts = { unread_count: 1, pending_friend_requests: 0, pending_group_requests: 2 };
    act(() => emit('notificationRefresh'));
    expect(await within(envelope).findByTestId('request-dot')).toBeInTheDocument();
    expect(within(envelope).getByTestId('unread-badge')).toHaveTextContent('1');
    expect(envelope).toHaveAccessibleName('Notifications, 1 unread, new requests');

    counts = { unread_count: 0, pending_friend_requests: 0, pending_group_requests: 0 };
    act(() => emit('notificationRefresh'));
    await vi.waitFor(() => expect(within(envelope).queryByTestId('unread-badge')).not.toBeInTheDocument());
    expect(within(envelope).queryByTestId('request-dot')).not.toBeInTheDocument();
    expect(envelope).toHaveAccessibleName('Notifications');

    // Above 99 the badge reads 99+, and so does the name (it holds the visible text).
    counts = { unread_count: 150, pending_friend_requests: 0, pending_group_requests: 0 };
    act(() => emit('notificationRefresh'));
    await vi.waitFor(() => expect(within(envelope).getByTestId('unread-badge')).toHaveTextContent('99+'));
    expect(envelope).toHaveAccessibleName('Notifications, 99+ unread');
  });

  it('opens the notifications panel by itself once per session per user when there are unread notifications', async () => {
    skipTour();
    const handlers = {
      'notifications.unreadCount': { unread_count: 1, pending_friend_requests: 1, pending_group_requests: 0 },
      'notifications.list': [notification(1, 'FRIEND_REQUEST', { from_username: 'bob', request_id: 44 })],
    };
    const first = renderDashboard(handlers);
    expect(await screen.findByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();
    expect(sessionStorage.getItem('notifications_auto_shown_1')).not.toBeNull();
    await first.user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    first.unmount();

    renderDashboard(handlers);
    await screen.findByText(STACKS_READY);
    await vi.waitFor(() => expect(screen.getByTestId('unread-badge')).toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('holds the panel back while the tour runs on a first login, and opens it when the tour is skipped', async () => {
    const handlers = {
      'notifications.unreadCount': { unread_count: 1, pending_friend_requests: 1, pending_group_requests: 0 },
      'notifications.list': [notification(1, 'FRIEND_REQUEST', { from_username: 'bob', request_id: 44 })],
    };
    const { user } = renderDashboard(handlers);
    expect(await screen.findByRole('dialog', { name: 'Welcome to Stacks!' })).toBeInTheDocument();
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('1');
    await user.click(screen.getByRole('button', { name: 'Next →' }));
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(sessionStorage.getItem('notifications_auto_shown_1')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Add friends/ })).not.toBeInTheDocument();
    expect(sessionStorage.getItem('notifications_auto_shown_1')).not.toBeNull();
  });

  it('opens the held-back panel when the tour ends with Done', async () => {
    localStorage.setItem('onboarding_version', '1.1.0');
    localStorage.setItem('onboarding_progress', '5');
    const { user } = renderDashboard({ 'notifications.unreadCount': { unread_count: 2, pending_friend_requests: 0, pending_group_requests: 0 } });
    expect(await screen.findByRole('dialog', { name: 'Make it yours' })).toBeInTheDocument();
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('2');
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('opens the panel from the envelope', async () => {
    skipTour();
    const { user } = renderDashboard();
    await screen.findByText(STACKS_READY);
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No new notifications.')).toBeInTheDocument();
  });

  it('openUser opens a tab labelled with the username only once the profile has loaded; it can be closed', async () => {
    skipTour();
    let answer: ((value: unknown) => void) | null = null;
    const { user } = renderDashboard({ 'users.get': () => new Promise((resolve) => (answer = resolve)) });
    await screen.findByText(STACKS_READY);
    act(() => emit('openUser', { userId: 2 }));
    await vi.waitFor(() => expect(answer).not.toBeNull());
    expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users']);
    expect(screen.getByText(STACKS_READY)).toBeVisible();

    act(() => answer!(profile()));
    await vi.waitFor(() => expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users', 'bob']));
    expect(screen.getByRole('tab', { name: 'bob' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'bob' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Close bob' }));
    expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users']);
    expect(screen.getByText(STACKS_READY)).toBeVisible();
  });

  it('opens no tab and shows Failed to load user profile with Retry when the profile fails', async () => {
    skipTour();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const { user } = renderDashboard({
      'users.get': () => {
        if (fail) throw new TrpcFailure(400, 'Bad');
        return profile();
      },
    });
    await screen.findByText(STACKS_READY);
    act(() => emit('openUser', { userId: 2 }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Failed to load user profile');
    expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users']);
    fail = false;
    await user.click(within(banner).getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users', 'bob']));
  });

  it('Users tab cards open a profile tab; my own card and openUser for me open settings', async () => {
    skipTour();
    const { user } = renderDashboard();
    await screen.findByText(STACKS_READY);
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    await user.click(await screen.findByRole('button', { name: /bob/ }));
    await vi.waitFor(() => expect(screen.getByRole('tab', { name: 'bob' })).toHaveAttribute('aria-selected', 'true'));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users']);

    await user.click(screen.getByRole('button', { name: /alice/ }));
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Stacks' }));
    act(() => emit('openUser', { userId: ME.id }));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
  });

  it('blocking from a profile tab closes it and returns to the Users tab', async () => {
    skipTour();
    const { user } = renderDashboard({ 'friends.block': { message: 'User blocked' } });
    await screen.findByText(STACKS_READY);
    act(() => emit('openUser', { userId: 2 }));
    await user.click(await screen.findByRole('button', { name: 'Block' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Block' }));
    await vi.waitFor(() => expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users']));
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
  });

  it('navigateTab switches tabs; openGroup opens a group tab once loaded', async () => {
    skipTour();
    const group = chessClub('owner');
    renderDashboard({ 'groups.get': group, 'groups.bots': [] });
    await screen.findByText(STACKS_READY);
    act(() => emit('navigateTab', { tab: 'groups' }));
    expect(screen.getByRole('tab', { name: 'Groups' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('button', { name: 'Add Group' })).toBeInTheDocument();
    act(() => emit('openGroup', { groupId: group.id }));
    await vi.waitFor(() => expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users', group.name]));
    expect(screen.getByRole('tab', { name: group.name })).toHaveAttribute('aria-selected', 'true');
  });

  it('opening a stack moves focus to its title; closing it gives focus back to the card that opened it', async () => {
    skipTour();
    const { user } = renderDashboard({ 'stacks.list': [listItem({ id: 42, name: 'Lunch' })], 'stacks.get': stack() });
    const card = await screen.findByRole('button', { name: /^Lunch/ });
    await user.click(card);
    const title = await screen.findByRole('heading', { name: 'Lunch', level: 1 });
    await vi.waitFor(() => expect(title).toHaveFocus());
    await user.click(within(title.parentElement!).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: /^Lunch/ })).toHaveFocus());
    expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users']);
  });

  it("a stack that no longer exists opens no tab: 'This stack no longer exists.' without Retry, over the view it was opened from", async () => {
    skipTour();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const gone = () => new TrpcFailure(404, 'Stack not found', 'STACK_NOT_FOUND');
    renderDashboard({ 'stacks.get': gone, 'twistedStacks.get': gone });
    await screen.findByText(STACKS_READY);
    act(() => emit('openStack', { id: 9, type: 'stack' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('This stack no longer exists.');
    expect(within(notice).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users']);
    expect(screen.getByRole('tab', { name: 'Stacks' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(STACKS_READY)).toBeVisible();
  });

  it('a stack deleted while its tab is open: the tab closes and the dashboard says it no longer exists', async () => {
    skipTour();
    let gone = false;
    const { user } = renderDashboard({
      'stacks.list': [listItem({ id: 42, name: 'Lunch' })],
      'stacks.get': () => (gone ? new TrpcFailure(404, 'Stack not found', 'STACK_NOT_FOUND') : stack()),
      'stacks.complete': () => {
        gone = true;
        return { message: 'ok' };
      },
    });
    await user.click(await screen.findByRole('button', { name: /^Lunch/ }));
    await screen.findByRole('heading', { name: 'Lunch', level: 1 });
    expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users', 'Lunch']);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await vi.waitFor(() => expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users']));
    expect(screen.getByRole('alert')).toHaveTextContent('This stack no longer exists.');
    expect(screen.getByRole('tab', { name: 'Stacks' })).toHaveAttribute('aria-selected', 'true');
  });

  it('starts the tour for a new user, and Show tour again restarts a finished one', async () => {
    const { user } = renderDashboard();
    expect(await screen.findByRole('dialog', { name: 'Welcome to Stacks!' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next →' }));
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(screen.queryByRole('dialog', { name: /Add friends/ })).not.toBeInTheDocument();
    expect(localStorage.getItem('onboarding_completed')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Settings' }));
    await user.click(screen.getByRole('button', { name: 'Show tour again' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome to Stacks!' })).toBeInTheDocument();
    expect(localStorage.getItem('onboarding_completed')).toBeNull();
  });

  it('keeps the current-user failure states', async () => {
    renderDashboard({ 'users.me': new TrpcFailure(400, 'Bad') });
    expect(await screen.findByText('Failed to load user data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('Dashboard tab bar (WAI-ARIA tabs pattern)', () => {
  const tablist = () => screen.getByRole('tablist', { name: 'Dashboard' });
  const tab = (name: string) => screen.getByRole('tab', { name });

  async function withBobTab() {
    skipTour();
    const view = renderDashboard();
    await screen.findByText(STACKS_READY);
    act(() => emit('openUser', { userId: 2 }));
    await vi.waitFor(() => expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users', 'bob']));
    return view;
  }

  it('the tablist owns only tabs; a transient tab\'s close button is outside it, named for its tab', async () => {
    await withBobTab();
    const list = tablist();
    // Everything focusable inside the tablist is a tab (axe: aria-required-children).
    const owned = Array.from(list.querySelectorAll('button, a, input, [tabindex]'));
    expect(owned.length).toBe(4);
    for (const element of owned) expect(element).toHaveAttribute('role', 'tab');
    const close = screen.getByRole('button', { name: 'Close bob' });
    expect(list).not.toContainElement(close);
    expect(tab('bob')).not.toContainElement(close);
  });

  it('each tab controls a tabpanel labelled by it; the shown panel is the selected tab\'s', async () => {
    await withBobTab();
    for (const element of screen.getAllByRole('tab')) {
      const panel = document.getElementById(element.getAttribute('aria-controls')!);
      expect(panel).not.toBeNull();
      expect(panel).toHaveAttribute('role', 'tabpanel');
      expect(panel).toHaveAttribute('aria-labelledby', element.id);
      expect(panel!.hidden).toBe(element.getAttribute('aria-selected') !== 'true');
    }
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('bob');
  });

  it('roving tabindex: only the selected tab is in the Tab order', async () => {
    const { user } = await withBobTab();
    const stops = () => screen.getAllByRole('tab').filter((element) => element.tabIndex === 0).map((element) => element.textContent);
    expect(stops()).toEqual(['bob']);
    await user.click(tab('Groups'));
    expect(stops()).toEqual(['Groups']);
    // Settings selects no tab: the first tab is the way in.
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    expect(screen.getAllByRole('tab').filter((element) => element.getAttribute('aria-selected') === 'true')).toHaveLength(0);
    expect(stops()).toEqual(['Stacks']);
  });

  it('ArrowRight, ArrowLeft, Home and End move focus and select, wrapping at the ends', async () => {
    const { user } = await withBobTab();
    tab('Stacks').focus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Groups')).toHaveFocus();
    expect(tab('Groups')).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('button', { name: 'Add Group' })).toBeVisible();
    await user.keyboard('{ArrowRight}');
    expect(tab('Users')).toHaveFocus();
    expect(tab('Users')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(tab('bob')).toHaveFocus();
    expect(tab('bob')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(tab('Stacks')).toHaveFocus();
    expect(tab('Stacks')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(tab('bob')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('Stacks')).toHaveFocus();
    expect(tab('Stacks')).toHaveAttribute('aria-selected', 'true');
    // Tab leaves the tablist from the selected tab: the next stop is a close button, not another tab.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close bob' })).toHaveFocus();
  });

  it('closing a tab gives focus to the tab shown instead', async () => {
    const { user } = await withBobTab();
    await user.click(screen.getByRole('button', { name: 'Close bob' }));
    expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users']);
    expect(tab('Stacks')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Stacks')).toHaveFocus();
  });

  it('the tab that becomes selected is scrolled into view (the bar scrolls sideways on a phone)', async () => {
    const scrolled: { element: Element; options: unknown }[] = [];
    // jsdom has no scrollIntoView: this one records what was brought into view.
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element, options?: boolean | ScrollIntoViewOptions) {
      scrolled.push({ element: this, options });
    };
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    const { user } = await withBobTab();
    await vi.waitFor(() => expect(scrolled.at(-1)?.element).toBe(tab('bob')));
    expect(scrolled.at(-1)?.options).toEqual({ block: 'nearest', inline: 'nearest' });
    await user.click(tab('Users'));
    expect(scrolled.at(-1)?.element).toBe(tab('Users'));
  });

  it('an original stack and its twist open tabs with different labels', async () => {
    skipTour();
    renderDashboard({
      'stacks.get': stack({ name: 'Lunch Specials' }),
      'twistedStacks.get': twistedStack({ name: 'Lunch Specials' }),
    });
    await screen.findByText(STACKS_READY);
    act(() => emit('openStack', { id: 42, type: 'stack' }));
    await vi.waitFor(() => expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users', 'Lunch Sp']));
    act(() => emit('openStack', { id: 90, type: 'twisted' }));
    await vi.waitFor(() => expect(tabNames()).toEqual(['Stacks', 'Groups', 'Users', 'Lunch Sp', 'Twist: Lunch Sp']));
    expect(screen.getByRole('button', { name: 'Close Twist: Lunch Sp' })).toBeInTheDocument();
  });
});

describe('Dashboard headings', () => {
  const h1s = () => screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent);

  it('every view has exactly one h1 naming it', async () => {
    skipTour();
    const { user } = renderDashboard({ 'stacks.get': stack({ name: 'Lunch Specials' }) });
    await screen.findByText(STACKS_READY);
    expect(h1s()).toEqual(['Stacks']);
    await user.click(screen.getByRole('tab', { name: 'Groups' }));
    await screen.findByRole('button', { name: 'Add Group' });
    expect(h1s()).toEqual(['Groups']);
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    expect(h1s()).toEqual(['Users']);
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    expect(h1s()).toEqual(['Settings']);
    act(() => emit('openUser', { userId: 2 }));
    await vi.waitFor(() => expect(h1s()).toEqual(['bob']));
    act(() => emit('openStack', { id: 42, type: 'stack' }));
    await vi.waitFor(() => expect(h1s()).toEqual(['Lunch Specials']));
  });
});
