import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { z } from 'zod';
import { TIMINGS } from '../../../../shared/limits';
import { PASSKEYS, type Passkey } from '../../../../shared/schemas/passkeys';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Field } from '../../components/field';
import { Form, useSchemaForm } from '../../components/form';
import { OutcomeMessage } from '../../components/outcome-message';
import { QueryState } from '../../components/query-state';
import { formatDateTime } from '../../lib/format-date';
import { passkeyPrompt, passkeysSupported } from '../../lib/passkey-ceremony';
import { refocusIfLost } from '../../lib/refocus';
import { errorDetail, useTRPC } from '../../lib/trpc';
import { serverDetailOr, useActionOutcome } from '../../lib/use-action-outcome';

/**
 * Settings → Security → Passkeys (docs/passkeys.md): my passkeys with when each was added and last
 * used, Remove behind a question, and a named new one made by the browser's passkey prompt.
 */
export function PasskeySettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.passkeys.list.queryOptions());
  const remove = useMutation(trpc.passkeys.remove.mutationOptions());
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const { outcome, show, run } = useActionOutcome({ successMs: TIMINGS.successBannerMs });
  const [supported] = useState(passkeysSupported);
  const statusRef = useRef<HTMLParagraphElement>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.passkeys.list.queryKey() });

  async function confirmRemove() {
    if (!removing) return;
    await run(
      async () => {
        await remove.mutateAsync({ id: removing.id });
        await refresh();
      },
      { success: `Removed the passkey ${removing.name}.`, failure: serverDetailOr('Failed to remove the passkey') },
    );
    setRemoving(null);
    // The question closed and its opener, the row's Remove, is gone: the outcome takes the focus.
    refocusIfLost(() => statusRef.current);
  }

  return (
    <div className="space-y-3">
      <p className="text-sm text-base-content/80">Sign in with your fingerprint, face or screen lock instead of a password and a code.</p>
      <QueryState query={list} quiet error="Failed to load passkeys" empty="You have no passkeys yet." isEmpty={(data) => data.items.length === 0}>
        {(data) => (
          <ul className="divide-y divide-base-300" aria-label="Passkeys">
            {data.items.map((passkey) => (
              <li key={passkey.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                <div className="min-w-0 flex-1">
                  <p className="font-medium wrap-anywhere">{passkey.name}</p>
                  <p className="flex flex-wrap gap-x-3 text-sm text-base-content/80">
                    <span>
                      Added <time dateTime={passkey.created_at}>{formatDateTime(passkey.created_at)}</time>
                    </span>
                    {passkey.last_used_at ? (
                      <span>
                        Last used <time dateTime={passkey.last_used_at}>{formatDateTime(passkey.last_used_at)}</time>
                      </span>
                    ) : (
                      <span>Never used</span>
                    )}
                  </p>
                </div>
                <button type="button" className="btn btn-sm" aria-label={`Remove ${passkey.name}`} onClick={() => setRemoving(passkey)}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {supported ? <AddPasskey onAdded={(name) => void refresh().then(() => show({ ok: true, text: `Added the passkey ${name}.` }))} /> : <p>This browser cannot use passkeys.</p>}
      <OutcomeMessage outcome={outcome} statusRef={statusRef} />
      <ConfirmDialog
        open={removing !== null}
        title={`Remove the passkey ${removing?.name ?? ''}?`}
        confirmLabel="Remove"
        danger
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void confirmRemove()}
      >
        <p>You will no longer be able to sign in with it.</p>
      </ConfirmDialog>
    </div>
  );
}

/** The new passkey's name, as the spec words its absence. */
const PasskeyNameForm = z.object({ name: z.string().trim().min(1, 'Name is required') });

/** The name field and "Add a passkey": the server's creation options, the browser's prompt, then the new passkey saved. */
function AddPasskey({ onAdded }: { onAdded(name: string): void }) {
  const trpc = useTRPC();
  const options = useMutation(trpc.passkeys.registrationOptions.mutationOptions());
  const add = useMutation(trpc.passkeys.add.mutationOptions());
  const fieldId = useId();
  const form = useSchemaForm(PasskeyNameForm, { defaultValues: { name: '' } });
  const error = form.formState.errors.name?.message;
  const [busy, setBusy] = useState(false);

  async function submit({ name }: { name: string }) {
    setBusy(true);
    try {
      const prompt = await passkeyPrompt('register', await options.mutateAsync(), { cancelled: 'Adding the passkey was cancelled.', failed: 'Failed to add the passkey' });
      if ('problem' in prompt) {
        form.setError('name', { message: prompt.problem });
        return;
      }
      await add.mutateAsync({ name, response: prompt.credential });
      form.reset();
      onAdded(name);
    } catch (failure) {
      form.setError('name', { message: errorDetail(failure) ?? 'Failed to add the passkey' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form form={form} className="space-y-2" onSubmit={(values) => !busy && submit(values)}>
      <div className="max-w-sm">
        <Field label="Passkey name" htmlFor={fieldId} error={error}>
          <input
            id={fieldId}
            className={`input input-bordered w-full ${error ? 'input-error' : ''}`}
            required
            maxLength={PASSKEYS.nameMax}
            aria-invalid={!!error}
            aria-describedby={error ? `${fieldId}-error` : undefined}
            {...form.register('name')}
          />
        </Field>
      </div>
      {/* Not disabled while the prompt is up: the focus stays here, whatever the prompt's outcome. */}
      <button type="submit" className="btn btn-sm btn-primary" aria-busy={busy}>
        {busy ? 'Adding...' : 'Add a passkey'}
      </button>
    </Form>
  );
}
