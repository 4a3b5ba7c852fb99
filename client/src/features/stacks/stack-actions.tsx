import { useState } from 'react';
import { editWindowText } from '../../../../shared/limits';
import type { Stack } from '../../../../shared/schemas/stacks';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { HideForUsersDialog } from '../../components/hide-for-users-dialog';
import { Modal, ModalActions } from '../../components/modal';
import { saveStackPrefill } from './stack-prefill';
import { errorDetail, httpStatusOf } from '../../lib/trpc';
import { otherPerson, useStackActionRunner, type Detail } from './detail-parts';
import { NewStackDialog } from './new-stack-dialog';
import { draftPayload, checkDraft, sixPositions, type StackDraft } from './stack-draft';
import { StackFields } from './stack-fields';
import { CannotEditDialog, TwistFormDialog } from './twist-dialogs';
import { useSandboxTarget } from './twisted-parts';
import type { StackMutations } from './use-stack-mutations';

interface StackActionsProps {
  detail: Detail;
  meId: number | undefined;
  mutations: StackMutations;
  /** The stack is fetched again (after sandboxing, editing, a refused edit). */
  onReload(): Promise<unknown>;
  /** The stack is gone for the viewer (hidden, deleted): back to where it was opened from. */
  onClose(): void;
  onOpenStack(id: number, type: 'stack' | 'twisted'): void;
}

type Open = 'hide' | 'sandbox' | 'unsandbox' | 'delete' | 'twist' | 'editConfirm' | 'edit' | 'cannotEdit' | 'hideForUsers' | 'copy';

/** The texts of spec 2 §2.3, §2.4 and §8 that differ between a stack and a twisted stack. */
const TEXTS = {
  stack: {
    title: 'Stack Actions',
    hideFailed: 'Failed to hide stack',
    hidden: 'This stack will be hidden from My Stacks.',
    sandboxed: 'The stack will be hidden from group members who have not answered it; those who answered still see it.',
    unsandboxed: 'New group members will see this stack again.',
    editWindow: `A stack can be edited within ${editWindowText()} of its creation, while nobody has responded.`,
    editFailed: 'Failed to edit stack',
    cannotEdit: 'Cannot Edit Stack',
  },
  twisted: {
    title: 'Actions',
    hideFailed: 'Failed to hide twisted stack',
    hidden: 'This twisted stack will be hidden from My Stacks.',
    sandboxed: 'The original stack will be hidden from group members who have not answered it; those who answered still see it.',
    unsandboxed: 'New group members will see the original stack again.',
    editWindow: `A twisted stack can be edited within ${editWindowText()} of its creation, while nobody has responded.`,
    editFailed: 'Failed to edit twisted stack',
    cannotEdit: 'Cannot Edit Twisted Stack',
  },
} as const;

/**
 * Spec 2 §2.3 'Stack Actions' and §2.4 'Actions' (Back, Edit, Hide, Sandbox): only what spec 2 §6
 * allows the viewer, as the server's me.can_* flags say.
 */
