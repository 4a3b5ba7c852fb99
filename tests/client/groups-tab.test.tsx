import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GroupsTab } from '../../client/src/features/groups/groups-tab';
import { emit } from '../../client/src/lib/events';
import { groupSummary } from './groups-fixtures';
import { flushQueuedWork, renderAt, stubTrpc, TrpcFailure } from './render';

const MINE = groupSummary({ id: 1, name: 'Chess Club', owner: 'alice', member_count: 3, board_count: 12 });
const SECRET = groupSummary({ id: 2, name: 'Night Owls', owner: 'alice', member_count: 1, board_count: 1, is_public: false });
const OPEN = groupSummary({ id: 3, name: 'Hikers', owner: 'bob', member_count: 8, board_count: 0, is_member: false });
const OVERVIEW = { my_groups: [MINE, SECRET], public_groups: [OPEN] };

let now = Date.UTC(2026, 10, 22, 12, 0, 0);

beforeEach(() => {
  sessionStorage.clear();
  now = Date.UTC(2026, 10, 22, 12, 0, 0);
  vi.spyOn(Date, 'now').mockImplementation(() => now);
});

function renderTab(overview: () => unknown = () => OVERVIEW) {
  const server = stubTrpc({ 'groups.overview': overview });
  const onOpenGroup = vi.fn();
  return { ...renderAt(<GroupsTab onOpenGroup={onOpenGroup} />), server, onOpenGroup };
}

const grid = (name: string) => screen.getByRole('list', { name });

describe('Groups overview (spec 2 §2.5)', () => {
  it('shows My Groups and Public Groups with name, owner, counts and the private badge', async () => {
    renderTab();
    expect(screen.getAllByText('Loading...')).not.toHaveLength(0);
    expect(await screen.findByRole('heading', { name: 'My Groups' })).toBeInTheDocument();
    const mine = await screen.findByRole('list', { name: 'My Groups' });
    const chess = within(mine).getByRole('button', { name: /Chess Club/ });
    expect(chess).toHaveTextContent('Owner: alice');
    expect(chess).toHaveTextContent('3 members · 12 stacks');
    expect(within(chess).queryByText('Private Group')).not.toBeInTheDocument();
    expect(chess.querySelector('img')).toHaveAttribute('src', '/avatars/groups/Chess%20Club.svg');
    const owls = within(mine).getByRole('button', { name: /Night Owls/ });
    expect(owls).toHaveTextContent('1 member · 1 stack');
    expect(within(owls).getByText('Private Group')).toBeInTheDocument();
    const hikers = within(grid('Public Groups')).getByRole('button', { name: /Hikers/ });
    expect(hikers).toHaveTextContent('Owner: bob');
    expect(hikers).toHaveTextContent('8 members · 0 stacks');
  });

  it('badges Restricted (only the owner invites) and Read-only (only the owner adds stacks), each on its own flag', async () => {
    const strict = groupSummary({ id: 4, name: 'Strict', is_restricted: true, is_readonly: true });
    const quiet = groupSummary({ id: 5, name: 'Quiet', is_readonly: true, is_public: false });
    const closed = groupSummary({ id: 6, name: 'Closed', is_restricted: true, is_member: false });
    renderTab(() => ({ my_groups: [strict, quiet, MINE], public_groups: [closed] }));
    const badges = async (name: RegExp) => {
      const card = await screen.findByRole('button', { name });
      return ['Private Group', 'Restricted', 'Read-only'].filter((badge) => within(card).queryByText(badge, { exact: true }));
    };
    expect(await badges(/Strict/)).toEqual(['Restricted', 'Read-only']);
    expect(await badges(/Quiet/)).toEqual(['Private Group', 'Read-only']);
    expect(await badges(/Closed/)).toEqual(['Restricted']);
    expect(await badges(/Chess Club/)).toEqual([]);
    expect(within(await screen.findByRole('button', { name: /Strict/ })).getByText('Restricted')).toHaveAttribute('title', 'Only the owner is allowed to invite users.');
  });

  it('opens a group when its card is clicked', async () => {
    const { user, onOpenGroup } = renderTab();
    await user.click(await screen.findByRole('button', { name: /Hikers/ }));
    expect(onOpenGroup).toHaveBeenCalledWith(3);
  });

  it('says when there are no groups', async () => {
    renderTab(() => ({ my_groups: [], public_groups: [] }));
    expect(await screen.findByText('You are not in any groups yet. Join a public group or add your own.')).toBeInTheDocument();
    expect(screen.getByText('No public groups to join right now.')).toBeInTheDocument();
  });

  it("shows 'Failed to load groups' with Retry when the overview fails", async () => {
    let fail = true;
    const { user } = renderTab(() => {
      if (fail) throw new TrpcFailure(403, 'Nope', 'FORBIDDEN');
      return OVERVIEW;
    });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Failed to load groups');
    fail = false;
    await user.click(within(banner).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: /Chess Club/ })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load groups')).not.toBeInTheDocument();
  });
});

describe('the 30 s overview cache in session storage (spec 2 §4)', () => {
  it('a second mount within 30 s asks nothing; after 30 s it asks again', async () => {
    const first = renderTab();
    expect(await screen.findByRole('button', { name: /Chess Club/ })).toBeInTheDocument();
    expect(first.server.callsTo('groups.overview')).toHaveLength(1);
    first.unmount();

    // A fresh mount (new query client, as after a page reload) 29 s later: from session storage.
    now += 29_000;
    const second = renderTab();
    expect(screen.getByRole('button', { name: /Chess Club/ })).toBeInTheDocument();
    await flushQueuedWork();
    expect(second.server.callsTo('groups.overview')).toHaveLength(0);
    second.unmount();

    now += 2_000;
    const third = renderTab(() => ({ ...OVERVIEW, public_groups: [] }));
    expect(await screen.findByText('No public groups to join right now.')).toBeInTheDocument();
    expect(third.server.callsTo('groups.overview')).toHaveLength(1);
  });

  it('creating a group drops the cache', async () => {
    const server = stubTrpc({ 'groups.overview': () => OVERVIEW, 'groups.create': () => ({ id: 9, name: 'New' }) });
    const onOpenGroup = vi.fn();
    const { user } = renderAt(<GroupsTab onOpenGroup={onOpenGroup} />);
    expect(await screen.findByRole('button', { name: /Chess Club/ })).toBeInTheDocument();
    expect(sessionStorage.getItem('groupsOverview')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add Group' }));
    await user.type(screen.getByLabelText('Group Name'), 'New');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await vi.waitFor(() => expect(onOpenGroup).toHaveBeenCalledWith(9));
    // The still-mounted tab refetches, then stores the fresh answer.
    await vi.waitFor(() => expect(server.callsTo('groups.overview')).toHaveLength(2));
  });

  it('is dropped on logout, so the next user never sees it', async () => {
    renderTab();
    expect(await screen.findByRole('button', { name: /Chess Club/ })).toBeInTheDocument();
    expect(sessionStorage.getItem('groupsOverview')).not.toBeNull();
    act(() => emit('logout'));
    expect(sessionStorage.getItem('groupsOverview')).toBeNull();
  });
});
