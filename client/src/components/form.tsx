import type { FormHTMLAttributes, ReactNode } from 'react';
import { FormProvider, useForm, useFormContext, type DefaultValues, type FieldErrors, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * The client's one form kit (docs/STYLE.md habit 11): react-hook-form holding the values, the
 * shared zod schema judging them on submit, `Form` around the fields, `Field` (components/field.tsx)
 * or `FormAlert` saying what is wrong in the schema's own words.
 */

interface SchemaFormOptions<Values extends FieldValues> {
  defaultValues: DefaultValues<Values>;
  /**
   * What the schema judges, made from the form's values (text typed into a number field, a
   * choice that becomes an object); the values themselves by default.
   */
  toInput?(values: Values): unknown;
  /** Only the first problem is kept (forms with one error line, `FormAlert`); by default each field's first. */
  firstIssueOnly?: boolean;
  /** What a problem says when the form words it its own way; the schema's message by default. */
  messageFor?(issue: { path: readonly PropertyKey[]; message: string }, values: Values): string;
}

/**
 * A resolver that parses `toInput(values)` with `schema`: each problem is filed under the field its
 * path starts with (so that field is marked invalid), in the schema's order.
 */
export function schemaResolver<Values extends FieldValues, Output>(schema: ZodType<Output>, options: Omit<SchemaFormOptions<Values>, 'defaultValues'> = {}): Resolver<Values, unknown, Output> {
  return (values) => {
    const parsed = schema.safeParse(options.toInput ? options.toInput(values) : values);
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of options.firstIssueOnly ? parsed.error.issues.slice(0, 1) : parsed.error.issues) {
      const field = String(issue.path[0] ?? 'root');
      errors[field] ??= { type: issue.code, message: options.messageFor ? options.messageFor(issue, values) : issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}

/**
 * The schema check of each form made by `useSchemaForm`, by its control (one stable object per
 * form): `Form` runs it in the submit event itself.
 */
const schemaChecks = new WeakMap<object, Resolver<any, unknown, any>>();

/**
 * A form judged by `schema` on submit, not while typing. The check runs in the submit event
 * (react-hook-form's `handleSubmit` waits for a promise first): what a submit changes is drawn with
 * the submit, and the focus stays where it was, as with the forms before the kit.
 */
export function useSchemaForm<Values extends FieldValues, Output>(schema: ZodType<Output>, options: SchemaFormOptions<Values>): UseFormReturn<Values, unknown, Output> {
  const { defaultValues, ...resolverOptions } = options;
  const form = useForm<Values, unknown, Output>({ defaultValues, mode: 'onSubmit', reValidateMode: 'onSubmit' });
  // The latest options (a toInput may close over props); the map holds one entry per form.
  schemaChecks.set(form.control, schemaResolver<Values, Output>(schema, resolverOptions));
  return form;
}

/** Runs a `useSchemaForm` form's check now: its output, or undefined after filing its problems. */
function checkNow<Values extends FieldValues, Output>(form: UseFormReturn<Values, unknown, Output>, check: Resolver<any, unknown, any>): Output | undefined {
  const result = check(form.getValues(), undefined, { fields: {}, shouldUseNativeValidation: undefined }) as Awaited<ReturnType<Resolver<Values, unknown, Output>>>;
  form.clearErrors();
  const problems = Object.entries(result.errors) as [Path<Values> | 'root', { type: string; message: string }][];
  for (const [field, error] of problems) form.setError(field, error);
  return problems.length === 0 ? (result.values as Output) : undefined;
}

/**
 * Submits a `useSchemaForm` form now, as its submit button does (a Retry, a key that sends): the
 * check, then `onSubmit` with the output when it passes.
 */
export function submitNow<Values extends FieldValues, Output>(form: UseFormReturn<Values, unknown, Output>, onSubmit: (values: Output) => unknown): void {
  const check = schemaChecks.get(form.control);
  if (!check) throw new Error('submitNow needs a form made by useSchemaForm');
  const output = checkNow(form, check);
  if (output !== undefined) void onSubmit(output);
}

type FormProps<Values extends FieldValues, Output> = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'children'> & {
  form: UseFormReturn<Values, unknown, Output>;
  /** Called with the schema's output once the values pass. */
  onSubmit(values: Output): unknown;
  children: ReactNode;
};

/** A `<form>` (the browser's own checks off: the schema's messages are the spec's) with its values in context. */
export function Form<Values extends FieldValues, Output>({ form, onSubmit, children, ...props }: FormProps<Values, Output>) {
  return (
    <FormProvider {...form}>
      <form
        noValidate
        {...props}
        onSubmit={(event) => {
          if (!schemaChecks.has(form.control)) return void form.handleSubmit(onSubmit)(event);
          event.preventDefault();
          submitNow(form, onSubmit);
        }}
      >
        {children}
      </form>
    </FormProvider>
  );
}

/** The message of a field of the enclosing `Form`, if it has one. */
export function useFieldError(name: string): string | undefined {
  const { formState } = useFormContext();
  const error = formState.errors[name];
  return typeof error?.message === 'string' ? error.message : undefined;
}

/** The first message of the enclosing `Form` (a field's, or `root`: a refusal set with `setError('root', ...)`). */
export function useFirstFormError(): string | undefined {
  const { formState } = useFormContext();
  const first = Object.values(formState.errors)[0];
  return typeof first?.message === 'string' ? first.message : undefined;
}

/** The form's one error line: its first message, as an alert. */
export function FormAlert({ className = 'text-sm text-error wrap-anywhere' }: { className?: string }) {
  const message = useFirstFormError();
  if (!message) return null;
  return (
    <p role="alert" className={className}>
      {message}
    </p>
  );
}
