import type { GroupDetail, GroupSummary } from '../../shared/schemas/groups';
import { TrpcFailure } from './render';

export const notFound = () => new TrpcFailure(404, 'Group not found', 'GROUP_NOT_FOUND');

let nextId = 100;

/** A group as listed for alice (id 1); `can_create_stack` as the server decides it unless given. */
export function groupSummary(overrides: Partial<GroupSummary> = {}): GroupSummary {
  const id = overrides.id ?? nextId++;
  const group = {
    id,
    name: `Group ${id}`,
    description: '',
    owner_id: 1,
    owner: 'alice',
    member_count: 1,
    board_count: 0,
    is_public: true,
    is_restricted: false,
    is_readonly: false,
    is_member: true,
    ...overrides,
  };
  return { ...group, can_create_stack: overrides.can_create_stack ?? (group.is_member && (!group.is_readonly || group.owner_id === ALICE.id)) };
}

export const ALICE = { id: 1, username: 'alice', avatar_id: 1 };
export const BOB = { id: 2, username: 'bob', avatar_id: 2 };
export const CAROL = { id: 3, username: 'carol', avatar_id: 3 };
export const DAVE = { id: 4, username: 'dave', avatar_id: 4 };

const member = (user: { id: number; username: string; avatar_id: number }, role: 'OWNER' | 'MEMBER') => ({
  id: user.id,
  user_id: user.id,
  role,
  user: { username: user.username, avatar_id: user.avatar_id },
});

/** The detail of 'Chess Club' (owner alice, member bob) as `viewer` sees it. */
export function chessClub(viewer: 'owner' | 'member' | 'outsider', overrides: Partial<GroupDetail> = {}): GroupDetail {
  const isMember = viewer !== 'outsider';
  return {
    ...groupSummary({ id: 7, name: 'Chess Club', description: 'We play on Sundays', owner_id: ALICE.id, owner: 'alice', member_count: 2, board_count: 5, is_member: isMember }),
    current_user_id: viewer === 'owner' ? ALICE.id : viewer === 'member' ? BOB.id : DAVE.id,
    members: isMember ? [member(ALICE, 'OWNER'), member(BOB, 'MEMBER')] : [],
    bots: [],
    non_members: isMember ? [CAROL, DAVE].filter((u) => (viewer === 'owner' ? true : u.id !== DAVE.id)) : [],
    pending_invitation_user_ids: [],
    blocks: [],
    is_owner: viewer === 'owner',
    is_invited: false,
    can_invite: isMember,
    can_create_stack: isMember,
    // The owner may retire while the only member.
    can_retire: viewer === 'owner' && overrides.member_count === 1,
    ...overrides,
  };
}
