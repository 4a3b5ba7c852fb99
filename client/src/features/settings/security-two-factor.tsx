import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { TWO_FACTOR, type TwoFactorSetup } from '../../../../shared/schemas/two-factor';
import { Field } from '../../components/field';
import { Form, useFieldError, useSchemaForm } from '../../components/form';
import { Modal, ModalActions } from '../../components/modal';
import { OutcomeMessage } from '../../components/outcome-message';
import { QueryState } from '../../components/query-state';
import { attemptFailure } from '../../lib/attempts';
import { refocusIfLost } from '../../lib/refocus';
import { useTRPC } from '../../lib/trpc';
import { useActionOutcome } from '../../lib/use-action-outcome';
import { RecoveryCodesActions, RecoveryCodesView } from './security-recovery-codes';

type CodeDialog = 'regenerate' | 'disable';

/**
 * Settings → Security → Two-factor sign-in (docs/two-factor.md). Off: turning it on shows a QR code
 * and the key, asks for a first code, then shows the ten recovery codes. On: the codes left, new
 * codes, and turning it off, each behind a code from the app or a recovery code.
 */
export function TwoFactorSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.twoFactor.status.queryOptions());
  const setup = useMutation(trpc.twoFactor.setup.mutationOptions());
  const [secret, setSecret] = useState<TwoFactorSetup | null>(null);
  const [dialog, setDialog] = useState<CodeDialog | null>(null);
  const { outcome, run } = useActionOutcome();

  const rootRef = useRef<HTMLDivElement>(null);

  // The secret is made when asked for, not as the dialog mounts: one click, one secret.
  async function startSetup() {
    if (setup.isPending) return;
    const made = await run(() => setup.mutateAsync(), { failure: (error) => attemptFailure(error, 'Failed to start two-factor sign-in') });
    if (made) setSecret(made);
  }

  const closeDialog = async () => {
    setSecret(null);
    setDialog(null);
    await queryClient.invalidateQueries({ queryKey: trpc.twoFactor.status.queryKey() });
    // Turned on or off, the opener gave way to the other state's buttons: the first of them takes the focus.
    refocusIfLost(() => rootRef.current?.querySelector('button'));
  };

  return (
    <div ref={rootRef} className="space-y-2">
      <QueryState query={status} quiet error="Failed to load two-factor sign-in" isEmpty={() => false}>
        {(data) =>
          data.enabled ? (
            <>
              <p>Two-factor sign-in is on.</p>
              <p className="text-sm text-base-content/80">Recovery codes left: {data.recovery_codes_left}</p>
              <div className="flex flex-wrap gap-2">
                <button type="button" className="btn btn-sm" onClick={() => setDialog('regenerate')}>
                  New recovery codes
                </button>
                <button type="button" className="btn btn-sm btn-outline btn-error" onClick={() => setDialog('disable')}>
                  Turn off two-factor sign-in
                </button>
              </div>
            </>
          ) : (
            <>
              <p className="text-sm text-base-content/80">Ask for a code from an authenticator app after your password.</p>
              {/* Not disabled while the secret is made: the button keeps the focus, and the dialog gives it back there. */}
              <button type="button" className="btn btn-sm btn-primary" onClick={() => void startSetup()} aria-busy={setup.isPending}>
                {setup.isPending ? 'Preparing...' : 'Turn on two-factor sign-in'}
              </button>
            </>
          )
        }
      </QueryState>
      <OutcomeMessage outcome={outcome} />
      {secret && <TurnOnDialog setup={secret} onClose={() => void closeDialog()} />}
      {dialog && <CodeCheckDialog kind={dialog} onClose={() => void closeDialog()} />}
    </div>
  );
}

/** The one field of the two-factor dialogs: whatever was typed is sent; the server judges it. */
const CodeForm = z.object({ code: z.string() });

/** A code field of the two-factor dialogs, with the server's refusal ("Incorrect code") under it. */
function CodeField({ id, label }: { id: string; label: string }) {
  const { register } = useFormContext<{ code: string }>();
  const error = useFieldError('code');
  return (
    <Field label={label} htmlFor={id} error={error}>
      <input
        id={id}
        className={`input input-bordered w-full font-mono ${error ? 'input-error' : ''}`}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={TWO_FACTOR.codeMax}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        {...register('code')}
      />
    </Field>
  );
}

