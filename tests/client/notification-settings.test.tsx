import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, type NotificationSettings as Settings } from '../../shared/schemas/notification-settings';
import { NotificationSettings } from '../../client/src/features/settings/notification-settings';
import { SettingsPanel } from '../../client/src/features/settings/settings-panel';
import { UnsubscribePage } from '../../client/src/features/settings/unsubscribe-page';
import { ME } from './fixtures';
import { flushQueuedWork, renderAt, stubTrpc, TrpcFailure } from './render';

afterEach(() => vi.restoreAllMocks());

/** A server that keeps what PUT sends, as the real one does (each kind's fields merged). */
function settingsServer(handlers: Record<string, unknown> = {}) {
  let stored: Settings = { settings: structuredClone(DEFAULT_NOTIFICATION_SETTINGS) as Settings['settings'] };
  const stub = stubTrpc({
    'notificationSettings.get': () => stored,
    'notificationSettings.update': (input: { settings: Record<string, object> }) => {
      const next = structuredClone(stored);
      for (const [kind, change] of Object.entries(input.settings)) Object.assign(next.settings[kind as keyof Settings['settings']], change);
      stored = next;
      return stored;
    },
    ...handlers,
  });
  return { ...stub, stored: () => stored };
}

const row = (label: string) => screen.getByRole('group', { name: label });

