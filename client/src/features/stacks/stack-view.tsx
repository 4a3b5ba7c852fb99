import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { focusAfterClose } from './focus';
import { LoadState } from './load-state';
import type { StackDetailProps } from './stack-navigation';
import { stackCardKey } from './stack-card';
import { StackDetail } from './stack-detail';
import { isStackGone, STACK_GONE_MESSAGE, StackGone } from './stack-gone';
import { useStackQueryOptions } from './stack-queries';

export type StackType = 'stack' | 'twisted';

export type OpenedStack<S, T> = { type: 'stack'; data: S } | { type: 'twisted'; data: T };

/**
 * Spec 1 §2: a stack is first opened as an ordinary stack; if that fails, or if the type is
 * 'twisted', it is opened as a twisted stack. A failure of the twisted attempt is the answer.
 * `exact` (the address named the type) loads only the type given.
 */
export async function openStackWithFallback<S, T>(
  id: number,
  type: StackType,
  load: { stack(id: number): Promise<S>; twisted(id: number): Promise<T> },
  exact = false,
): Promise<OpenedStack<S, T>> {
  if (type !== 'twisted') {
    if (exact) return { type: 'stack', data: await load.stack(id) };
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
  /** The type is certain (the view's address named it): no fallback to a twisted stack. */
  exactType?: boolean;
  /** As for a detail, and also the type it opened as (a 'stack' can turn out to be twisted). */
  onLoaded?(name: string | null, type?: StackType): void;
  /**
   * The stack is gone (404), when it opens or later while it is shown (deleted, a live event or a
   * refetch finds it missing): told STACK_GONE_MESSAGE. The dashboard closes the tab and says so.
   */
  onGone?(message: string): void;
}

/**
 * What the dashboard mounts for an openStack event: resolves the stack by `openStackWithFallback`,
 * then shows the ordinary or the twisted detail (which reuse what was just fetched). A stack that
 * does not exist for the viewer (404: deleted, hidden, or out of reach) is gone: the caller is told
 * (`onGone`) and the view says 'This stack no longer exists.' with Back, never Retry; other
 * failures are the caller's to show. Closing gives focus back to the card that opened it when it
 * is still there.
 */
export function StackView({ type, exactType = false, ...props }: StackViewProps) {
  const queryClient = useQueryClient();
  const options = useStackQueryOptions();
  const resolved = useQuery({
    queryKey: ['stacks', 'open', props.id, type, exactType],
    queryFn: () =>
      openStackWithFallback(
        props.id,
        type,
        {
          stack: (id) => queryClient.fetchQuery(options.stack(id)),
          twisted: (id) => queryClient.fetchQuery(options.twisted(id)),
        },
        exactType,
      ),
    retry: false,
    gcTime: 0,
  });
  const gone = resolved.isError && isStackGone(resolved.error);
  const failedMessage = resolved.isError && !gone ? (type === 'twisted' ? 'Failed to load twisted stack' : 'Failed to load stack') : null;
  const callbacks = useRef({ onLoadFailed: props.onLoadFailed, onGone: props.onGone });
  useEffect(() => {
    callbacks.current = { onLoadFailed: props.onLoadFailed, onGone: props.onGone };
  });
  useEffect(() => {
    if (gone) callbacks.current.onGone?.(STACK_GONE_MESSAGE);
    else if (failedMessage) callbacks.current.onLoadFailed?.(failedMessage);
  }, [failedMessage, gone]);

  const onClose = () => {
    props.onClose();
    focusAfterClose([`[data-stack-card="${stackCardKey({ id: props.id, type })}"]`, '[role="tab"][aria-selected="true"]', 'main h1', 'main h2']);
  };

  if (gone) return <StackGone onClose={onClose} />;
  if (!resolved.data) {
    return <LoadState failed={resolved.isError} message={failedMessage ?? ''} retrying={resolved.isFetching} onRetry={() => void resolved.refetch()} onClose={onClose} />;
  }
  const kind = resolved.data.type;
  return <StackDetail {...props} onClose={onClose} kind={kind} onLoaded={(name) => props.onLoaded?.(name, kind)} />;
}
