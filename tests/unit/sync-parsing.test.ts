import { initTRPC, TRPCError } from '@trpc/server';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { parsedSynchronously, withSyncParsing } from '../../server/trpc/sync-parsing';

/*
 * server/trpc/sync-parsing.ts. "without": tRPC validates with a zod schema's parseAsync (so the
 * wrapper is what makes parses synchronous; when this fails after an upgrade, tRPC changed and the
 * wrapper may go). "with": procedures built from a wrapped builder parse input and output
 * synchronously, answer as before, refuse bad values with the same errors, and a schema with an
 * asynchronous refinement still works.
 */

const t = initTRPC.create();

const item = () => z.object({ id: z.number().int(), name: z.string() });

describe('without the wrapper', () => {
  it('tRPC parses the output with parseAsync, not parse', async () => {
    const output = z.array(item());
    const parse = vi.spyOn(output, 'parse');
    const parseAsync = vi.spyOn(output, 'parseAsync');
    const procedure = t.procedure.output(output).query(() => [{ id: 1, name: 'a' }]);
    const caller = t.createCallerFactory(t.router({ procedure }))({});
    await caller.procedure();
    expect(parseAsync).toHaveBeenCalledTimes(1);
    expect(parse).not.toHaveBeenCalled();
  });
});

describe('with the wrapper', () => {
  const base = withSyncParsing(t.procedure.use(({ next }) => next()));

  it('parses input and output synchronously, builders made from builders included, and answers the parsed values', async () => {
    const input = z.object({ n: z.coerce.number().int() });
    const output = z.array(item());
    const inputParse = vi.spyOn(input, 'parse');
    const outputParse = vi.spyOn(output, 'parse');
    const procedure = base
      .meta({})
      .input(input)
      .output(output)
      .query(({ input: { n } }) => [{ id: n, name: 'x', extra: 'stripped' }]);
    const caller = t.createCallerFactory(t.router({ procedure }))({});
    await expect(caller.procedure({ n: '7' as unknown as number })).resolves.toEqual([{ id: 7, name: 'x' }]);
    expect(inputParse).toHaveBeenCalledTimes(1);
    expect(outputParse).toHaveBeenCalledTimes(1);
  });

  it('refuses bad input with BAD_REQUEST and bad output with INTERNAL_SERVER_ERROR, a ZodError as cause', async () => {
    const procedure = base
      .input(z.object({ n: z.number().int() }))
      .output(item())
      .query(({ input: { n } }) => ({ id: n, name: n === 0 ? (null as unknown as string) : 'ok' }));
    const caller = t.createCallerFactory(t.router({ procedure }))({});
    const badInput = await caller.procedure({ n: 1.5 }).catch((error: unknown) => error);
    expect(badInput).toBeInstanceOf(TRPCError);
    expect((badInput as TRPCError).code).toBe('BAD_REQUEST');
    expect((badInput as TRPCError).cause).toBeInstanceOf(z.ZodError);
    const badOutput = await caller.procedure({ n: 0 }).catch((error: unknown) => error);
    expect((badOutput as TRPCError).code).toBe('INTERNAL_SERVER_ERROR');
    expect((badOutput as TRPCError).cause).toBeInstanceOf(z.ZodError);
  });

  it('falls back to zod’s parseAsync for a schema with an asynchronous refinement', async () => {
    const input = z.object({ name: z.string() }).refine(async (value) => value.name !== 'taken', { message: 'Name taken' });
    const procedure = base.input(input).query(({ input: { name } }) => name);
    const caller = t.createCallerFactory(t.router({ procedure }))({});
    await expect(caller.procedure({ name: 'free' })).resolves.toBe('free');
    const refused = await caller.procedure({ name: 'taken' }).catch((error: unknown) => error);
    expect((refused as TRPCError).code).toBe('BAD_REQUEST');
  });

  it('leaves the schema the same object (the OpenAPI document and the REST adapter read it) and wraps it once', () => {
    const schema = item();
    expect(parsedSynchronously(schema)).toBe(schema);
    const once = schema.parseAsync;
    parsedSynchronously(schema);
    expect(schema.parseAsync).toBe(once);
  });
});