describe('Settings → Notifications', () => {
  it('is a card of the settings page, with a row per kind: a human label, a Push switch and an E-mail choice', async () => {
    settingsServer({ 'users.me': ME, 'mutes.list': [], 'invites.list': [] });
    renderAt(<SettingsPanel user={ME} onShowTour={() => {}} />);
    const card = screen.getByRole('region', { name: 'Notifications' });
    const list = await within(card).findByRole('list', { name: 'Notification settings' });
    expect(within(list).getAllByRole('group').map((g) => g.querySelector('legend')!.textContent)).toEqual(NOTIFICATION_KINDS.map((k) => NOTIFICATION_KIND_LABELS[k]));

    const friendRequests = within(row('Friend requests'));
    expect(friendRequests.getByRole('switch', { name: 'Push' })).toBeChecked();
    expect(friendRequests.getByRole('combobox', { name: 'E-mail' })).toHaveValue('instant');
    expect(within(friendRequests.getByRole('combobox', { name: 'E-mail' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Off', 'Instant', 'Daily digest']);
    expect(within(row('Comments on my stacks')).getByRole('combobox', { name: 'E-mail' })).toHaveValue('daily');
    expect(within(row('Release notes')).getByRole('switch', { name: 'Push' })).not.toBeChecked();
    expect(within(row('Release notes')).getByRole('combobox', { name: 'E-mail' })).toHaveValue('off');
  });

  it('saves a switch at once, that kind and field alone, and says Saved', async () => {
    const { user, callsTo, stored } = (() => {
      const server = settingsServer();
      return { ...server, ...renderAt(<NotificationSettings />) };
    })();
    await screen.findByRole('list', { name: 'Notification settings' });
    await user.click(within(row('Answers to my stacks')).getByRole('switch', { name: 'Push' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(callsTo('notificationSettings.update').map((c) => c.input)).toEqual([{ settings: { answer_on_my_stack: { push: false } } }]);
    expect(within(row('Answers to my stacks')).getByRole('switch', { name: 'Push' })).not.toBeChecked();
    expect(stored().settings.answer_on_my_stack).toEqual({ push: false, email: 'daily' });
  });

  it('saves an e-mail choice from the keyboard alone', async () => {
    const { callsTo } = settingsServer();
    const { user } = renderAt(<NotificationSettings />);
    await screen.findByRole('list', { name: 'Notification settings' });
    const select = within(row('Group invitations')).getByRole('combobox', { name: 'E-mail' });
    // Tab order: each row's switch, then its choice.
    await user.tab();
    expect(within(row('Friend requests')).getByRole('switch', { name: 'Push' })).toHaveFocus();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(select).toHaveFocus();
    await user.selectOptions(select, 'Daily digest');
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(callsTo('notificationSettings.update').map((c) => c.input)).toEqual([{ settings: { group_invite: { email: 'daily' } } }]);
    expect(select).toHaveValue('daily');
    // Space toggles the focused switch.
    within(row('Group invitations')).getByRole('switch', { name: 'Push' }).focus();
    await user.keyboard(' ');
    await vi.waitFor(() => expect(callsTo('notificationSettings.update')).toHaveLength(2));
    expect(callsTo('notificationSettings.update')[1].input).toEqual({ settings: { group_invite: { push: false } } });
  });

  it('says Failed to save notification settings, keeps the saved value, and Retry sends the change again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const { callsTo } = settingsServer({
      'notificationSettings.update': (input: { settings: object }) => {
        if (fail) throw new TrpcFailure(429, 'You can make at most 60 notification settings changes in 10 minutes. Please wait a moment.', 'TOO_MANY_REQUESTS');
        return { settings: { ...DEFAULT_NOTIFICATION_SETTINGS, ...input.settings, stack_for_me: { push: true, email: 'off' } } };
      },
    });
    const { user } = renderAt(<NotificationSettings />);
    await screen.findByRole('list', { name: 'Notification settings' });
    const select = within(row('New stacks for me')).getByRole('combobox', { name: 'E-mail' });
    await user.selectOptions(select, 'Off');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save notification settings');
    expect(select).toHaveValue('daily');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(callsTo('notificationSettings.update').map((c) => c.input)).toEqual([
      { settings: { stack_for_me: { email: 'off' } } },
      { settings: { stack_for_me: { email: 'off' } } },
    ]);
    expect(select).toHaveValue('off');
  });

  it('says Failed to load notification settings with Retry when the settings cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    settingsServer({ 'notificationSettings.get': () => (fail ? new TrpcFailure(503, 'The database does not answer', 'DATABASE_UNAVAILABLE') : { settings: DEFAULT_NOTIFICATION_SETTINGS }) });
    const { user } = renderAt(<NotificationSettings />);
    // A 503 is tried twice more first (client/src/lib/trpc.ts), a second or so apart.
    expect(await screen.findByText('Failed to load notification settings', undefined, { timeout: 8_000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Notification settings' })).toBeInTheDocument();
  });

  it('shows the push feature\'s device controls, when given, at the top of the section', async () => {
    settingsServer();
    renderAt(<NotificationSettings pushDeviceControls={<button type="button">Turn on push on this device</button>} />);
    const slot = screen.getByTestId('push-device-controls');
    expect(within(slot).getByRole('button', { name: 'Turn on push on this device' })).toBeInTheDocument();
    expect(screen.queryByTestId('push-device-controls')?.compareDocumentPosition(await screen.findByRole('list', { name: 'Notification settings' }))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('fits 375 px: each row wraps its controls, nothing set to a fixed width wider than the screen', async () => {
    settingsServer();
    renderAt(<NotificationSettings />);
    const list = await screen.findByRole('list', { name: 'Notification settings' });
    for (const controls of within(list).getAllByRole('group').map((g) => g.querySelector('legend + div')!)) expect(controls).toHaveClass('flex-wrap');
    expect(list.innerHTML).not.toMatch(/\bw-(\[|[4-9]\d|\d{3})/);
  });
});

describe('the unsubscribe page', () => {
  const renderPage = (token = 'tok.en.x') =>
    renderAt(
      <Routes>
        <Route path="/unsubscribe/:token" element={<UnsubscribePage />} />
      </Routes>,
      `/unsubscribe/${token}`,
    );

  it('changes nothing when opened; the Unsubscribe button posts the token and says which e-mails stop', async () => {
    const { callsTo } = stubTrpc({ 'notificationSettings.unsubscribe': { message: 'You will no longer get these e-mails.', kinds: ['friend_request'] } });
    const { user } = renderPage('abc.def.ghi');
    expect(screen.getByRole('heading', { name: 'Unsubscribe from e-mails' })).toBeInTheDocument();
    expect(screen.getByText('Stop the e-mails this link came with? Nothing changes until you press Unsubscribe.')).toBeInTheDocument();
    await flushQueuedWork();
    expect(callsTo('notificationSettings.unsubscribe')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: 'You are unsubscribed' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('You will no longer get e-mails about friend requests.');
    expect(callsTo('notificationSettings.unsubscribe').map((c) => c.input)).toEqual([{ token: 'abc.def.ghi' }]);
    expect(screen.getByRole('link', { name: 'Open Settings' })).toHaveAttribute('href', '/dashboard/settings');
  });

  it('shows the server\'s detail when the link is refused, and keeps the button', async () => {
    const detail = 'This unsubscribe link has expired. Choose what you get in Settings, under Notifications.';
    stubTrpc({ 'notificationSettings.unsubscribe': new TrpcFailure(400, detail, 'UNSUBSCRIBE_LINK_EXPIRED') });
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
  });
});
