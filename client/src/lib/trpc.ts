import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, TRPCClientError, type TRPCLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '../../../server/router';
import { LIMITS } from '../../../shared/limits';
import { clearToken, getToken } from './auth-token';
import { emit } from './events';
import { withinNavigationGrace } from './navigation-clock';

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

export const SERVER_ERROR_MESSAGE = 'We ran into a temporary issue. Be back shortly!';

/** Procedures whose 401 or 5xx belongs to the caller (spec 1 §8: login errors are shown on the form). */
const SELF_HANDLED = new Set(['auth.login']);

/**
 * Spec 1 §8: a 401 on any call but login logs out; a 5xx or network failure raises the
 * temporary-issue overlay, unless it comes within 5 s of the last navigation.
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

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Refusals (4xx) are answers, not glitches: retry only failures that may pass.
        retry: (count, error) => count < 2 && !(error instanceof TRPCClientError && (error.data?.httpStatus ?? 500) < 500),
        refetchOnWindowFocus: false,
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
