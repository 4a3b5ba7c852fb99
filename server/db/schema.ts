import type { ColumnType, Generated } from 'kysely';
import type { RequestStatus } from '../../shared/schemas/common';
import type { SignInMethod } from '../../shared/schemas/sessions';
import type { TagStatus } from '../../shared/tag-lifecycle';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** Set by a column default on insert. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  bio: Generated<string>;
  avatar_id: Generated<number>;
  role: Generated<'USER' | 'ADMIN'>;
  is_active: Generated<boolean>;
  /** Bumped on deactivation and password reset: tokens carrying an older version are refused. */
  token_version: Generated<number>;
  email_verified_at: NullableTimestamp;
  last_login_at: NullableTimestamp;
  registration_code_id: number | null;
  /** Preferences that follow the account (docs/preferences.md); null: never chosen. */
  theme: ColumnType<'system' | 'light' | 'dark' | null, 'system' | 'light' | 'dark' | null | undefined, 'system' | 'light' | 'dark' | null>;
  tour_status: ColumnType<'completed' | 'skipped' | null, 'completed' | 'skipped' | null | undefined, 'completed' | 'skipped' | null>;
  tour_version: ColumnType<string | null, string | null | undefined, string | null>;
  tour_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface RegistrationCodesTable {
  id: Generated<number>;
  code: string;
  max_uses: Generated<number>;
  uses: Generated<number>;
  expires_at: NullableTimestamp;
  created_by: number | null;
  /** A personal invite (POST /v1/users/me/invites): single use, made by `created_by`. */
  is_invite: Generated<boolean>;
  /** Set by an admin's revoke (the code also expires then). */
  revoked_at: NullableTimestamp;
  created_at: CreatedAt;
}

/** One sign-in (docs/sessions.md): its access token carries the id as `sid`. */
export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ip: Generated<string>;
  user_agent: Generated<string>;
  /** Signed in with a second factor (a TOTP or recovery code, or a passkey). */
  second_factor: Generated<boolean>;
  /** How it signed in; a passkey is a second factor too (second_factor), told apart here. */
  sign_in_method: Generated<SignInMethod>;
  ended_at: NullableTimestamp;
}

/** An account's authenticator-app secret (docs/two-factor.md); enabled once confirmed with a code. */
export interface TotpSecretsTable {
  user_id: number;
  secret: string;
  enabled_at: NullableTimestamp;
  /** The RFC 6238 time step of the last code accepted: a code is accepted only for a later step. */
  last_step: Generated<number>;
  created_at: CreatedAt;
}

/** A single-use recovery code, as its SHA-256 hash. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: NullableTimestamp;
}

/** A WebAuthn credential (docs/passkeys.md). */
export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** base64url, as the authenticator names it. */
  credential_id: string;
  public_key: Buffer;
  counter: Generated<number>;
  transports: Generated<string[]>;
  name: string;
  created_at: CreatedAt;
  last_used_at: NullableTimestamp;
}

/** The short-lived, single-use state of a two-step sign-in or a WebAuthn ceremony. */
export interface SignInChallengesTable {
  id: Generated<number>;
  purpose: 'mfa' | 'passkey_register' | 'passkey_sign_in';
  token_hash: string;
  user_id: number | null;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

/** One admin action (docs/decisions/0037-admin-audit-log.md); rows are never changed or deleted. */
export interface AdminAuditTable {
  id: Generated<number>;
  at: CreatedAt;
  actor_id: number | null;
  source: 'web' | 'rest' | 'cli';
  action: string;
  target_type: string | null;
  target_id: string | null;
  outcome: 'success' | 'failure';
  detail: string | null;
}

export interface UserTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'verify_email' | 'reset_password';
  /** sha256 of the token sent by mail; the token itself is never stored. */
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface SocialsTable {
  id: Generated<number>;
  user_id: number;
  platform: 'telegram' | 'signal';
  value: string;
  visibility: 'public' | 'friends' | 'private';
  verified_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface RateLimitsTable {
  key: string;
  points: number;
  expires_at: Timestamp;
}

export interface FriendRequestsTable {
  id: Generated<number>;
  from_user_id: number;
  to_user_id: number;
  status: Generated<RequestStatus>;
  created_at: CreatedAt;
  responded_at: NullableTimestamp;
  /** The sender withdrew it (status CANCELLED): a new request to the same person waits out the cooling-off time. */
  withdrawn_at: NullableTimestamp;
}

/** Stored both ways: (a, b) and (b, a). */
export interface FriendshipsTable {
  user_id: number;
  friend_id: number;
  created_at: CreatedAt;
}

export interface BlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: CreatedAt;
}

/** One-way and private to the muter. */
export interface MutesTable {
  muter_id: number;
  muted_id: number;
  created_at: CreatedAt;
}

export type ReportTargetType = 'user' | 'stack' | 'comment' | 'group';
export type ReportReason = 'spam' | 'harassment' | 'hate' | 'sexual content' | 'violence' | 'other';
export type ReportStatus = 'open' | 'resolved' | 'dismissed';

export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  target_type: ReportTargetType;
  target_id: number;
  reason: ReportReason;
  note: Generated<string>;
  /** The target's content as it was when reported. */
  snapshot: ColumnType<Record<string, unknown>, string | Record<string, unknown>, string | Record<string, unknown>>;
  status: Generated<ReportStatus>;
  resolution_note: string | null;
  resolved_by: number | null;
  resolved_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  data: ColumnType<Record<string, unknown>, string | Record<string, unknown> | undefined, string | Record<string, unknown>>;
  is_read: Generated<boolean>;
  created_at: CreatedAt;
}

