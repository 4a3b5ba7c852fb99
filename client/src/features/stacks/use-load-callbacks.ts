import { useEffect, useRef } from 'react';
import type { StackDetailProps } from './stack-navigation';

/**
 * Tells the caller about the load outcome once per change: the name when loaded, the message when
 * it failed with nothing to show.
 */
export function useLoadCallbacks(props: Pick<StackDetailProps, 'onLoaded' | 'onLoadFailed'>, loaded: { name: string | null } | undefined, failedMessage: string | null) {
  const callbacks = useRef(props);
  useEffect(() => {
    callbacks.current = props;
  });
  const name = loaded?.name;
  const isLoaded = loaded !== undefined;
  useEffect(() => {
    if (isLoaded) callbacks.current.onLoaded?.(name ?? null);
  }, [isLoaded, name]);
  useEffect(() => {
    if (failedMessage) callbacks.current.onLoadFailed?.(failedMessage);
  }, [failedMessage]);
}

