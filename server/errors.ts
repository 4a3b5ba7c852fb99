import type { ErrorCode } from '../shared/error-codes';

/**
 * Domain errors: services throw these; one mapping turns them into tRPC errors and into the REST
 * body `{detail, code}` (DESIGN §2). `detail` is written for people, `code` for programs.
 */
export class AppError extends Error {
  readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503;
  readonly code: ErrorCode;
  readonly detail: string;
  readonly headers: Record<string, string>;

  constructor(status: AppError['status'], code: ErrorCode, detail: string, headers: Record<string, string> = {}) {
    // A refusal is an answer, not a fault: no stack trace is captured. The policy module's refusal
    // checks make several per request (the stack detail asks what the viewer may do), and
    // capturing a trace each time was 3% of that request's CPU.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(detail);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.headers = headers;
  }
}

export const badRequest = (code: ErrorCode, detail: string) => new AppError(400, code, detail);
/** The 401 details of a token that was sent but refused (server/modules/auth/auth.tokens.ts). */
export const TOKEN_REFUSALS = { invalid: 'The token is invalid or has expired', revoked: 'The token has been revoked' } as const;

/**
 * Every 401 carries a Bearer challenge (RFC 6750 §3), whichever route or adapter writes it (they
 * all apply an AppError's headers): `error="invalid_token"` when a token was sent but is invalid,
 * expired or revoked, a bare `Bearer` when none was (or the header was not a Bearer one).
 */
function bearerChallenge(detail: string): string {
  return (Object.values(TOKEN_REFUSALS) as string[]).includes(detail) ? `Bearer error="invalid_token", error_description="${detail}"` : 'Bearer';
}

export const unauthorized = (detail = 'Not authenticated', code: ErrorCode = 'UNAUTHORIZED') =>
  new AppError(401, code, detail, { 'WWW-Authenticate': bearerChallenge(detail) });
export const forbidden = (detail = 'You are not allowed to do this', code: ErrorCode = 'FORBIDDEN') => new AppError(403, code, detail);
export const notFound = (detail = 'Not found', code: ErrorCode = 'NOT_FOUND') => new AppError(404, code, detail);
export const conflict = (code: ErrorCode, detail: string) => new AppError(409, code, detail);
export const tooManyRequests = (retryAfterSeconds: number, detail = 'Too many attempts. Please try again later.') =>
  new AppError(429, 'TOO_MANY_REQUESTS', detail, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
