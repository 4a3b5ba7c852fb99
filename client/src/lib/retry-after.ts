import { TRPCClientError } from '@trpc/client';

/**
 * The seconds a refused call asks to wait (its Retry-After header), or undefined. tRPC keeps the
 * HTTP answer of the call in the error's `meta.response`.
 */
export function retryAfterSeconds(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const response = (error.meta as { response?: Response } | undefined)?.response;
  const value = response?.headers?.get('Retry-After');
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) : (Date.parse(value) - Date.now()) / 1000;
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

/** A wait in words, rounded up to what a person would count: '45 seconds', '1 minute', '15 minutes', '2 hours'. */
export function waitInWords(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return unit(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 3600) return unit(Math.ceil(seconds / 60), 'minute');
  return unit(Math.ceil(seconds / 3600), 'hour');
}
