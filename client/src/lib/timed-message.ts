import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMINGS } from '../../../shared/limits';

/** A message that clears itself (spec 1 §8: success messages clear after 3 seconds). */
export function useTimedMessage(durationMs: number = TIMINGS.successBannerMs): [string | null, (message: string | null) => void] {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (next: string | null) => {
      clearTimeout(timer.current);
      setMessage(next);
      if (next !== null) timer.current = setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );
  return [message, show];
}
