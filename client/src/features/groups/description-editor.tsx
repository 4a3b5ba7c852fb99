import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { LIMITS } from '../../../../shared/limits';
import { CountedLabel, LimitedInput } from '../../components/counted-field';
import { useRefreshGroups } from '../../lib/groups-cache';
import { useTimedMessage } from '../../lib/timed-message';
import { useTRPC } from '../../lib/trpc';

interface DescriptionEditorProps {
  groupId: number;
  description: string;
  /** The owner edits (spec 2 §6); everyone else reads. */
  editable: boolean;
}

/** Spec 2 §2.6: the group description, editable by the owner (at most 64 characters, §5). */
export function DescriptionEditor({ groupId, description, editable }: DescriptionEditorProps) {
  if (!editable) {
    return description ? <p className="whitespace-pre-line wrap-anywhere pt-2">{description}</p> : null;
  }
  return <OwnerDescription groupId={groupId} description={description} />;
}

function OwnerDescription({ groupId, description }: { groupId: number; description: string }) {
  const trpc = useTRPC();
  const refreshGroups = useRefreshGroups();
  const save = useMutation(trpc.groups.setDescription.mutationOptions());
  const inputId = useId();
  const [draft, setDraft] = useState(description);
  const [saved, setSaved] = useState(description);
  const [message, showMessage] = useTimedMessage();

  const unchanged = draft.trim() === saved.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (unchanged || save.isPending) return;
    try {
      const result = await save.mutateAsync({ id: groupId, description: draft.trim() });
      setSaved(result.description);
      setDraft(result.description);
      showMessage('Description saved');
      void refreshGroups();
    } catch (error) {
      // Spec 2 §8: group failures other than a missing group are only logged.
      console.error('Failed to save the group description', error);
    }
  };

  return (
    <form className="space-y-1 pt-2" onSubmit={(event) => void submit(event)}>
      <CountedLabel htmlFor={inputId} label="Description" count={draft.length} max={LIMITS.groupDescriptionMax} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <LimitedInput id={inputId} value={draft} max={LIMITS.groupDescriptionMax} placeholder="Describe your group" onChange={setDraft} />
        <button type="submit" className="btn btn-primary" disabled={unchanged || save.isPending}>
          Save
        </button>
      </div>
      {message && (
        <p role="status" className="text-sm text-success">
          {message}
        </p>
      )}
    </form>
  );
}
