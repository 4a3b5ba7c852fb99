import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';

/**
 * Submitting a ranking (stack or twisted stack): after it the feed's banners change and the detail
 * is fetched again to show the responses; a failure reads 'Failed to submit' (spec 2 §8).
 */
export function useSubmitRanking(send: (positionIds: number[]) => Promise<unknown>, onReload: () => Promise<unknown>) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (positionIds: number[]) => {
    setError(null);
    setSubmitting(true);
    try {
      await send(positionIds);
      void queryClient.invalidateQueries(trpc.stacks.list.pathFilter());
      await onReload();
    } catch (failure) {
      console.error('Failed to submit', failure);
      setError('Failed to submit');
    } finally {
      setSubmitting(false);
    }
  };
  return { submit, submitting, error };
}

