import { LIMITS } from '../../../shared/limits';
import { condorcetWinner, kemenyOrder } from '../../../shared/kemeny';
import { consensus, score, type Ranking } from '../../../shared/scoring';
import { STACK_MESSAGES, type ConsensusDetail, type CountResult, type CreateStackInput, type FeedActionInput, type Responder, type Stack, type StackListItem, type TwistedStack } from '../../../shared/schemas/stacks';
import type { Db } from '../../db/client';
import { toIso } from '../../db/dates';
import { badRequest, conflict, forbidden, notFound, type AppError } from '../../errors';
import { throttledWrite } from '../../rate-limit/rate-limit.service';
import * as events from '../events/events.service';
import { areFriends } from '../friends/friends.service';
import { createStackRefusal, mayViewGroup, sandboxedCommentVisible } from '../../policy';
import * as repo from './stacks.repo';
import type { Viewer } from '../../viewer';


/** The signed-in user as the stack rules see them. */
type Kind = 'stack' | 'twisted';

const NOT_FOUND = { stack: 'Stack not found', twisted: 'Twisted stack not found' } as const;

/** What the edit, delete and sandbox rules look at; both the detail row and the bare row have it. */
interface StackFacts {
  owner_id: number;
  mode: string;
  bot_id: number | null;
  is_sandboxed: boolean;
  /** Created less than an hour ago, by the database clock. */
  in_edit_window: boolean;
  /** Responders other than the owner. */
  other_responders: number;
  responders: number;
}

/**
 * The stack rules, once: each answers the error for the first rule the viewer breaks, or null when
 * the viewer may. The mutations throw it; the `me.can_*` flags show whether it is null.
 */
function editRefusal(row: Pick<StackFacts, 'owner_id' | 'in_edit_window' | 'other_responders'>, viewer: Viewer): AppError | null {
  if (row.owner_id !== viewer.id) return forbidden('Only the owner can edit this stack', 'NOT_OWNER');
  if (!row.in_edit_window || row.other_responders > 0) return forbidden(STACK_MESSAGES.editClosed, 'EDIT_WINDOW_CLOSED');
  return null;
}

/** Admins delete a bot stack nobody answered. */
function deleteRefusal(row: Pick<StackFacts, 'bot_id' | 'responders'>, viewer: Viewer): AppError | null {
  if (!viewer.isAdmin) return forbidden('Only admins can delete stacks', 'NOT_ADMIN');
  if (row.bot_id === null) return forbidden('Only bot stacks can be deleted', 'NOT_BOT_STACK');
  if (row.responders > 0) return conflict('HAS_RESPONSES', 'A stack that has responses cannot be deleted');
  return null;
}

/** A group stack: its owner or an admin sandboxes it, only an admin unsandboxes it. */
function sandboxRefusal(row: Pick<StackFacts, 'mode' | 'owner_id' | 'is_sandboxed'>, viewer: Viewer, sandboxed: boolean): AppError | null {
  if (row.mode !== 'group') return badRequest('NOT_GROUP_STACK', 'Only group stacks can be sandboxed');
  if (sandboxed) {
    if (row.owner_id !== viewer.id && !viewer.isAdmin) return forbidden('Only the owner or an admin can sandbox this stack', 'NOT_ALLOWED');
    if (row.is_sandboxed) return conflict('ALREADY_SANDBOXED', 'This stack is already sandboxed');
  } else {
    if (!viewer.isAdmin) return forbidden('Only admins can unsandbox a stack', 'NOT_ADMIN');
    if (!row.is_sandboxed) return conflict('NOT_SANDBOXED', 'This stack is not sandboxed');
  }
  return null;
}

