import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { z } from 'zod';
import { LIMITS } from '../../../../shared/limits';
import { SetDescriptionInput } from '../../../../shared/schemas/groups';
import { CountedLabel, LimitedInput } from '../../components/counted-field';
import { Form, useSchemaForm } from '../../components/form';
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
  const form = useSchemaForm<{ description: string }, z.infer<typeof SetDescriptionInput>>(SetDescriptionInput, { defaultValues: { description }, toInput: (values) => ({ id: groupId, ...values }) });
  const draft = form.watch('description');
  const [saved, setSaved] = useState(description);
  const [message, showMessage] = useTimedMessage();

  const unchanged = draft.trim() === saved.trim();

  const submit = async (input: z.infer<typeof SetDescriptionInput>) => {
    if (unchanged || save.isPending) return;
    try {
      const result = await save.mutateAsync(input);
      setSaved(result.description);
      form.setValue('description', result.description);
      showMessage('Description saved');
      void refreshGroups();
    } catch (error) {
      // Spec 2 §8: group failures other than a missing group are only logged.
      console.error('Failed to save the group description', error);
    }
  };

  return (
    <Form form={form} className="space-y-1 pt-2" onSubmit={submit} noValidate={false}>
      <CountedLabel htmlFor={inputId} label="Description" count={draft.length} max={LIMITS.groupDescriptionMax} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <LimitedInput id={inputId} value={draft} max={LIMITS.groupDescriptionMax} placeholder="Describe your group" onChange={(next) => form.setValue('description', next)} />
        <button type="submit" className="btn btn-primary" disabled={unchanged || save.isPending}>
          Save
        </button>
      </div>
      {message && (
        <p role="status" className="text-sm text-success">
          {message}
        </p>
      )}
    </Form>
  );
}
