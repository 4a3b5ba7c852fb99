import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { LIMITS } from '../../../../shared/limits';
import { ReleaseNotesInput } from '../../../../shared/schemas/admin';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CountedLabel } from '../../components/counted-field';
import { Form, FormAlert, useSchemaForm } from '../../components/form';
import { OutcomeMessage } from '../../components/outcome-message';
import { useTRPC } from '../../lib/trpc';
import { serverDetailOr, useActionOutcome } from '../../lib/use-action-outcome';
import { SectionHeading } from './section-heading';

/** Release notes (docs/admin.md): one message to every active user, as a notification, after a confirm. */
export function ReleaseNotesSection() {
  const trpc = useTRPC();
  const headingId = useId();
  const fieldId = useId();
  const send = useMutation(trpc.admin.releaseNotes.mutationOptions());
  const form = useSchemaForm(ReleaseNotesInput, { defaultValues: { message: '' }, firstIssueOnly: true });
  const message = form.watch('message');
  const [confirming, setConfirming] = useState(false);
  const { outcome, show, run } = useActionOutcome();

  async function confirm() {
    const result = await run(() => send.mutateAsync({ message: form.getValues('message') }), {
      success: ({ recipients }) => `Release notes sent to ${recipients} ${recipients === 1 ? 'user' : 'users'}`,
      failure: serverDetailOr('Failed to send the release notes'),
    });
    setConfirming(false);
    if (result) form.reset();
  }

  return (
    <section className="space-y-4" aria-labelledby={headingId}>
      <SectionHeading id={headingId} title="Release notes">
        Every active user gets them as a notification.
      </SectionHeading>
      <Form form={form} onSubmit={() => setConfirming(true)} onSubmitCapture={() => show(null)} className="card bg-base-100 shadow">
        <div className="card-body gap-3 p-4">
          <div>
            <CountedLabel htmlFor={fieldId} label="Message" count={message.length} max={LIMITS.releaseNotesMax} />
            <textarea
              id={fieldId}
              className="textarea w-full"
              rows={8}
              maxLength={LIMITS.releaseNotesMax}
              aria-invalid={form.formState.errors.message ? true : undefined}
              {...form.register('message', { onChange: () => form.clearErrors('message') })}
            />
          </div>
          <FormAlert className="text-sm text-error" />
          <OutcomeMessage outcome={outcome} />
          <div>
            <button type="submit" className="btn btn-primary btn-sm" disabled={send.isPending}>
              Send
            </button>
          </div>
        </div>
      </Form>
      <ConfirmDialog open={confirming} title="Send Release Notes?" confirmLabel="Send" busy={send.isPending} onCancel={() => setConfirming(false)} onConfirm={() => void confirm()}>
        <p>Every active user gets this message as a notification. It cannot be taken back.</p>
      </ConfirmDialog>
    </section>
  );
}
