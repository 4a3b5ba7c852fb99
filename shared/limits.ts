/** Every number of the specs' "business constants and limits", in one place for client and server. */
export const LIMITS = {
  usernameMin: 3,
  usernameMax: 30,
  passwordMin: 8,
  /** bcrypt reads at most 72 bytes; longer passwords are refused rather than silently truncated. */
  passwordMaxBytes: 72,
  /** The login form's password field: a bound on what is hashed, not a password rule (those apply at register and reset). */
  loginPasswordMax: 1024,
  /** E-mail verification and password reset tokens, as sent. */
  tokenMax: 256,
  emailMax: 254,
  bioMax: 120,
  avatarIdMin: 1,
  avatarIdMax: 9,
  botNameMax: 32,
  botBioMax: 120,
  groupNameMax: 24,
  groupDescriptionMax: 64,
  stackNameMax: 32,
  positionMax: 32,
  positionsPerStack: 6,
  twistMax: 36,
  commentMax: 200,
  commentMaxNewlines: 3,
  tagMax: 32,
  /** Tags one call adds or removes, and a new bot's tags. */
  tagsPerCallMax: 100,
  /** A bot's schedule lists weekdays from 0 (Monday) to this (Sunday). */
  weekdayMax: 6,
  /** A social handle as typed, and a social's id (or platform name) in a path. */
  socialValueMax: 64,
  socialIdMax: 20,
  /** A Telegram username's length, once a leading @ and spaces are gone. */
  telegramMin: 5,
  telegramMax: 32,
  registrationCodeMax: 64,
  /** A stack or twisted stack may be edited this long after it was created (spec 2 "Edit window"). */
  editWindowMinutes: 60,
  pageSizeStacks: 33,
  pageSizeMax: 100,
  /** Default page sizes of the lists that do not use pageSizeMax. */
  pageSizeBotRuns: 1,
  pageSizeNotifications: 50,
  pageSizeReports: 50,
  /** The admin console's lists: registration codes, users, bots and the audit log. */
  pageSizeAdmin: 50,
  /** How deep a page of those lists may start: every page is one indexed statement up to here. */
  adminOffsetMax: 10_000,
  /** Uses of one registration code made by an admin, and how many days it may stay valid. */
  codeUsesMax: 10_000,
  codeExpiryDaysMax: 3_650,
  /** Release notes broadcast to every active user. */
  releaseNotesMax: 2_000,
  /** Whom a user invited, as the admin console shows it (the rest are counted). */
  adminInviteesMax: 100,
  /** Notifications one mark-read call names at most. */
  markReadMax: 500,
  /** Members an admin hides a stack for in one call at most. */
  hideForUsersMax: 500,
  /** The largest id a PostgreSQL `integer` (serial) column holds; a larger one is bad input, not a 500. */
  idMax: 2_147_483_647,
  /** The feed's deepest offset: a page there costs work in proportion to offset + limit. */
  feedOffsetMax: 10_000,
  /** Live event streams (GET /v1/events) one user may hold on one instance; beyond: 429. */
  eventStreamsPerUser: 5,
  /** A comment line on every idle event stream at least this often, so proxies keep it open. */
  eventHeartbeatSeconds: 20,
  /** Events kept for Last-Event-ID replay: everything younger than this, and at least the newest eventReplayMinCount. */
  eventReplayMinutes: 15,
  eventReplayMinCount: 1000,
  /**
   * A Last-Event-ID more than this many cursors behind the newest gets `refetch` at once, with no
   * scan: a replay reads at most this many events, whatever the log holds.
   */
  eventReplayMax: 1000,
  /** Unsent bytes one event stream may hold in the process; a reader further behind is dropped (its next connect gets `refetch`). */
  eventStreamBufferBytes: 1024 * 1024,
  /** Stream opens (GET /v1/events) per user, and per IP, per eventOpenWindowSeconds; beyond: 429 with Retry-After. */
  eventOpensPerUser: 60,
  eventOpensPerIp: 1200,
  eventOpenWindowSeconds: 5 * 60,
  /**
   * Events the outside-the-tab dispatcher reads per batch (one transaction and one recipients
   * statement); a group stack's event tells its members, so a batch's people grow with group sizes.
   */
  outboundBatchEvents: 50,
  /** The dispatcher also runs this often, for a wake it missed. */
  outboundSweepMs: 30_000,
  /** A wake that found another instance dispatching looks again after this long. */
  outboundRetryMs: 500,
  /** Stacks one Hide New Stacks or Clear Updates call touches at most; a call that reaches it may be repeated for the rest. */
  feedBulkMax: 10_000,
  /** GET /v1/users/me/hidden-stacks counts my hidden stacks up to this many (`hidden_count_capped` beyond). */
  hiddenCountMax: 1_000,
  /** Places in one instance's gate that one user's feed pages hold at once (running, or waiting in the instance's line); more wait in the user's own line (server/db/heavy-read-gate.ts). */
  feedReadsPerUser: 4,
  /** Feed pages of one user waiting in that user's own line in one instance; one more is refused with 429. */
  feedReadsWaitingPerUser: 32,
  /** JSON answers larger than this are compressed for clients that accept gzip. */
  compressAboveBytes: 1024,
  /** Comments in one stack detail call (comments_limit default and maximum, DESIGN §5). */
  commentsPerCall: 100,
  /** Calls in one tRPC batch request (`/trpc/a,b,c?batch=1`); a larger batch is refused with 400. */
  trpcBatchMax: 20,
  /** A report's note and an admin's resolution note (characters). */
  reportNoteMax: 500,
  /** Users one user may mute: the feed reads the muted ids once per statement, so the list stays bounded. */
  mutesMax: 1000,
  /**
   * Web Push subscriptions (browser profiles) one user may hold (docs/push.md); a new one beyond
   * this replaces the one least recently subscribed, as the list does not show whole endpoints.
   */
  pushSubscriptionsPerUser: 10,
  /** A push subscription's endpoint URL, in characters (browsers' endpoints are 150-500). */
  pushEndpointMax: 1024,
  /** A subscription key as sent (base64url; p256dh is 87 characters, auth 22, with padding a few more). */
  pushKeyMax: 100,
  /** A push message's encrypted body at most (bytes); the notification's body is cut to fit. */
  pushPayloadMaxBytes: 3072,
  /** A notification's title and body as queued (characters), before the body is cut to fit pushPayloadMaxBytes. */
  pushTitleMax: 200,
  pushBodyMax: 2000,
  /** A notification's link (characters); a longer one is replaced by '/'. */
  pushUrlMax: 1024,
  /** A dedupe key of queuePush (characters). */
  pushDedupeKeyMax: 200,
  /** Deliveries one instance sends at once (one pg-boss batch). */
  pushSendConcurrency: 8,
  /** One delivery's request, from connecting to the end of what is read of the answer (ms). */
  pushSendTimeoutMs: 10_000,
  /** Bytes of a push service's answer read (for the log); the rest is dropped unread. */
  pushResponseReadMaxBytes: 1024,
  /** Tries after the first for a 429, a 5xx or a network error, with exponential backoff from pushRetryDelaySeconds (15-30 s, 30-60 s, ... about 30 minutes in all). */
  pushRetryLimit: 6,
  pushRetryDelaySeconds: 15,
  /** A send job running longer is failed by pg-boss (and retried); far above pushSendTimeoutMs, so a send has ended by then. */
  pushJobExpireSeconds: 60,
  /** How long the push service keeps a message for an offline device (the TTL header, seconds). */
  pushTtlSeconds: 24 * 3600,
  /** Deliveries moved from the outbox to the job queue per statement. */
  pushEnqueueBatch: 500,
  /** Delivery records are kept this long (the window in which a dedupe key delivers at most once), then purged hourly. */
  pushDeliveryRetentionDays: 30,
  /** An e-mail's unsubscribe token as sent (POST /unsubscribe/{token}, POST /v1/unsubscribe); a signed one is ~250 characters. */
  unsubscribeTokenMax: 1024,
} as const;

