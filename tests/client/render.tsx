import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { Providers } from '../../client/src/app/providers';

/** Renders inside the app's real providers and a memory router at `path`. */
export function renderAt(ui: ReactElement, path = '/') {
  const user = userEvent.setup();
  const view = render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </Providers>,
  );
  return { user, ...view };
}

/**
 * Runs everything the app has already queued, inside act: its effects, React Query's notifications
 * (each a zero-delay timer) and what they start (a call reaches the stubbed fetch within a few turns).
 * For asserting that something did NOT happen: the check comes after the work that could have done
 * it, in event-loop order, whatever the machine's load, where a fixed sleep only hopes it waited long enough.
 */
export async function flushQueuedWork(turns = 10): Promise<void> {
  for (let turn = 0; turn < turns; turn += 1) {
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  }
}

/** A tRPC batch answer as the server sends it, for a stubbed fetch. */
export function trpcResult(data: unknown) {
  return new Response(JSON.stringify([{ result: { data } }]), { status: 200, headers: { 'content-type': 'application/json' } });
}

export function trpcError(status: number, detail: string, code = 'CONFLICT') {
  const body = [{ error: { message: detail, code: -32009, data: { code, httpStatus: status, detail } } }];
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function stubFetch(impl: (url: string, init?: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(impl);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Thrown (or returned) by a `stubTrpc` handler to answer that procedure with an error. */
export class TrpcFailure {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly code = 'BAD_REQUEST',
  ) {}
}

type TrpcHandler = unknown | ((input: any) => unknown);

export interface TrpcCall {
  path: string;
  input: any;
}

/**
 * A fetch stub that answers tRPC calls by procedure, as the server would: httpBatchLink sends
 * `/trpc/a.b,c.d?batch=1` (GET with `input={"0":..,"1":..}` for queries, POST with that JSON body
 * for mutations) and expects one answer per path, in order. A handler is a value or a function of
 * the input; a `TrpcFailure` (thrown or returned) becomes an error answer; an unknown path a 404.
 * `calls` records every call, in order.
 */
export function stubTrpc(handlers: Record<string, TrpcHandler>) {
  const calls: TrpcCall[] = [];
  const fetchMock = stubFetch(async (url, init) => {
    const parsed = new URL(url, 'http://localhost');
    const paths = decodeURIComponent(parsed.pathname.replace(/^\/trpc\//, '')).split(',');
    const rawInputs = init?.method === 'POST' ? String(init.body ?? '{}') : (parsed.searchParams.get('input') ?? '{}');
    const inputs = JSON.parse(rawInputs) as Record<string, unknown>;
    const answers = await Promise.all(
      paths.map(async (path, index) => {
        const input = inputs[String(index)];
        calls.push({ path, input });
        if (!(path in handlers)) return new TrpcFailure(404, `No stub for ${path}`, 'NOT_FOUND');
        const handler = handlers[path];
        try {
          return typeof handler === 'function' ? await (handler as (input: unknown) => unknown)(input) : handler;
        } catch (error) {
          if (error instanceof TrpcFailure) return error;
          throw error;
        }
      }),
    );
    const body = answers.map((answer) =>
      answer instanceof TrpcFailure
        ? { error: { message: answer.detail, code: -32000, data: { code: answer.code, httpStatus: answer.status, detail: answer.detail } } }
        : { result: { data: answer ?? null } },
    );
    const status = answers.some((answer) => answer instanceof TrpcFailure) ? 207 : 200;
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return { fetchMock, calls, callsTo: (path: string) => calls.filter((call) => call.path === path) };
}
