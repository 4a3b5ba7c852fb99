import { z } from 'zod';
import { editWindowText, LIMITS } from '../limits';
import { isRanking, MAX_SCORE } from '../scoring';
import { Id, pageFields, UserRef, wholeNumber } from './common';

/** Spec 2 §5 and §8 messages, shared by the dialogs and the server. */
export const STACK_MESSAGES = {
  nameMax: `Stack name must be no more than ${LIMITS.stackNameMax} characters`,
  positionsCount: 'Exactly six positions are required',
  positionRequired: 'Positions cannot be empty',
  positionMax: `Positions must be no more than ${LIMITS.positionMax} characters`,
  identical: 'Identical positions not supported.',
  ranking: 'Ranking must order all six positions',
  commentEmpty: 'Comment cannot be empty',
  commentMax: `Comment must be no more than ${LIMITS.commentMax} characters`,
  commentNewlines: 'Too many new line characters.',
  twistRequired: `Please enter a twist (max ${LIMITS.twistMax} characters).`,
  editClosed: `This stack can no longer be edited. It may have been created more than ${editWindowText()} ago or someone has already responded.`,
  notHidden: 'You have not hidden this stack',
  batchNotFound: 'None of your hidden stacks came from that Hide New Stacks',
} as const;

/** Optional name: trimmed, stored as null when empty (spec 2 §5). */
export const StackName = z
  .string()
  .trim()
  .max(LIMITS.stackNameMax, STACK_MESSAGES.nameMax)
  .nullable()
  .optional()
  .transform((name) => (name ? name : null));

export const Positions = z
  .array(z.string({ error: STACK_MESSAGES.positionRequired }).trim().min(1, STACK_MESSAGES.positionRequired).max(LIMITS.positionMax, STACK_MESSAGES.positionMax), {
    error: STACK_MESSAGES.positionsCount,
  })
  .length(LIMITS.positionsPerStack, STACK_MESSAGES.positionsCount)
  .refine((positions) => new Set(positions.map((p) => p.toLowerCase())).size === positions.length, STACK_MESSAGES.identical);

export const CreateStackInput = z
  .object({
    name: StackName,
    mode: z.enum(['friend', 'group'], { error: 'mode must be friend or group' }),
    target_id: Id.describe('The friend (mode friend) or group (mode group).'),
    positions: Positions,
  })
  .meta({ id: 'CreateStackInput' });
export type CreateStackInput = z.infer<typeof CreateStackInput>;

export const EditStackInput = z.object({ id: Id, name: StackName, positions: Positions });

export const RankingInput = z.object({
  id: Id,
  position_ids: z
    .array(z.number().int(), { error: STACK_MESSAGES.ranking })
    .refine((ids) => isRanking(ids), STACK_MESSAGES.ranking)
    .describe(`The six position indices (0-${LIMITS.positionsPerStack - 1}), best first.`),
});

/** Trimmed; at most LIMITS.commentMax characters and LIMITS.commentMaxNewlines newlines (spec 2 §5). */
export const CommentText = z
  .string({ error: STACK_MESSAGES.commentEmpty })
  .trim()
  .min(1, STACK_MESSAGES.commentEmpty)
  .max(LIMITS.commentMax, STACK_MESSAGES.commentMax)
  .refine((text) => (text.match(/\n/g)?.length ?? 0) <= LIMITS.commentMaxNewlines, STACK_MESSAGES.commentNewlines);

/** What the comment box sends: trimmed and cut at the third newline (spec 2 §5). */
export function prepareComment(text: string): string {
  const trimmed = text.trim();
  const parts = trimmed.split('\n');
  return parts.length > LIMITS.commentMaxNewlines + 1 ? parts.slice(0, LIMITS.commentMaxNewlines + 1).join('\n').trim() : trimmed;
}

export const TwistDescription = z
  .string({ error: STACK_MESSAGES.twistRequired })
  .trim()
  .min(1, STACK_MESSAGES.twistRequired)
  .max(LIMITS.twistMax, STACK_MESSAGES.twistRequired);

