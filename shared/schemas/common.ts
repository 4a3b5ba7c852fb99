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

/** The largest id a PostgreSQL `integer` (serial) column holds (LIMITS.idMax); a larger one is bad input, not a 500. */
export const ID_MAX = LIMITS.idMax;

/** A whole number as a path or query string writes it: digits without a leading zero, maybe a minus. */
const PLAIN_INTEGER = /^-?(0|[1-9][0-9]*)$/;

/** The refusal of a value that is not a whole number written in plain digits, naming the field. */
export const notWholeNumber = {
  error: (issue: { code?: string; path?: PropertyKey[] }) =>
    issue.code === 'invalid_type' || issue.code === 'invalid_union'
      ? `${issue.path?.length ? `${issue.path.join('.')}: ` : ''}must be a whole number written in plain digits, like 42`
      : undefined,
};

/**
 * A whole number from a path or query string, or a JSON number, checked by `number`. Only the plain
 * decimal form of a string becomes a number: `1e0`, `1.0`, `+1`, `0x1`, ` 1`, `01`, `1_0` and the
 * empty string are refused, naming the field, where `Number()` (z.coerce) would read them all.
 * Numbers (tRPC, JSON bodies) pass as they are. openapi.json shows it as `number` renders (an
 * integer with its bounds), not as the number-or-string union it takes.
 */
export function wholeNumber(number: z.ZodNumber) {
  const { $schema: _, ...integer } = z.toJSONSchema(number) as Record<string, unknown>;
  return z
    .union([z.number(), z.string().regex(PLAIN_INTEGER).transform(Number)], notWholeNumber)
    .pipe(number)
    .meta({
      override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
        delete jsonSchema.anyOf;
        Object.assign(jsonSchema, integer);
      },
    });
}

/** Ids in paths, queries and bodies: positive integers, from plain decimal strings (`/v1/stacks/1`, not `1e0` or `01`). */
export const Id = wholeNumber(z.number().int().positive().max(ID_MAX));

/** A user as other objects name them: a bot's audience, a stack's audience, a group's candidates. */
export const UserRef = z.object({ id: z.number().int(), username: z.string(), avatar_id: z.number().int() }).meta({ id: 'UserRef' });
export type UserRef = z.infer<typeof UserRef>;

/**
 * The offset/limit pair of every paged list (query strings, plain digits only): `limit` defaults to
 * `options.limit` and is at most LIMITS.pageSizeMax; `offsetMax` caps how deep a page may start.
 */
export function pageFields(options: { limit: number; offsetMax?: number }) {
  const offset = z.number().int().min(0);
  return {
    // prefault, not default: openapi.json leaves out the default of a schema that transforms, not a prefault.
    offset: wholeNumber(options.offsetMax === undefined ? offset : offset.max(options.offsetMax, `offset must be at most ${options.offsetMax}`)).prefault(0),
    limit: wholeNumber(z.number().int().min(1).max(LIMITS.pageSizeMax)).prefault(options.limit),
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
