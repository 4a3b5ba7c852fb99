import type { ReactNode } from 'react';

/** A console section's heading and what it is for. */
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