export function StackActions({ detail, meId, mutations, onReload, onClose, onOpenStack }: StackActionsProps) {
  const { kind, stack } = detail;
  const text = TEXTS[kind];
  const { open, setOpen, error, run, refreshList } = useStackActionRunner<Open>();
  const sandboxTarget = useSandboxTarget(detail, onReload);
  const [formError, setFormError] = useState<string | null>(null);
  const { hide, sandbox, remove, twist } = mutations;
  const groupId = stack.audience.type === 'group' ? stack.group_id : null;

  const openForm = (form: 'twist' | 'editConfirm') => {
    setFormError(null);
    setOpen(form);
  };

  const createTwist = async (twistDescription: string) => {
    setFormError(null);
    try {
      const created = await twist.mutateAsync({ stack_id: stack.id, twist_description: twistDescription });
      setOpen(null);
      void refreshList();
      onOpenStack(created.id, 'twisted');
    } catch (err) {
      console.error('Failed to create twist', err);
      setFormError(errorDetail(err) ?? 'Failed to create twist');
    }
  };

  /** An edit of either kind; a 403 means the edit window closed (spec 2 §8). */
  const saveEdit = async (send: () => Promise<unknown>) => {
    setFormError(null);
    try {
      await send();
      setOpen(null);
      void refreshList();
      await onReload();
    } catch (err) {
      console.error(text.editFailed, err);
      if (httpStatusOf(err) === 403) {
        setOpen('cannotEdit');
        void onReload();
      } else setFormError(`${text.editFailed}. Please try again.`);
    }
  };

  const buttons = {
    back: { label: 'Back', shown: true, onClick: onClose },
    hide: { label: 'Hide', shown: true, onClick: () => setOpen('hide') },
    copy: {
      label: 'Copy Stack',
      shown: true,
      onClick: () => {
        saveStackPrefill({ name: stack.name ?? '', positions: [...stack.positions], friendId: otherPerson(detail, meId)?.id ?? null });
        setOpen('copy');
      },
    },
    twist: { label: 'Twist Stack', shown: stack.me.can_twist, style: 'btn-secondary', onClick: () => openForm('twist') },
    edit: { label: 'Edit', shown: stack.me.can_edit, onClick: () => openForm('editConfirm') },
    sandbox: { label: 'Sandbox', shown: sandboxTarget.canSandbox, style: 'btn-warning', onClick: () => setOpen('sandbox') },
    unsandbox: { label: 'Unsandbox', shown: sandboxTarget.canUnsandbox, style: 'btn-warning', onClick: () => setOpen('unsandbox') },
    hideForUsers: { label: 'Hide Stack for Users', shown: stack.me.can_hide_for_users, onClick: () => setOpen('hideForUsers') },
    remove: { label: 'Delete Stack', shown: stack.me.can_delete, style: 'btn-error', onClick: () => setOpen('delete') },
  };
  const shown =
    kind === 'twisted'
      ? [buttons.back, buttons.edit, buttons.hide, buttons.sandbox, buttons.unsandbox]
      : [buttons.hide, buttons.copy, buttons.twist, buttons.edit, buttons.sandbox, buttons.unsandbox, buttons.hideForUsers, buttons.remove];

  return (
    <section aria-labelledby={`${kind}-actions-title`} className="space-y-3">
      <h2 id={`${kind}-actions-title`} className="text-xl font-bold">
        {text.title}
      </h2>
      {error && (
        <p role="alert" className="alert alert-error alert-soft">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {shown
          .filter((button) => button.shown)
          .map((button) => (
            <button key={button.label} type="button" className={`btn btn-sm ${'style' in button ? button.style : ''}`} onClick={button.onClick}>
              {button.label}
            </button>
          ))}
      </div>

      <ConfirmDialog
        open={open === 'hide'}
        title="Are you sure?"
        confirmLabel="Hide"
        busy={hide.isPending}
        onCancel={() => setOpen(null)}
        onConfirm={() => void run(() => hide.mutateAsync({ id: stack.id }), text.hideFailed, onClose)}
      >
        <p>{text.hidden}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'sandbox' || open === 'unsandbox'}
        title={open === 'unsandbox' ? 'Unsandbox Stack?' : 'Sandbox Stack?'}
        confirmLabel={open === 'unsandbox' ? 'Unsandbox' : 'Sandbox'}
        busy={sandbox.isPending}
        onCancel={() => setOpen(null)}
        onConfirm={() => void run(() => sandbox.mutateAsync({ id: sandboxTarget.id, sandbox: open === 'sandbox' }), 'Failed to update sandbox state', sandboxTarget.reload)}
      >
        <p>{open === 'unsandbox' ? text.unsandboxed : text.sandboxed}</p>
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
        <p>{text.editWindow}</p>
      </ConfirmDialog>

      <TwistFormDialog
        open={open === 'twist'}
        title="Twist Stack"
        submitLabel="Create"
        busyLabel="Creating..."
        busy={twist.isPending}
        error={formError}
        onClose={() => setOpen(null)}
        onSubmit={(description) => void createTwist(description)}
      />
      {detail.kind === 'twisted' ? (
        <TwistFormDialog
          open={open === 'edit'}
          title="Edit Twisted Stack"
          submitLabel="Save"
          busyLabel="Saving..."
          initial={detail.stack.twist_description}
          busy={mutations.editTwist.isPending}
          error={formError}
          onClose={() => setOpen(null)}
          onSubmit={(description) => void saveEdit(() => mutations.editTwist.mutateAsync({ id: stack.id, twist_description: description }))}
        />
      ) : (
        <EditStackDialog
          open={open === 'edit'}
          stack={detail.stack}
          busy={mutations.editStack.isPending}
          error={formError}
          onClose={() => setOpen(null)}
          onSubmit={(values) => void saveEdit(() => mutations.editStack.mutateAsync({ id: stack.id, ...values }))}
        />
      )}
      <CannotEditDialog open={open === 'cannotEdit'} title={text.cannotEdit} onClose={() => setOpen(null)} />
      {open === 'hideForUsers' && groupId !== null && (
        <HideForUsersDialog stack={stack} groupId={groupId} onClose={() => setOpen(null)} onDone={() => void onReload()} />
      )}
      <NewStackDialog
        mode={stack.audience.type}
        open={open === 'copy'}
        initialTargetId={groupId ?? undefined}
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
  busy: boolean;
  /** 'Failed to edit stack. Please try again.' after a failure other than 403. */
  error: string | null;
  onClose(): void;
  onSubmit(values: { name: string | null; positions: string[] }): void;
}

/** Edit Friend Stack / Edit Group Stack: the name and the six positions. */
function EditStackDialog(props: EditStackDialogProps) {
  return props.open ? <EditStackForm {...props} /> : null;
}

function EditStackForm({ stack, busy, error, onClose, onSubmit }: EditStackDialogProps) {
  const [draft, setDraft] = useState<StackDraft>(() => ({ name: stack.name ?? '', positions: sixPositions(stack.positions) }));
  const check = checkDraft(draft);
  const canSave = check.valid && !busy;

  return (
    <Modal
      open
      wide
      title={stack.audience.type === 'group' ? 'Edit Group Stack' : 'Edit Friend Stack'}
      onClose={onClose}
      actions={<ModalActions onCancel={onClose} busy={busy} disabled={!canSave} onSubmit={() => canSave && onSubmit(draftPayload(draft))} label={busy ? 'Saving...' : 'Save'} />}
    >
      <div className="space-y-4">
        {error && (
          <p role="alert" className="alert alert-error alert-soft">
            {error}
          </p>
        )}
        <StackFields draft={draft} onChange={setDraft} disabled={busy} />
        {check.messages.map((message) => (
          <p key={message} role="alert" className="text-sm text-error">
            {message}
          </p>
        ))}
      </div>
    </Modal>
  );
}