export const StackIdInput = z.object({ id: Id });
const commentsLimitMessage = `comments_limit must be between 1 and ${LIMITS.commentsPerCall}`;
export const GetStackInput = z.object({
  id: Id,
  mark_viewed: z.stringbool().default(false),
  comments_offset: wholeNumber(z.number().int().min(0, 'comments_offset must be 0 or more'))
    .prefault(0)
    .describe('Comments to skip, counted from the newest: 0 is the newest page; the next older page starts at comments_offset + comments.length.'),
  comments_limit: wholeNumber(z.number().int().min(1, commentsLimitMessage).max(LIMITS.commentsPerCall, commentsLimitMessage))
    .prefault(LIMITS.commentsPerCall)
    .describe(`Comments in this call (1-${LIMITS.commentsPerCall}, default ${LIMITS.commentsPerCall}).`),
});
export const HideInput = z.object({
  id: Id,
  user_ids: z.array(Id).max(LIMITS.hideForUsersMax).optional().describe('Admins: hide the stack for these group members (who have not answered).'),
});
export const SandboxInput = z.object({ id: Id, sandbox: z.boolean({ error: 'sandbox must be true or false' }) });
export const CreateCommentInput = z.object({ id: Id, description: CommentText });
export const UpdateCommentInput = z.object({ id: Id, cid: Id, description: CommentText });
export const CommentIdInput = z.object({ id: Id, cid: Id });
/** The answer of sandboxing a stack, a twisted stack or a comment. */
export const SandboxResult = z.object({ id: z.number().int(), is_sandboxed: z.boolean() }).meta({ id: 'SandboxResult' });
export const SandboxCommentInput = z.object({ id: Id, cid: Id, sandbox: z.boolean().default(true) });

export const ListStacksInput = z.object({
  ...pageFields({ limit: LIMITS.pageSizeStacks, offsetMax: LIMITS.feedOffsetMax }),
  filter_new: z.stringbool().default(false).describe('Only stacks I have not answered.'),
  filter_friends: z.stringbool().default(false).describe('Only friend stacks.'),
  filter_no_bots: z.stringbool().default(false).describe('Leave out bot stacks.'),
  order_by: z.enum(['updated_at', 'created_at']).default('updated_at'),
});

/**
 * The body of Hide New Stacks and Clear Updates (spec 2 §2.1): the feed's filters, so that the
 * call acts on what the list shows (all off when the body is left out).
 */
export const FeedActionInput = z
  .object({
    filter_new: z.boolean({ error: 'filter_new must be true or false' }).default(false).describe('Only stacks I have not answered (as GET /v2/stacks).'),
    filter_friends: z.boolean({ error: 'filter_friends must be true or false' }).default(false).describe('Only friend stacks.'),
    filter_no_bots: z.boolean({ error: 'filter_no_bots must be true or false' }).default(false).describe('Leave out bot stacks.'),
  })
  .default({ filter_new: false, filter_friends: false, filter_no_bots: false })
  .meta({ id: 'FeedActionInput' });
export type FeedActionInput = z.infer<typeof FeedActionInput>;

/** How many stacks a feed action changed. */
export const CountResult = z.object({ count: z.number().int().describe('Stacks and twisted stacks changed.') }).meta({ id: 'CountResult' });
export type CountResult = z.infer<typeof CountResult>;

/** Hide New Stacks' answer: how many it hid, and the id that shows them all again. */
export const HideNewResult = CountResult.extend({
  batch_id: z
    .number()
    .int()
    .nullable()
    .describe('The id of this call\'s hides: DELETE /v1/users/me/hidden-stacks/batches/{batch_id} shows them all again (Unhide all). Null when nothing was hidden.'),
}).meta({ id: 'HideNewResult' });
export type HideNewResult = z.infer<typeof HideNewResult>;

/** A stack or twisted stack I hid myself (docs/hidden-stacks.md). */
export const HiddenStack = z
  .object({
    id: z.number().int().describe('The hidden stack (a twisted stack\'s own id for a twisted one): DELETE /v1/users/me/hidden-stacks/{id} shows it again.'),
    type: z.enum(['stack', 'twisted']),
    original_id: z.number().int().nullable().describe('A twisted stack\'s original; null for a stack.'),
    name: z.string().nullable(),
    twist_description: z.string().nullable(),
    mode: z.enum(['friend', 'group']),
    group_name: z.string().nullable().describe('A group stack\'s group.'),
    owner_username: z.string().describe('Who created it (twisted it, for a twisted stack).'),
    hidden_at: z.string(),
    batch_id: z.number().int().nullable().describe('The Hide New Stacks call that hid it (its answer\'s batch_id); null when hidden on its own.'),
  })
  .meta({ id: 'HiddenStack' });
export type HiddenStack = z.infer<typeof HiddenStack>;

export const HiddenStacks = z
  .object({
    items: z.array(HiddenStack).describe('One page, the latest hidden first.'),
    hidden_count: z
      .number()
      .int()
      .describe(`How many stacks I hid that I may still see, all pages (the feed's empty state names it); counted up to ${LIMITS.hiddenCountMax}.`),
    hidden_count_capped: z.boolean().describe(`True when there are more than ${LIMITS.hiddenCountMax}: hidden_count then reads ${LIMITS.hiddenCountMax}.`),
  })
  .meta({ id: 'HiddenStacks' });
