import { useState, type ReactNode } from 'react';
import { LIMITS } from '../../../../shared/limits';
import { errorDetail } from '../../lib/trpc';
import { WEEKDAY_NAMES, weekdaysShort } from '../../../../shared/weekdays';

/** Rows per page of every console list (the API's default page). */
export const ADMIN_PAGE = LIMITS.pageSizeAdmin;

/** What a console action ended with: a success note, or the server's `detail` of a refusal. */
export interface Outcome {
  ok: boolean;
  text: string;
}

/**
 * Runs an action and keeps its outcome for an `OutcomeLine`: `success` (or what it makes of the
 * answer) when it works, else the server's detail, or `failure` when the server gave none.
 */
export function useOutcome() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  async function run<T>(call: () => Promise<T>, success: string | ((answer: T) => string), failure: string): Promise<T | undefined> {
    setOutcome(null);
    try {
      const answer = await call();
      setOutcome({ ok: true, text: typeof success === 'string' ? success : success(answer) });
      return answer;
    } catch (error) {
      console.error(failure, error);
      setOutcome({ ok: false, text: errorDetail(error) ?? failure });
      return undefined;
    }
  }
  return { outcome, setOutcome, run };
}

/** An action's outcome, announced: a status line when it worked, an alert when it was refused. */
export function OutcomeLine({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return null;
  return (
    <p role={outcome.ok ? 'status' : 'alert'} className={`text-sm wrap-anywhere ${outcome.ok ? 'text-success' : 'text-error'}`}>
      {outcome.text}
    </p>
  );
}

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

/**
 * A table that scrolls sideways inside its own box on a narrow screen (375 px), so the page does
 * not. The box is a labelled, focusable region: a keyboard can scroll it too.
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100" role="region" aria-label={label} tabIndex={0}>
      <table className="table table-sm">{children}</table>
    </div>
  );
}

/** A section's heading and what it is for. */
export function SectionHeading({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div className="space-y-1">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children && <p className="text-sm text-base-content/70">{children}</p>}
    </div>
  );
}


/** A schedule in short: 'Every day', 'No days', or 'Mon, Wed, Fri'. */
export function scheduleShort(days: readonly number[]): string {
  const distinct = new Set(days).size;
  if (distinct === WEEKDAY_NAMES.length) return 'Every day';
  if (distinct === 0) return 'No days';
  return weekdaysShort(days);
}
