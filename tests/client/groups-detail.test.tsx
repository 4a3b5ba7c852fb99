import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GroupDetail } from '../../shared/schemas/groups';
import { GroupDetailView } from '../../client/src/features/groups/group-detail';
import { on } from '../../client/src/lib/events';
import { chessClub, DAVE, notFound } from './groups-fixtures';
import { renderAt, stubTrpc, TrpcFailure } from './render';

beforeEach(() => sessionStorage.clear());

type Handlers = Parameters<typeof stubTrpc>[0];

function renderDetail(detail: GroupDetail | (() => GroupDetail), handlers: Handlers = {}) {
  const server = stubTrpc({ 'groups.get': typeof detail === 'function' ? detail : () => detail, 'groups.bots': () => [], ...handlers });
  const props = { onLoaded: vi.fn(), onNotFound: vi.fn(), onLoadFailed: vi.fn(), onBack: vi.fn(), onAddStack: vi.fn(), onOpenUser: vi.fn(), onOpenBot: vi.fn() };
  const view = renderAt(<GroupDetailView groupId={7} {...props} />);
  return { ...view, ...props, server };
}

const loaded = () => screen.findByRole('heading', { name: 'Chess Club', level: 1 });
const button = (name: string) => screen.queryByRole('button', { name });
const section = (name: string) => screen.queryByRole('heading', { name, level: 2 });
const confirmDialog = () => screen.getByRole('dialog');

describe('Group detail: loading states (spec 2 §2.6, §8)', () => {
  it("shows 'Loading...' and then the group, telling the caller its name", async () => {
    const { onLoaded } = renderDetail(chessClub('owner'));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await loaded();
    expect(onLoaded).toHaveBeenCalledTimes(1);
    expect(onLoaded).toHaveBeenCalledWith('Chess Club');
  });

  it("shows 'Group not found' on a 404", async () => {
    const { onLoaded, onNotFound, onLoadFailed, user, onBack } = renderDetail(() => {
      throw notFound();
    });
    expect(await screen.findByText('Group not found')).toBeInTheDocument();
    expect(onLoaded).not.toHaveBeenCalled();
    expect(onNotFound).toHaveBeenCalledTimes(1);
    expect(onLoadFailed).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalled();
  });

  it("shows 'Failed to load group profile' with Retry on another failure", async () => {
    let fail = true;
    const { user, onLoadFailed, onNotFound, onLoaded } = renderDetail(() => {
      if (fail) throw new TrpcFailure(403, 'No', 'FORBIDDEN');
      return chessClub('owner');
    });
    expect(await screen.findByText('Failed to load group profile')).toBeInTheDocument();
    expect(onLoadFailed).toHaveBeenCalledTimes(1);
    expect(onNotFound).not.toHaveBeenCalled();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await loaded();
    expect(onLoaded).toHaveBeenCalledWith('Chess Club');
  });
});