export type HiddenStacks = z.infer<typeof HiddenStacks>;

export const ListHiddenStacksInput = z.object({ ...pageFields({ limit: LIMITS.pageSizeStacks, offsetMax: LIMITS.feedOffsetMax }) });
export const HideBatchInput = z.object({ batch_id: Id });

export const UnhideResult = z
  .object({
    count: z.number().int().describe('Stacks shown again.'),
    hidden_count: z.number().int().describe('Hidden stacks left, as GET /v1/users/me/hidden-stacks counts them.'),
  })
  .meta({ id: 'UnhideResult' });
export type UnhideResult = z.infer<typeof UnhideResult>;

export const Audience = z
  .object({
    type: z.enum(['friend', 'group']),
    user: UserRef.nullable(),
    group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  })
  .meta({ id: 'Audience' });

export const StackBot = z.object({ id: z.number().int(), name: z.string(), avatar_id: z.number().int() }).nullable();

export const TwistRef = z
  .object({ id: z.number().int(), twist_description: z.string(), owner_id: z.number().int(), owner_username: z.string() })
  .meta({ id: 'TwistRef' });

export const StackListItem = z
  .object({
    id: z.number().int().describe('The stack (for a twisted stack: the original).'),
    type: z.enum(['stack', 'twisted']),
    name: z.string().nullable(),
    owner_id: z.number().int(),
    owner_username: z.string(),
    owner_avatar_id: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
    audience: Audience,
    bot: StackBot,
    twist: TwistRef.nullable().describe('Present on twisted stacks; its id opens /v1/twisted_stacks/{id}.'),
    users: z.array(z.object({ user_id: z.number().int(), username: z.string(), is_answered: z.boolean(), is_viewed: z.boolean() })),
    me: z.object({ is_answered: z.boolean(), viewed: z.boolean(), viewed_comments: z.boolean() }),
  })
  .meta({ id: 'StackListItem' });
export type StackListItem = z.infer<typeof StackListItem>;

export const Responder = z
  .object({
    user_id: z.number().int(),
    username: z.string(),
    avatar_id: z.number().int(),
    is_answered: z.literal(true),
    position_ids: z.array(z.number().int()).nullable().describe('Hidden (null) until the viewer has answered.'),
    positions: z.array(z.string()).nullable(),
    score: z.number().int().nullable().describe(`Friendship score with the viewer's answer (0-${MAX_SCORE}); null for the viewer or before the viewer answered.`),
    answered_at: z.string(),
  })
  .meta({ id: 'Responder' });
export type Responder = z.infer<typeof Responder>;

export const Comment = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    username: z.string(),
    avatar_id: z.number().int(),
    description: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    is_sandboxed: z.boolean(),
    sandboxed_by_admin: z.boolean().describe('Sandboxed by an admin: only an admin may unsandbox it (its author may not).'),
    me: z
      .object({
        can_edit: z.boolean().describe('Its author.'),
        can_delete: z.boolean().describe('Its author.'),
        can_sandbox: z.boolean().describe('Its author or an admin.'),
        can_unsandbox: z.boolean().describe('An admin, or its author unless an admin sandboxed it.'),
      })
      .describe('What the viewer may do with this comment; each flag is true exactly when the call would be allowed.'),
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof Comment>;

const ItemIndex = z.number().int().min(0).max(LIMITS.positionsPerStack - 1);
const ItemOrder = z.array(ItemIndex);

