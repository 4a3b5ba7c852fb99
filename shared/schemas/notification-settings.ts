import { z } from 'zod';
import { LIMITS } from '../limits';

/**
 * What a user can be notified of, each with its own push and e-mail choice
 * (docs/notification-settings.md). The keys of GET/PUT /v1/users/me/notification-settings.
 */
export const NOTIFICATION_KINDS = [
  'friend_request',
  'group_invite',
  'stack_for_me',
  'answer_on_my_stack',
  'comment_on_my_stack',
  'report_outcome',
  'release_notes',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How e-mail notifications of a kind arrive: not at all, one mail each, or in the day's digest. */
export const EMAIL_MODES = ['off', 'instant', 'daily'] as const;
export const EmailMode = z.enum(EMAIL_MODES).describe('off: no e-mail; instant: one e-mail each; daily: listed in one e-mail a day (the digest).');
export type EmailMode = z.infer<typeof EmailMode>;

export interface KindSetting {
  push: boolean;
  email: EmailMode;
}

/**
 * The defaults, for a user who never changed a kind (docs/decisions/0043-notification-settings-defaults.md):
 * push on for everything but release notes; e-mail at once for what waits on the user (a request,
 * an invitation, a report's outcome), in the daily digest for activity, never for release notes.
 */
export const DEFAULT_NOTIFICATION_SETTINGS: Readonly<Record<NotificationKind, Readonly<KindSetting>>> = {
  friend_request: { push: true, email: 'instant' },
  group_invite: { push: true, email: 'instant' },
  stack_for_me: { push: true, email: 'daily' },
  answer_on_my_stack: { push: true, email: 'daily' },
  comment_on_my_stack: { push: true, email: 'daily' },
  report_outcome: { push: true, email: 'instant' },
  release_notes: { push: false, email: 'off' },
};

/** The words the Settings screen and the e-mails use for each kind. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  friend_request: 'Friend requests',
  group_invite: 'Group invitations',
  stack_for_me: 'New stacks for me',
  answer_on_my_stack: 'Answers to my stacks',
  comment_on_my_stack: 'Comments on my stacks',
  report_outcome: 'Outcomes of my reports',
  release_notes: 'Release notes',
};

function perKind<T extends z.ZodType>(schema: T) {
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, schema])) as Record<NotificationKind, T>;
}

const kindList = NOTIFICATION_KINDS.join(', ');

export const NotificationKindSetting = z
  .object({
    push: z.boolean().describe('Push notifications of this kind.'),
    email: EmailMode,
  })
  .meta({ id: 'NotificationKindSetting' });

/** GET (and PUT's answer): every kind, each with both channels. */
export const NotificationSettings = z
  .object({ settings: z.object(perKind(NotificationKindSetting)).describe('Every kind, with its push and e-mail choice.') })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** One kind's change: either field alone, or both. */
const KindSettingChange = z.strictObject(
  {
    push: z.boolean({ error: (issue) => `${issue.path?.join('.')}: must be true or false` }).optional(),
    email: z.enum(EMAIL_MODES, { error: (issue) => `${issue.path?.join('.')}: must be one of off, instant, daily` }).optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `${issue.path?.join('.')}: only push and email may be set` : undefined) },
);

/** PUT: any subset of the kinds; an unknown kind or value is refused, naming it. */
export const UpdateNotificationSettingsInput = z
  .object({
    settings: z
      .strictObject(
        Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, KindSettingChange.optional()])) as Record<NotificationKind, z.ZodOptional<typeof KindSettingChange>>,
        {
          error: (issue) =>
            issue.code === 'unrecognized_keys' ? `settings: unknown notification kind ${issue.keys.map((k) => `"${k}"`).join(', ')} (kinds: ${kindList})` : undefined,
        },
      )
      .describe('The kinds to change, each with push, email or both; kinds left out keep their setting.'),
  })
  .meta({ id: 'UpdateNotificationSettingsInput' });
export type UpdateNotificationSettingsInput = z.infer<typeof UpdateNotificationSettingsInput>;

/** POST /v1/unsubscribe: the token of an e-mail's unsubscribe link. */
export const UnsubscribeInput = z.object({
  token: z.string().min(1).max(LIMITS.unsubscribeTokenMax).describe('The token at the end of the e-mail\'s unsubscribe link (/unsubscribe/{token}).'),
});
export type UnsubscribeInput = z.infer<typeof UnsubscribeInput>;

export const UnsubscribeResult = z
  .object({
    message: z.string(),
    kinds: z.array(z.enum(NOTIFICATION_KINDS)).describe('The kinds whose e-mails are now off.'),
  })
  .meta({ id: 'UnsubscribeResult' });
export type UnsubscribeResult = z.infer<typeof UnsubscribeResult>;
