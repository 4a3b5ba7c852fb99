import { z } from 'zod';
import { INVITES, LIMITS } from '../limits';
import { Id, pageFields, RequestAnswer, RequestParties, UserRef } from './common';

export const SocialPlatform = z.enum(['telegram', 'signal']);
export type SocialPlatform = z.infer<typeof SocialPlatform>;
/** How each platform is named on screen. */
export const SOCIAL_PLATFORM_LABELS: Record<SocialPlatform, string> = { telegram: 'Telegram', signal: 'Signal' };
export const SocialVisibility = z.enum(['public', 'friends', 'private']);
export type SocialVisibility = z.infer<typeof SocialVisibility>;

export const Social = z
  .object({
    id: z.number().int(),
    platform: SocialPlatform,
    value: z.string(),
    visibility: SocialVisibility,
    link: z.string().nullable(),
    is_verified: z.boolean(),
  })
  .meta({ id: 'Social' });
export type Social = z.infer<typeof Social>;

export const Role = z.enum(['USER', 'ADMIN']);
export type Role = z.infer<typeof Role>;

/** From the viewer's side (DESIGN §3): `pending` = the viewer asked, `incoming` = they asked the viewer. */
export const FriendStatus = z.enum(['friends', 'pending', 'incoming', 'not_friends']);
export type FriendStatus = z.infer<typeof FriendStatus>;

const AVATAR_RANGE = `${LIMITS.avatarIdMin} to ${LIMITS.avatarIdMax}`;

export const AvatarId = z.coerce
  .number({ error: `avatar_id must be a number from ${AVATAR_RANGE}` })
  .int(`avatar_id must be a whole number from ${AVATAR_RANGE}`)
  .min(LIMITS.avatarIdMin, `avatar_id must be from ${AVATAR_RANGE}`)
  .max(LIMITS.avatarIdMax, `avatar_id must be from ${AVATAR_RANGE}`);

export const CurrentUser = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    bio: z.string(),
    avatar_id: z.number().int().min(LIMITS.avatarIdMin).max(LIMITS.avatarIdMax),
    socials: z.array(Social),
    last_login: z.string().nullable().describe('Date of the last login (YYYY-MM-DD, UTC), or null.'),
    role: Role,
    is_email_verified: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof CurrentUser>;

/** A user as others see them, in lists. */
export const UserSummary = z
  .object({
    id: z.number().int(),
    username: z.string(),
    bio: z.string(),
    avatar_id: z.number().int(),
    friend_status: FriendStatus,
    last_login: z.string().nullable(),
  })
  .meta({ id: 'UserSummary' });
export type UserSummary = z.infer<typeof UserSummary>;

/** Who invited whom (personal invites and other registration codes a user made). */
export const InviteLinkUser = z.object({ id: z.number().int(), username: z.string() }).meta({ id: 'InviteLinkUser' });

/** A user's profile as the viewer may see it: socials filtered by their visibility. */
export const UserProfile = UserSummary.extend({
  socials: z.array(Social),
  friend_request_id: z.number().int().nullable().describe('The pending friend request between the viewer and this user, either way, or null.'),
  muted: z.boolean().optional().describe('true when the viewer muted this user (POST /v1/users/mutes); absent otherwise. Only the viewer sees it: the muted user never does.'),
  invited_by: InviteLinkUser.nullable()
    .optional()
    .describe('Admins only (absent for others): who made the registration code this user registered with, or null.'),
  invited: z
    .array(InviteLinkUser)
    .optional()
    .describe(`Admins only (absent for others): who registered with codes this user made (${INVITES.listMax} at most).`),
}).meta({ id: 'UserProfile' });
export type UserProfile = z.infer<typeof UserProfile>;

export const ListUsersInput = z.object({
  q: z.string().trim().max(LIMITS.usernameMax).optional().describe('Only usernames containing this text (any letter case).'),
  ...pageFields({ limit: LIMITS.pageSizeMax }),
});

export const UserIdInput = z.object({ id: Id });

export const SharedActivity = z
  .object({
    friend_stacks_shared: z.number().int(),
    friend_twisted_stacks_shared: z.number().int(),
    group_stacks_shared: z.number().int(),
    group_twisted_stacks_shared: z.number().int(),
  })
  .meta({ id: 'SharedActivity' });
