import { LIMITS } from '../../../../shared/limits';

/** Rows per page of every console list (the API's default page). */
export const ADMIN_PAGE = LIMITS.pageSizeAdmin;

/** Previous and Next under a list: Next only while the last page was full. */
export function Pager({ label, offset, shown, onChange }: { label: string; offset: number; shown: number; onChange(offset: number): void }) {
  if (offset === 0 && shown < ADMIN_PAGE) return null;
  return (
    <nav className="flex items-center justify-between gap-2" aria-label={label}>
      <button type="button" className="btn btn-sm" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - ADMIN_PAGE))}>
        Previous
      </button>
      <span className="text-sm text-base-content/70">
        {shown === 0 ? 'None' : `${offset + 1}–${offset + shown}`}
      </span>
      <button type="button" className="btn btn-sm" disabled={shown < ADMIN_PAGE} onClick={() => onChange(offset + ADMIN_PAGE)}>
        Next
      </button>
    </nav>
  );
}
