import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardPage } from '../../client/src/app/dashboard/dashboard-page';
import { AUTO_SHOWN, AUTO_SKIPPED, autoOpenDecision } from '../../client/src/features/notifications/auto-open';
import { emit } from '../../client/src/lib/events';
import { dashboardAnswers, notification } from './fixtures';
import { flushQueuedWork, renderAt, stubTrpc } from './render';

describe('autoOpenDecision (spec 1 §2; docs/decisions/0044-notifications-panel-at-session-start.md)', () => {
  const decide = (stored: string | null, unreadAtStart: boolean, unreadNow: number, paused = false) => autoOpenDecision({ stored, unreadAtStart, unreadNow, paused });

  it('opens once, when the session starts with unread notifications', () => {
    expect(decide(null, true, 2)).toEqual({ store: AUTO_SHOWN, open: true });
    expect(decide(AUTO_SHOWN, true, 2)).toEqual({ store: null, open: false });
  });

  it('a session that starts with none never opens it by itself, whatever arrives later', () => {
    expect(decide(null, false, 0)).toEqual({ store: AUTO_SKIPPED, open: false });
    expect(decide(null, false, 3)).toEqual({ store: AUTO_SKIPPED, open: false });
    expect(decide(AUTO_SKIPPED, false, 3)).toEqual({ store: null, open: false });
  });

  it('waits for the tour, then opens if anything is still unread', () => {
    expect(decide(null, true, 1, true)).toEqual({ store: null, open: false });
    expect(decide(null, true, 1, false)).toEqual({ store: AUTO_SHOWN, open: true });
    expect(decide(null, true, 0, false)).toEqual({ store: AUTO_SKIPPED, open: false });
  });
});

describe('the notifications panel on the dashboard (docs/decisions/0044-notifications-panel-at-session-start.md)', () => {
  beforeEach(() => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('onboarding_version', '1.1.0');
    localStorage.setItem('onboarding_completed', 'true');
  });

  it('a friend request arriving mid-session updates the badge and opens no dialog', async () => {
    let counts = { unread_count: 0, pending_friend_requests: 0, pending_group_requests: 0 };
    const handlers = dashboardAnswers({
      'notifications.unreadCount': () => counts,
      'notifications.list': () => (counts.unread_count ? [notification(1, 'FRIEND_REQUEST', { from_username: 'bob', request_id: 44 })] : []),
    });
    stubTrpc(handlers);
    renderAt(<DashboardPage />, '/dashboard');
    expect(await screen.findByText(/No stacks yet\./)).toBeInTheDocument();
    const envelope = screen.getByRole('button', { name: /^Notifications/ });
    await vi.waitFor(() => expect(sessionStorage.getItem('notifications_auto_shown_1')).toBe(AUTO_SKIPPED));

    counts = { unread_count: 1, pending_friend_requests: 1, pending_group_requests: 0 };
    act(() => emit('notificationRefresh'));
    expect(await within(envelope).findByTestId('unread-badge')).toHaveTextContent('1');
    expect(within(envelope).getByTestId('request-dot')).toBeInTheDocument();
    await flushQueuedWork();
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a session that starts with unread notifications opens the panel by itself', async () => {
    stubTrpc(
      dashboardAnswers({
        'notifications.unreadCount': { unread_count: 1, pending_friend_requests: 1, pending_group_requests: 0 },
        'notifications.list': [notification(1, 'FRIEND_REQUEST', { from_username: 'bob', request_id: 44 })],
      }),
    );
    renderAt(<DashboardPage />, '/dashboard');
    expect(await screen.findByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();
    expect(sessionStorage.getItem('notifications_auto_shown_1')).toBe(AUTO_SHOWN);
  });
});