export interface GroupsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  owner_id: number;
  is_public: Generated<boolean>;
  is_restricted: Generated<boolean>;
  is_readonly: Generated<boolean>;
  /** A retired group is gone for everyone (404), but its rows stay for history. */
  retired_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface GroupMembersTable {
  group_id: number;
  user_id: number;
  role: Generated<'OWNER' | 'MEMBER'>;
  joined_at: CreatedAt;
}

export interface GroupRequestsTable {
  id: Generated<number>;
  group_id: number;
  from_user_id: number;
  to_user_id: number;
  status: Generated<RequestStatus>;
  created_at: CreatedAt;
  responded_at: NullableTimestamp;
}

export interface GroupBlocksTable {
  group_id: number;
  user_id: number;
  blocked_by: number | null;
  created_at: CreatedAt;
}

type Json<T> = ColumnType<T, string, string>;

/** A stack, or a twisted stack when parent_id is set (same positions and audience as its parent). */
export interface StacksTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string | null;
  positions: Json<string[]>;
  twist_description: string | null;
  owner_id: number;
  /** The original's owner (owner_id for an original): set by a trigger on insert. */
  origin_owner_id: Generated<number>;
  bot_id: number | null;
  mode: 'friend' | 'group';
  friend_id: number | null;
  group_id: number | null;
  is_sandboxed: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface StackResponsesTable {
  stack_id: number;
  user_id: number;
  /** The six item indices, best first. */
  ranking: Json<number[]>;
  created_at: CreatedAt;
}

export interface StackViewsTable {
  stack_id: number;
  user_id: number;
  viewed_at: CreatedAt;
  comments_viewed_at: CreatedAt;
}

export interface StackHidesTable {
  stack_id: number;
  user_id: number;
  hidden_by: number | null;
  /** The Hide New Stacks call that made it (sequence stack_hide_batches); null for a single or an admin's hide. */
  batch_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
}

