import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { HideForUsersDialog } from '../../components/hide-for-users-dialog';
import { OutcomeMessage } from '../../components/outcome-message';
import { errorDetail, httpStatusOf } from '../../lib/trpc';
import { EditStackDialog } from './edit-stack-dialog';
import { NewStackDialog } from './new-stack-dialog';
import { otherPerson, type Detail } from './other-person';
import { STACK_ACTION_TEXTS, type StackActionTexts } from './stack-action-texts';
import { saveStackPrefill } from './stack-prefill';
import { CannotEditDialog, TwistFormDialog } from './twist-dialogs';
import { useSandboxTarget, type SandboxTarget } from './use-sandbox-target';
import { useStackActionRunner } from './use-stack-action-runner';
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
type Runner = ReturnType<typeof useStackActionRunner<Open>>;

/**
 * Spec 2 §2.3 'Stack Actions' and §2.4 'Actions' (Back, Edit, Hide, Sandbox): only what spec 2 §6
 * allows the viewer, as the server's me.can_* flags say.
 */
export function StackActions(props: StackActionsProps) {
  const { detail, meId, onReload, onClose } = props;
  const { kind, stack } = detail;
  const text = STACK_ACTION_TEXTS[kind];
  const runner = useStackActionRunner<Open>();
  const sandboxTarget = useSandboxTarget(detail, onReload);
  const forms = useStackFormActions(props, text, runner);
  const { setOpen } = runner;

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
    twist: { label: 'Twist Stack', shown: stack.me.can_twist, style: 'btn-secondary', onClick: () => forms.openForm('twist') },
    edit: { label: 'Edit', shown: stack.me.can_edit, onClick: () => forms.openForm('editConfirm') },
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
      <OutcomeMessage outcome={runner.outcome} look="alert" />
      <div className="flex flex-wrap gap-2">
        {shown
          .filter((button) => button.shown)
          .map((button) => (
            <button key={button.label} type="button" className={`btn btn-sm ${'style' in button ? button.style : ''}`} onClick={button.onClick}>
              {button.label}
            </button>
          ))}
      </div>
      <StackConfirmDialogs {...props} text={text} runner={runner} sandboxTarget={sandboxTarget} />
      <StackFormDialogs {...props} text={text} runner={runner} forms={forms} />
    </section>
  );
}

/**
 * Twisting and editing: their form's error, and what each does after. An edit refused with 403
 * means the edit window closed (spec 2 §8).
 */
function useStackFormActions({ detail, mutations, onReload, onOpenStack }: StackActionsProps, text: StackActionTexts, { setOpen, refreshList }: Runner) {
  const [formError, setFormError] = useState<string | null>(null);

  const openForm = (form: 'twist' | 'editConfirm') => {
    setFormError(null);
    setOpen(form);
  };

  const createTwist = async (twistDescription: string) => {
    setFormError(null);
    try {
      const created = await mutations.twist.mutateAsync({ stack_id: detail.stack.id, twist_description: twistDescription });
      setOpen(null);
      void refreshList();
      onOpenStack(created.id, 'twisted');
    } catch (err) {
      console.error('Failed to create twist', err);
      setFormError(errorDetail(err) ?? 'Failed to create twist');
    }
  };

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

  return { formError, openForm, createTwist, saveEdit };
}

interface DialogsProps extends StackActionsProps {
  text: StackActionTexts;
  runner: Runner;
}

/** Hide, Sandbox or Unsandbox, Delete and the edit window's question: each behind "are you sure". */
function StackConfirmDialogs({ detail, mutations, onClose, text, runner, sandboxTarget }: DialogsProps & { sandboxTarget: SandboxTarget }) {
  const { open, setOpen, run } = runner;
  const { stack } = detail;
  return (
    <>
      <ConfirmDialog
        open={open === 'hide'}
        title="Are you sure?"
        confirmLabel="Hide"
        busy={mutations.hide.isPending}
        onCancel={() => setOpen(null)}
        onConfirm={() => void run(() => mutations.hide.mutateAsync({ id: stack.id }), text.hideFailed, onClose)}
      >
        <p>{text.hidden}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'sandbox' || open === 'unsandbox'}
        title={open === 'unsandbox' ? 'Unsandbox Stack?' : 'Sandbox Stack?'}
        confirmLabel={open === 'unsandbox' ? 'Unsandbox' : 'Sandbox'}
        busy={mutations.sandbox.isPending}
        onCancel={() => setOpen(null)}
        onConfirm={() => void run(() => mutations.sandbox.mutateAsync({ id: sandboxTarget.id, sandbox: open === 'sandbox' }), 'Failed to update sandbox state', sandboxTarget.reload)}
      >
        <p>{open === 'unsandbox' ? text.unsandboxed : text.sandboxed}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'delete'}
        title="Delete Stack"
        confirmLabel="Delete"
        danger
        busy={mutations.remove.isPending}
        onCancel={() => setOpen(null)}
        onConfirm={() => void run(() => mutations.remove.mutateAsync({ id: stack.id }), 'Failed to delete stack', onClose)}
      >
        <p>This bot stack will be deleted permanently.</p>
      </ConfirmDialog>
      <ConfirmDialog open={open === 'editConfirm'} title="Edit Stack?" confirmLabel="Edit" onCancel={() => setOpen(null)} onConfirm={() => setOpen('edit')}>
        <p>{text.editWindow}</p>
      </ConfirmDialog>
    </>
  );
}

/** Twist, Edit (of either kind), the refused edit, Hide Stack for Users and Copy Stack. */
function StackFormDialogs({ detail, mutations, onReload, onOpenStack, text, runner, forms }: DialogsProps & { forms: ReturnType<typeof useStackFormActions> }) {
  const { open, setOpen } = runner;
  const { stack } = detail;
  const groupId = stack.audience.type === 'group' ? stack.group_id : null;
  const close = () => setOpen(null);
  return (
    <>
      <TwistFormDialog
        open={open === 'twist'}
        title="Twist Stack"
        submitLabel="Create"
        busyLabel="Creating..."
        busy={mutations.twist.isPending}
        error={forms.formError}
        onClose={close}
        onSubmit={(description) => void forms.createTwist(description)}
      />
      {detail.kind === 'twisted' ? (
        <TwistFormDialog
          open={open === 'edit'}
          title="Edit Twisted Stack"
          submitLabel="Save"
          busyLabel="Saving..."
          initial={detail.stack.twist_description}
          busy={mutations.editTwist.isPending}
          error={forms.formError}
          onClose={close}
          onSubmit={(description) => void forms.saveEdit(() => mutations.editTwist.mutateAsync({ id: stack.id, twist_description: description }))}
        />
      ) : (
        <EditStackDialog
          open={open === 'edit'}
          stack={detail.stack}
          busy={mutations.editStack.isPending}
          error={forms.formError}
          onClose={close}
          onSubmit={(values) => void forms.saveEdit(() => mutations.editStack.mutateAsync({ id: stack.id, ...values }))}
        />
      )}
      <CannotEditDialog open={open === 'cannotEdit'} title={text.cannotEdit} onClose={close} />
      {open === 'hideForUsers' && groupId !== null && <HideForUsersDialog stack={stack} groupId={groupId} onClose={close} onDone={() => void onReload()} />}
      <NewStackDialog
        mode={stack.audience.type}
        open={open === 'copy'}
        initialTargetId={groupId ?? undefined}
        onClose={close}
        onCreated={(id) => {
          setOpen(null);
          onOpenStack(id, 'stack');
        }}
      />
    </>
  );
}