/** Admins hide a group stack for chosen members (spec 2 §6); twisted stacks have no such call. */
function hideForUsersRefusal(row: { mode: string; group_id: number | null }, viewer: Viewer): AppError | null {
  if (!viewer.isAdmin) return forbidden('Only admins can hide a stack for other users', 'NOT_ADMIN');
  if (row.mode !== 'group' || row.group_id === null) return badRequest('NOT_GROUP_STACK', 'Only group stacks can be hidden for other users');
  return null;
}

/** Whom an admin may hide a group stack for: its group's members who have not answered it, not the admin. */
async function hideableUserIds(db: Db, viewer: Viewer, stackId: number, groupId: number): Promise<number[]> {
  return (await repo.hideableMembers(db, stackId, groupId)).filter((id) => id !== viewer.id);
}

type CommentFacts = { user_id: number; sandboxed_by_admin: boolean };

/** Authors edit and delete their own comments only (spec 2 §6). */
function commentAuthorRefusal(comment: CommentFacts, viewer: Viewer, action: 'edit' | 'delete'): AppError | null {
  return comment.user_id === viewer.id ? null : forbidden(`You can only ${action} your own comments`, 'NOT_AUTHOR');
}

/**
 * Authors sandbox their own comments and may lift a sandbox they set; admins sandbox and
 * unsandbox any comment, and a sandbox an admin set only an admin lifts (spec 2 §6).
 */
function commentSandboxRefusal(comment: CommentFacts, viewer: Viewer, sandboxed: boolean): AppError | null {
  if (comment.user_id !== viewer.id && !viewer.isAdmin) return forbidden('You can only sandbox your own comments', 'NOT_AUTHOR');
  if (!sandboxed && comment.sandboxed_by_admin && !viewer.isAdmin) return forbidden('Only an admin can unsandbox a comment an admin sandboxed', 'SANDBOXED_BY_ADMIN');
  return null;
}

async function loadRow(db: Db, viewer: Viewer, id: number, kind: Kind) {
  const row = await repo.findStackRow(db, viewer, id, kind);
  if (!row) throw notFound(NOT_FOUND[kind], 'STACK_NOT_FOUND');
  return row;
}

/**
 * Answering and commenting belong to the stack's audience. An admin outside it (not a member of
 * the group, say) may see the stack to moderate it, so the refusal is 403, not 404: it hides
 * nothing the admin cannot already read.
 */
function audienceRefusal(row: { in_audience: boolean }, action: 'answer' | 'comment'): AppError | null {
  if (row.in_audience) return null;
  return forbidden(action === 'answer' ? "Only the stack's audience can answer it" : "Only the stack's audience can comment on it", 'NOT_IN_AUDIENCE');
}

/**
 * Creates a friend stack (to a friend) or a group stack (members; only the owner in read-only
 * groups), within the user's WRITE_THROTTLES.stacks (429 beyond; refusals do not count). Bot runs
 * post through `postBotStack`, which is not throttled.
 */
export async function createStack(db: Db, viewer: Viewer, input: CreateStackInput) {
  if (input.mode === 'friend') {
    if (input.target_id === viewer.id) throw badRequest('SELF_STACK', 'Choose a friend to send the stack to');
    if (!(await areFriends(db, viewer.id, input.target_id))) throw forbidden('Friend stacks can only be sent to friends', 'NOT_FRIENDS');
    return throttledWrite(db, 'stacks', viewer.id, () =>
      repo.insertStack(db, { name: input.name, positions: input.positions, owner_id: viewer.id, mode: 'friend', friend_id: input.target_id, group_id: null }),
    );
  }
  const group = await repo.findGroupForStack(db, input.target_id, viewer.id);
  if (!group || !mayViewGroup(group)) throw notFound('Group not found', 'GROUP_NOT_FOUND');
  const refusal = createStackRefusal(group, viewer.id);
  if (refusal) throw refusal;
  return throttledWrite(db, 'stacks', viewer.id, () =>
    repo.insertStack(db, { name: input.name, positions: input.positions, owner_id: viewer.id, mode: 'group', friend_id: null, group_id: group.id }),
  );
}

