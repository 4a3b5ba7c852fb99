import { LIMITS } from '../../../shared/limits';
import type { CountResult, FeedActionInput, HideNewResult, StackListItem } from '../../../shared/schemas/stacks';
import type { Db } from '../../db/client';
import type { HeavyReadGate } from '../../db/heavy-read-gate';
import * as events from '../events/events.service';
import { nextHideBatch } from './hidden.service';
import * as repo from './stacks.repo';
import type { Viewer } from '../../viewer';

// The feed (stacks and twisted stacks the viewer may see) and its bulk actions (spec 2 §2.1).

/** GET /v2/stacks (and the twisted list): one statement for the page, whatever its length. */
export async function listStacks(
  db: Db,
  gate: HeavyReadGate,
  viewer: Viewer,
  options: { offset: number; limit: number; filter_new: boolean; filter_friends: boolean; filter_no_bots: boolean; order_by: 'updated_at' | 'created_at' },
  onlyTwisted = false,
): Promise<StackListItem[]> {
  const page = {
    offset: options.offset,
    limit: options.limit,
    filterNew: options.filter_new,
    filterFriends: options.filter_friends,
    filterNoBots: options.filter_no_bots,
    orderBy: options.order_by,
    onlyTwisted,
  };
  // A page is CPU-bound in the database: past the gate's bound, pages wait their turn.
  const items = await gate.run(viewer.id, () => repo.listFeed(db, viewer, page));
  // The statement builds the API's items; only "did I answer" is read off its responders here.
  return items.map((item) => ({ ...item, me: { is_answered: item.users.some((u) => u.user_id === viewer.id), ...item.me } }));
}

const feedFilters = (input: FeedActionInput) => ({ filterNew: input.filter_new, filterFriends: input.filter_friends, filterNoBots: input.filter_no_bots, onlyTwisted: false });

/**
 * Hide New Stacks (spec 2 §2.1): hides for the viewer every stack and twisted stack of the feed,
 * under the same filters, whose banner is 'New stack!' or 'New twisted stack!', however many pages
 * the feed has, up to LIMITS.feedBulkMax a call (a call that answers that many may be repeated for
 * the rest); one statement. Answers how many were hidden, and the batch id that shows them all
 * again (DELETE /v1/users/me/hidden-stacks/batches/{batch_id}). Live events: one feed.bulk_updated to
 * the viewer's own streams, none per stack and none to others (events.service.ts `quietly`).
 */
export async function hideNewStacks(db: Db, viewer: Viewer, input: FeedActionInput): Promise<HideNewResult> {
  let batchId = 0;
  const count = await events.quietly(db, viewer.id, 'hide_new', async (trx) => {
    // The call's hides share an id, so that Unhide all shows exactly them again (hidden.service.ts).
    batchId = await nextHideBatch(trx);
    return repo.hideNewStacks(trx, viewer.id, feedFilters(input), LIMITS.feedBulkMax, batchId);
  });
  return { count, batch_id: count > 0 ? batchId : null };
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