/** E-mail notifications, their digest and one-click unsubscribe (docs/notification-settings.md). */
export const NOTIFICATION_MAIL = {
  /** An unsubscribe link works this long after its mail was sent. */
  unsubscribeTtlDays: 90,
  /** The one-click body (`List-Unsubscribe=One-Click`, form-encoded) at most; larger: 413. */
  unsubscribeBodyBytes: 1024,
  /** Unsubscribe calls (the link and POST /v1/unsubscribe) per IP per window; beyond: 429 with Retry-After. */
  unsubscribePerIp: 60,
  unsubscribeWindowSeconds: 15 * 60,
  /** Items a digest lists at most; the rest are counted ("and 12 more"). */
  digestItemsListed: 50,
  /** Users one digest run reads at a time (it goes on until none is left). */
  digestUsersPerBatch: 200,
  /** Instant mails one sweep queues at most (the sweep runs every minute). */
  sweepMax: 500,
  /** A send job is tried this many times more after a failure, waiting retryDelaySeconds, doubling each time. */
  sendRetries: 5,
  sendRetryDelaySeconds: 30,
  /** A worker holds a mail this long while it sends it; past it, a retry may take it. */
  sendClaimSeconds: 5 * 60,
  /** Sent mails' rows (and their dedupe keys) are kept this long, then purged. */
  sentKeptDays: 30,
  /** What deliverEmail takes at most (longer values are cut, never refused: the caller is the server). */
  titleMax: 200,
  bodyMax: 2000,
  urlMax: 2048,
  dedupeKeyMax: 200,
} as const;