/**
 * A bot run's stack (bots.engine.ts), posted in the bot owner's name to the bot's audience: a user
 * (friend mode) or a group. The engine has checked the audience; `trx` is the run's transaction.
 */
export function postBotStack(trx: Db, bot: { id: number; owner_id: number; friend_id: number | null; group_id: number | null }, stack: { name: string; positions: string[] }) {
  return repo.insertStack(trx, {
    name: stack.name,
    positions: stack.positions,
    owner_id: bot.owner_id,
    mode: bot.group_id !== null ? 'group' : 'friend',
    friend_id: bot.friend_id,
    group_id: bot.group_id,
    bot_id: bot.id,
  });
}

/** GET /v2/stacks (and the twisted list): one statement for the page, whatever its length. */
export async function listStacks(
  db: Db,
  viewer: Viewer,
  options: { offset: number; limit: number; filter_new: boolean; filter_friends: boolean; filter_no_bots: boolean; order_by: 'updated_at' | 'created_at' },
  onlyTwisted = false,
): Promise<StackListItem[]> {
  const rows = await repo.listFeed(db, viewer, {
    offset: options.offset,
    limit: options.limit,
    filterNew: options.filter_new,
    filterFriends: options.filter_friends,
    filterNoBots: options.filter_no_bots,
    orderBy: options.order_by,
    onlyTwisted,
  });
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    name: row.name,
    owner_id: row.owner_id,
    owner_username: row.owner_username,
    owner_avatar_id: row.owner_avatar_id,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
    audience: row.audience,
    bot: row.bot,
    twist: row.twist,
    users: row.users,
    me: { is_answered: row.users.some((u) => u.user_id === viewer.id), viewed: row.me_viewed, viewed_comments: row.me_viewed_comments },
  }));
}

const feedFilters = (input: FeedActionInput) => ({ filterNew: input.filter_new, filterFriends: input.filter_friends, filterNoBots: input.filter_no_bots, onlyTwisted: false });

/**
 * Hide New Stacks (spec 2 §2.1): hides for the viewer every stack and twisted stack of the feed,
 * under the same filters, whose banner is 'New stack!' or 'New twisted stack!', however many pages
 * the feed has, up to LIMITS.feedBulkMax a call (a call that answers that many may be repeated for
 * the rest); one statement. Answers how many were hidden. Live events: one feed.bulk_updated to
 * the viewer's own streams, none per stack and none to others (events.service.ts `quietly`).
 */
export async function hideNewStacks(db: Db, viewer: Viewer, input: FeedActionInput): Promise<CountResult> {
  const count = await events.quietly(db, viewer.id, 'hide_new', (trx) => repo.hideNewStacks(trx, viewer.id, feedFilters(input), LIMITS.feedBulkMax));
  return { count };
}

/**
 * Clear Updates (spec 2 §2.1): marks viewed, responses and comments alike, every stack and twisted
 * stack of the feed, under the same filters, whose banner is new responses or new comments, up to
 * LIMITS.feedBulkMax a call; one statement. Answers how many were cleared. Live events: one
 * feed.bulk_updated to the viewer's own streams (their other devices drop the banners).
 */
export async function clearUpdates(db: Db, viewer: Viewer, input: FeedActionInput): Promise<CountResult> {
  const count = await events.quietly(db, viewer.id, 'clear_updates', (trx) => repo.clearStackUpdates(trx, viewer.id, feedFilters(input), LIMITS.feedBulkMax));
  return { count };
}

type DetailRow = NonNullable<Awaited<ReturnType<typeof repo.findStackForViewer>>>;
type ResponseRow = DetailRow['responses'][number];

