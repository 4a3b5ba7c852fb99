import type { ReactNode } from 'react';

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
