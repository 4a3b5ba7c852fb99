import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Stack } from '../../../shared/schemas/stacks';
import { useTRPC } from '../lib/trpc';
import { Avatar } from './avatar';
import { Modal, ModalActions } from './modal';
import { QueryState } from './query-state';

interface HideForUsersDialogProps {
  stack: Pick<Stack, 'id' | 'me' | 'hidden_user_ids'>;
  groupId: number;
  onClose(): void;
  /** After the stack was hidden for `count` members. */
  onDone(count: number): void;
}

/**
 * Admins: hide a group stack for chosen members (spec 2 §6; DELETE /v1/stacks/{id}/hide with
 * user_ids). The server names them in `me.hideable_user_ids` (those who have not answered, not the
 * admin), the group their names. Used from the stack's actions and from the Reports queue.
 */
export function HideForUsersDialog({ stack, groupId, onClose, onDone }: HideForUsersDialogProps) {
  const trpc = useTRPC();
  const group = useQuery(trpc.groups.get.queryOptions({ id: groupId }));
  const hide = useMutation(trpc.stacks.hide.mutationOptions());
  const [chosen, setChosen] = useState<number[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const hideable = new Set(stack.me.hideable_user_ids);
  const hidden = new Set(stack.hidden_user_ids);
  const candidates = (group.data?.members ?? []).filter((m) => hideable.has(m.user_id));

  const submit = async () => {
    if (chosen.length === 0) return;
    setFailure(null);
    try {
      await hide.mutateAsync({ id: stack.id, user_ids: chosen });
      onDone(chosen.length);
      onClose();
    } catch (error) {
      console.error('Failed to hide stack for users', error);
      setFailure('Failed to hide stack for users');
    }
  };

  return (
    <Modal
      open
      title="Hide Stack for Users"
      onClose={onClose}
      actions={<ModalActions onCancel={onClose} busy={hide.isPending} disabled={chosen.length === 0 || hide.isPending} onSubmit={() => void submit()} label="Hide for Selected" />}
    >
      <div className="space-y-3">
        <p className="text-sm text-base-content/70">Choose group members who have not answered this stack.</p>
        {failure && (
          <p role="alert" className="text-sm text-error">
            {failure}
          </p>
        )}
        <QueryState query={group} inline error="Failed to load group members" isEmpty={() => candidates.length === 0} empty="Every other member has answered this stack.">
          {() => (
            <ul className="max-h-64 space-y-1 overflow-y-auto" aria-label="Members who have not answered">
              {candidates.map((member) => (
                <li key={member.user_id}>
                  <label className="flex cursor-pointer items-center gap-3 rounded-btn p-1 hover:bg-base-200">
                    <input
                      type="checkbox"
                      className="checkbox checkbox-sm"
                      checked={hidden.has(member.user_id) || chosen.includes(member.user_id)}
                      disabled={hidden.has(member.user_id) || hide.isPending}
                      onChange={(event) => setChosen((all) => (event.target.checked ? [...all, member.user_id] : all.filter((id) => id !== member.user_id)))}
                    />
                    <Avatar kind="user" username={member.user.username} avatarId={member.user.avatar_id} size="xs" alt="" />
                    <span className="wrap-anywhere">{member.user.username}</span>
                    {hidden.has(member.user_id) && <span className="badge badge-ghost badge-sm">Hidden</span>}
                  </label>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </div>
    </Modal>
  );
}
