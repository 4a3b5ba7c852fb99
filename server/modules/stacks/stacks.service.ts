import { condorcetWinner, kemenyOrder } from '../../../shared/kemeny';
import { consensusBreakdown, score, type Ranking } from '../../../shared/scoring';
import { explainConsensus } from '../../../shared/consensus-explained';
import type { ConsensusDetail, CreateStackInput, Responder, Stack, TwistedStack } from '../../../shared/schemas/stacks';
import type { Db } from '../../db/client';
import { toIso } from '../../db/dates';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { throttledWrite } from '../../rate-limit/rate-limit.service';
import { areFriends } from '../friends/friends.service';
import {
  audienceRefusal,
  commentAuthorRefusal,
  commentSandboxRefusal,
  createStackRefusal,
  deleteRefusal,
  editRefusal,
  hideableUserIds,
  hideForUsersRefusal,
  mayViewGroup,
  sandboxRefusal,
  twistQualifies,
} from '../../policy';
import * as repo from './stacks.repo';
import { NOT_FOUND, loadRow, type Kind } from './stack-rules';
import type { Viewer } from '../../viewer';

// Stacks themselves: create (users and bot runs), read (the detail and its consensus), answer,
// mark viewed, edit, delete. Twists, comments, moderation and the feed have their own services.

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

/**
 * The Borda consensus (the spec's) with what it orders by and how its ties were broken, the
 * Kemeny-Young order and the Condorcet winner of the answers, and sentences that agree with them.
 */
function consensusDetail(rankings: Ranking[], positions: readonly string[]): ConsensusDetail {
  const { order, mean_places, first_places, ties } = consensusBreakdown(rankings);
  const facts = { borda: order, condorcet_winner: condorcetWinner(rankings), mean_places, first_places, ties };
  return { borda: order, kemeny: kemenyOrder(rankings), condorcet_winner: facts.condorcet_winner, method: 'borda', mean_places, first_places, ties, explanation: explainConsensus(positions, facts) };
}

function assemble(row: DetailRow, viewer: Viewer, commentsLimit: number, hideable: number[] | null): Stack {
  const blocked = new Set(row.blocked.map((b) => b.user_id));
  const mine = row.responses.find((r) => r.user_id === viewer.id)?.ranking;
  const answeredBy = row.responses.map((r) => r.user_id);
  const facts = { ...row, other_responders: answeredBy.filter((id) => id !== row.owner_id).length, responders: answeredBy.length };
  // Group stacks, once the viewer answered: every answer counts, blocked responders' too.
  const group = row.mode === 'group' && mine ? consensusDetail(row.responses.map((r) => r.ranking), row.positions) : null;
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
  return consensusDetail(row.responses.map((r) => r.ranking), row.positions);
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

/** Admins delete bot stacks nobody answered. */
export async function deleteStack(db: Db, viewer: Viewer, id: number) {
  const row = await loadRow(db, viewer, id, 'stack');
  const refusal = deleteRefusal(row, viewer);
  if (refusal) throw refusal;
  await repo.deleteStack(db, id);
  return { message: 'Stack deleted' };
}

/** The owner edits within an hour of creation while nobody else has answered (WRITE_THROTTLES.edits). */
export async function edit(db: Db, viewer: Viewer, id: number, kind: Kind, values: { name?: string | null; positions?: string[]; twist_description?: string }) {
  const row = await loadRow(db, viewer, id, kind);
  const refusal = editRefusal(row, viewer);
  if (refusal) throw refusal;
  await throttledWrite(db, 'edits', viewer.id, () => repo.updateStackContent(db, id, values));
  return { message: 'Stack updated' };
}
