import type { Comment, Responder, Stack, StackListItem, TwistedStack } from '../../shared/schemas/stacks';
import { ME } from './fixtures';

/** alice (id 1) is the viewer, as in fixtures.ts. */
export const ALICE = { id: 1, username: 'alice', avatar_id: 1 };
export const BOB = { id: 2, username: 'bob', avatar_id: 2 };
export const CAROL = { id: 3, username: 'carol', avatar_id: 3 };
export const DAVE = { id: 4, username: 'dave', avatar_id: 4 };

export const ADMIN = { ...ME, role: 'ADMIN' as const };

export const POSITIONS = ['Pizza', 'Sushi', 'Tacos', 'Curry', 'Pasta', 'Salad'];

const friendAudience = (friend = BOB) => ({ type: 'friend' as const, user: friend, group: null });
export const groupAudience = (id = 7, name = 'Chess Club') => ({ type: 'group' as const, user: null, group: { id, name } });

/** A feed item: by default a friend stack from bob to alice that alice has answered and seen. */
export function listItem(overrides: Partial<StackListItem> & { id: number }): StackListItem {
  return {
    type: 'stack',
    name: `Stack ${overrides.id}`,
    owner_id: BOB.id,
    owner_username: BOB.username,
    owner_avatar_id: BOB.avatar_id,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    audience: { type: 'friend', user: ALICE, group: null },
    bot: null,
    twist: null,
    users: [],
    me: { is_answered: true, viewed: true, viewed_comments: true },
    ...overrides,
  };
}

/** `count` plain items with ids from `first` on. */
export function page(first: number, count: number, overrides: Partial<StackListItem> = {}): StackListItem[] {
  return Array.from({ length: count }, (_, i) => listItem({ id: first + i, ...overrides }));
}

export function responder(user: { id: number; username: string; avatar_id: number }, ranking: number[] | null, scoreValue: number | null = null): Responder {
  return {
    user_id: user.id,
    username: user.username,
    avatar_id: user.avatar_id,
    is_answered: true,
    position_ids: ranking,
    positions: ranking ? ranking.map((i) => POSITIONS[i]) : null,
    score: scoreValue,
    answered_at: '2026-11-20T11:00:00.000Z',
  };
}

/**
 * A comment as alice (id 1, no admin) sees it: the `me` flags as the server decides them, unless
 * given. `moderated` gives an admin's flags.
 */
export function comment(id: number, user: { id: number; username: string; avatar_id: number }, description: string, overrides: Partial<Comment> = {}): Comment {
  const isAuthor = user.id === ALICE.id;
  const sandboxedByAdmin = overrides.sandboxed_by_admin ?? false;
  return {
    id,
    user_id: user.id,
    username: user.username,
    avatar_id: user.avatar_id,
    description,
    created_at: '2026-11-20T12:00:00.000Z',
    updated_at: '2026-11-20T12:00:00.000Z',
    is_sandboxed: false,
    sandboxed_by_admin: false,
    me: { can_edit: isAuthor, can_delete: isAuthor, can_sandbox: isAuthor, can_unsandbox: isAuthor && !sandboxedByAdmin },
    ...overrides,
  };
}

/** The comment as an admin sees it: sandbox and unsandbox anyone's, edit and delete only their own. */
export function moderated(c: Comment): Comment {
  return { ...c, me: { ...c.me, can_sandbox: true, can_unsandbox: true } };
}

/** An ordinary viewer who has not answered yet: may answer and comment, nothing more. */
/** Comments `first`..`last` (ids), oldest first, by bob then carol in turn, described 'Note 001' and so on. */
export function commentRange(first: number, last: number): Comment[] {
  return Array.from({ length: last - first + 1 }, (_, i) => comment(first + i, (first + i) % 2 ? BOB : CAROL, `Note ${String(first + i).padStart(3, '0')}`));
}

/**
 * A fake server's comment pages over `all` (oldest first), as GET /v1/stacks/{id} cuts them:
 * comments_offset counts back from the newest, the page is oldest first.
 */
export function commentPage(all: readonly Comment[], input: unknown) {
  const { comments_offset: offset = 0, comments_limit: limit = 100 } = (input ?? {}) as { comments_offset?: number; comments_limit?: number };
  const end = Math.max(0, all.length - offset);
  const start = Math.max(0, end - limit);
  return { comments: all.slice(start, end), comments_has_more: start > 0 };
}

const NO_RIGHTS = {
  is_answered: false,
  can_answer: true,
  can_comment: true,
  can_edit: false,
  can_twist: false,
  can_sandbox: false,
  can_unsandbox: false,
  can_delete: false,
  can_hide_for_users: false,
  hideable_user_ids: [],
};

/** The viewer's flags: `sees_responses` as the server decides it (answered, or may not answer) unless given. */
function rights(me: Partial<Stack['me']> | undefined): Stack['me'] {
  const merged = { ...NO_RIGHTS, ...me };
  return { ...merged, sees_responses: me?.sees_responses ?? (merged.is_answered || !merged.can_answer) };
}

/** Stack 42 'Lunch' from bob to alice, not answered by alice. */
export function stack(overrides: Partial<Omit<Stack, 'me'>> & { me?: Partial<Stack['me']> } = {}): Stack {
  const { me, ...rest } = overrides;
  return {
    id: 42,
    name: 'Lunch',
    positions: [...POSITIONS],
    owner_id: BOB.id,
    owner_username: BOB.username,
    owner_avatar_id: BOB.avatar_id,
    created_at: '2026-11-20T10:00:00.000Z',
    is_sandboxed: false,
    group_id: null,
    audience: friendAudience(ALICE),
    bot: null,
    users: [],
    blocked_user_ids: [],
    consensus: null,
    consensus_detail: null,
    comments: [],
    comments_has_more: false,
    hidden_user_ids: [],
    twist: null,
    ...rest,
    me: rights(me),
  };
}

/** Stack 42 in the Chess Club, answered by alice, bob and carol. */
export function answeredGroupStack(overrides: Partial<Omit<Stack, 'me'>> & { me?: Partial<Stack['me']> } = {}): Stack {
  return stack({
    group_id: 7,
    audience: groupAudience(),
    users: [responder(ALICE, [0, 1, 2, 3, 4, 5]), responder(BOB, [5, 4, 3, 2, 1, 0], 0), responder(CAROL, [0, 1, 2, 3, 5, 4], 70)],
    consensus: ['Pizza', 'Sushi', 'Tacos', 'Curry', 'Salad', 'Pasta'],
    // Borda and Kemeny-Young agree on these three answers; Pizza wins every head-to-head.
    consensus_detail: { borda: [0, 1, 2, 3, 5, 4], kemeny: [0, 1, 2, 3, 5, 4], condorcet_winner: 0 },
    ...overrides,
    me: { is_answered: true, can_answer: false, ...overrides.me },
  });
}

/** Twisted stack 90 of stack 42 (twisted by carol), in the Chess Club. */
export function twistedStack(overrides: Partial<Omit<TwistedStack, 'me'>> & { me?: Partial<TwistedStack['me']> } = {}): TwistedStack {
  const { me, ...rest } = overrides;
  return {
    ...stack({ id: 90, owner_id: CAROL.id, owner_username: CAROL.username, owner_avatar_id: CAROL.avatar_id, group_id: 7, audience: groupAudience() }),
    stack_id: 42,
    twist_description: 'On a rainy day',
    original: { users: [] },
    ...rest,
    me: rights(me),
  };
}
