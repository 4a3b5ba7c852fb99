import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { LIMITS } from '../../../../shared/limits';
import { ReleaseNotesInput } from '../../../../shared/schemas/admin';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CountedLabel } from '../../components/counted-field';
import { useTRPC } from '../../lib/trpc';
import { OutcomeLine, SectionHeading, useOutcome } from './admin-parts';

/** Release notes (docs/admin.md): one message to every active user, as a notification, after a confirm. */
export function ReleaseNotesSection() {
  const trpc = useTRPC();
  const headingId = useId();
  const fieldId = useId();
  const send = useMutation(trpc.admin.releaseNotes.mutationOptions());
  const [message, setMessage] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { outcome, setOutcome, run } = useOutcome();

  function submit(event: FormEvent) {
    event.preventDefault();
    setOutcome(null);
    const parsed = ReleaseNotesInput.safeParse({ message });
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? 'Invalid release notes');
    setInvalid(null);
    setConfirming(true);
  }

  async function confirm() {
    const result = await run(
      () => send.mutateAsync({ message }),
      ({ recipients }) => `Release notes sent to ${recipients} ${recipients === 1 ? 'user' : 'users'}`,
      'Failed to send the release notes',
    );
    setConfirming(false);
    if (result) setMessage('');
  }

  return (
    <section className="space-y-4" aria-labelledby={headingId}>
      <SectionHeading id={headingId} title="Release notes">
        Every active user gets them as a notification.
      </SectionHeading>
      <form className="card bg-base-100 shadow" onSubmit={submit} noValidate>
        <div className="card-body gap-3 p-4">
          <div>
            <CountedLabel htmlFor={fieldId} label="Message" count={message.length} max={LIMITS.releaseNotesMax} />
            <textarea
              id={fieldId}
              className="textarea w-full"
              rows={8}
              value={message}
              maxLength={LIMITS.releaseNotesMax}
              aria-invalid={invalid ? true : undefined}
              onChange={(event) => {
                setMessage(event.target.value);
                setInvalid(null);
              }}
            />
          </div>
          {invalid && (
            <p role="alert" className="text-sm text-error">
              {invalid}
            </p>
          )}
          <OutcomeLine outcome={outcome} />
          <div>
            <button type="submit" className="btn btn-primary btn-sm" disabled={send.isPending}>
              Send
            </button>
          </div>
        </div>
      </form>
      <ConfirmDialog open={confirming} title="Send Release Notes?" confirmLabel="Send" busy={send.isPending} onCancel={() => setConfirming(false)} onConfirm={() => void confirm()}>
        <p>Every active user gets this message as a notification. It cannot be taken back.</p>
      </ConfirmDialog>
    </section>
  );
}