export const ConsensusDetail = z
  .object({
    borda: ItemOrder.describe('The spec consensus (Borda: mean place, ties by more first places, then stack order) as item indices, best first; the order of `consensus`.'),
    kemeny: ItemOrder.describe(
      'The Kemeny-Young order as item indices, best first: of all 720 orders, the one with the least total Kendall-tau distance to the answers (it disagrees with the fewest head-to-head preferences). Ties: the order closest to `borda`, then the smallest indices first.',
    ),
    condorcet_winner: z
      .number()
      .int()
      .min(0)
      .max(LIMITS.positionsPerStack - 1)
      .nullable()
      .describe('The item index a strict majority of the answers prefers to each other item head to head; null when there is none (a tie or a cycle). It is first in `kemeny`, not always in `borda`.'),
    // The fields below are optional in the schema only, so that clients written before them still type-check: the server always sends them.
    method: z
      .literal('borda')
      .optional()
      .describe('Where the order of `consensus` and `borda` comes from: the Borda count, items by mean place over all answers. Always sent.'),
    mean_places: z
      .array(z.number())
      .optional()
      .describe('By item index: the mean place over all answers, 1 = first, to two decimals (what `borda` orders by). Always sent.'),
    first_places: z.array(z.number().int()).optional().describe('By item index: how many answers put the item first (the first tie-break). Always sent.'),
    ties: z
      .array(
        z
          .object({
            place: z.number().int().min(0).describe('The place (0 = first) of the item put before the other.'),
            items: z.tuple([ItemIndex, ItemIndex]).describe('The two item indices, in `borda` order.'),
            broken_by: z
              .enum(['first_places', 'stack_order'])
              .describe('first_places: the first has more first places; stack_order: as many, and it is listed earlier in the stack.'),
          })
          .meta({ id: 'ConsensusTie' }),
      )
      .optional()
      .describe('Each pair of neighbours in `borda` with the same mean place, and the rule that put one before the other. Always sent; empty when no two items tie.'),
    explanation: z
      .array(z.string())
      .optional()
      .describe(
        'Sentences for people that agree with `borda` (shared/consensus-explained.ts): the method, each tie and how it was broken, and the Condorcet winner as what it is (also first here, or first in the optimal order only). Always sent.',
      ),
  })
  .meta({ id: 'ConsensusDetail' });
export type ConsensusDetail = z.infer<typeof ConsensusDetail>;

export const Stack = z
  .object({
    id: z.number().int(),
    name: z.string().nullable(),
    positions: z.array(z.string()),
    owner_id: z.number().int(),
    owner_username: z.string(),
    owner_avatar_id: z.number().int(),
    created_at: z.string(),
    is_sandboxed: z.boolean(),
    group_id: z.number().int().nullable(),
    audience: Audience,
    bot: StackBot,
    users: z.array(Responder).describe('Responders, the viewer first, in the order to show them; blocked users left out. Each score is relative to the viewer.'),
    blocked_user_ids: z.array(z.number().int()),
    consensus: z.array(z.string()).nullable().describe('Group stacks: the positions in consensus order.'),
    consensus_detail: ConsensusDetail.nullable().describe(
      'Group stacks, exactly when `consensus` is given: the consensus as item indices, with the optimal (Kemeny-Young) order and the Condorcet winner beside it. Null otherwise.',
    ),
    comments: z
      .array(Comment)
      .describe(
        `One page of comments, oldest first within the page. comments_offset counts back from the newest comment, so the default call returns the newest ${LIMITS.commentsPerCall}. Left out: comments of blocked users and of users the viewer muted, and sandboxed comments except for their author and admins.`,
      ),
    comments_has_more: z
      .boolean()
      .describe('True when older comments exist before this page: ask again with comments_offset = comments_offset + comments.length.'),
    hidden_user_ids: z.array(z.number().int()).describe('Admins: members the stack is hidden for.'),
    twist: TwistRef.nullable(),
    me: z.object({
      is_answered: z.boolean(),
      can_answer: z.boolean().describe("Not answered yet and in the stack's audience. False for an admin who sees the stack only to moderate it (not a member of its group, say)."),
      can_comment: z.boolean().describe("In the stack's audience. False for an admin who sees the stack only to moderate it."),
      sees_responses: z
        .boolean()
        .describe('Show the responses and comments rather than the ranking board: the viewer answered, or may not answer (an admin who sees the stack only to moderate it).'),
      can_edit: z.boolean(),
      can_twist: z.boolean(),
      can_sandbox: z.boolean(),
      can_unsandbox: z.boolean(),
      can_delete: z.boolean(),
      can_hide_for_users: z.boolean().describe('Admins, on a group stack (not a twisted stack): may hide it for chosen members.'),
      hideable_user_ids: z.array(z.number().int()).describe('With can_hide_for_users: the members it may be hidden for (those who have not answered it, not the viewer); else empty.'),
    }),
  })
  .meta({ id: 'Stack' });
export type Stack = z.infer<typeof Stack>;

export const TwistedStack = Stack.extend({
  stack_id: z.number().int().describe('The original stack.'),
  twist_description: z.string(),
  original: z.object({
    users: z.array(Responder).describe("Responders' original rankings (left column)."),
  }),
}).meta({ id: 'TwistedStack' });
export type TwistedStack = z.infer<typeof TwistedStack>;

export const CreateTwistInput = z.object({ stack_id: Id, twist_description: TwistDescription });
export const EditTwistInput = z.object({ id: Id, twist_description: TwistDescription });
export const IdResult = z.object({ id: z.number().int() }).meta({ id: 'IdResult' });
