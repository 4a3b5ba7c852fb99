/**
 * Every `code` of an error body `{detail, code}` (DESIGN §2), once: the server's errors are typed
 * by it and openapi.json lists it as the ErrorCode enum. A new code is added here first.
 */

/** Rule refusals of the domain services. */
const DOMAIN_ERROR_CODES = [
  // Accounts
  'USERNAME_TAKEN',
  'EMAIL_TAKEN',
  'INVALID_REGISTRATION_CODE',
  'REGISTRATION_CODE_EXPIRED',
  'REGISTRATION_CODE_USED',
  'INVALID_CREDENTIALS',
  'INVALID_TOKEN',
  'TOKEN_USED',
  'TOKEN_EXPIRED',
  'USER_NOT_FOUND',
  'INVALID_SOCIAL',
  'INVALID_SOCIAL_ID',
  'SOCIAL_NOT_FOUND',
  'NOTIFICATION_NOT_FOUND',
  'NOT_ADMIN',
  'ACCOUNT_DEACTIVATED',
  // Two-factor sign-in and passkeys
  'INVALID_CODE',
  'MFA_EXPIRED',
  'TWO_FACTOR_ON',
  'TWO_FACTOR_OFF',
  'TWO_FACTOR_NOT_STARTED',
  'ADMIN_2FA_REQUIRED',
  'PASSKEY_LIMIT',
  'PASSKEY_EXISTS',
  'PASSKEY_NOT_FOUND',
  'PASSKEY_CHALLENGE_EXPIRED',
  'PASSKEY_REFUSED',
  // Friends and blocks
  'SELF_REQUEST',
  'ALREADY_FRIENDS',
  'FRIEND_REQUEST_NOT_FOUND',
  'NOT_FRIENDS',
  'SELF_BLOCK',
  'NOT_BLOCKED',
  'NOT_THE_SENDER',
  'FRIEND_REQUEST_COOLING_OFF',
  // Mutes
  'SELF_MUTE',
  'NOT_MUTED',
  'MUTE_LIMIT',
  // Groups
  'GROUP_NOT_FOUND',
  'GROUP_REQUEST_NOT_FOUND',
  'GROUP_BLOCKED',
  'GROUP_HAS_MEMBERS',
  'GROUP_MISMATCH',
  'OWNER_CANNOT_LEAVE',
  'PRIVATE_GROUP',
  'READ_ONLY_GROUP',
  'NOT_A_MEMBER',
  'NOT_THE_OWNER',
  'ALREADY_MEMBER',
  'ALREADY_INVITED',
  'SELF_INVITE',
  'REQUEST_ANSWERED',
  'REQUEST_PENDING',
  // Stacks, twisted stacks and comments
  'STACK_NOT_FOUND',
  'COMMENT_NOT_FOUND',
  'SELF_STACK',
  'NOT_OWNER',
  'NOT_ALLOWED',
  'NOT_IN_AUDIENCE',
  'NOT_AUTHOR',
  'NOT_ANSWERED',
  'ALREADY_ANSWERED',
  'ALREADY_TWISTED',
  'TWIST_NOT_QUALIFIED',
  'EDIT_WINDOW_CLOSED',
  'HAS_RESPONSES',
  'NOT_BOT_STACK',
  'NOT_GROUP_STACK',
  'ALREADY_SANDBOXED',
  'NOT_SANDBOXED',
  'SANDBOXED_BY_ADMIN',
  'NO_USERS',
  'SELF_HIDE',
  'NOT_HIDEABLE',
  'NOT_HIDDEN',
  'HIDE_BATCH_NOT_FOUND',
  // Bots
  'BOT_NOT_FOUND',
  'NOT_BOT_EDITOR',
  'NOT_BOT_PURGER',
  // Live events
  'TOO_MANY_STREAMS',
  // Reports
  'REPORT_NOT_FOUND',
  'SELF_REPORT',
  'ALREADY_REPORTED',
  // Personal invites
  'INVITE_QUOTA_REACHED',
  // E-mail notifications
  'INVALID_UNSUBSCRIBE_LINK',
  'UNSUBSCRIBE_LINK_EXPIRED',
  // Web Push
  'INVALID_PUSH_ENDPOINT',
  'INVALID_PUSH_KEYS',
  'PUSH_SUBSCRIPTION_NOT_FOUND',
  // Admin console
  'CODE_NOT_FOUND',
  'CODE_USED_UP',
  'SELF_ADMIN_CHANGE',
  'BOT_ALREADY_RAN',
  // Sessions and second factors
  'SESSION_NOT_FOUND',
] as const;

/** Refusals of the request itself, before or around any rule. */
const REQUEST_ERROR_CODES = [
  'VALIDATION_FAILED',
  'INVALID_VALUE',
  'INVALID_BODY',
  'MALFORMED_JSON',
  'BATCH_TOO_LARGE',
  'HEADERS_TOO_LARGE',
  'DATABASE_UNAVAILABLE',
  /** A statement ran past PG_STATEMENT_TIMEOUT_MS and was stopped (503, Retry-After). */
  'STATEMENT_TIMEOUT',
  /** The body of an error the API could not describe further. */
  'ERROR',
] as const;

/**
 * tRPC's own codes (TRPC_ERROR_CODE_KEY), answered when nothing more specific applies: UNAUTHORIZED
 * (no or bad token), FORBIDDEN (admins only), NOT_FOUND (no such call), TOO_MANY_REQUESTS, ...
 */
const TRANSPORT_ERROR_CODES = [
  'PARSE_ERROR',
  'BAD_REQUEST',
  'INTERNAL_SERVER_ERROR',
  'NOT_IMPLEMENTED',
  'BAD_GATEWAY',
  'SERVICE_UNAVAILABLE',
  'GATEWAY_TIMEOUT',
  'UNAUTHORIZED',
  'PAYMENT_REQUIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_SUPPORTED',
  'TIMEOUT',
  'CONFLICT',
  'PRECONDITION_FAILED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE_CONTENT',
  'PRECONDITION_REQUIRED',
  'TOO_MANY_REQUESTS',
  'CLIENT_CLOSED_REQUEST',
] as const;

export const ERROR_CODES = [...DOMAIN_ERROR_CODES, ...REQUEST_ERROR_CODES, ...TRANSPORT_ERROR_CODES] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** An error answer's body, as the server sends it over REST and tRPC alike. */
export interface ErrorBody {
  detail: string;
  code: ErrorCode;
  errors?: { field: string; message: string }[];
}