describe('Group detail: the owner', () => {
  it('sees the summary, an editable description, bots, members with remove, friends to invite and a disabled Retire', async () => {
    const { server } = renderDetail(chessClub('owner'));
    await loaded();
    const header = screen.getByRole('heading', { name: 'Chess Club', level: 1 }).parentElement!;
    expect(header).toHaveTextContent('Owner: alice');
    expect(header).toHaveTextContent('2 members · 5 stacks');
    expect(screen.queryByText('Private Group')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Chess Club group avatar' })).toHaveAttribute('src', '/avatars/groups/Chess%20Club.svg');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('We play on Sundays');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveAttribute('maxLength', '64');

    expect(section('Bots')).toBeInTheDocument();
    expect(await screen.findByText('No bots in this group yet.')).toBeInTheDocument();
    expect(server.callsTo('groups.bots')[0].input).toEqual({ id: 7 });

    const members = within(screen.getByRole('list', { name: 'Members' })).getAllByRole('listitem');
    expect(members.map((li) => li.textContent)).toEqual([expect.stringMatching(/^alice.*Owner$/), expect.stringMatching(/^bob.*Member.*Remove$/)]);
    expect(button('Remove bob')).toBeInTheDocument();
    expect(button('Remove alice')).not.toBeInTheDocument();

    expect(section('Invite Friends')).toBeInTheDocument();
    expect(button('Invite carol')).toBeEnabled();
    expect(button('Invite dave')).toBeEnabled();

    expect(button('Back')).toBeInTheDocument();
    expect(button('Add Stack')).toBeInTheDocument();
    expect(button('Join Group')).not.toBeInTheDocument();
    expect(button('Leave Group')).not.toBeInTheDocument();
    expect(button('Retire Group')).toBeDisabled();
    expect(button('Retire Group')).toHaveAccessibleDescription('You can retire this group once you are its only member.');
  });

  it('saves the description', async () => {
    const { user, server } = renderDetail(chessClub('owner'), { 'groups.setDescription': (input: { id: number; description: string }) => ({ id: input.id, description: input.description }) });
    await loaded();
    const input = screen.getByRole('textbox', { name: 'Description' });
    expect(button('Save')).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'x'.repeat(70));
    expect(input).toHaveValue('x'.repeat(64));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Description saved')).toBeInTheDocument();
    expect(server.callsTo('groups.setDescription')[0].input).toEqual({ id: 7, description: 'x'.repeat(64) });
    expect(button('Save')).toBeDisabled();
  });

  it('removes a member after confirming, with groups.block', async () => {
    let detail = chessClub('owner');
    const { user, server } = renderDetail(() => detail, {
      'groups.block': () => {
        detail = { ...detail, member_count: 1, members: detail.members.slice(0, 1), can_retire: true };
        return { message: 'Member removed' };
      },
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Remove bob' }));
    expect(within(confirmDialog()).getByRole('heading', { name: 'Remove Member' })).toBeInTheDocument();
    expect(confirmDialog()).toHaveTextContent('This will remove bob from Chess Club.');
    await user.click(within(confirmDialog()).getByRole('button', { name: 'Yes, Remove' }));
    await vi.waitFor(() => expect(button('Remove bob')).not.toBeInTheDocument());
    expect(server.callsTo('groups.block')[0].input).toEqual({ id: 7, user_id: 2 });
    expect(screen.getByRole('heading', { name: 'Chess Club', level: 1 }).parentElement).toHaveTextContent('1 member · 5 stacks');
    // Now the only member, the owner may retire the group.
    expect(button('Retire Group')).toBeEnabled();
  });

  it('Cancel in the remove dialog removes nobody', async () => {
    const { user, server } = renderDetail(chessClub('owner'));
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Remove bob' }));
    await user.click(within(confirmDialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.callsTo('groups.block')).toHaveLength(0);
  });

  it("enables Retire Group by the server's can_retire, not by counting members", async () => {
    renderDetail(chessClub('owner', { member_count: 1, can_retire: false }));
    await loaded();
    expect(button('Retire Group')).toBeDisabled();
    expect(screen.getByText('You can retire this group once you are its only member.')).toBeInTheDocument();
  });

  it('retires a group when the owner is the only member, then goes back', async () => {
    const { user, server, onBack } = renderDetail(chessClub('owner', { member_count: 1 }), { 'groups.retire': () => ({ message: 'Group retired' }) });
    await loaded();
    expect(screen.queryByText('You can retire this group once you are its only member.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retire Group' }));
    expect(confirmDialog()).toHaveTextContent('Are you sure you want to retire Chess Club?');
    await user.click(within(confirmDialog()).getByRole('button', { name: 'Yes, Retire' }));
    await vi.waitFor(() => expect(onBack).toHaveBeenCalled());
    expect(server.callsTo('groups.retire')[0].input).toEqual({ id: 7 });
  });
});

describe('Group detail: inviting friends', () => {
  it("confirms, invites, then shows 'Invitation sent' and a disabled 'Invited', and refreshes notifications", async () => {
    const refreshed = vi.fn();
    const off = on('notificationRefresh', refreshed);
    const { user, server } = renderDetail(chessClub('owner'), { 'groups.invite': () => ({ message: 'Invitation sent', request_id: 1 }) });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Invite carol' }));
    expect(within(confirmDialog()).getByRole('heading', { name: 'Invite Friend' })).toBeInTheDocument();
    expect(confirmDialog()).toHaveTextContent('Invite carol to join Chess Club?');
    await user.click(within(confirmDialog()).getByRole('button', { name: 'Yes, Invite' }));
    const carol = (await screen.findByText('Invitation sent')).closest('li')!;
    expect(carol).toHaveTextContent('carol');
    expect(within(carol).getByRole('button', { name: 'Invited' })).toBeDisabled();
    expect(server.callsTo('groups.invite')[0].input).toEqual({ id: 7, userId: 3 });
    expect(refreshed).toHaveBeenCalledTimes(1);
    // dave is still to invite.
    expect(button('Invite dave')).toBeEnabled();
    off();
  });

  it('shows a pending invitation from the start', async () => {
    renderDetail(chessClub('owner', { pending_invitation_user_ids: [DAVE.id] }));
    await loaded();
    const dave = screen.getByText('Invitation sent').closest('li')!;
    expect(dave).toHaveTextContent('dave');
    expect(within(dave).getByRole('button', { name: 'Invited' })).toBeDisabled();
    expect(button('Invite carol')).toBeEnabled();
  });

  it("hides 'Invite Friends' when the viewer may not invite (restricted group)", async () => {
    renderDetail(chessClub('member', { is_restricted: true, can_invite: false, non_members: [] }));
    await loaded();
    expect(section('Invite Friends')).not.toBeInTheDocument();
  });

  it("opens 'Group Not Found' on a 404 from invite", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderDetail(chessClub('owner'), {
      'groups.invite': () => {
        throw notFound();
      },
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Invite carol' }));
    await user.click(within(confirmDialog()).getByRole('button', { name: 'Yes, Invite' }));
    expect(await screen.findByRole('dialog', { name: 'Group Not Found' })).toBeInTheDocument();
  });
});

describe('Group detail: a member', () => {
  it('reads the description, sees bots and members without remove, may add a stack and leave', async () => {
    const { user, onAddStack, onOpenUser } = renderDetail(chessClub('member'));
    await loaded();
    expect(screen.getByText('We play on Sundays')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Description' })).not.toBeInTheDocument();
    expect(section('Bots')).toBeInTheDocument();
    expect(section('Members')).toBeInTheDocument();
    expect(button('Remove bob')).not.toBeInTheDocument();
    expect(section('Invite Friends')).toBeInTheDocument();
    expect(button('Retire Group')).not.toBeInTheDocument();
    expect(button('Join Group')).not.toBeInTheDocument();
    expect(button('Leave Group')).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Add Stack' }));
    expect(onAddStack).toHaveBeenCalledWith(7);
    await user.click(within(screen.getByRole('list', { name: 'Members' })).getByRole('button', { name: 'alice' }));
    expect(onOpenUser).toHaveBeenCalledWith(1);
  });

  it('opens a bot from the Bots list', async () => {
    const { user, onOpenBot } = renderDetail(chessClub('member'), { 'groups.bots': () => [{ id: 11, name: 'Quizzy', bio: 'Asks', avatar_id: 3 }] });
    await loaded();
    const bots = await screen.findByRole('list', { name: 'Bots' });
    expect(within(bots).getByRole('button', { name: 'Quizzy' }).querySelector('img')).toHaveAttribute('src', '/assets/3');
    await user.click(within(bots).getByRole('button', { name: 'Quizzy' }));
    expect(onOpenBot).toHaveBeenCalledWith(11);
  });

  it("has no 'Add Stack' in a read-only group", async () => {
    renderDetail(chessClub('member', { is_readonly: true, can_create_stack: false }));
    await loaded();
    expect(button('Add Stack')).not.toBeInTheDocument();
  });

  it('leaves after confirming, then goes back', async () => {
    const { user, server, onBack } = renderDetail(chessClub('member'), { 'groups.leave': () => ({ message: 'Left the group' }) });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Leave Group' }));
    expect(confirmDialog()).toHaveTextContent('Are you sure you want to leave Chess Club?');
    await user.click(within(confirmDialog()).getByRole('button', { name: 'Yes, Leave' }));
    await vi.waitFor(() => expect(onBack).toHaveBeenCalled());
    expect(server.callsTo('groups.leave')[0].input).toEqual({ id: 7 });
  });
});

describe('Group detail: a non-member', () => {
  it('of a public group sees no members or bots, and may join', async () => {
    let detail = chessClub('outsider');
    const { user, server } = renderDetail(() => detail, {
      'groups.join': () => {
        detail = chessClub('member');
        return { message: 'Joined the group' };
      },
    });
    await loaded();
    expect(screen.getByText('We play on Sundays')).toBeInTheDocument();
    expect(section('Bots')).not.toBeInTheDocument();
    expect(section('Members')).not.toBeInTheDocument();
    expect(section('Invite Friends')).not.toBeInTheDocument();
    expect(button('Add Stack')).not.toBeInTheDocument();
    expect(button('Leave Group')).not.toBeInTheDocument();
    expect(server.callsTo('groups.bots')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Join Group' }));
    expect(await screen.findByRole('heading', { name: 'Members', level: 2 })).toBeInTheDocument();
    expect(server.callsTo('groups.join')[0].input).toEqual({ id: 7 });
    expect(button('Leave Group')).toBeInTheDocument();
  });

  it("of a private group (invited) sees the 'Private Group' note and no Join", async () => {
    renderDetail(chessClub('outsider', { is_public: false, is_invited: true }));
    await loaded();
    expect(screen.getByText('Private Group')).toBeInTheDocument();
    expect(button('Join Group')).not.toBeInTheDocument();
  });

  it("opens 'Group Not Found' on a 404 from join, whose Back goes back", async () => {
    const { user, onBack } = renderDetail(chessClub('outsider'), {
      'groups.join': () => {
        throw notFound();
      },
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Join Group' }));
    const modal = await screen.findByRole('dialog', { name: 'Group Not Found' });
    expect(modal).toHaveTextContent("The group you're looking for doesn't exist or has been deleted.");
    await user.click(within(modal).getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalled();
  });

  it('only logs other join failures', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderDetail(chessClub('outsider'), {
      'groups.join': () => {
        throw new TrpcFailure(403, 'You were removed from this group and cannot rejoin it', 'GROUP_BLOCKED');
      },
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Join Group' }));
    await vi.waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByRole('dialog', { name: 'Group Not Found' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
