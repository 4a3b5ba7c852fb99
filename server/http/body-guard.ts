import type { NextFunction, Request, Response } from 'express';
import type { ErrorBody } from '../../shared/error-codes';

/** No API input nests deeper than a few levels; far deeper bodies overflow the stack when re-serialised. */
const MAX_DEPTH = 32;

/** What is wrong with a parsed JSON body, if anything. Iterative, so a deep body cannot overflow the stack. */
function bodyProblem(body: unknown): string | undefined {
  const pending: [unknown, number][] = [[body, 0]];
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return 'The request body contains a NUL character, which is not allowed';
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_DEPTH) return 'The request body is nested too deeply';
      for (const [key, child] of Object.entries(value)) pending.push([key, depth + 1], [child, depth + 1]);
    }
  }
  return undefined;
}

/**
 * Refuses with 400 what the JSON parser accepts but the rest cannot handle: NUL characters
 * (PostgreSQL text cannot hold them) and absurd nesting.
 */
export function bodyGuard(req: Request, res: Response, next: NextFunction) {
  const problem = bodyProblem(req.body);
  if (problem) return void res.status(400).json({ detail: problem, code: 'INVALID_BODY' } satisfies ErrorBody);
  next();
}
