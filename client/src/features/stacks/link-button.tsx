import type { ReactNode } from 'react';

/** A link-styled button: opens a user, group, bot or stack in the app. */
export function LinkButton({ onClick, children }: { onClick(): void; children: ReactNode }) {
  return (
    <button type="button" className="link link-primary text-left font-medium wrap-anywhere" onClick={onClick}>
      {children}
    </button>
  );
}