/** Minutes in words, as the texts state a span: 60 "an hour", 120 "2 hours", 1 "a minute", 90 "90 minutes". */
export function minutesInWords(minutes: number): string {
  if (minutes === 60) return 'an hour';
  if (minutes % 60 === 0) return `${minutes / 60} hours`;
  return minutes === 1 ? 'a minute' : `${minutes} minutes`;
}

/** The edit window as the texts state it: "an hour" (LIMITS.editWindowMinutes), as in "within an hour". */
export function editWindowText(): string {
  return minutesInWords(LIMITS.editWindowMinutes);
}

/** The share image (GET /v1/stacks/{id}/image.png): its size and the server's in-memory cache. */
export const SHARE_IMAGE = {
  width: 1200,
  height: 630,
  /** Every picture stays under this; a test holds it on the longest names and positions. */
  maxBytes: 300 * 1024,
  /** Pictures kept per instance (least recently used dropped first)... */
  cacheEntries: 500,
  /** ...and their bytes at most, whichever limit is reached first. */
  cacheBytes: 32 * 1024 * 1024,
  /**
   * Render threads at most; the server runs one fewer than the machine's cores, at least one
   * (server/modules/stacks/share-image.pool.ts): 1 on a 2-core machine.
   */
  threadsMax: 4,
  /** How much lower than the event loop the render threads' CPU priority is (nice increment). */
  threadNice: 10,
  /** Renders waiting for a thread beyond those running; past it, 503 with Retry-After. */
  queueMax: 32,
  busyRetryAfterSeconds: 2,
  /** New (uncached) pictures one user may have drawn in a minute (from their first); past it, 429 with Retry-After. */
  rendersPerUserPerMinute: 40,
  /** A render thread's V8 heap at most (it needs ~30 MB); beyond it the thread is replaced. */
  workerHeapMb: 128,
} as const;

/** Metrics, request ids and readiness (docs/metrics.md). */
export const OBSERVABILITY = {
  /** An X-Request-Id sent by the client is kept when it is at most this long (of [A-Za-z0-9._:-]); else a new one is made. */
  requestIdMax: 128,
  /** METRICS_TOKEN at least (characters): a shorter one stops the server at start. */
  metricsTokenMin: 32,
  /** The job queue's depth is read at most this often; scrapes in between get the figure read last. */
  jobQueueStatsSeconds: 15,
  /** A readiness check (database, migrations) that has not answered by then counts as failed. */
  readinessTimeoutMs: 2_000,
} as const;

/** Personal invites (POST /v1/users/me/invites): single-use registration codes a user hands out. */
export const INVITES = {
  /** Unused invites (neither used nor expired) one user may hold at once; admins have no limit. */
  unusedMax: 5,
  /** An invite expires this many days after it was made. */
  ttlDays: 7,
  /** Invites listed by GET /v1/users/me/invites, newest first. */
  listMax: 100,
} as const;

/** The data export (GET /v1/users/me/export): one JSON document, each list capped. */
export const EXPORT = {
  /** Rows per section at most; a section that had more is named in the document's `truncated`. */
  itemsPerSection: 10_000,
} as const;

/** Client timings of the specs, in milliseconds. */
export const TIMINGS = {
  currentUserCacheMs: 60_000,
  notificationsCacheMs: 30_000,
  groupsOverviewCacheMs: 30_000,
  errorPopupSuppressMs: 5_000,
  successBannerMs: 3_000,
  registrationRedirectMs: 5_000,
  tourAdvanceDelayMs: 200,
  socialPreviewDelayMs: 250,
} as const;

