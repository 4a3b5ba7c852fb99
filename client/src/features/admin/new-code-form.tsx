import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { LIMITS } from '../../../../shared/limits';
import { CreateCodeInput, type AdminCode } from '../../../../shared/schemas/admin';
import { Form, FormAlert, useSchemaForm } from '../../components/form';
import { OutcomeMessage } from '../../components/outcome-message';
import { copyText } from '../../lib/clipboard';
import { formatDateTime } from '../../lib/format-date';
import { useTimedMessage } from '../../lib/timed-message';
import { useTRPC } from '../../lib/trpc';
import { serverDetailOr, useActionOutcome } from '../../lib/use-action-outcome';

/** The typed numbers, named as the API's fields (a problem is filed under its field). */
interface NewCodeValues {
  uses: string;
  expires_days: string;
}

/** The typed numbers as the API takes them: no uses is no number; no days is a code that never expires. */
const toCreateCodeInput = ({ uses, expires_days: days }: NewCodeValues) => ({ uses: Number(uses.trim() || NaN), expires_days: days.trim() === '' ? null : Number(days) });

/** Uses and days until expiry (empty: never), checked by the API's own schema before sending. */
export function NewCodeForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.admin.createCode.mutationOptions());
  const usesId = useId();
  const daysId = useId();
  const form = useSchemaForm<NewCodeValues, CreateCodeInput>(CreateCodeInput, { defaultValues: { uses: '1', expires_days: '' }, toInput: toCreateCodeInput, firstIssueOnly: true });
  const { errors } = form.formState;
  const [created, setCreated] = useState<AdminCode | null>(null);
  const { outcome, show, run } = useActionOutcome();
  const [copied, showCopied] = useTimedMessage();

  async function submit(input: CreateCodeInput) {
    setCreated(null);
    const code = await run(() => create.mutateAsync(input), { success: 'Code created', failure: serverDetailOr('Failed to create the code') });
    if (code) {
      setCreated(code);
      await queryClient.invalidateQueries(trpc.admin.listCodes.pathFilter());
    }
  }

  async function copy(code: string) {
    if (await copyText(code)) showCopied('Copied');
    else show({ ok: false, text: 'Could not copy the code. Select it and copy it yourself.' });
  }

  return (
    <Form form={form} onSubmit={submit} className="card bg-base-100 shadow" aria-label="New registration code">
      <div className="card-body gap-3 p-4">
        <h3 className="text-lg font-semibold">New code</h3>
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1">
            <label className="text-sm" htmlFor={usesId}>
              Uses
            </label>
            <input id={usesId} className="input input-sm w-32" type="number" inputMode="numeric" min={1} max={LIMITS.codeUsesMax} aria-invalid={errors.uses ? true : undefined} {...form.register('uses')} />
          </div>
          <div className="flex flex-col gap-1">
            <label className="text-sm" htmlFor={daysId}>
              Expires in days
            </label>
            <input
              id={daysId}
              className="input input-sm w-32"
              type="number"
              inputMode="numeric"
              min={1}
              max={LIMITS.codeExpiryDaysMax}
              placeholder="Never"
              aria-describedby={`${daysId}-hint`}
              aria-invalid={errors.expires_days ? true : undefined}
              {...form.register('expires_days')}
            />
          </div>
          <button type="submit" className="btn btn-primary btn-sm" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create code'}
          </button>
        </div>
        <p id={`${daysId}-hint`} className="text-xs text-base-content/70">
          Leave the days empty for a code that never expires.
        </p>
        <FormAlert className="text-sm text-error" />
        <OutcomeMessage outcome={outcome} />
        {created && <CreatedCode code={created} onCopy={() => void copy(created.code)} />}
        <p role="status" className="min-h-5 text-sm text-success">
          {copied}
        </p>
      </div>
    </Form>
  );
}

/** The code just made, selected on focus, with Copy. */
function CreatedCode({ code, onCopy }: { code: AdminCode; onCopy(): void }) {
  const codeId = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={codeId} className="block font-semibold">
        New code
      </label>
      <div className="flex flex-wrap gap-2">
        <input id={codeId} className="input input-sm min-w-0 flex-1 font-mono" readOnly value={code.code} onFocus={(event) => event.target.select()} />
        <button type="button" className="btn btn-sm" onClick={onCopy}>
          Copy
        </button>
      </div>
      <p className="text-xs text-base-content/70">
        {code.max_uses} {code.max_uses === 1 ? 'use' : 'uses'}, {code.expires_at ? `expires ${formatDateTime(code.expires_at)}` : 'never expires'}
      </p>
    </div>
  );
}
