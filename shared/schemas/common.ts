import { z } from 'zod';
import { ERROR_CODES } from '../error-codes';
import { LIMITS } from '../limits';

/** shared/error-codes.ts as a schema: openapi.json lists it as the ErrorCode enum. */
export const ErrorCodeSchema = z.enum(ERROR_CODES).describe('A stable machine code, e.g. USERNAME_TAKEN or VALIDATION_FAILED.').meta({ id: 'ErrorCode' });

/** The body of every error answer, REST and tRPC alike (DESIGN §2). */
export const ErrorResponse = z
  .object({
    detail: z.string().describe('A sentence for people: what went wrong and, for bad input, which field and rule.'),
    code: ErrorCodeSchema,
    errors: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .describe('For validation failures: every failed rule, per field.'),
  })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const MessageResponse = z.object({ message: z.string() }).meta({ id: 'Message' });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** The largest id a PostgreSQL `integer` (serial) column holds; a larger one is bad input, not a 500. */
export const ID_MAX = 2_147_483_647;

/** Ids in paths and bodies: positive integers (coerced, since REST paths carry strings). */
export const Id = z.coerce.number().int().positive().max(ID_MAX);

/** A user as other objects name them: a bot's audience, a stack's audience, a group's candidates. */
export const UserRef = z.object({ id: z.number().int(), username: z.string(), avatar_id: z.number().int() }).meta({ id: 'UserRef' });
export type UserRef = z.infer<typeof UserRef>;

/**
 * The offset/limit pair of every paged list (query strings, so coerced): `limit` defaults to
 * `options.limit` and is at most LIMITS.pageSizeMax; `offsetMax` caps how deep a page may start.
 */
export function pageFields(options: { limit: number; offsetMax?: number }) {
  const offset = z.coerce.number().int().min(0);
  return {
    offset: (options.offsetMax === undefined ? offset : offset.max(options.offsetMax, `offset must be at most ${options.offsetMax}`)).default(0),
    limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(options.limit),
  };
}

// Friend requests and group invitations: one lifecycle, one list filter, one answer.

export const RequestStatus = z.enum(['PENDING', 'ACCEPTED', 'REJECTED', 'CANCELLED']).meta({ id: 'RequestStatus' });
export type RequestStatus = z.infer<typeof RequestStatus>;

/** How the person asked answers. */
export const RequestAnswer = z.enum(['ACCEPTED', 'REJECTED'], { error: 'status must be ACCEPTED or REJECTED' });
export type RequestAnswer = z.infer<typeof RequestAnswer>;

export const ListRequestsInput = z.object({ type: z.enum(['incoming', 'outgoing']).default('incoming') });
export const AnswerRequestInput = z.object({ id: Id, status: RequestAnswer });

/** What both request lists show: who asked whom, the status and when. */
export const RequestParties = z.object({
  id: z.number().int(),
  from_user_id: z.number().int(),
  from_username: z.string(),
  user_id: z.number().int().describe('The user asked: the target of a friend request, the invited user of a group invitation.'),
  username: z.string().describe("The asked user's username."),
  status: RequestStatus,
  created_at: z.string(),
});
