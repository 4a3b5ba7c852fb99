import type { Migration } from 'kysely';
import * as createAccounts from './2026_11_22_000001_create_accounts';
import * as createSocialGraph from './2026_11_22_000002_create_social_graph';
import * as createGroups from './2026_11_22_000003_create_groups';
import * as createStacks from './2026_11_22_000004_create_stacks';
import * as createBots from './2026_11_22_000005_create_bots';
import * as addCommentIndexes from './2026_11_23_121800_add_comment_indexes';
import * as addCommentSandboxedByAdmin from './2026_11_23_130000_add_comment_sandboxed_by_admin';
import * as addFeedSources from './2026_11_23_150000_add_feed_sources';
import * as createEvents from './2026_11_24_100000_create_events';
import * as safetyAndOwnership from './2026_11_25_100000_safety_and_ownership';
import * as boundEventFanout from './2026_11_25_130000_bound_event_fanout';
import * as coverFeedSources from './2026_11_25_140000_cover_feed_sources';
import * as backfillFirstLogin from './2026_11_26_100000_backfill_first_login';
import * as widenFeedMarks from './2026_11_26_120000_widen_feed_marks';
import * as denseFeedMarks from './2026_11_29_100000_dense_feed_marks';
import * as push from './2026_11_26_130000_push';
import * as notificationSettings from './2026_11_26_130100_notification_settings';
import * as outboundCursor from './2026_11_26_130200_outbound_cursor';
import * as adminAudit from './2026_11_26_140000_admin_audit';
import * as sessions from './2026_11_26_150000_sessions';
import * as secondFactors from './2026_11_26_160000_second_factors';
import * as accountPreferences from './2026_12_07_100000_account_preferences';
import * as sessionSignInMethod from './2026_12_07_100100_session_sign_in_method';
import * as hideBatches from './2026_12_07_100200_hide_batches';
import * as friendRequestWithdrawal from './2026_12_07_100300_friend_request_withdrawal';
import * as notificationHistory from './2026_12_07_100400_notification_history';

/**
 * Every migration, in order. Listed statically (not read from the folder) so the same list works
 * under tsx, vitest and any bundler. Landed migrations are frozen: add a new file to change schema.
 */
export const migrations: Record<string, Migration> = {
  '2026_11_22_000001_create_accounts': createAccounts,
  '2026_11_22_000002_create_social_graph': createSocialGraph,
  '2026_11_22_000003_create_groups': createGroups,
  '2026_11_22_000004_create_stacks': createStacks,
  '2026_11_22_000005_create_bots': createBots,
  '2026_11_23_121800_add_comment_indexes': addCommentIndexes,
  '2026_11_23_130000_add_comment_sandboxed_by_admin': addCommentSandboxedByAdmin,
  '2026_11_23_150000_add_feed_sources': addFeedSources,
  '2026_11_24_100000_create_events': createEvents,
  '2026_11_25_100000_safety_and_ownership': safetyAndOwnership,
  '2026_11_25_130000_bound_event_fanout': boundEventFanout,
  '2026_11_25_140000_cover_feed_sources': coverFeedSources,
  '2026_11_26_100000_backfill_first_login': backfillFirstLogin,
  '2026_11_26_120000_widen_feed_marks': widenFeedMarks,
  '2026_11_26_130000_push': push,
  '2026_11_26_130100_notification_settings': notificationSettings,
  '2026_11_26_130200_outbound_cursor': outboundCursor,
  '2026_11_26_140000_admin_audit': adminAudit,
  '2026_11_26_150000_sessions': sessions,
  '2026_11_26_160000_second_factors': secondFactors,
  '2026_11_29_100000_dense_feed_marks': denseFeedMarks,
  '2026_12_07_100000_account_preferences': accountPreferences,
  '2026_12_07_100100_session_sign_in_method': sessionSignInMethod,
  '2026_12_07_100200_hide_batches': hideBatches,
  '2026_12_07_100300_friend_request_withdrawal': friendRequestWithdrawal,
  '2026_12_07_100400_notification_history': notificationHistory,
};