function responders(rows: ResponseRow[], positions: string[], viewerId: number, mine: number[] | undefined, blocked: Set<number>): Responder[] {
  return rows
    .filter((r) => !blocked.has(r.user_id))
    .sort((a, b) => Number(b.user_id === viewerId) - Number(a.user_id === viewerId))
    .map((r) => ({
      user_id: r.user_id,
      username: r.username,
      avatar_id: r.avatar_id,
      is_answered: true as const,
      // Answers stay private until the viewer has answered too.
      position_ids: mine ? r.ranking : null,
      positions: mine ? r.ranking.map((i) => positions[i]) : null,
      score: mine && r.user_id !== viewerId ? score(mine, r.ranking) : null,
      answered_at: toIso(r.created_at),
    }));
}

/** Can the viewer twist this stack? Answered, not twisted yet, and it qualifies (spec 2 §6). */
function twistQualifies(row: { parent_id: number | null; mode: string; owner_id: number; friend_id: number | null }, answeredBy: number[], viewerId: number, twisted: boolean) {
  if (row.parent_id !== null || twisted || !answeredBy.includes(viewerId)) return false;
  if (row.mode === 'friend') return answeredBy.includes(row.owner_id) && row.friend_id !== null && answeredBy.includes(row.friend_id);
  return answeredBy.filter((id) => id !== viewerId).length >= 2;
}

/** The Borda consensus (the spec's), the Kemeny-Young order and the Condorcet winner of the answers. */
function consensusDetail(rankings: Ranking[]): ConsensusDetail {
  return { borda: consensus(rankings), kemeny: kemenyOrder(rankings), condorcet_winner: condorcetWinner(rankings) };
}

function assemble(row: DetailRow, viewer: Viewer, commentsLimit: number, hideable: number[] | null): Stack {
  const blocked = new Set(row.blocked.map((b) => b.user_id));
  const mine = row.responses.find((r) => r.user_id === viewer.id)?.ranking;
  const answeredBy = row.responses.map((r) => r.user_id);
  const facts = { ...row, other_responders: answeredBy.filter((id) => id !== row.owner_id).length, responders: answeredBy.length };
  // Group stacks, once the viewer answered: every answer counts, blocked responders' too.
  const group = row.mode === 'group' && mine ? consensusDetail(row.responses.map((r) => r.ranking)) : null;
  return {
    id: row.id,
    name: row.name,
    positions: row.positions,
    owner_id: row.owner_id,
    owner_username: row.owner_username,
    owner_avatar_id: row.owner_avatar_id,
    created_at: toIso(row.created_at),
    is_sandboxed: row.is_sandboxed,
    group_id: row.group_id,
    audience: row.audience,
    bot: row.bot,
    users: responders(row.responses, row.positions, viewer.id, mine, blocked),
    blocked_user_ids: row.blocked.filter((b) => b.commented || answeredBy.includes(b.user_id)).map((b) => b.user_id),
    consensus: group ? group.borda.map((i) => row.positions[i]) : null,
    consensus_detail: group,
    // The repo reads newest first, one more than asked; the page is shown oldest first.
    comments: row.comments
      .slice(0, commentsLimit)
      .reverse()
      .map((c) => ({
        ...c,
        created_at: toIso(c.created_at),
        updated_at: toIso(c.updated_at),
        me: {
          can_edit: commentAuthorRefusal(c, viewer, 'edit') === null,
          can_delete: commentAuthorRefusal(c, viewer, 'delete') === null,
          can_sandbox: commentSandboxRefusal(c, viewer, true) === null,
          can_unsandbox: commentSandboxRefusal(c, viewer, false) === null,
        },
      })),
    comments_has_more: row.comments.length > commentsLimit,
    hidden_user_ids: viewer.isAdmin ? row.hides.map((h) => h.user_id) : [],
    twist: row.twist,
    me: {
      is_answered: mine !== undefined,
      can_answer: mine === undefined && audienceRefusal(row, 'answer') === null,
      // An admin outside the audience cannot answer: they see responses and comments to moderate them.
      sees_responses: mine !== undefined || audienceRefusal(row, 'answer') !== null,
      can_comment: audienceRefusal(row, 'comment') === null,
      can_edit: editRefusal(facts, viewer) === null,
      can_twist: twistQualifies(row, answeredBy, viewer.id, row.twist !== null),
      // Twisted stacks have no sandbox call of their own (spec 2 §7).
      can_sandbox: row.parent_id === null && sandboxRefusal(facts, viewer, true) === null,
      can_unsandbox: row.parent_id === null && sandboxRefusal(facts, viewer, false) === null,
      // Twisted stacks copy bot_id but have no delete call.
      can_delete: row.parent_id === null && deleteRefusal(facts, viewer) === null,
      can_hide_for_users: hideable !== null,
      hideable_user_ids: hideable ?? [],
    },
  };
}

