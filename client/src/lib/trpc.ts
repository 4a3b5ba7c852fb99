import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, TRPCClientError, type TRPCLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '../../../server/router';
import { LIMITS } from '../../../shared/limits';
import { clearToken, getToken } from './auth-token';
import { bindConnectionMonitor, connection } from './connection';
import { emit } from './events';
import { withinNavigationGrace } from './navigation-clock';

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

export const SERVER_ERROR_MESSAGE = 'We ran into a temporary issue. Be back shortly!';

/**
 * Procedures whose 401 or 5xx belongs to the caller (spec 1 §8: login errors are shown on the form):
 * the password, the code of the second step and the passkey sign-in.
 */
const SELF_HANDLED = new Set(['auth.login', 'auth.loginMfa', 'passkeys.signInOptions', 'passkeys.signIn']);

/** A call that the caller (or a navigation) aborted: no sign that the server is gone. */
function wasAborted(error: TRPCClientError<AppRouter>): boolean {
  const cause = error.cause as { name?: string } | undefined;
  return cause?.name === 'AbortError' || error.name === 'AbortError';
}

/**
 * Tells the connection monitor about every call. One that got no HTTP answer at all
 * (the server cannot be reached) makes it check the server, and show the non-blocking
 * "Reconnecting…" status if it is gone (the temporary-issue overlay is for a 5xx the server sent);
 * any answer, even a refusal, says the server is there.
 */
const connectionLink: TRPCLink<AppRouter> = () => ({ next, op }) =>
  observable((observer) =>
    next(op).subscribe({
      next(value) {
        connection.reportAnswer();
        observer.next(value);
      },
      complete: () => observer.complete(),
      error(error) {
        if (error.data?.httpStatus !== undefined) connection.reportAnswer();
        else if (!wasAborted(error)) connection.reportFailure();
        observer.error(error);
      },
    }),
  );

/**
 * Spec 1 §8: a 401 on any call but login logs out; a 5xx or network failure raises the
 * temporary-issue overlay, unless it comes within 5 s of the last navigation. (The overlay leaves
 * network failures to the connection status: see connectionLink.)
 */
const sessionLink: TRPCLink<AppRouter> = () => ({ next, op }) =>
  observable((observer) =>
    next(op).subscribe({
      next: (value) => observer.next(value),
      complete: () => observer.complete(),
      error(error) {
        if (!SELF_HANDLED.has(op.path)) {
          const status = error.data?.httpStatus as number | undefined;
          if (status === 401) clearToken('expired');
          else if (status === undefined || status >= 500) {
            if (!withinNavigationGrace()) {
              emit('serverError', { message: SERVER_ERROR_MESSAGE, type: status === undefined ? 'network_error' : 'server_error' });
            }
          }
        }
        observer.error(error);
      },
    }),
  );

export function createTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      connectionLink,
      sessionLink,
      httpBatchLink({
        url: '/trpc',
        // The server refuses larger batches (DESIGN §5); the link splits them instead.
        maxItems: LIMITS.trpcBatchMax,
        headers() {
          const token = getToken();
          return token ? { Authorization: `Bearer ${token}` } : {};
        },
      }),
    ],
  });
}

/**
 * Queries retry failures that may pass (not refusals: a 4xx is an answer, not a glitch). While the
 * server cannot be reached, the connection monitor has React Query hold them (and new mutations)
 * paused instead of failing; when it is back, the paused ones go on and the queries on screen
 * refetch (refetchOnReconnect). Mutations are not retried by themselves: one that was sent and got
 * no answer may have been carried out, so the form keeps what was typed and says it was not sent.
 */
export function createQueryClient() {
  bindConnectionMonitor();
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => count < 2 && !(error instanceof TRPCClientError && (error.data?.httpStatus ?? 500) < 500),
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
      },
    },
  });
}

/** The server's `detail` for a failed call, or the fallback text; undefined when the server never answered. */
export function errorDetail(error: unknown): string | undefined {
  if (error instanceof TRPCClientError) return (error.data?.detail as string | undefined) ?? (error.data ? error.message : undefined);
  return undefined;
}

export function isNetworkError(error: unknown): boolean {
  return error instanceof TRPCClientError && !error.data;
}

export function httpStatusOf(error: unknown): number | undefined {
  return error instanceof TRPCClientError ? (error.data?.httpStatus as number | undefined) : undefined;
}