function TurnOnDialog({ setup, onClose }: { setup: TwoFactorSetup; onClose(): void }) {
  const trpc = useTRPC();
  const confirm = useMutation(trpc.twoFactor.confirm.mutationOptions());
  const ids = { form: useId(), code: useId() };
  const form = useSchemaForm(CodeForm, { defaultValues: { code: '' } });
  const code = form.watch('code');
  const [codes, setCodes] = useState<string[] | null>(null);

  async function submit() {
    try {
      setCodes((await confirm.mutateAsync({ code })).recovery_codes);
    } catch (failure) {
      form.setError('code', { message: attemptFailure(failure, 'Failed to turn on two-factor sign-in') });
    }
  }

  return (
    <Modal
      open
      title="Turn on two-factor sign-in"
      onClose={onClose}
      actions={
        codes ? (
          <RecoveryCodesActions codes={codes} onDone={onClose} />
        ) : (
          <ModalActions onCancel={onClose} busy={confirm.isPending} form={ids.form} disabled={confirm.isPending || code.trim() === ''} label={confirm.isPending ? 'Confirming...' : 'Confirm'} />
        )
      }
    >
      {codes ? (
        <RecoveryCodesView codes={codes} />
      ) : (
        <Form form={form} id={ids.form} className="space-y-3" onSubmit={submit}>
          <p className="text-sm">Scan this QR code with your authenticator app, then enter the six-digit code it shows.</p>
          <img src={setup.qr_code} alt="QR code for your authenticator app" width={192} height={192} className="mx-auto rounded-box bg-white p-2" />
          <div className="text-sm">
            <p>Or type this key:</p>
            <code className="block break-all rounded-box bg-base-200 px-3 py-2 font-mono text-base" data-testid="two-factor-secret">
              {setup.secret}
            </code>
          </div>
          <CodeField id={ids.code} label="Code from the app" />
        </Form>
      )}
    </Modal>
  );
}

const CODE_DIALOGS: Record<CodeDialog, { title: string; intro: string; label: string; busy: string; failed: string }> = {
  regenerate: {
    title: 'New recovery codes',
    intro: 'New codes replace all your unused ones.',
    label: 'Make new codes',
    busy: 'Making codes...',
    failed: 'Failed to make new recovery codes',
  },
  disable: {
    title: 'Turn off two-factor sign-in',
    intro: 'Sign-in will ask for your password only. Your recovery codes stop working.',
    label: 'Turn off',
    busy: 'Turning off...',
    failed: 'Failed to turn off two-factor sign-in',
  },
};

/** New recovery codes, or turning two-factor sign-in off: both ask for a code first. */
function CodeCheckDialog({ kind, onClose }: { kind: CodeDialog; onClose(): void }) {
  const trpc = useTRPC();
  const regenerate = useMutation(trpc.twoFactor.regenerateRecoveryCodes.mutationOptions());
  const disable = useMutation(trpc.twoFactor.disable.mutationOptions());
  const ids = { form: useId(), code: useId() };
  const form = useSchemaForm(CodeForm, { defaultValues: { code: '' } });
  const code = form.watch('code');
  const [codes, setCodes] = useState<string[] | null>(null);
  const text = CODE_DIALOGS[kind];
  const busy = regenerate.isPending || disable.isPending;

  async function submit() {
    try {
      if (kind === 'regenerate') {
        setCodes((await regenerate.mutateAsync({ code })).recovery_codes);
      } else {
        await disable.mutateAsync({ code });
        onClose();
      }
    } catch (failure) {
      form.setError('code', { message: attemptFailure(failure, text.failed) });
    }
  }

  return (
    <Modal
      open
      title={text.title}
      onClose={onClose}
      actions={
        codes ? (
          <RecoveryCodesActions codes={codes} onDone={onClose} />
        ) : (
          <ModalActions onCancel={onClose} busy={busy} form={ids.form} disabled={busy || code.trim() === ''} label={busy ? text.busy : text.label} />
        )
      }
    >
      {codes ? (
        <RecoveryCodesView codes={codes} />
      ) : (
        <Form form={form} id={ids.form} className="space-y-3" onSubmit={submit}>
          <p className="text-sm">{text.intro}</p>
          <CodeField id={ids.code} label="Code from the app or a recovery code" />
        </Form>
      )}
    </Modal>
  );
}