export interface CommentsTable {
  id: Generated<number>;
  stack_id: number;
  user_id: number;
  description: string;
  is_sandboxed: Generated<boolean>;
  /** Set by an admin: only an admin may lift it. */
  sandboxed_by_admin: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface BotsTable {
  id: Generated<number>;
  name: string;
  bio: Generated<string>;
  avatar_id: number;
  owner_id: number;
  /** A user audience; exactly one of friend_id and group_id is set. */
  friend_id: number | null;
  group_id: number | null;
  /** Weekdays 0-6, Monday = 0. */
  schedule: Json<number[]>;
  generator: Generated<string>;
  /** ACTIVE tags used after this moment are in the current rotation (is_available false). */
  rotation_started_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface BotKeywordsTable {
  id: Generated<number>;
  bot_id: number;
  name: string;
  status: Generated<TagStatus>;
  last_used_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface BotRunsTable {
  id: Generated<number>;
  bot_id: number;
  /** The UTC day of the run, 'YYYY-MM-DD'; unique per bot. */
  run_on: ColumnType<string, string, string>;
  started_at: CreatedAt;
  success: Generated<boolean>;
  /** Seconds. */
  runtime: Generated<number>;
  keywords_prompt: ColumnType<string[], string | undefined, string>;
  raw_prompt: Generated<string>;
  stack_id: number | null;
  error: string | null;
}

/** A live event (GET /v1/events), written by triggers; `id` is the cursor, set at commit. */
export interface EventsTable {
  seq: Generated<number>;
  id: number | null;
  created_at: CreatedAt;
  type: string;
  stack_id: number | null;
  comment_id: number | null;
  notification_id: number | null;
  group_id: number | null;
  user_id: number | null;
  restricted: Generated<boolean>;
  snapshot: Record<string, unknown> | null;
  data: Record<string, unknown>;
}

/** A user's notification choice for one kind, only where it differs from the default (null: the default). */
export interface NotificationSettingsTable {
  user_id: number;
  kind: string;
  push: boolean | null;
  email: 'off' | 'instant' | 'daily' | null;
  updated_at: CreatedAt;
}

/** One e-mail notification per (user, dedupe key): sent at once ('instant') or in the day's digest ('daily'). */
export interface NotificationMailsTable {
  id: Generated<number>;
  user_id: number;
  dedupe_key: string;
  kind: string;
  mode: 'instant' | 'daily';
  title: string;
  body: string;
  url: string;
  created_at: CreatedAt;
  /** A send job was queued for it (instant). */
  queued_at: NullableTimestamp;
  /** A worker is sending it until then; past it, another may try. */
  claimed_until: NullableTimestamp;
  sent_at: NullableTimestamp;
  /** The UTC day of the digest that listed it (daily). */
  digest_day: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The digest of one user and UTC day, claimed before it is sent. */
export interface NotificationDigestsTable {
  user_id: number;
  day: ColumnType<string, string, string>;
  items: number;
  created_at: CreatedAt;
}

/** Where the outside-the-tab dispatcher has read the event log up to (one row). */
export interface OutboundCursorTable {
  id: Generated<number>;
  last_event_id: string | number;
}

/** The one generated VAPID key pair (when VAPID_* are unset; docs/push.md). */
export interface PushVapidKeysTable {
  id: Generated<number>;
  public_key: string;
  private_key: string;
  created_at: CreatedAt;
}

/** A browser profile's Web Push subscription; `endpoint` is unique. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The user's token_version when subscribing: after a revocation the subscription gets nothing. */
  token_version: number;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** The push outbox: one row per (subscription, dedupe key) (docs/decisions/0049-push-outbox.md). */
export interface PushDeliveriesTable {
  id: Generated<number>;
  subscription_id: number;
  user_id: number;
  dedupe_key: string;
  payload: ColumnType<{ title: string; body: string; url: string }, string, string>;
  created_at: CreatedAt;
  queued_at: NullableTimestamp;
  leased_until: NullableTimestamp;
  attempts: Generated<number>;
  sent_at: NullableTimestamp;
  failed_at: NullableTimestamp;
  last_error: string | null;
}

export interface Database {
  users: UsersTable;
  registration_codes: RegistrationCodesTable;
  admin_audit: AdminAuditTable;
  sessions: SessionsTable;
  totp_secrets: TotpSecretsTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  sign_in_challenges: SignInChallengesTable;
  user_tokens: UserTokensTable;
  socials: SocialsTable;
  rate_limits: RateLimitsTable;
  friend_requests: FriendRequestsTable;
  friendships: FriendshipsTable;
  blocks: BlocksTable;
  mutes: MutesTable;
  reports: ReportsTable;
  notifications: NotificationsTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  group_requests: GroupRequestsTable;
  group_blocks: GroupBlocksTable;
  stacks: StacksTable;
  stack_responses: StackResponsesTable;
  stack_views: StackViewsTable;
  stack_hides: StackHidesTable;
  comments: CommentsTable;
  bots: BotsTable;
  bot_keywords: BotKeywordsTable;
  bot_runs: BotRunsTable;
  events: EventsTable;
  notification_settings: NotificationSettingsTable;
  notification_mails: NotificationMailsTable;
  notification_digests: NotificationDigestsTable;
  outbound_cursor: OutboundCursorTable;
  push_vapid_keys: PushVapidKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  push_deliveries: PushDeliveriesTable;
}
