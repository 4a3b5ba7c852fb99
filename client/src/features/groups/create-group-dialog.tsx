import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { LIMITS } from '../../../../shared/limits';
import { CreateGroupInput } from '../../../../shared/schemas/groups';
import { CountedInput } from '../../components/counted-field';
import { Form, submitNow, useSchemaForm } from '../../components/form';
import { Modal, ModalActions } from '../../components/modal';
import { OutcomeMessage } from '../../components/outcome-message';
import { useRefreshGroups } from '../../lib/groups-cache';
import { useTRPC } from '../../lib/trpc';
import { useActionOutcome } from '../../lib/use-action-outcome';
import { READONLY_HINT, RESTRICTED_HINT } from './group-badges';

interface CreateGroupDialogProps {
  open: boolean;
  onClose(): void;
  /** Told the new group's id once it exists (the caller opens its detail). */
  onCreated(groupId: number): void;
}

interface GroupValues {
  name: string;
  description: string;
  is_public: boolean;
  is_restricted: boolean;
  is_readonly: boolean;
}

/** Spec 1 §2 'Create New Group': mounted only while open, so every opening starts blank. */
export function CreateGroupDialog({ open, onClose, onCreated }: CreateGroupDialogProps) {
  return open ? <CreateGroupForm onClose={onClose} onCreated={onCreated} /> : null;
}

function CreateGroupForm({ onClose, onCreated }: Omit<CreateGroupDialogProps, 'open'>) {
  const trpc = useTRPC();
  const refreshGroups = useRefreshGroups();
  const create = useMutation(trpc.groups.create.mutationOptions());
  const form = useSchemaForm<GroupValues, CreateGroupInput>(CreateGroupInput, {
    defaultValues: { name: '', description: '', is_public: true, is_restricted: false, is_readonly: false },
  });
  const { outcome, show, run } = useActionOutcome();
  const canSubmit = form.watch('name').trim() !== '' && !create.isPending;

  const send = async (input: CreateGroupInput) => {
    if (!canSubmit) return;
    const group = await run(() => create.mutateAsync(input), { failure: 'Failed to create group' });
    if (group) {
      void refreshGroups();
      onCreated(group.id);
    }
  };

  return (
    <Modal
      open
      title="Create New Group"
      onClose={onClose}
      actions={<ModalActions onCancel={onClose} busy={create.isPending} form="create-group-form" disabled={!canSubmit} label="Add" />}
    >
      <Form form={form} id="create-group-form" className="space-y-4" onSubmit={send}>
        <OutcomeMessage outcome={outcome} banner={{ onRetry: () => submitNow(form, send), retrying: create.isPending, onDismiss: () => show(null) }} />
        <GroupFields />
      </Form>
    </Modal>
  );
}

function GroupFields() {
  const { watch, setValue } = useFormContext<GroupValues>();
  const ids = { name: useId(), description: useId() };
  return (
    <>
      <CountedInput id={ids.name} label="Group Name" value={watch('name')} max={LIMITS.groupNameMax} required onChange={(name) => setValue('name', name)} />
      <CountedInput id={ids.description} label="Description (optional)" value={watch('description')} max={LIMITS.groupDescriptionMax} onChange={(description) => setValue('description', description)} />
      <fieldset className="space-y-3">
        <legend className="sr-only">Group settings</legend>
        <CheckboxField label="Public Group" name="is_public" />
        <CheckboxField label="Restricted Group" hint={RESTRICTED_HINT} name="is_restricted" />
        <CheckboxField label="Read-only Group" hint={READONLY_HINT} name="is_readonly" />
      </fieldset>
    </>
  );
}

function CheckboxField({ label, hint, name }: { label: string; hint?: string; name: 'is_public' | 'is_restricted' | 'is_readonly' }) {
  const { register } = useFormContext<GroupValues>();
  const hintId = useId();
  return (
    <div>
      <label className="flex cursor-pointer items-center gap-3">
        <input type="checkbox" className="checkbox checkbox-primary" aria-describedby={hint ? hintId : undefined} {...register(name)} />
        <span>{label}</span>
      </label>
      {hint && (
        <p id={hintId} className="ml-9 text-sm text-base-content/60">
          {hint}
        </p>
      )}
    </div>
  );
}