/** Server-side token lifetimes and throttles (DESIGN §3 Accounts). */
export const SECURITY = {
  accessTokenTtlSeconds: 7 * 24 * 3600,
  /** Live sessions one account holds; a sign-in beyond it ends the oldest (docs/sessions.md). */
  sessionsPerUser: 30,
  /** Ended and expired sessions are forgotten this many days later (at the account's next sign-in). */
  sessionForgetDays: 30,
  /** A session's last_seen_at (and ip) is written at most this often: a request reads, it rarely writes. */
  sessionSeenEverySeconds: 60,
  /** A session's user agent is kept to this many characters. */
  sessionUserAgentMax: 512,
  verifyEmailTtlMs: 24 * 3600 * 1000,
  resetPasswordTtlMs: 3600 * 1000,
  bcryptCost: 12,
  /**
   * Login throttles (docs/limits-and-faults.md), all counting failures in a 15-minute window: per account
   * name and IP (the owner elsewhere is not locked out by a stranger), per IP (spraying many
   * names), and a looser one per account name across IPs (a distributed guess).
   */
  loginFailuresPerAccountAndIp: 5,
  loginFailuresPerIp: 20,
  loginFailuresPerAccount: 50,
  loginWindowSeconds: 15 * 60,
  /**
   * Second-factor codes (a sign-in's second step, and turning two-factor sign-in on or off) count
   * failures like passwords: per account and IP, per IP, per account (docs/two-factor.md).
   */
  codeFailuresPerAccountAndIp: 5,
  codeFailuresPerIp: 20,
  codeFailuresPerAccount: 50,
  /** New authenticator secrets (QR codes) one account may ask for per window. */
  totpSetupsPerUser: 10,
  /** WebAuthn ceremonies started per window: sign-in options per IP, new-passkey options per account. */
  passkeySignInOptionsPerIp: 30,
  passkeyRegistrationOptionsPerUser: 20,
  /** Failed passkey sign-ins per IP per window. */
  passkeyFailuresPerIp: 20,
  /** Recovery e-mails, password resets and registration guesses per IP per window. */
  recoveryPerIp: 10,
  resetPerIp: 20,
  registerPerIp: 20,
  abuseWindowSeconds: 15 * 60,
  /** Comments one user may post per minute, over all stacks (429 beyond). */
  commentsPerMinute: 30,
  /** Reports one user may file per hour, over all targets (429 beyond; docs/reports.md). */
  reportsPerHour: 10,
} as const;

/** One throttle window: at most `max` writes per `windowSeconds`, and the 429's detail beyond it. */
export interface WriteWindow {
  max: number;
  windowSeconds: number;
  detail: string;
}

const WINDOW_WORDS: Record<number, string> = { 60: 'a minute', 600: 'in 10 minutes', 3600: 'an hour', 86_400: 'a day' };

/** `writeWindow(30, 600, 'create', 'stacks')`: "You can create at most 30 stacks in 10 minutes. Please wait a moment." */
function writeWindow(max: number, windowSeconds: keyof typeof WINDOW_WORDS, verb: string, noun: string): WriteWindow {
  const retry = windowSeconds < 3600 ? 'Please wait a moment.' : 'Please try again later.';
  return { max, windowSeconds, detail: `You can ${verb} at most ${max} ${noun} ${WINDOW_WORDS[windowSeconds]}. ${retry}` };
}

/**
 * Per-user throttles of content writes (docs/limits-and-faults.md): 429 TOO_MANY_REQUESTS with
 * Retry-After past any window, the tightest checked first. Generous enough that a person never
 * meets them (20 stacks in a row pass), tight enough that a script meets one within a few dozen
 * calls. Only a write that passes its rules counts: a refused or failed one gives its attempt back.
 * Bot runs (the engine), the CLI and admins' moderation calls are not throttled.
 */