export type SharedActivity = z.infer<typeof SharedActivity>;

export const SetAvatarInput = z.object({ avatar_id: AvatarId });
export const SetAvatarResult = z.object({ avatar_id: z.number().int() }).meta({ id: 'SetAvatarResult' });
export const SetBioInput = z.object({
  bio: z.string({ error: 'bio must be text' }).trim().max(LIMITS.bioMax, `Bio must be no more than ${LIMITS.bioMax} characters`),
});

export const SetBioResult = z.object({ bio: z.string() }).meta({ id: 'SetBioResult' });

export const DeactivateInput = z.object({
  confirm: z.literal(true, { error: 'confirm must be true' }),
});

/** Spec 1 §5 social-link messages, shared by the editor and the server. */
export const SOCIAL_MESSAGES = {
  telegramEmpty: 'Telegram username cannot be empty',
  telegramInvalid: `Invalid Telegram username. It must start with a letter, be ${LIMITS.telegramMin}–${LIMITS.telegramMax} characters, and contain only letters, digits, or underscores.`,
  signalValueEmpty: 'Signal value cannot be empty',
  signalUsernameEmpty: 'Signal username cannot be empty',
  unsupported: 'Unsupported platform',
} as const;

const TELEGRAM_PATTERN = new RegExp(`^[a-z][a-z0-9_]{${LIMITS.telegramMin - 1},${LIMITS.telegramMax - 1}}$`);
/** Surrogate pairs, or a lone half of one: not text, and encodeURIComponent throws on it. */
const SURROGATES = /[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g;
const withoutLoneSurrogates = (s: string) => s.replace(SURROGATES, (match) => (match.length === 2 ? match : '\uFFFD'));

/** A refusal carries its first message (the server's detail) and every message that applies (shown by the editor). */
export type SocialCheck = { ok: true; value: string; link: string } | { ok: false; message: string; messages: string[] };

const refuse = (...messages: string[]): SocialCheck => ({ ok: false, message: messages[0], messages });

/**
 * Normalises a social handle and makes its link (spec 1 §5). Telegram: spaces and a leading @ go,
 * compared lower-cased, LIMITS.telegramMin–telegramMax characters starting with a letter; link t.me/{name}.
 * Signal: an empty value gives both of the spec's messages (nothing typed is no value and no
 * username); a value that is no username once a leading @ and spaces go ('@') gives the username
 * one; link signal.me/#u/{name}.
 */
export function checkSocial(platform: string, raw: string): SocialCheck {
  if (platform === 'telegram') {
    const value = raw.replace(/\s+/g, '').replace(/^@/, '').toLowerCase();
    if (!value) return refuse(SOCIAL_MESSAGES.telegramEmpty);
    if (!TELEGRAM_PATTERN.test(value)) return refuse(SOCIAL_MESSAGES.telegramInvalid);
    return { ok: true, value, link: `https://t.me/${value}` };
  }
  if (platform === 'signal') {
    if (!raw.trim()) return refuse(SOCIAL_MESSAGES.signalValueEmpty, SOCIAL_MESSAGES.signalUsernameEmpty);
    // A lone surrogate becomes U+FFFD, as it would when stored (UTF-8), so the link can be encoded.
    const value = withoutLoneSurrogates(raw.trim().replace(/^@/, '').replace(/\s+/g, ''));
    if (!value) return refuse(SOCIAL_MESSAGES.signalUsernameEmpty);
    return { ok: true, value, link: `https://signal.me/#u/${encodeURIComponent(value)}` };
  }
  return refuse(SOCIAL_MESSAGES.unsupported);
}

export const UpsertSocialInput = z.object({
  platform: z.string({ error: SOCIAL_MESSAGES.unsupported }),
  value: z.string({ error: 'value must be text' }).max(LIMITS.socialValueMax, `value must be no more than ${LIMITS.socialValueMax} characters`),
  visibility: SocialVisibility.default('public'),
});

export const DeleteSocialInput = z.object({
  id: z.string().min(1).max(LIMITS.socialIdMax).describe('The social\'s id, or its platform name ("telegram" or "signal").'),
});

export const FriendRequest = RequestParties.extend({
  from_avatar_id: z.number().int(),
  avatar_id: z.number().int().describe("The asked user's avatar."),
}).meta({ id: 'FriendRequest' });
export type FriendRequest = z.infer<typeof FriendRequest>;

export const SendFriendRequestInput = z.object({ user_id: Id });
export const SendFriendRequestResult = z
  .object({
    friend_status: FriendStatus.describe('`pending` when a request was sent; `friends` when they had already asked you.'),
    request_id: z.number().int().nullable(),
  })
  .meta({ id: 'SendFriendRequestResult' });

export const FriendRequestIdInput = z.object({ id: Id });

/** DELETE /v1/users/friends/requests/{id}: the request withdrawn and the friend status after. */
export const WithdrawFriendRequestResult = z
  .object({ id: z.number().int(), friend_status: FriendStatus.describe('`not_friends`: the request is gone.') })
  .meta({ id: 'WithdrawFriendRequestResult' });

/** PUT /v1/users/friends/requests/{id}: the answer and the friend status it leads to. */
export const FriendRequestAnswer = z
  .object({ id: z.number().int(), status: RequestAnswer, friend_status: FriendStatus })
  .meta({ id: 'FriendRequestAnswer' });

export const BlockInput = z.object({ user_id: Id });
export const BlockedUser = UserRef.extend({ created_at: z.string() }).meta({ id: 'BlockedUser' });

export const NotificationType = z.enum(['FRIEND_REQUEST', 'GROUP_INVITE', 'NEW_USER', 'RELEASE_NOTES', 'REPORT_RESOLVED']);
export type NotificationType = z.infer<typeof NotificationType>;

export const Notification = z
  .object({
    id: z.number().int(),
    type: z.string().describe('FRIEND_REQUEST, GROUP_INVITE, NEW_USER, RELEASE_NOTES or REPORT_RESOLVED.'),
    data: z
      .object({
        from_user_id: z.number().int().optional(),
        from_username: z.string().optional(),
        group_id: z.number().int().optional(),
        group_name: z.string().optional(),
        request_id: z.number().int().optional(),
        user_id: z.number().int().optional(),
        username: z.string().optional(),
        message: z.string().optional(),
        report_id: z.number().int().optional().describe('REPORT_RESOLVED: the report.'),
        status: z.enum(['resolved', 'dismissed']).optional().describe('REPORT_RESOLVED: what the admins decided.'),
        target_type: z.enum(['user', 'stack', 'comment', 'group']).optional().describe('REPORT_RESOLVED: what was reported.'),
        target_label: z.string().optional().describe('REPORT_RESOLVED: the reported username, stack, comment or group, as it was reported.'),
      })
      .describe('What the notification is about; fields by type.'),
    is_read: z.boolean(),
    created_at: z.string(),
    actionable: z
      .boolean()
      .optional()
      .describe(
        'Sent with order=unread_first only (absent otherwise, so the default call answers as before). FRIEND_REQUEST and GROUP_INVITE: true while the request still waits for my answer (accept or ignore it with its request_id), read or not; false once answered, withdrawn or cancelled, and for every other type.',
      ),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof Notification>;

export const ListNotificationsInput = z.object({
  unread_only: z.stringbool().default(false),
  order: z
    .enum(['newest', 'unread_first'], { error: 'order must be newest or unread_first' })
    .default('newest')
    .describe('newest (the default): newest first, read or not. unread_first: the unread ones newest first, then the read ones ("Earlier") newest first; offset and limit page through both in that order.'),
  ...pageFields({ limit: LIMITS.pageSizeNotifications }),
});

export const UnreadCount = z
  .object({
    unread_count: z.number().int(),
    pending_friend_requests: z.number().int().describe('Incoming friend requests still open (the red dot).'),
    pending_group_requests: z.number().int().describe('Incoming group invitations still open (the red dot).'),
  })
  .meta({ id: 'UnreadCount' });
export type UnreadCount = z.infer<typeof UnreadCount>;

export const MarkReadInput = z.object({
  notification_ids: z.array(Id).min(1, 'notification_ids must list at least one id').max(LIMITS.markReadMax),
});
export const MarkReadResult = z.object({ marked: z.number().int(), unread_count: z.number().int() }).meta({ id: 'MarkReadResult' });
