import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StackListItem } from '../../../../shared/schemas/stacks';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Modal } from '../../components/modal';
import { errorDetail, useTRPC } from '../../lib/trpc';
import { isNewBanner, isUpdateBanner, stackBanner } from './stack-banner';
import type { StackFilters } from './stack-filters';

type Notice = { title: string; text: string };

/** Spec 2 §8: nothing to hide, nothing to clear. */
const NO_NEW: Notice = { title: 'No New Stacks', text: 'There are no new stacks to hide.' };
const NO_UPDATES: Notice = { title: 'No Updates to Clear', text: 'There are no stack notifications to clear.' };

/** What Hide New Stacks tells the user it did. */
export const hiddenMessage = (count: number) => `Hid ${count} new ${count === 1 ? 'stack' : 'stacks'}.`;
/** What Clear Updates tells the user it did. */
export const clearedMessage = (count: number) => `Cleared ${count} ${count === 1 ? 'update' : 'updates'}.`;

/**
 * Hide New Stacks and Clear Updates: one call each over the whole feed (not only the pages loaded),
 * under the filters in force, asked first and told after (spec 2 §2.1, §8).
 */
export function useBulkActions(items: StackListItem[], filters: StackFilters, hasNextPage: boolean) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const hideNew = useMutation(trpc.stacks.hideNew.mutationOptions());
  const clearUpdates = useMutation(trpc.stacks.clearUpdates.mutationOptions());
  const [confirm, setConfirm] = useState<'hide' | 'clear' | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const feedFilters = { filter_new: filters.new, filter_friends: filters.friends, filter_no_bots: filters.noBots };

  // The server judges what is new across the whole feed; when every page is loaded and none of it
  // is new, there is nothing to ask about.
  const askHide = () => {
    if (!items.some((item) => isNewBanner(stackBanner(item))) && !hasNextPage) setNotice(NO_NEW);
    else setConfirm('hide');
  };
  const askClear = () => {
    if (!items.some((item) => isUpdateBanner(stackBanner(item))) && !hasNextPage) setNotice(NO_UPDATES);
    else setConfirm('clear');
  };

  /** Runs the call, says what it did (or the failure), then loads the feed afresh. */
  const perform = async (call: () => Promise<Notice>, failure: (error: unknown) => Notice) => {
    setBusy(true);
    try {
      setNotice(await call());
    } catch (error) {
      setNotice(failure(error));
    } finally {
      setBusy(false);
      setConfirm(null);
    }
    await queryClient.resetQueries({ queryKey: trpc.stacks.list.pathKey() });
  };

  const hideAll = () =>
    perform(
      async () => {
        const { count } = await hideNew.mutateAsync(feedFilters);
        return count === 0 ? NO_NEW : { title: 'New Stacks Hidden', text: hiddenMessage(count) };
      },
      (error) => {
        console.error('Failed to hide some stacks', error);
        return { title: 'Error', text: 'Failed to hide some stacks. Please try again.' };
      },
    );

  const clearAll = () =>
    perform(
      async () => {
        const { count } = await clearUpdates.mutateAsync(feedFilters);
        return count === 0 ? NO_UPDATES : { title: 'Updates Cleared', text: clearedMessage(count) };
      },
      (error) => {
        console.error('Failed to clear some updates', error);
        const message = errorDetail(error) ?? (error instanceof Error ? error.message : String(error));
        return { title: 'Error', text: `Failed to clear some updates: ${message}. Please try again.` };
      },
    );

  return { confirm, setConfirm, notice, setNotice, busy, askHide, askClear, hideAll, clearAll };
}

/** The bulk actions' questions and what they tell. */
export function BulkDialogs({ actions }: { actions: ReturnType<typeof useBulkActions> }) {
  const { confirm, setConfirm, notice, setNotice, busy } = actions;
  return (
    <>
      <ConfirmDialog open={confirm === 'hide'} title="Hide New Stacks?" confirmLabel="Hide All" busy={busy} onCancel={() => setConfirm(null)} onConfirm={() => void actions.hideAll()}>
        <p>Every stack marked 'New stack!' or 'New twisted stack!' will be hidden from My Stacks, including those not loaded yet.</p>
      </ConfirmDialog>
      <ConfirmDialog open={confirm === 'clear'} title="Clear Updates?" confirmLabel="Clear All" busy={busy} onCancel={() => setConfirm(null)} onConfirm={() => void actions.clearAll()}>
        <p>Every stack with new responses or new comments will be marked as viewed, including those not loaded yet.</p>
      </ConfirmDialog>
      <Modal
        open={notice !== null}
        title={notice?.title ?? ''}
        onClose={() => setNotice(null)}
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setNotice(null)}>
            OK
          </button>
        }
      >
        <p>{notice?.text}</p>
      </Modal>
    </>
  );
}