interface GetStackOptions {
  markViewed: boolean;
  /** Comments to skip, counted back from the newest. */
  commentsOffset: number;
  commentsLimit: number;
}

/**
 * GET /v1/stacks/{id} (or a twisted stack): 404 when the viewer may not see it. One page of
 * comments, the newest by default, in one statement however many comments the stack has.
 */
export async function getStack(db: Db, viewer: Viewer, id: number, kind: 'stack', options: GetStackOptions): Promise<Stack>;
export async function getStack(db: Db, viewer: Viewer, id: number, kind: 'twisted', options: GetStackOptions): Promise<TwistedStack>;
export async function getStack(db: Db, viewer: Viewer, id: number, kind: Kind, options: GetStackOptions): Promise<Stack | TwistedStack> {
  const row = await repo.findStackForViewer(db, viewer, id, kind, { offset: options.commentsOffset, limit: options.commentsLimit });
  if (!row) throw notFound(NOT_FOUND[kind], 'STACK_NOT_FOUND');
  if (options.markViewed) await repo.markViewed(db, id, viewer.id);
  // Twisted stacks have no hide-for-users call (spec 2 §7).
  const mayHideForUsers = kind === 'stack' && hideForUsersRefusal(row, viewer) === null;
  const hideable = mayHideForUsers ? await hideableUserIds(db, viewer, id, row.group_id!) : null;
  const stack = assemble(row, viewer, options.commentsLimit, hideable);
  if (kind === 'stack') return stack;
  const blocked = new Set(row.blocked.map((b) => b.user_id));
  const mine = row.responses.find((r) => r.user_id === viewer.id)?.ranking;
  return {
    ...stack,
    stack_id: row.parent_id!,
    twist_description: row.twist_description ?? '',
    // Before and after: each responder's original ranking (scored against the viewer's new one).
    original: { users: responders(row.parent_responses, row.positions, viewer.id, mine, blocked) },
  };
}

/**
 * GET /v1/stacks/{id}/consensus: the group consensus as the detail's `consensus_detail` gives it
 * (Borda, Kemeny-Young, Condorcet winner), for a client that wants only that. The detail's rules:
 * 404 when the viewer may not see the stack, 403 before the viewer has answered it.
 */
export async function getConsensus(db: Db, viewer: Viewer, id: number, kind: Kind): Promise<ConsensusDetail> {
  const row = await repo.findStackForViewer(db, viewer, id, kind, { offset: 0, limit: 0 });
  if (!row) throw notFound(NOT_FOUND[kind], 'STACK_NOT_FOUND');
  if (row.mode !== 'group') throw badRequest('NOT_GROUP_STACK', 'Only group stacks have a consensus');
  if (!row.responses.some((r) => r.user_id === viewer.id)) {
    throw forbidden(kind === 'twisted' ? 'Answer the twisted stack to see its consensus' : 'Answer the stack to see its consensus', 'NOT_ANSWERED');
  }
  return consensusDetail(row.responses.map((r) => r.ranking));
}

