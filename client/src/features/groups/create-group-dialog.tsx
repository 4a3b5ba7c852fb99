import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { LIMITS } from '../../../../shared/limits';
import { CountedInput } from '../../components/counted-field';
import { ErrorBanner } from '../../components/error-banner';
import { Modal, ModalActions } from '../../components/modal';
import { useRefreshGroups } from '../../lib/groups-cache';
import { useTRPC } from '../../lib/trpc';
import { READONLY_HINT, RESTRICTED_HINT } from './group-badges';

interface CreateGroupDialogProps {
  open: boolean;
  onClose(): void;
  /** Told the new group's id once it exists (the caller opens its detail). */
  onCreated(groupId: number): void;
}

/** Spec 1 §2 'Create New Group': mounted only while open, so every opening starts blank. */
export function CreateGroupDialog({ open, onClose, onCreated }: CreateGroupDialogProps) {
  return open ? <CreateGroupForm onClose={onClose} onCreated={onCreated} /> : null;
}

function CreateGroupForm({ onClose, onCreated }: Omit<CreateGroupDialogProps, 'open'>) {
  const trpc = useTRPC();
  const refreshGroups = useRefreshGroups();
  const create = useMutation(trpc.groups.create.mutationOptions());
  const ids = { name: useId(), description: useId() };
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isPublic, setIsPublic] = useState(true);
  const [isRestricted, setIsRestricted] = useState(false);
  const [isReadonly, setIsReadonly] = useState(false);
  const [failed, setFailed] = useState(false);

  const blank = name.trim() === '';
  const canSubmit = !blank && !create.isPending;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSubmit) return;
    setFailed(false);
    try {
      const group = await create.mutateAsync({
        name: name.trim(),
        description: description.trim(),
        is_public: isPublic,
        is_restricted: isRestricted,
        is_readonly: isReadonly,
      });
      void refreshGroups();
      onCreated(group.id);
    } catch (error) {
      console.error('Failed to create group', error);
      setFailed(true);
    }
  };

  return (
    <Modal
      open
      title="Create New Group"
      onClose={onClose}
      actions={<ModalActions onCancel={onClose} busy={create.isPending} form="create-group-form" disabled={!canSubmit} label="Add" />}
    >
      <form id="create-group-form" className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        {failed && <ErrorBanner message="Failed to create group" onRetry={() => void submit()} retrying={create.isPending} onDismiss={() => setFailed(false)} />}
        <CountedInput id={ids.name} label="Group Name" value={name} max={LIMITS.groupNameMax} required onChange={setName} />
        <CountedInput id={ids.description} label="Description (optional)" value={description} max={LIMITS.groupDescriptionMax} onChange={setDescription} />
        <fieldset className="space-y-3">
          <legend className="sr-only">Group settings</legend>
          <CheckboxField label="Public Group" checked={isPublic} onChange={setIsPublic} />
          <CheckboxField label="Restricted Group" hint={RESTRICTED_HINT} checked={isRestricted} onChange={setIsRestricted} />
          <CheckboxField label="Read-only Group" hint={READONLY_HINT} checked={isReadonly} onChange={setIsReadonly} />
        </fieldset>
      </form>
    </Modal>
  );
}

function CheckboxField({ label, hint, checked, onChange }: { label: string; hint?: string; checked: boolean; onChange(checked: boolean): void }) {
  const hintId = useId();
  return (
    <div>
      <label className="flex cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          className="checkbox checkbox-primary"
          checked={checked}
          aria-describedby={hint ? hintId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
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
