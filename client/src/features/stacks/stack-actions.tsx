import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Stack } from '../../../../shared/schemas/stacks';
import { Avatar } from '../../components/avatar';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Modal } from '../../components/modal';
import { saveStackPrefill } from '../../lib/stack-prefill';
import { errorDetail, httpStatusOf, useTRPC } from '../../lib/trpc';
import { useStackActionRunner } from './detail-parts';
import { NewStackDialog } from './new-stack-dialog';
import { draftPayload, checkDraft, sixPositions, type StackDraft } from './stack-draft';
import { StackFields } from './stack-fields';
import { CannotEditDialog, TwistFormDialog } from './twist-dialogs';

interface StackActionsProps {
  stack: Stack;
  meId: number | undefined;
  isAdmin: boolean;
  /** The stack is fetched again (after sandboxing, editing, a refused edit). */
  onReload(): Promise<unknown>;
  /** The stack is gone for the viewer (hidden, deleted): back to where it was opened from. */
  onClose(): void;
  onOpenStack(id: number, type: 'stack' | 'twisted'): void;
}

type Open = 'hide' | 'sandbox' | 'unsandbox' | 'delete' | 'twist' | 'editConfirm' | 'edit' | 'cannotEdit' | 'hideForUsers' | 'copy' | null;

/** The other person of a friend stack (the copy prefills them, spec 2 §6). */
function friendIdOf(stack: Stack, meId: number | undefined): number | null {
  if (stack.audience.type !== 'friend') return null;
  if (stack.owner_id === meId) return stack.audience.user?.id ?? null;
  return stack.owner_id;
}

