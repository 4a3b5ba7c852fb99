import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { z } from 'zod';
import { LIMITS } from '../../../../shared/limits';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '../../../../shared/schemas/admin';
import { TableHead } from '../../components/data-table';
import { Form, useSchemaForm } from '../../components/form';
import { QueryState } from '../../components/query-state';
import { formatDateTime } from '../../lib/format-date';
import { useTRPC } from '../../lib/trpc';
import { ADMIN_PAGE, Pager } from './admin-pager';
import { ScrollTable } from './scroll-table';
import { SectionHeading } from './section-heading';

const COLUMNS = [{ label: 'When' }, { label: 'Actor' }, { label: 'Source' }, { label: 'Action' }, { label: 'Target' }, { label: 'Outcome' }, { label: 'Detail' }];
const SOURCE_LABELS: Record<AuditEntry['source'], string> = { web: 'Web', rest: 'REST', cli: 'CLI' };

type AuditFilterValues = { actor?: string; action?: AuditAction };

/** The filter form as typed: an actor (blank: anyone) and an action ('': any). */
const AuditFilterForm = z.object({
  actor: z.string().transform((actor) => actor.trim() || undefined),
  action: z.string().transform((action) => (action || undefined) as AuditAction | undefined),
});

/** The audit log (docs/admin.md): every admin action from the app, REST and the CLI, newest first, filtered by actor and action. */
export function AuditSection() {
  const trpc = useTRPC();
  const headingId = useId();
  const [filters, setFilters] = useState<AuditFilterValues>({});
  const [offset, setOffset] = useState(0);
  const entries = useQuery(trpc.admin.audit.queryOptions({ ...filters, offset, limit: ADMIN_PAGE }));
  const filtered = filters.actor !== undefined || filters.action !== undefined;

  function apply(next: AuditFilterValues) {
    setFilters(next);
    setOffset(0);
  }

  return (
    <section className="space-y-4" aria-labelledby={headingId}>
      <SectionHeading id={headingId} title="Audit log">
        Every admin action, from the app, the REST API and the CLI, newest first.
      </SectionHeading>
      <AuditFilters filtered={filtered} onApply={apply} />
      <QueryState query={entries} error="Failed to load the audit log" empty={filtered ? 'No entries match these filters.' : 'The audit log is empty.'}>
        {(page) => (
          <ScrollTable label="Audit entries">
            <TableHead columns={COLUMNS} />
            <tbody>
              {page.map((entry) => (
                <AuditRow key={entry.id} entry={entry} />
              ))}
            </tbody>
          </ScrollTable>
        )}
      </QueryState>
      <Pager label="Audit log pages" offset={offset} shown={entries.data?.length ?? 0} onChange={setOffset} />
    </section>
  );
}

/** Actor and action: Filter applies the typed actor, a chosen action applies at once; Clear filters empties both. */
function AuditFilters({ filtered, onApply }: { filtered: boolean; onApply(filters: AuditFilterValues): void }) {
  const actorId = useId();
  const actionId = useId();
  const form = useSchemaForm(AuditFilterForm, { defaultValues: { actor: '', action: '' } });
  const applyNow = () => onApply(AuditFilterForm.parse(form.getValues()));
  return (
    <Form form={form} onSubmit={onApply} className="flex flex-wrap items-end gap-2" aria-label="Audit log filters" noValidate={false}>
      <div className="flex flex-col gap-1">
        <label className="text-sm" htmlFor={actorId}>
          Actor (id or username)
        </label>
        <input id={actorId} type="search" className="input input-sm w-56 max-w-full" maxLength={LIMITS.usernameMax} {...form.register('actor')} />
      </div>
      <div className="flex flex-col gap-1">
        <label className="text-sm" htmlFor={actionId}>
          Action
        </label>
        <select id={actionId} className="select select-sm" {...form.register('action', { onChange: applyNow })}>
          <option value="">Any action</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-sm">
        Filter
      </button>
      {filtered && (
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          onClick={() => {
            form.reset();
            onApply({});
          }}
        >
          Clear filters
        </button>
      )}
    </Form>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <tr data-audit-id={entry.id}>
      <td className="whitespace-nowrap">
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </td>
      <td className="whitespace-nowrap">{entry.actor?.username ?? 'CLI'}</td>
      <td>{SOURCE_LABELS[entry.source]}</td>
      <td className="font-mono text-xs whitespace-nowrap">{entry.action}</td>
      <td className="whitespace-nowrap">{entry.target_type ? `${entry.target_type} ${entry.target_id ?? ''}`.trim() : '—'}</td>
      <td>
        <span className={`badge badge-sm ${entry.outcome === 'success' ? 'badge-success' : 'badge-error'}`}>{entry.outcome === 'success' ? 'Success' : 'Failure'}</span>
      </td>
      <td className="min-w-48 break-words">{entry.detail ?? ''}</td>
    </tr>
  );
}
