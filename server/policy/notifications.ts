import { sql, type RawBuilder } from 'kysely';
import { hasMuted, notificationFromMuted, notMutedBy } from './mutes';

/**
 * Who receives a notification (DESIGN §3 Social graph; docs/reports.md, docs/mute.md):
 * - FRIEND_REQUEST: the request's target (friends.service.ts `sendRequest`);
 * - GROUP_INVITE: the invited user (groups.service.ts `invite`);
 * - NEW_USER: whoever made the registration code used, or every active admin but the newcomer
 *   when nobody did (auth.service.ts `register`, notifications.repo.ts `insertForAdmins`);
 * - RELEASE_NOTES: every active user (the CLI's `notes:broadcast`);
 * - REPORT_RESOLVED: the reporter, once per change of status (reports.service.ts `updateReport`).
 * Each is also a live event to that user alone (events.ts). A notification from a user the
 * recipient muted is kept but neither listed, counted nor sent live (read-time: an unmute brings
 * it back); open requests from a muted user stay open but do not light the red dot.
 */

/** Notification row `notifications` is not from a user its recipient muted. */
export const notFromMutedSender: RawBuilder<boolean> = sql<boolean>`not ${notificationFromMuted(sql<number>`notifications.user_id`, 'notifications')}`;

/**
 * Whether the user muted anyone: the counts filter only then, so the unread count of the many
 * users who muted nobody stays an index-only count.
 */
export const recipientHasMuted = hasMuted;

/** Request row `r` (friend or group request) to the user was not sent by someone they muted. */
export const requestSenderNotMuted = (userId: number): RawBuilder<boolean> => notMutedBy(userId, sql<number>`r.from_user_id`);
