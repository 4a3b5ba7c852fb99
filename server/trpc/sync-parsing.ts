import { z } from 'zod';

/*
 * Procedures validate their input and output with zod's synchronous parse.
 *
 * Why: tRPC calls a zod schema's `parseAsync` (its getParseFn prefers it), and zod 4 compiles an
 * object schema into a fast checker only for synchronous parses (`ctx.async === false`); an
 * asynchronous parse walks every property through the general path. For the feed's 33 items that
 * was most of the output check's cost (tests/unit/sync-parsing.test.ts holds zod and tRPC to
 * both behaviours). The schemas are still the same objects, so the OpenAPI document, the REST
 * adapter's coercion and the errors (a ZodError, as before) do not change. A schema with an
 * asynchronous refinement, which a synchronous parse cannot run, falls back to zod's own
 * `parseAsync`.
 */

const FAST = Symbol('parsed synchronously');

type Parseable = { parse(value: unknown, params?: unknown): unknown; parseAsync(value: unknown, params?: unknown): Promise<unknown>; [FAST]?: true };

/** `schema` itself, its `parseAsync` answering from the synchronous parse. */
export function parsedSynchronously<T>(schema: T): T {
  const target = schema as unknown as Parseable;
  if (!(schema instanceof z.ZodType) || target[FAST]) return schema;
  const zodParseAsync = target.parseAsync.bind(target);
  target.parseAsync = (value, params) => {
    try {
      return Promise.resolve(target.parse(value, params));
    } catch (error) {
      return error instanceof z.core.$ZodAsyncError ? zodParseAsync(value, params) : Promise.reject(error);
    }
  };
  target[FAST] = true;
  return schema;
}

/**
 * The procedure builder `builder`, whose `.input()` and `.output()` schemas (on it and on every
 * builder made from it) are parsed synchronously.
 */
export function withSyncParsing<B extends object>(builder: B): B {
  return new Proxy(builder, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const given = property === 'input' || property === 'output' ? args.map(parsedSynchronously) : args;
        const result: unknown = value.apply(target, given);
        return isBuilder(result) ? withSyncParsing(result) : result;
      };
    },
  });
}

/** A tRPC procedure builder (what `.input()`, `.use()` and the like answer), not a procedure. */
function isBuilder(value: unknown): value is object {
  return typeof value === 'object' && value !== null && typeof (value as { query?: unknown }).query === 'function' && '_def' in value;
}
