import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { focusAfterClose } from '../../lib/focus';
import { httpStatusOf } from '../../lib/trpc';
import { LoadState, type StackDetailProps } from './detail-parts';
import { stackCardKey } from './stack-card';
import { StackDetail } from './stack-detail';
import { useStackQueryOptions } from './stack-queries';

export type StackType = 'stack' | 'twisted';

export type OpenedStack<S, T> = { type: 'stack'; data: S } | { type: 'twisted'; data: T };

/**
 * Spec 1 §2: a stack is first opened as an ordinary stack; if that fails, or if the type is
 * 'twisted', it is opened as a twisted stack. A failure of the twisted attempt is the answer.
 */
export async function openStackWithFallback<S, T>(
  id: number,
  type: StackType,
  load: { stack(id: number): Promise<S>; twisted(id: number): Promise<T> },
): Promise<OpenedStack<S, T>> {
  if (type !== 'twisted') {
    try {
      return { type: 'stack', data: await load.stack(id) };
    } catch (error) {
      console.warn(`Stack ${id} did not open as a stack; trying it as a twisted stack`, error);
    }
  }
  return { type: 'twisted', data: await load.twisted(id) };
}

export interface StackViewProps extends StackDetailProps {
  /** The type the openStack event named. */
  type: StackType;
  /** As for a detail, and also the type it opened as (a 'stack' can turn out to be twisted). */
  onLoaded?(name: string | null, type?: StackType): void;
}

/**
 * What the dashboard mounts for an openStack event: resolves the stack by `openStackWithFallback`,
 * then shows the ordinary or the twisted detail (which reuse what was just fetched). A stack that
 * does not exist for the viewer (404: deleted, hidden, or out of reach) still opens its view, which
 * shows the catalogue's 'Failed to load stack' with Back (spec 2 §8); other failures are the
 * caller's to show. Closing gives focus back to the card that opened it when it is still there.
 */
export function StackView({ type, ...props }: StackViewProps) {
  const queryClient = useQueryClient();
  const options = useStackQueryOptions();
  const resolved = useQuery({
    queryKey: ['stacks', 'open', props.id, type],
    queryFn: () =>
      openStackWithFallback(props.id, type, {
        stack: (id) => queryClient.fetchQuery(options.stack(id)),
        twisted: (id) => queryClient.fetchQuery(options.twisted(id)),
      }),
    retry: false,
    gcTime: 0,
  });
  const failedMessage = resolved.isError ? (type === 'twisted' ? 'Failed to load twisted stack' : 'Failed to load stack') : null;
  const notFound = resolved.isError && httpStatusOf(resolved.error) === 404;
  const callbacks = useRef({ onLoaded: props.onLoaded, onLoadFailed: props.onLoadFailed });
  useEffect(() => {
    callbacks.current = { onLoaded: props.onLoaded, onLoadFailed: props.onLoadFailed };
  });
  useEffect(() => {
    if (!failedMessage) return;
    // Not found: the view opens (as 'Stack') to say so; anything else: the caller shows it.
    if (notFound) callbacks.current.onLoaded?.(null);
    else callbacks.current.onLoadFailed?.(failedMessage);
  }, [failedMessage, notFound]);

  const onClose = () => {
    props.onClose();
    focusAfterClose([`[data-stack-card="${stackCardKey({ id: props.id, type })}"]`, '[role="tab"][aria-selected="true"]', 'main h1', 'main h2']);
  };

  if (!resolved.data) {
    return <LoadState failed={resolved.isError} message={failedMessage ?? ''} retrying={resolved.isFetching} onRetry={() => void resolved.refetch()} onClose={onClose} />;
  }
  const kind = resolved.data.type;
  return <StackDetail {...props} onClose={onClose} kind={kind} onLoaded={(name) => props.onLoaded?.(name, kind)} />;
}
