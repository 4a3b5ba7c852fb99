import type { ReactNode } from 'react';

/** A labelled input with its error line underneath. */
export function Field({ label, error, children, htmlFor }: { label: string; error?: string; children: ReactNode; htmlFor: string }) {
  return (
    <div className="form-control w-full">
      <label className="label pb-1" htmlFor={htmlFor}>
        <span className="label-text">{label}</span>
      </label>
      {children}
      {error && (
        <p className="mt-1 text-sm text-error" role="alert" id={`${htmlFor}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