/** Answers a stack with a ranking of all six positions; once per user, in the stack's audience. */
export async function complete(db: Db, viewer: Viewer, id: number, kind: Kind, ranking: number[]) {
  const refusal = audienceRefusal(await loadRow(db, viewer, id, kind), 'answer');
  if (refusal) throw refusal;
  await db.transaction().execute(async (trx) => {
    if (!(await repo.insertResponse(trx, id, viewer.id, ranking))) throw conflict('ALREADY_ANSWERED', 'You have already answered this stack');
    await repo.touchStack(trx, id);
    await repo.markViewed(trx, id, viewer.id);
  });
  return { message: 'Answer saved' };
}

export async function markViewed(db: Db, viewer: Viewer, id: number, kind: Kind) {
  await loadRow(db, viewer, id, kind);
  await repo.markViewed(db, id, viewer.id);
  return { message: 'Marked as viewed' };
}

/**
 * Hides a stack from the viewer's list; admins may instead hide a group stack for chosen members
 * who have not answered it (not themselves).
 */
export async function hide(db: Db, viewer: Viewer, id: number, kind: Kind, userIds?: number[]) {
  const row = await loadRow(db, viewer, id, kind);
  if (!userIds) {
    await repo.insertHides(db, id, [viewer.id], viewer.id);
    return { message: 'Stack hidden' };
  }
  const refusal = hideForUsersRefusal(row, viewer);
  if (refusal) throw refusal;
  const chosen = [...new Set(userIds)];
  if (chosen.length === 0) throw badRequest('NO_USERS', 'Choose at least one user');
  if (chosen.includes(viewer.id)) throw badRequest('SELF_HIDE', 'Choose members other than yourself');
  const allowed = await hideableUserIds(db, viewer, id, row.group_id!);
  const refused = chosen.filter((u) => !allowed.includes(u));
  if (refused.length > 0) throw badRequest('NOT_HIDEABLE', `Only group members who have not answered can be chosen (not user ${refused[0]})`);
  await repo.insertHides(db, id, chosen, viewer.id);
  return { message: `Stack hidden for ${chosen.length} ${chosen.length === 1 ? 'user' : 'users'}` };
}

/** Admins delete bot stacks nobody answered. */
export async function deleteStack(db: Db, viewer: Viewer, id: number) {
  const row = await loadRow(db, viewer, id, 'stack');
  const refusal = deleteRefusal(row, viewer);
  if (refusal) throw refusal;
  await repo.deleteStack(db, id);
  return { message: 'Stack deleted' };
}

/** Owner: sandbox a group stack that is not sandboxed yet. Admins: both ways. */
export async function sandbox(db: Db, viewer: Viewer, id: number, sandboxed: boolean) {
  const row = await loadRow(db, viewer, id, 'stack');
  const refusal = sandboxRefusal(row, viewer, sandboxed);
  if (refusal) throw refusal;
  await repo.setSandboxed(db, id, sandboxed);
  return { id, is_sandboxed: sandboxed };
}

/** The owner edits within an hour of creation while nobody else has answered (WRITE_THROTTLES.edits). */
export async function edit(db: Db, viewer: Viewer, id: number, kind: Kind, values: { name?: string | null; positions?: string[]; twist_description?: string }) {
  const row = await loadRow(db, viewer, id, kind);
  const refusal = editRefusal(row, viewer);
  if (refusal) throw refusal;
  await throttledWrite(db, 'edits', viewer.id, () => repo.updateStackContent(db, id, values));
  return { message: 'Stack updated' };
}

/**
 * Twists a stack: once, by someone who answered it, when it qualifies, within the user's
 * WRITE_THROTTLES.twists. Everyone who answered the original then sees the twisted stack as new.
 */
