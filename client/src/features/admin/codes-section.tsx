import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { LIMITS } from '../../../../shared/limits';
import { CreateCodeInput, type AdminCode } from '../../../../shared/schemas/admin';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TableHead } from '../../components/data-table';
import { QueryState } from '../../components/query-state';
import { formatDateTime } from '../../lib/format-date';
import { useTRPC } from '../../lib/trpc';
import { useTimedMessage } from '../../lib/timed-message';
import { copyText } from '../../lib/clipboard';
import { ADMIN_PAGE, OutcomeLine, Pager, ScrollTable, SectionHeading, useOutcome } from './admin-parts';

const STATUS: Record<AdminCode['status'], { text: string; badge: string }> = {
  active: { text: 'Active', badge: 'badge-success' },
  used_up: { text: 'Used up', badge: 'badge-ghost' },
  expired: { text: 'Expired', badge: 'badge-ghost' },
  revoked: { text: 'Revoked', badge: 'badge-error' },
};

const COLUMNS = [{ label: 'Code' }, { label: 'Uses', numeric: true }, { label: 'Status' }, { label: 'Expires' }, { label: 'Made by' }, { label: 'Made' }, { label: 'Actions' }];

/** Registration codes (docs/admin.md): make one with a number of uses and an expiry, list them, revoke one. */
export function CodesSection() {
  const trpc = useTRPC();
  const headingId = useId();
  const [offset, setOffset] = useState(0);
  const [revoking, setRevoking] = useState<AdminCode | null>(null);
  const codes = useQuery(trpc.admin.listCodes.queryOptions({ offset, limit: ADMIN_PAGE }));
  const queryClient = useQueryClient();
  const revoke = useMutation(trpc.admin.revokeCode.mutationOptions());
  const { outcome, run } = useOutcome();

  async function confirmRevoke(code: AdminCode) {
    await run(() => revoke.mutateAsync({ id: code.id }), `Code ${code.code} revoked`, 'Failed to revoke the code');
    setRevoking(null);
    await queryClient.invalidateQueries(trpc.admin.listCodes.pathFilter());
  }

  return (
    <section className="space-y-4" aria-labelledby={headingId}>
      <SectionHeading id={headingId} title="Registration codes">
        A code lets new accounts register: as many as its uses, until it expires or is revoked.
      </SectionHeading>
      <NewCodeForm />
      <h3 className="text-lg font-semibold">All codes</h3>
      <OutcomeLine outcome={outcome} />
      <QueryState query={codes} error="Failed to load registration codes" empty="No registration codes yet.">
        {(page) => (
          <ScrollTable label="Code list">
            <TableHead columns={COLUMNS} />
            <tbody>
              {page.map((code) => (
                <tr key={code.id} data-code-id={code.id}>
                  <td className="font-mono whitespace-nowrap">{code.code}</td>
                  <td className="text-right whitespace-nowrap">
                    {code.uses}/{code.max_uses}
                  </td>
                  <td>
                    <span className={`badge badge-sm ${STATUS[code.status].badge}`}>{STATUS[code.status].text}</span>
                  </td>
                  <td className="whitespace-nowrap">{code.expires_at ? <time dateTime={code.expires_at}>{formatDateTime(code.expires_at)}</time> : 'Never'}</td>
                  <td className="whitespace-nowrap">{code.created_by?.username ?? 'CLI'}</td>
                  <td className="whitespace-nowrap">
                    <time dateTime={code.created_at}>{formatDateTime(code.created_at)}</time>
                  </td>
                  <td>
                    {code.status !== 'revoked' && (
                      <button type="button" className="btn btn-xs btn-outline btn-error" onClick={() => setRevoking(code)} aria-label={`Revoke code ${code.code}`}>
                        Revoke
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </QueryState>
      <Pager label="Registration code pages" offset={offset} shown={codes.data?.length ?? 0} onChange={setOffset} />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke Code?"
        confirmLabel="Revoke"
        danger
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && void confirmRevoke(revoking)}
      >
        <p>
          Nobody can register with <span className="font-mono">{revoking?.code}</span> any more. Accounts made with it stay.
        </p>
      </ConfirmDialog>
    </section>
  );
}

/** Uses and days until expiry (empty: never), checked by the API's own schema before sending. */
function NewCodeForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.admin.createCode.mutationOptions());
  const usesId = useId();
  const daysId = useId();
  const codeId = useId();
  const [uses, setUses] = useState('1');
  const [days, setDays] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [created, setCreated] = useState<AdminCode | null>(null);
  const [copied, showCopied] = useTimedMessage();
  const { outcome, setOutcome, run } = useOutcome();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CreateCodeInput.safeParse({ uses: Number(uses.trim() || NaN), expires_days: days.trim() === '' ? null : Number(days) });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Invalid code');
      return;
    }
    setInvalid(null);
    setCreated(null);
    const code = await run(() => create.mutateAsync(parsed.data), 'Code created', 'Failed to create the code');
    if (code) {
      setCreated(code);
      await queryClient.invalidateQueries(trpc.admin.listCodes.pathFilter());
    }
  }

  async function copy(code: string) {
    if (await copyText(code)) showCopied('Copied');
    else setOutcome({ ok: false, text: 'Could not copy the code. Select it and copy it yourself.' });
  }

  return (
    <form className="card bg-base-100 shadow" onSubmit={(event) => void submit(event)} noValidate aria-label="New registration code">
      <div className="card-body gap-3 p-4">
        <h3 className="text-lg font-semibold">New code</h3>
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1">
            <label className="text-sm" htmlFor={usesId}>
              Uses
            </label>
            <input
              id={usesId}
              className="input input-sm w-32"
              type="number"
              inputMode="numeric"
              min={1}
              max={LIMITS.codeUsesMax}
              value={uses}
              aria-invalid={invalid !== null && invalid.startsWith('uses') ? true : undefined}
              onChange={(event) => setUses(event.target.value)}
            />
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
              value={days}
              placeholder="Never"
              aria-describedby={`${daysId}-hint`}
              aria-invalid={invalid !== null && invalid.startsWith('expires') ? true : undefined}
              onChange={(event) => setDays(event.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary btn-sm" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create code'}
          </button>
        </div>
        <p id={`${daysId}-hint`} className="text-xs text-base-content/70">
          Leave the days empty for a code that never expires.
        </p>
        {invalid && (
          <p role="alert" className="text-sm text-error">
            {invalid}
          </p>
        )}
        <OutcomeLine outcome={outcome} />
        {created && (
          <div className="space-y-1">
            <label htmlFor={codeId} className="block font-semibold">
              New code
            </label>
            <div className="flex flex-wrap gap-2">
              <input id={codeId} className="input input-sm min-w-0 flex-1 font-mono" readOnly value={created.code} onFocus={(event) => event.target.select()} />
              <button type="button" className="btn btn-sm" onClick={() => void copy(created.code)}>
                Copy
              </button>
            </div>
            <p className="text-xs text-base-content/70">
              {created.max_uses} {created.max_uses === 1 ? 'use' : 'uses'}, {created.expires_at ? `expires ${formatDateTime(created.expires_at)}` : 'never expires'}
            </p>
          </div>
        )}
        <p role="status" className="min-h-5 text-sm text-success">
          {copied}
        </p>
      </div>
    </form>
  );
}