export const WRITE_THROTTLES = {
  /** POST /v1/stacks. */
  stacks: [writeWindow(30, 600, 'create', 'stacks'), writeWindow(200, 86_400, 'create', 'stacks')],
  /** POST /v1/twisted_stacks. */
  twists: [writeWindow(30, 600, 'twist', 'stacks'), writeWindow(200, 86_400, 'twist', 'stacks')],
  /** Comments on stacks and twisted stacks. */
  comments: [writeWindow(SECURITY.commentsPerMinute, 60, 'post', 'comments'), writeWindow(1000, 86_400, 'post', 'comments')],
  /** Changes others see: a stack's or twist's content, a comment (its text, or its author's sandbox), a group's description. */
  edits: [writeWindow(60, 600, 'make', 'edits')],
  /** POST /v1/groups. */
  groups: [writeWindow(10, 3600, 'create', 'groups')],
  /** POST /v1/groups/{id}/join: each join (and the leave that allows the next) is an event to every member. */
  groupJoins: [writeWindow(30, 3600, 'join', 'groups')],
  /** POST /v1/groups/{id}/invite/{userId}: each is a notification. */
  groupInvites: [writeWindow(50, 3600, 'send', 'group invitations')],
  /** POST /v1/users/friends/requests: each is a notification. */
  friendRequests: [writeWindow(30, 3600, 'send', 'friend requests')],
  /** My avatar, bio and socials (add, change, remove). */
  profile: [writeWindow(30, 600, 'make', 'profile changes')],
  /** POST /v1/users/me/invites, admins too (they have no quota of unused invites). */
  invites: [writeWindow(20, 86_400, 'make', 'invites')],
  /** POST /v1/reports. */
  reports: [writeWindow(SECURITY.reportsPerHour, 3600, 'file', 'reports')],
  /** Adding or removing a bot's tags (POST and DELETE /v1/bots/{id}/keywords). */
  botTags: [writeWindow(60, 3600, 'make', 'tag changes')],
  /** POST and DELETE /v1/users/me/push-subscriptions. */
  pushSubscriptions: [writeWindow(30, 3600, 'make', 'push subscription changes')],
  /** POST /v1/users/me/push-subscriptions/test: each is a push to every device of the user. */
  pushTests: [writeWindow(5, 600, 'send', 'test notifications')],
  /** An admin's release notes (POST /v1/admin/release-notes): each is a notification to every active user. */
  releaseNotes: [writeWindow(5, 3600, 'send', 'release notes')],
  /** An admin's "run now" (POST /v1/admin/bots/{id}/run): each forced run posts a stack to the bot's audience. */
  botRuns: [writeWindow(30, 3600, 'run', 'bots')],
  /** PUT /v1/users/me/preferences (a theme click or the tour's end saves at once). */
  preferences: [writeWindow(60, 600, 'make', 'preference changes')],
  /** Showing hidden stacks again (DELETE /v1/users/me/hidden-stacks/{id}, and Unhide all of one Hide New Stacks). */
  unhides: [writeWindow(60, 600, 'make', 'unhide changes')],
  /** DELETE /v1/users/friends/requests/{id}: withdrawing a friend request I sent. */
  friendRequestWithdrawals: [writeWindow(30, 3600, 'withdraw', 'friend requests')],
  /** PUT /v1/users/me/notification-settings (each switch in Settings saves at once). */
  notificationSettings: [writeWindow(60, 600, 'make', 'notification settings changes')],
} as const satisfies Record<string, readonly WriteWindow[]>;
export type WriteAction = keyof typeof WRITE_THROTTLES;

/** "at most 30 in 10 minutes and 200 a day per user": an action's throttle in words, for route summaries. */
export function throttleSummary(action: WriteAction): string {
  return `at most ${WRITE_THROTTLES[action].map((w) => `${w.max} ${WINDOW_WORDS[w.windowSeconds]}`).join(' and ')} per user`;
}

/** Friend requests (docs/friend-requests.md). */
export const FRIENDS = {
  /**
   * After a sender withdraws a friend request, a new one to the same person is refused (429
   * FRIEND_REQUEST_COOLING_OFF, Retry-After) until this many days after the withdrawn one was sent,
   * whether or not it had been ignored, so that withdrawing tells the sender nothing.
   */
  requestCoolingOffDays: 7,
} as const;

export const PRODUCT_NAME = 'Stacks';

/** What a stack without a name is called wherever it is shown (cards, details, share images, notifications). */
export const UNTITLED_STACK = 'Untitled Stack';
export const ONBOARDING_VERSION = '1.1.0';

/** The group agreement map and a friend's score over time (docs/agreement.md). */
export const AGREEMENT = {
  /** GET /v1/groups/{id}/agreement reads the group's newest stacks (originals, not twists) up to this many. */
  groupStacksMax: 500,
  /** GET /v1/users/{id}/scores: the newest stacks both answered, up to this many (sent oldest first). */
  scoresMax: 100,
  /** The trend is the least-squares slope over this many newest scores... */
  trendWindow: 10,
  /** ...and needs at least this many of them. */
  trendMinPoints: 3,
  /** A slope (points per stack) within ±this is 'Steady'. */
  trendSteadyBand: 0.5,
} as const;
