import { sql, type RawBuilder } from 'kysely';
import { notBlockedAmong, notMutedAmong } from '../../policy';

/**
 * The banner rule of spec 2 §2.1, once for the server, as SQL over a stack row `s` and the
 * viewer's stack_views row `v` (left-joined: null when the viewer never opened the stack).
 *
 * The feed sends the rule's inputs (each responder's is_viewed, me.viewed, me.viewed_comments)
 * built from these same pieces, and the client turns them into the card's banner
 * (client/src/features/stacks/stack-banner.ts); Hide New Stacks and Clear Updates select stacks
 * by `bannerIs`, so what they act on is what the cards show.
 */

const NEVER = sql`'-infinity'::timestamptz`;

/**
 * Response row `r` is news to the viewer: someone else's, given after the viewer last opened the
 * stack, and not from a user the viewer muted (their answers never make a banner: docs/mute.md).
 */
export const responseUnseen = (viewerId: number) =>
  sql<boolean>`(r.user_id <> ${viewerId} and r.created_at > coalesce(v.viewed_at, ${NEVER}) and ${notMutedAmong(viewerId, sql<number>`r.user_id`)})`;

/** The responses of `s` the viewer may read (blocked users left out); `r` in `condition`. */
const someResponse = (viewerId: number, condition: RawBuilder<boolean>) =>
  sql<boolean>`exists (select 1 from stack_responses r where r.stack_id = s.id and ${condition} and ${notBlockedAmong(viewerId, sql<number>`r.user_id`)})`;

/**
 * `s` has a comment the viewer has not seen: someone else's, not sandboxed, not from a blocked
 * or muted user, written after the viewer last saw the comments.
 */
export const commentsUnseen = (viewerId: number) =>
  sql<boolean>`exists (select 1 from comments c where c.stack_id = s.id and c.user_id <> ${viewerId} and not c.is_sandboxed
    and c.created_at > coalesce(v.comments_viewed_at, ${NEVER}) and ${notBlockedAmong(viewerId, sql<number>`c.user_id`)}
    and ${notMutedAmong(viewerId, sql<number>`c.user_id`)})`;

const answeredByViewer = (viewerId: number) => sql<boolean>`exists (select 1 from stack_responses a where a.stack_id = s.id and a.user_id = ${viewerId})`;

/**
 * Which banner group the viewer's card of `s` is in:
 * - 'new': 'New stack!' (a stack I have not answered) or 'New twisted stack!' (a twisted stack I
 *   have neither answered nor opened);
 * - 'update': otherwise 'New response(s) from ...' (responses I have not seen) or 'New comments!'.
 */
export function bannerIs(viewerId: number, kind: 'new' | 'update'): RawBuilder<boolean> {
  const isNew = sql<boolean>`(not ${answeredByViewer(viewerId)} and (s.parent_id is null or v.viewed_at is null))`;
  if (kind === 'new') return isNew;
  return sql<boolean>`(not ${isNew} and (${someResponse(viewerId, responseUnseen(viewerId))} or ${commentsUnseen(viewerId)}))`;
}
