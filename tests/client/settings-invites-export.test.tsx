import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataExport } from '../../shared/schemas/export';
import type { Invite } from '../../shared/schemas/invites';
import { DownloadData } from '../../client/src/features/settings/download-data';
import { InviteFriend } from '../../client/src/features/settings/invite-friend';
import { SettingsPanel } from '../../client/src/features/settings/settings-panel';
import { ME } from './fixtures';
import { renderAt, stubTrpc, TrpcFailure } from './render';

const ORIGIN = window.location.origin;

function invite(overrides: Partial<Invite> & Pick<Invite, 'id' | 'code'>): Invite {
  return {
    link: `http://stacks.test/register?code=${overrides.code}`,
    state: 'unused',
    expires_at: '2026-12-01T10:00:00.000Z',
    created_at: '2026-11-24T10:00:00.000Z',
    joined: null,
    ...overrides,
  };
}

/** user-event's setup() puts a clipboard stub of its own on navigator: spy on it after rendering. */
function spyClipboard(refuse = false) {
  const spy = vi.spyOn(navigator.clipboard, 'writeText');
  if (refuse) spy.mockRejectedValue(new Error('denied'));
  return spy;
}

let createObjectURL: ReturnType<typeof vi.fn>;
let revokeObjectURL: ReturnType<typeof vi.fn>;
beforeEach(() => {
  // jsdom has no object URLs.
  createObjectURL = vi.fn(() => 'blob:export-1');
  revokeObjectURL = vi.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('Settings → Invite a friend', () => {
  it('is a card of the settings page, beside "Your data"', async () => {
    stubTrpc({ 'users.me': ME, 'invites.list': [] });
    renderAt(<SettingsPanel user={ME} onShowTour={() => {}} />);
    expect(screen.getByRole('region', { name: 'Invite a friend' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your data' })).toBeInTheDocument();
    expect(await screen.findByText('You have not invited anyone yet.')).toBeInTheDocument();
  });

  it('creates an invite and shows its link (this origin) read-only, with a Copy button that says Copied', async () => {
    const created = invite({ id: 9, code: 'K7QM-4WXP-R2TD' });
    let listed: Invite[] = [];
    const { callsTo } = stubTrpc({
      'invites.list': () => listed,
      'invites.create': () => {
        listed = [created];
        return created;
      },
    });
    const { user } = renderAt(<InviteFriend />);
    const writeText = spyClipboard();
    expect(await screen.findByText('You have not invited anyone yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create invite link' }));

    const field = await screen.findByLabelText('Invite link');
    expect(field).toHaveValue(`${ORIGIN}/register?code=K7QM-4WXP-R2TD`);
    expect(field).toHaveAttribute('readonly');
    expect(callsTo('invites.create')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(`${ORIGIN}/register?code=K7QM-4WXP-R2TD`);
    expect(await screen.findByRole('status')).toHaveTextContent('Copied');

    // The list reloads with the new invite.
    const items = await within(await screen.findByRole('list', { name: 'My invites' })).findAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('K7QM-4WXP-R2TD');
    expect(items[0]).toHaveTextContent('Unused');
  });

  it("shows the server's detail when the quota is reached", async () => {
    const detail = 'You have 5 unused invites. Wait until one is used or expires.';
    stubTrpc({ 'invites.list': [], 'invites.create': new TrpcFailure(409, detail, 'INVITE_QUOTA_REACHED') });
    const { user } = renderAt(<InviteFriend />);
    await user.click(screen.getByRole('button', { name: 'Create invite link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
    expect(screen.queryByLabelText('Invite link')).not.toBeInTheDocument();
  });

  it('lists my invites with their state, expiry and who joined; an unused one copies its link', async () => {
    stubTrpc({
      'invites.list': [
        invite({ id: 3, code: 'AAAA-BBBB-CCCC' }),
        invite({ id: 2, code: 'DDDD-EEEE-FFFF', state: 'expired' }),
        invite({ id: 1, code: 'GGGG-HHHH-JJJJ', state: 'used', joined: 'carol' }),
      ],
    });
    const { user } = renderAt(<InviteFriend />);
    const writeText = spyClipboard();
    const items = await within(await screen.findByRole('list', { name: 'My invites' })).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/AAAA-BBBB-CCCC.*Unused.*Expires /),
      expect.stringMatching(/DDDD-EEEE-FFFF.*Expired.*Expired /),
      expect.stringMatching(/GGGG-HHHH-JJJJ.*Used.*Joined: carol/),
    ]);
    expect(within(items[1]).queryByRole('button')).not.toBeInTheDocument();
    expect(within(items[2]).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(items[0]).getByRole('button', { name: 'Copy link of invite AAAA-BBBB-CCCC' }));
    expect(writeText).toHaveBeenCalledWith(`${ORIGIN}/register?code=AAAA-BBBB-CCCC`);
    expect(await screen.findByRole('status')).toHaveTextContent('Copied');
  });

  it('says so when the clipboard refuses', async () => {
    stubTrpc({ 'invites.list': [invite({ id: 3, code: 'AAAA-BBBB-CCCC' })] });
    const { user } = renderAt(<InviteFriend />);
    spyClipboard(true);
    await user.click(await screen.findByRole('button', { name: 'Copy link of invite AAAA-BBBB-CCCC' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not copy the link');
  });
});

const EXPORTED = {
  format: 'stacks-export',
  version: 1,
  exported_at: '2026-11-24T10:00:00.000Z',
  items_per_section: 10000,
  truncated: [],
  profile: {
    id: 1,
    username: 'alice',
    email: 'alice@example.com',
    bio: '',
    avatar_id: 1,
    role: 'USER',
    is_email_verified: true,
    email_verified_at: null,
    last_login_at: null,
    created_at: '2026-11-22T00:00:00.000Z',
  },
  socials: [],
  friends: [{ username: 'bob', since: '2026-11-23T00:00:00.000Z' }],
  friend_requests: { sent: [], received: [] },
  blocks: [],
  mutes: [],
  stacks: [],
  answers: [],
  comments: [],
  groups: [],
  group_invitations: { sent: [], received: [] },
  notifications: [],
  invites: [],
  reports: [],
} satisfies DataExport;

describe('Settings → Download my data', () => {
  it('fetches the export and saves it as stacks-export-{username}-{date}.json through an object URL', async () => {
    const clicks: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    const { callsTo } = stubTrpc({ 'dataExport.mine': EXPORTED });
    const { user } = renderAt(<DownloadData />);

    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your data has been downloaded.');
    expect(callsTo('dataExport.mine')).toHaveLength(1);
    expect(clicks).toHaveLength(1);
    expect(clicks[0].download).toBe('stacks-export-alice-2026-11-24.json');
    expect(clicks[0].getAttribute('href')).toBe('blob:export-1');
    expect(clicks[0].isConnected).toBe(false);
    const blob = createObjectURL.mock.calls[0][0] as Blob;
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await blob.text())).toEqual(EXPORTED);
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:export-1'));
    click.mockRestore();
  });

  it('fetches afresh each time', async () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { callsTo } = stubTrpc({ 'dataExport.mine': EXPORTED });
    const { user } = renderAt(<DownloadData />);
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await screen.findByText('Your data has been downloaded.');
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(callsTo('dataExport.mine')).toHaveLength(2));
  });

  it('says Failed to download your data when the call fails', async () => {
    stubTrpc({ 'dataExport.mine': new TrpcFailure(429, 'Too many attempts. Please try again later.', 'TOO_MANY_REQUESTS') });
    const { user } = renderAt(<DownloadData />);
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to download your data: Too many attempts. Please try again later.');
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });
});