/** Spec 2 §2.3 'Stack Actions': only what spec 2 §6 allows the viewer (the server's me.can_* flags). */
export function StackActions({ stack, meId, isAdmin, onReload, onClose, onOpenStack }: StackActionsProps) {
  const trpc = useTRPC();
  const { open, setOpen, error, run, refreshList } = useStackActionRunner<NonNullable<Open>>();
  const [twistError, setTwistError] = useState<string | null>(null);
  const hide = useMutation(trpc.stacks.hide.mutationOptions());
  const sandbox = useMutation(trpc.stacks.sandbox.mutationOptions());
  const remove = useMutation(trpc.stacks.delete.mutationOptions());
  const twist = useMutation(trpc.twistedStacks.create.mutationOptions());
  const isGroup = stack.audience.type === 'group' && stack.group_id !== null;

  const createTwist = async (twistDescription: string) => {
    setTwistError(null);
    try {
      const created = await twist.mutateAsync({ stack_id: stack.id, twist_description: twistDescription });
      setOpen(null);
      void refreshList();
      onOpenStack(created.id, 'twisted');
    } catch (err) {
      console.error('Failed to create twist', err);
      setTwistError(errorDetail(err) ?? 'Failed to create twist');
    }
  };

  return (
    <section aria-labelledby="stack-actions-title" className="space-y-3">
      <h3 id="stack-actions-title" className="text-xl font-bold">
        Stack Actions
      </h3>
      {error && (
        <p role="alert" className="alert alert-error alert-soft">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm" onClick={() => setOpen('hide')}>
          Hide
        </button>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => {
            saveStackPrefill({ name: stack.name ?? '', positions: [...stack.positions], friendId: friendIdOf(stack, meId) });
            setOpen('copy');
          }}
        >
          Copy Stack
        </button>
        {stack.me.can_twist && (
          <button
            type="button"
            className="btn btn-sm btn-secondary"
            onClick={() => {
              setTwistError(null);
              setOpen('twist');
            }}
          >
            Twist Stack
          </button>
        )}
        {stack.me.can_edit && (
          <button type="button" className="btn btn-sm" onClick={() => setOpen('editConfirm')}>
            Edit
          </button>
        )}
        {stack.me.can_sandbox && (
          <button type="button" className="btn btn-sm btn-warning" onClick={() => setOpen('sandbox')}>
            Sandbox
          </button>
        )}
        {stack.me.can_unsandbox && (
          <button type="button" className="btn btn-sm btn-warning" onClick={() => setOpen('unsandbox')}>
            Unsandbox
          </button>
        )}
        {isAdmin && isGroup && (
          <button type="button" className="btn btn-sm" onClick={() => setOpen('hideForUsers')}>
            Hide Stack for Users
          </button>
        )}
        {stack.me.can_delete && (
          <button type="button" className="btn btn-sm btn-error" onClick={() => setOpen('delete')}>
            Delete Stack
          </button>
        )}
      </div>

      <ConfirmDialog
        open={open === 'hide'}
        title="Are you sure?"
        confirmLabel="Hide"
        busy={hide.isPending}
        onCancel={() => setOpen(null)}
        onConfirm={() => void run(() => hide.mutateAsync({ id: stack.id }), 'Failed to hide stack', onClose)}
      >
        <p>This stack will be hidden from My Stacks.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'sandbox' || open === 'unsandbox'}
        title={open === 'unsandbox' ? 'Unsandbox Stack?' : 'Sandbox Stack?'}
        confirmLabel={open === 'unsandbox' ? 'Unsandbox' : 'Sandbox'}
        busy={sandbox.isPending}
        onCancel={() => setOpen(null)}
        onConfirm={() => void run(() => sandbox.mutateAsync({ id: stack.id, sandbox: open === 'sandbox' }), 'Failed to update sandbox state', onReload)}
      >
        <p>
          {open === 'unsandbox'
            ? 'New group members will see this stack again.'
            : 'The stack will be hidden from group members who have not answered it; those who answered still see it.'}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'delete'}
        title="Delete Stack"
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onCancel={() => setOpen(null)}
        onConfirm={() => void run(() => remove.mutateAsync({ id: stack.id }), 'Failed to delete stack', onClose)}
      >
        <p>This bot stack will be deleted permanently.</p>
      </ConfirmDialog>
      <ConfirmDialog open={open === 'editConfirm'} title="Edit Stack?" confirmLabel="Edit" onCancel={() => setOpen(null)} onConfirm={() => setOpen('edit')}>
        <p>A stack can be edited within an hour of its creation, while nobody has responded.</p>
      </ConfirmDialog>

      <TwistFormDialog
        open={open === 'twist'}
        title="Twist Stack"
        submitLabel="Create"
        busyLabel="Creating..."
        busy={twist.isPending}
        error={twistError}
        onClose={() => setOpen(null)}
        onSubmit={(text) => void createTwist(text)}
      />
      <EditStackDialog
        open={open === 'edit'}
        stack={stack}
        onClose={() => setOpen(null)}
        onSaved={async () => {
          setOpen(null);
          void refreshList();
          await onReload();
        }}
        onClosedForEdits={() => {
          setOpen('cannotEdit');
          void onReload();
        }}
      />
      <CannotEditDialog open={open === 'cannotEdit'} title="Cannot Edit Stack" onClose={() => setOpen(null)} />
      {open === 'hideForUsers' && stack.group_id !== null && (
        <HideForUsersDialog stack={stack} groupId={stack.group_id} meId={meId} onClose={() => setOpen(null)} onDone={() => void onReload()} />
      )}
      <NewStackDialog
        mode={stack.audience.type}
        open={open === 'copy'}
        initialTargetId={isGroup ? (stack.group_id ?? undefined) : undefined}
        onClose={() => setOpen(null)}
        onCreated={(id) => {
          setOpen(null);
          onOpenStack(id, 'stack');
        }}
      />
    </section>
  );
}

interface EditStackDialogProps {
  open: boolean;
  stack: Stack;
  onClose(): void;
  onSaved(): Promise<void>;
  /** The server answered 403: the edit window closed (spec 2 §8). */
  onClosedForEdits(): void;
}

