import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { LoadState, type StackDetailProps } from './detail-parts';
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
 * then shows the ordinary or the twisted detail (which reuse what was just fetched).
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
  const onLoadFailed = useRef(props.onLoadFailed);
  useEffect(() => {
    onLoadFailed.current = props.onLoadFailed;
  });
  useEffect(() => {
    if (failedMessage) onLoadFailed.current?.(failedMessage);
  }, [failedMessage]);

  if (!resolved.data) {
    return (
      <LoadState failed={resolved.isError} message={failedMessage ?? ''} retrying={resolved.isFetching} onRetry={() => void resolved.refetch()} onClose={props.onClose} />
    );
  }
  const kind = resolved.data.type;
  return <StackDetail {...props} kind={kind} onLoaded={(name) => props.onLoaded?.(name, kind)} />;
}
