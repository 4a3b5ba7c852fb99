import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AdminCode } from '../../../../shared/schemas/admin';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TableHead } from '../../components/data-table';
import { QueryState } from '../../components/query-state';
import { formatDateTime } from '../../lib/format-date';
import { OutcomeMessage } from '../../components/outcome-message';
import { useTRPC } from '../../lib/trpc';
import { serverDetailOr, useActionOutcome } from '../../lib/use-action-outcome';
import { ADMIN_PAGE, Pager } from './admin-pager';
import { NewCodeForm } from './new-code-form';
import { ScrollTable } from './scroll-table';
import { SectionHeading } from './section-heading';

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
  const { outcome, run } = useActionOutcome();

  async function confirmRevoke(code: AdminCode) {
    await run(() => revoke.mutateAsync({ id: code.id }), { success: `Code ${code.code} revoked`, failure: serverDetailOr('Failed to revoke the code') });
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
      <OutcomeMessage outcome={outcome} />
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
