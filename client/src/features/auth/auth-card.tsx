import type { ComponentProps } from 'react';
import { Field } from '../../components/field';

/** The signed-out pages' frame (components/centered-card.tsx). */
export { CenteredCard as AuthCard } from '../../components/centered-card';

export { Field } from '../../components/field';

type TextFieldProps = { label: string; id: string; error?: string } & Omit<ComponentProps<'input'>, 'id' | 'className'>;

/** A labelled text input of the signed-out forms; an error marks it invalid and describes it. */
export function TextField({ label, id, error, ...input }: TextFieldProps) {
  return (
    <Field label={label} htmlFor={id} error={error}>
      <input
        id={id}
        className={`input input-bordered w-full ${error ? 'input-error' : ''}`}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
    </Field>
  );
}

/** The form's failure, then its submit button, which shows `busyLabel` and is disabled while the call runs. */
export function FormSubmit({ failure, busy, label, busyLabel }: { failure: string | null; busy: boolean; label: string; busyLabel: string }) {
  return (
    <>
      {/* Plain error text: the soft alert box's red on pink fails the contrast check (WCAG 1.4.3). */}
      {failure && (
        <p role="alert" className="text-error">
          {failure}
        </p>
      )}
      <button type="submit" className="btn btn-primary w-full" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </>
  );
}