/** Edit Friend Stack / Edit Group Stack: the name and the six positions. */
function EditStackDialog(props: EditStackDialogProps) {
  return props.open ? <EditStackForm {...props} /> : null;
}

function EditStackForm({ stack, onClose, onSaved, onClosedForEdits }: EditStackDialogProps) {
  const trpc = useTRPC();
  const edit = useMutation(trpc.stacks.edit.mutationOptions());
  const [draft, setDraft] = useState<StackDraft>(() => ({ name: stack.name ?? '', positions: sixPositions(stack.positions) }));
  const [failed, setFailed] = useState(false);
  const check = checkDraft(draft);
  const canSave = check.valid && !edit.isPending;

  const save = async () => {
    if (!canSave) return;
    setFailed(false);
    try {
      await edit.mutateAsync({ id: stack.id, ...draftPayload(draft) });
      await onSaved();
    } catch (error) {
      console.error('Failed to edit stack', error);
      if (httpStatusOf(error) === 403) onClosedForEdits();
      else setFailed(true);
    }
  };

  return (
    <Modal
      open
      wide
      title={stack.audience.type === 'group' ? 'Edit Group Stack' : 'Edit Friend Stack'}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={edit.isPending}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={!canSave} onClick={() => void save()}>
            {edit.isPending ? 'Saving...' : 'Save'}
          </button>
        </>
      }
    >
      <div className="space-y-4">
        {failed && (
          <p role="alert" className="alert alert-error alert-soft">
            Failed to edit stack. Please try again.
          </p>
        )}
        <StackFields draft={draft} onChange={setDraft} disabled={edit.isPending} />
        {check.messages.map((message) => (
          <p key={message} role="alert" className="text-sm text-error">
            {message}
          </p>
        ))}
      </div>
    </Modal>
  );
}

interface HideForUsersDialogProps {
  stack: Stack;
  groupId: number;
  meId: number | undefined;
  onClose(): void;
  onDone(): void;
}

/** Admins: hide a group stack for chosen members who have not answered it, not themselves (spec 2 §6). */
function HideForUsersDialog({ stack, groupId, meId, onClose, onDone }: HideForUsersDialogProps) {
  const trpc = useTRPC();
  const group = useQuery(trpc.groups.get.queryOptions({ id: groupId }));
  const hide = useMutation(trpc.stacks.hide.mutationOptions());
  const [chosen, setChosen] = useState<number[]>([]);
  const [failed, setFailed] = useState(false);
  const answered = new Set(stack.users.map((u) => u.user_id));
  const hidden = new Set(stack.hidden_user_ids);
  const candidates = (group.data?.members ?? []).filter((m) => m.user_id !== meId && !answered.has(m.user_id));

  const submit = async () => {
    if (chosen.length === 0) return;
    setFailed(false);
    try {
      await hide.mutateAsync({ id: stack.id, user_ids: chosen });
      onDone();
      onClose();
    } catch (error) {
      console.error('Failed to hide stack for users', error);
      setFailed(true);
    }
  };

  return (
    <Modal
      open
      title="Hide Stack for Users"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={hide.isPending}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={chosen.length === 0 || hide.isPending} onClick={() => void submit()}>
            Hide for Selected
          </button>
        </>
      }
    >
      <div className="space-y-3">
        <p className="text-sm text-base-content/70">Choose group members who have not answered this stack.</p>
        {failed && (
          <p role="alert" className="text-sm text-error">
            Failed to hide stack for users
          </p>
        )}
        {group.isPending ? (
          <p className="text-sm text-base-content/70">Loading...</p>
        ) : group.isError ? (
          <p role="alert" className="text-sm text-error">
            Failed to load group members
          </p>
        ) : candidates.length === 0 ? (
          <p className="text-sm text-base-content/70">Every other member has answered this stack.</p>
        ) : (
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
                  <span>{member.user.username}</span>
                  {hidden.has(member.user_id) && <span className="badge badge-ghost badge-sm">Hidden</span>}
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}
