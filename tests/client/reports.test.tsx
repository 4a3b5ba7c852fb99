import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReportDialog } from '../../client/src/components/report-dialog';
import { DashboardPage } from '../../client/src/app/dashboard/dashboard-page';
import { NotificationsPanel } from '../../client/src/features/notifications/notifications-panel';
import { ProfileView } from '../../client/src/features/profile/profile-view';
import { ReportsQueue } from '../../client/src/features/reports/reports-queue';
import { CommentsSection } from '../../client/src/features/stacks/comments-section';
import { on } from '../../client/src/lib/events';
import type { Report } from '../../shared/schemas/reports';
import { dashboardAnswers, ME, notification, profile } from './fixtures';
import { renderAt, stubTrpc, TrpcFailure } from './render';
import { ADMIN, ALICE, BOB, comment } from './stacks-fixtures';

beforeEach(() => {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('onboarding_version', '1.1.0');
  localStorage.setItem('onboarding_completed', 'true');
});
afterEach(() => vi.restoreAllMocks());

function report(overrides: Partial<Report> & Pick<Report, 'id' | 'target_type' | 'target_id' | 'snapshot'>): Report {
  return {
    reporter: 'alice',
    reason: 'harassment',
    note: 'Rude to everyone',
    status: 'open',
    resolution_note: null,
    resolved_by: null,
    created_at: '2026-11-25T10:00:00.000Z',
    resolved_at: null,
    target_state: { deleted: false, sandboxed: false, hidden_for_users: 0 },
    ...overrides,
  };
}

const COMMENT_REPORT = report({
  id: 31,
  target_type: 'comment',
  target_id: 900,
  snapshot: { text: 'You are all idiots', author_username: 'bob', stack_id: 12, stack_type: 'twisted', stack_name: 'Snacks' },
});
const STACK_REPORT = report({
  id: 32,
  target_type: 'stack',
  target_id: 40,
  reason: 'spam',
  note: '',
  snapshot: {
    type: 'stack',
    name: 'Buy my stuff',
    positions: ['Ad 1', 'Ad 2', 'Ad 3', 'Ad 4', 'Ad 5', 'Ad 6'],
    owner_username: 'carol',
    mode: 'group',
    group_id: 7,
    group_name: 'Chess Club',
    bot_name: null,
    twist_description: null,
    stack_id: null,
  },
});

describe('ReportDialog', () => {
  function renderDialog(handlers: Record<string, unknown> = {}) {
    const stub = stubTrpc({ 'reports.create': (input: object) => ({ id: 1, ...input }), ...handlers });
    const onClose = vi.fn();
    return { ...renderAt(<ReportDialog open target={{ type: 'comment', id: 900 }} onClose={onClose} />), ...stub, onClose };
  }

  it('asks for a reason (radio group) and an optional counted note, sends them, then thanks the reporter', async () => {
    const { user, callsTo, onClose } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Report Comment' });
    const reasons = within(within(dialog).getByRole('group', { name: 'Why are you reporting this?' })).getAllByRole('radio');
    expect(reasons.map((r) => r.closest('label')?.textContent)).toEqual([
      'Spam',
      'Harassment or bullying',
      'Hate speech',
      'Sexual content',
      'Violence or threats',
      'Something else',
    ]);
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();

    await user.click(within(dialog).getByRole('radio', { name: 'Harassment or bullying' }));
    const note = within(dialog).getByLabelText('Note (optional)');
    await user.type(note, 'Insults me');
    expect(dialog).toHaveTextContent('10/500');
    expect(note).toHaveAttribute('maxLength', '500');
    await user.click(submit);

    expect(await within(screen.getByRole('dialog', { name: 'Report sent' })).findByText('Thanks, the admins will look at it.')).toBeInTheDocument();
    expect(callsTo('reports.create')[0].input).toEqual({ target_type: 'comment', target_id: 900, reason: 'harassment', note: 'Insults me' });
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says clearly when the reporter has sent too many reports (429), and keeps the form', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderDialog({ 'reports.create': () => new TrpcFailure(429, 'You can file at most 10 reports an hour. Please try again later.', 'TOO_MANY_REQUESTS') });
    const dialog = await screen.findByRole('dialog', { name: 'Report Comment' });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have sent too many reports. Please try again later.');
    expect(within(dialog).getByRole('radio', { name: 'Spam' })).toBeChecked();
  });

  it("shows the server's detail for other refusals, and Cancel closes without sending", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, callsTo, onClose } = renderDialog({ 'reports.create': () => new TrpcFailure(409, 'You have already reported this; the admins will look at it', 'ALREADY_REPORTED') });
    const dialog = await screen.findByRole('dialog', { name: 'Report Comment' });
    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have already reported this; the admins will look at it');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(callsTo('reports.create')).toHaveLength(1);
  });
});

