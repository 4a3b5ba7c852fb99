import { z } from 'zod';
import { ERROR_CODES } from '../error-codes';

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
