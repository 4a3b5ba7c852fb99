import { useQuery } from '@tanstack/react-query';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { HideForUsersDialog } from '../../components/hide-for-users-dialog';
import { errorDetail, useTRPC } from '../../lib/trpc';

/** The shared Hide Stack for Users dialog, once the reported group stack is loaded. */
export function HideReportedStack({ stackId, onClose, onDone }: { stackId: number; onClose(): void; onDone(count: number): void }) {
  const trpc = useTRPC();
  const stack = useQuery(trpc.stacks.get.queryOptions({ id: stackId }));
  if (stack.isError) {
    return (
      <ConfirmDialog open title="Hide Stack for Users" confirmLabel="OK" onCancel={onClose} onConfirm={onClose}>
        <p role="alert">{errorDetail(stack.error) ?? 'Failed to load stack'}</p>
      </ConfirmDialog>
    );
  }
  if (!stack.data) return null;
  const groupId = stack.data.audience.type === 'group' ? stack.data.group_id : null;
  if (groupId === null) return null;
  return <HideForUsersDialog stack={stack.data} groupId={groupId} onClose={onClose} onDone={onDone} />;
}