describe('the Report action is offered on what others made, not on your own', () => {
  it("on someone else's profile it opens the dialog for that user; your own profile has none", async () => {
    const { user } = (() => {
      const stub = stubTrpc({ 'users.me': ME, 'users.get': profile(), 'users.shared': { friend_stacks_shared: 0, friend_twisted_stacks_shared: 0, group_stacks_shared: 0, group_twisted_stacks_shared: 0 } });
      return { ...renderAt(<ProfileView userId={2} onBack={vi.fn()} onBlocked={vi.fn()} />), ...stub };
    })();
    await user.click(await screen.findByRole('button', { name: 'Report bob' }));
    expect(await screen.findByRole('dialog', { name: 'Report User' })).toBeInTheDocument();
  });

  it('your own profile offers no Report', async () => {
    stubTrpc({ 'users.me': ME, 'users.get': profile({ id: ME.id, username: ME.username }) });
    renderAt(<ProfileView userId={ME.id} onBack={vi.fn()} onBlocked={vi.fn()} />);
    expect(await screen.findByText('This is your profile.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument();
  });

  it("comments: Report on bob's comment, none on alice's own", async () => {
    stubTrpc({ 'users.me': ME });
    const { user } = renderAt(
      <CommentsSection
        kind="stack"
        stackId={12}
        comments={[comment(1, ALICE, 'My own words'), comment(2, BOB, 'Rude words')]}
        hasMore={false}
        canComment
        onChanged={async () => undefined}
        onOpenUser={vi.fn()}
      />,
    );
    const bobs = (await screen.findByText('Rude words')).closest('li')!;
    const mine = screen.getByText('My own words').closest('li')!;
    expect(within(mine).queryByRole('button', { name: 'Report comment' })).not.toBeInTheDocument();
    await user.click(await within(bobs).findByRole('button', { name: 'Report comment' }));
    expect(await screen.findByRole('dialog', { name: 'Report Comment' })).toBeInTheDocument();
  });
});

describe('REPORT_RESOLVED in the notifications panel', () => {
  it('says what was reported and what the admins decided, with their note, dismissed with OK', async () => {
    const { callsTo, user } = (() => {
      const stub = stubTrpc({
        'notifications.list': [
          notification(7, 'REPORT_RESOLVED', { report_id: 31, status: 'resolved', target_type: 'comment', target_label: 'You are all idiots', message: 'The comment was sandboxed.' }),
          notification(8, 'REPORT_RESOLVED', { report_id: 32, status: 'dismissed', target_type: 'user', target_label: 'carol', message: 'Thanks for your report.' }),
        ],
        'notifications.markRead': (input: { notification_ids: number[] }) => ({ marked: input.notification_ids.length, unread_count: 0 }),
        'notifications.unreadCount': { unread_count: 0, pending_friend_requests: 0, pending_group_requests: 0 },
      });
      return { ...renderAt(<NotificationsPanel open onClose={vi.fn()} />), ...stub };
    })();
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Your report about the comment “You are all idiots” was resolved.The comment was sandboxed.');
    expect(items[0]).not.toHaveTextContent('Unknown notification type');
    expect(items[1]).toHaveTextContent('Your report about carol was dismissed.');
    await user.click(within(items[0]).getByRole('button', { name: 'OK' }));
    await vi.waitFor(() => expect(callsTo('notifications.markRead').map((c) => c.input)).toEqual([{ notification_ids: [7] }]));
  });
});

describe('the admin Reports view', () => {
  it('is a dashboard tab for admins only', async () => {
    stubTrpc(dashboardAnswers({ 'users.me': ADMIN, 'reports.list': [] }));
    const { user, unmount } = renderAt(<DashboardPage />, '/dashboard');
    await user.click(await screen.findByRole('tab', { name: 'Reports' }));
    expect(await screen.findByRole('heading', { name: 'Reports', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
    unmount();

    stubTrpc(dashboardAnswers());
    renderAt(<DashboardPage />, '/dashboard');
    await screen.findByRole('tab', { name: 'Users' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Stacks', 'Groups', 'Users']);
  });

  function renderQueue(handlers: Record<string, unknown> = {}) {
    const stub = stubTrpc({ 'reports.list': (input: { status: string }) => (input.status === 'open' ? [COMMENT_REPORT, STACK_REPORT] : []), ...handlers });
    return { ...renderAt(<ReportsQueue />), ...stub };
  }
  const card = (id: number) => document.querySelector(`[data-report-id="${id}"]`) as HTMLElement;

  it('lists the open reports with what was reported, and filters by status', async () => {
    const { user, callsTo } = renderQueue();
    const comments = await screen.findByRole('article', { name: 'Comment: Harassment or bullying' });
    expect(comments).toHaveTextContent('Reported by alice');
    expect(comments).toHaveTextContent('“Rude to everyone”');
    expect(comments).toHaveTextContent('“You are all idiots”By bob on the twisted stack Snacks');
    const stacks = screen.getByRole('article', { name: 'Stack: Spam' });
    expect(within(stacks).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Ad 1', 'Ad 2', 'Ad 3', 'Ad 4', 'Ad 5', 'Ad 6']);
    expect(stacks).toHaveTextContent('By carol in Chess Club');
    expect(callsTo('reports.list')[0].input).toMatchObject({ status: 'open', offset: 0 });

    await user.selectOptions(screen.getByLabelText('Status'), 'resolved');
    expect(await screen.findByText('No resolved reports.')).toBeInTheDocument();
    expect(callsTo('reports.list').at(-1)!.input).toMatchObject({ status: 'resolved', offset: 0 });
  });

  it('Resolve with a note sends the decision and refreshes the queue', async () => {
    const { user, callsTo } = renderQueue({ 'reports.update': (input: { id: number; status: 'resolved'; resolution_note: string }) => ({ ...COMMENT_REPORT, ...input }) });
    await screen.findByRole('article', { name: 'Comment: Harassment or bullying' });
    await user.click(within(card(31)).getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve Report' });
    await user.type(within(dialog).getByLabelText('Resolution note (optional)'), 'Sandboxed it');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(card(31)).findByRole('status')).toHaveTextContent('Report resolved');
    expect(callsTo('reports.update')[0].input).toEqual({ id: 31, status: 'resolved', resolution_note: 'Sandboxed it' });
    await vi.waitFor(() => expect(callsTo('reports.list').length).toBeGreaterThan(1));
  });

  it('Dismiss without a note sends none', async () => {
    const { user, callsTo } = renderQueue({ 'reports.update': (input: object) => ({ ...STACK_REPORT, ...input }) });
    await screen.findByRole('article', { name: 'Stack: Spam' });
    await user.click(within(card(32)).getByRole('button', { name: 'Dismiss' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Dismiss Report' })).getByRole('button', { name: 'Dismiss' }));
    await vi.waitFor(() => expect(callsTo('reports.update').map((c) => c.input)).toEqual([{ id: 32, status: 'dismissed' }]));
  });

  it("moderation one click away: sandbox the comment on its twisted stack, sandbox the stack, open the target, and show the server's refusal", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, callsTo } = renderQueue({
      'twistedStacks.sandboxComment': (input: { cid: number }) => ({ id: input.cid, is_sandboxed: true }),
      'stacks.sandbox': () => new TrpcFailure(409, 'This stack is already sandboxed', 'ALREADY_SANDBOXED'),
    });
    await screen.findByRole('article', { name: 'Comment: Harassment or bullying' });
    await user.click(within(card(31)).getByRole('button', { name: 'Sandbox comment' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Sandbox Comment?' })).getByRole('button', { name: 'Sandbox' }));
    expect(await within(card(31)).findByRole('status')).toHaveTextContent('Comment sandboxed');
    expect(callsTo('twistedStacks.sandboxComment')[0].input).toEqual({ id: 12, cid: 900, sandbox: true });

    await user.click(within(card(32)).getByRole('button', { name: 'Sandbox stack' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Sandbox Stack?' })).getByRole('button', { name: 'Sandbox' }));
    expect(await within(card(32)).findByRole('alert')).toHaveTextContent('This stack is already sandboxed');
    expect(callsTo('stacks.sandbox')[0].input).toEqual({ id: 40, sandbox: true });

    const opened = vi.fn();
    const off = on('openStack', opened);
    await user.click(within(card(31)).getByRole('button', { name: 'Open stack' }));
    off();
    expect(opened).toHaveBeenCalledWith({ id: 12, type: 'twisted' });
  });

  it('Hide for users lists the members the stack can be hidden for, by name, and hides it for the chosen', async () => {
    const { user, callsTo } = renderQueue({
      'stacks.get': { id: 40, audience: { type: 'group' }, group_id: 9, me: { hideable_user_ids: [2, 3] }, hidden_user_ids: [3] },
      // The names come from the group's members (one call), as in the stack's own actions.
      'groups.get': {
        id: 9,
        members: [1, 2, 3].map((id) => ({ user_id: id, user: { id, username: ['ann', 'bob', 'carol'][id - 1], avatar_id: 1 } })),
      },
      'stacks.hide': { message: 'Stack hidden for 1 user' },
    });
    await screen.findByRole('article', { name: 'Stack: Spam' });
    await user.click(within(card(32)).getByRole('button', { name: 'Hide for users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide Stack for Users' });
    const bob = await within(dialog).findByRole('checkbox', { name: 'bob' });
    expect(await within(dialog).findByRole('checkbox', { name: /carol/ })).toBeDisabled();
    await user.click(bob);
    await user.click(within(dialog).getByRole('button', { name: 'Hide for Selected' }));
    expect(await within(card(32)).findByRole('status')).toHaveTextContent('Stack hidden for 1 user');
    expect(callsTo('stacks.hide')[0].input).toEqual({ id: 40, user_ids: [2] });
  });

  it('shows each target as it is now, and after a sandbox offers Unsandbox instead of Sandbox', async () => {
    // The server: the comment is sandboxed once the sandbox call has been made.
    let commentSandboxed = false;
    const { user, callsTo } = renderQueue({
      'reports.list': (input: { status: string }) =>
        input.status === 'open'
          ? [{ ...COMMENT_REPORT, target_state: { deleted: false, sandboxed: commentSandboxed, hidden_for_users: 0 } }, { ...STACK_REPORT, target_state: { deleted: false, sandboxed: true, hidden_for_users: 3 } }]
          : [],
      'stacks.sandboxComment': () => ({}),
      'twistedStacks.sandboxComment': (input: { sandbox: boolean }) => {
        commentSandboxed = input.sandbox;
        return { id: 900, is_sandboxed: input.sandbox };
      },
      'stacks.sandbox': (input: { sandbox: boolean }) => ({ id: 40, is_sandboxed: input.sandbox }),
    });
    await screen.findByRole('article', { name: 'Comment: Harassment or bullying' });
    expect(within(card(31)).getByTestId('target-state')).toHaveTextContent('Now: Visible');
    // The stack is sandboxed and hidden for three already: no second Sandbox.
    expect(within(card(32)).getByTestId('target-state')).toHaveTextContent('Now: Sandboxed, Hidden for 3 users');
    expect(within(card(32)).queryByRole('button', { name: 'Sandbox stack' })).not.toBeInTheDocument();
    expect(within(card(32)).getByRole('button', { name: 'Unsandbox stack' })).toBeInTheDocument();

    await user.click(within(card(31)).getByRole('button', { name: 'Sandbox comment' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Sandbox Comment?' })).getByRole('button', { name: 'Sandbox' }));
    expect(await within(card(31)).findByRole('button', { name: 'Unsandbox comment' })).toBeInTheDocument();
    expect(within(card(31)).queryByRole('button', { name: 'Sandbox comment' })).not.toBeInTheDocument();
    expect(within(card(31)).getByTestId('target-state')).toHaveTextContent('Now: Sandboxed');

    await user.click(within(card(31)).getByRole('button', { name: 'Unsandbox comment' }));
    expect(await within(card(31)).findByRole('button', { name: 'Sandbox comment' })).toBeInTheDocument();
    expect(callsTo('twistedStacks.sandboxComment').map((c) => c.input)).toEqual([
      { id: 12, cid: 900, sandbox: true },
      { id: 12, cid: 900, sandbox: false },
    ]);
    await user.click(within(card(32)).getByRole('button', { name: 'Unsandbox stack' }));
    await vi.waitFor(() => expect(callsTo('stacks.sandbox').map((c) => c.input)).toEqual([{ id: 40, sandbox: false }]));
  });

  it('a target that is gone says so and offers nothing to act on but the decision', async () => {
    stubTrpc({
      'reports.list': [
        { ...COMMENT_REPORT, target_state: { deleted: true, sandboxed: false, hidden_for_users: 0 } },
        report({ id: 33, target_type: 'user', target_id: 5, snapshot: { username: 'mallory', bio: '', avatar_id: 1 }, target_state: { deleted: true, sandboxed: false, hidden_for_users: 0 } }),
      ],
    });
    renderAt(<ReportsQueue />);
    await screen.findByRole('article', { name: 'Comment: Harassment or bullying' });
    expect(within(card(31)).getByTestId('target-state')).toHaveTextContent('Now: Deleted');
    expect(within(card(33)).getByTestId('target-state')).toHaveTextContent('Now: Deactivated');
    for (const id of [31, 33]) {
      expect(within(card(id)).queryByRole('group', { name: 'Moderation' })).not.toBeInTheDocument();
      expect(within(card(id)).getByRole('button', { name: 'Resolve' })).toBeInTheDocument();
    }
  });
});
