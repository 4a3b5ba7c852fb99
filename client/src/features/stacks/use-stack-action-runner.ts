import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { useActionOutcome } from '../../lib/use-action-outcome';

/**
 * The Stack Actions' shared mechanics: which dialog is open, the action's outcome, and `run`, which
 * performs an action, closes the dialog, refreshes the feed and then does `after` — or shows
 * `failure` (spec 2 §8 texts) when the action fails. A success says nothing: what it did shows.
 */
export function useStackActionRunner<Dialog extends string>() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Dialog | null>(null);
  const { outcome, run: runAction } = useActionOutcome();
  const refreshList = () => queryClient.invalidateQueries(trpc.stacks.list.pathFilter());
  const run = (action: () => Promise<unknown>, failure: string, after: () => unknown) =>
    runAction(
      async () => {
        try {
          await action();
        } finally {
          setOpen(null);
        }
        void refreshList();
        await after();
      },
      { failure },
    );
  return { open, setOpen, outcome, run, refreshList };
}
