import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ReportStatus } from '../../../../shared/schemas/reports';
import { QueryState } from '../../components/query-state';
import { useTRPC } from '../../lib/trpc';
import { ReportCard } from './report-card';
import { STATUS_LABELS } from './report-labels';

/** Reports per page of the queue. */
export const REPORTS_PAGE = 20;


/**
 * The admins' queue of reports (docs/reports.md), shown in the dashboard's 'Reports' tab to admins only
 * (the server lists a non-admin's own reports only, and refuses them every decision). Newest first,
 * filtered by status, with what was reported as it was then, and the moderation calls at hand.
 */
export function ReportsQueue() {
  const trpc = useTRPC();
  const filterId = useId();
  const [status, setStatus] = useState<ReportStatus>('open');
  const [offset, setOffset] = useState(0);
  const list = useQuery(trpc.reports.list.queryOptions({ status, offset, limit: REPORTS_PAGE }));
  const reports = list.data ?? [];

  return (
    <section className="mx-auto max-w-4xl space-y-4" aria-labelledby={`${filterId}-title`}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 id={`${filterId}-title`} className="text-2xl font-bold">
          Reports
        </h1>
        <div className="form-control">
          <label className="label-text pb-1" htmlFor={filterId}>
            Status
          </label>
          <select
            id={filterId}
            className="select select-sm"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as ReportStatus);
              setOffset(0);
            }}
          >
            {(Object.keys(STATUS_LABELS) as ReportStatus[]).map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </div>

      <QueryState query={list} error="Failed to load reports" empty={`No ${STATUS_LABELS[status].toLowerCase()} reports.`}>
        {(page) => (
          <ul className="space-y-3" aria-label={`${STATUS_LABELS[status]} reports`}>
            {page.map((report) => (
              <li key={report.id}>
                <ReportCard report={report} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {(offset > 0 || reports.length === REPORTS_PAGE) && (
        <nav className="flex justify-between gap-2" aria-label="Report pages">
          <button type="button" className="btn btn-sm" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - REPORTS_PAGE))}>
            Newer
          </button>
          <button type="button" className="btn btn-sm" disabled={reports.length < REPORTS_PAGE} onClick={() => setOffset(offset + REPORTS_PAGE)}>
            Older
          </button>
        </nav>
      )}
    </section>
  );
}