export async function createTwist(db: Db, viewer: Viewer, stackId: number, twistDescription: string) {
  const row = await loadRow(db, viewer, stackId, 'stack');
  if (!row.viewer_answered) throw forbidden('Answer the stack before twisting it', 'NOT_ANSWERED');
  if (row.is_twisted) throw conflict('ALREADY_TWISTED', 'This stack has already been twisted');
  const detail = await repo.findStackForViewer(db, viewer, stackId, 'stack', { offset: 0, limit: 0 });
  const answeredBy = detail?.responses.map((r) => r.user_id) ?? [];
  if (!detail || !twistQualifies(detail, answeredBy, viewer.id, false)) {
    throw forbidden('This stack cannot be twisted yet: a friend stack needs both answers, a group stack two other responders', 'TWIST_NOT_QUALIFIED');
  }
  try {
    return await throttledWrite(db, 'twists', viewer.id, () =>
      db.transaction().execute(async (trx) => {
        const twisted = await repo.insertTwist(trx, stackId, viewer.id, twistDescription);
        await repo.touchStack(trx, stackId);
        return twisted;
      }),
    );
  } catch (error) {
    // Two twists at once: the unique index keeps one.
    if ((error as { code?: string }).code === '23505') throw conflict('ALREADY_TWISTED', 'This stack has already been twisted');
    throw error;
  }
}

/**
 * Comments on a stack the viewer is in the audience of, within the user's WRITE_THROTTLES.comments
 * (429 with Retry-After). The attempt is counted atomically before the insert, so parallel
 * requests cannot slip past the limit.
 */
export async function createComment(db: Db, viewer: Viewer, id: number, kind: Kind, description: string) {
  const refusal = audienceRefusal(await loadRow(db, viewer, id, kind), 'comment');
  if (refusal) throw refusal;
  const comment = await throttledWrite(db, 'comments', viewer.id, () =>
    db.transaction().execute(async (trx) => {
      const created = await repo.insertComment(trx, id, viewer.id, description);
      await repo.touchStack(trx, id);
      return created;
    }),
  );
  return { id: comment.id };
}

async function loadComment(db: Db, viewer: Viewer, id: number, kind: Kind, commentId: number) {
  await loadRow(db, viewer, id, kind);
  const comment = await repo.findComment(db, id, commentId);
  if (!comment || !sandboxedCommentVisible(comment, viewer)) throw notFound('Comment not found', 'COMMENT_NOT_FOUND');
  return comment;
}

export async function updateComment(db: Db, viewer: Viewer, id: number, kind: Kind, commentId: number, description: string) {
  const refusal = commentAuthorRefusal(await loadComment(db, viewer, id, kind, commentId), viewer, 'edit');
  if (refusal) throw refusal;
  await throttledWrite(db, 'edits', viewer.id, () => repo.updateComment(db, commentId, { description }));
  return { message: 'Updated successfully' };
}

export async function deleteComment(db: Db, viewer: Viewer, id: number, kind: Kind, commentId: number) {
  const refusal = commentAuthorRefusal(await loadComment(db, viewer, id, kind, commentId), viewer, 'delete');
  if (refusal) throw refusal;
  await repo.deleteComment(db, commentId);
  return { message: 'Comment deleted' };
}

/**
 * Sandboxes or unsandboxes a comment, by `commentSandboxRefusal`'s rules. An author may toggle
 * their own, so that counts as an edit (WRITE_THROTTLES.edits); an admin's moderation does not.
 */
export async function sandboxComment(db: Db, viewer: Viewer, id: number, kind: Kind, commentId: number, sandboxed: boolean) {
  const comment = await loadComment(db, viewer, id, kind, commentId);
  const refusal = commentSandboxRefusal(comment, viewer, sandboxed);
  if (refusal) throw refusal;
  const write = () => repo.updateComment(db, commentId, { is_sandboxed: sandboxed, sandboxed_by_admin: sandboxed && viewer.isAdmin });
  await (viewer.isAdmin ? write() : throttledWrite(db, 'edits', viewer.id, write));
  return { id: commentId, is_sandboxed: sandboxed };
}
