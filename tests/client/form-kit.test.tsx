import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ReleaseNotesInput } from '../../shared/schemas/admin';
import { Form, FormAlert, schemaResolver, useFieldError, useSchemaForm } from '../../client/src/components/form';

/** The form kit (components/form.tsx): values in react-hook-form, judged by a zod schema on submit. */

const Signup = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  age: z.number({ error: 'Age must be a number' }).int('Age must be a whole number'),
});

function NameError() {
  const error = useFieldError('name');
  return error ? <p data-testid="name-error">{error}</p> : null;
}

function SignupForm({ onSubmit, firstIssueOnly = false }: { onSubmit(values: z.infer<typeof Signup>): void; firstIssueOnly?: boolean }) {
  const form = useSchemaForm<{ name: string; age: string }, z.infer<typeof Signup>>(Signup, {
    defaultValues: { name: '', age: '' },
    toInput: (values) => ({ name: values.name, age: Number(values.age.trim() || NaN) }),
    firstIssueOnly,
  });
  const [serverSaid, setServerSaid] = useState(false);
  return (
    <Form
      form={form}
      aria-label="Signup"
      onSubmit={(values) => {
        if (values.name === 'taken' && !serverSaid) {
          setServerSaid(true);
          form.setError('root', { message: 'That name is taken' });
          return;
        }
        onSubmit(values);
      }}
    >
      <label htmlFor="name">Name</label>
      <input id="name" aria-invalid={form.formState.errors.name ? true : undefined} {...form.register('name')} />
      <label htmlFor="age">Age</label>
      <input id="age" aria-invalid={form.formState.errors.age ? true : undefined} {...form.register('age')} />
      <NameError />
      <FormAlert />
      <button type="submit">Save</button>
    </Form>
  );
}

describe('form kit', () => {
  it('judges on submit with the schema, files each problem under its field, and says the first', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<SignupForm onSubmit={onSubmit} />);
    // Nothing is said while typing: the form is judged on submit.
    await user.type(screen.getByLabelText('Age'), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Name is required');
    expect(screen.getByTestId('name-error')).toHaveTextContent('Name is required');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Age')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps only the first problem when asked (one error line)', async () => {
    const user = userEvent.setup();
    render(<SignupForm onSubmit={vi.fn()} firstIssueOnly />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Age')).not.toHaveAttribute('aria-invalid');
  });

  it('hands the schema output to onSubmit in the submit event itself, and clears old problems', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<SignupForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), '  Ada ');
    await user.type(screen.getByLabelText('Age'), '36');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ada', age: 36 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The focus stays on the button: a submit does not move it to a field.
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  });

  it('shows a refusal set as the root error, and clears it on the next submit', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<SignupForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Name'), 'taken');
    await user.type(screen.getByLabelText('Age'), '20');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('That name is taken');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledWith({ name: 'taken', age: 20 });
  });

  it('words a problem its own way with messageFor; a shared schema keeps its message otherwise', () => {
    const resolver = schemaResolver<{ message: string }, unknown>(ReleaseNotesInput, { messageFor: (issue) => `Release notes: ${issue.message}` });
    const result = resolver({ message: '   ' }, undefined, { fields: {}, shouldUseNativeValidation: undefined });
    expect(result).toEqual({ values: {}, errors: { message: { type: 'too_small', message: 'Release notes: Release notes cannot be empty' } } });
    const plain = schemaResolver<{ message: string }, unknown>(ReleaseNotesInput)({ message: '' }, undefined, { fields: {}, shouldUseNativeValidation: undefined });
    expect(plain).toMatchObject({ errors: { message: { message: 'Release notes cannot be empty' } } });
  });
});
