import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { NewPasswordForm } from '../../../../shared/schemas/auth';
import { AuthCard, FormSubmit, TextField } from './auth-card';
import { errorDetail, httpStatusOf, useTRPC } from '../../lib/trpc';

const DEFAULT_SENT_MESSAGE = 'If the email address exists, a password reset link has been sent.';

/** Spec 1 §2 Reset Password: asks for a link; with ?token= from the mail, sets the new password. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <ChooseNewPassword token={token} /> : <RequestResetLink />;
}

function RequestResetLink() {
  const trpc = useTRPC();
  const recovery = useMutation(trpc.auth.recovery.mutationOptions());
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    try {
      const answer = await recovery.mutateAsync({ email });
      setResult({ ok: true, text: answer.message || DEFAULT_SENT_MESSAGE });
    } catch {
      setResult({ ok: false, text: 'An error occurred. Please try again.' });
    }
  }

  return (
    <AuthCard title="Reset Password">
      <p className="text-sm opacity-80">
        Enter the e-mail address of your account. We will send you a link to choose a new password; the e-mail also
        reminds you of your username.
      </p>
      <form onSubmit={onSubmit} className="space-y-3">
        <TextField label="Email" id="email" type="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        {result && (
          <div role={result.ok ? 'status' : 'alert'} className={`alert alert-soft ${result.ok ? 'alert-success' : 'alert-error'}`}>
            {result.text}
          </div>
        )}
        <button type="submit" className="btn btn-primary w-full" disabled={recovery.isPending}>
          {recovery.isPending ? 'Sending...' : 'Send Reset Link'}
        </button>
      </form>
      <Link className="link mt-2 self-center text-sm" to="/login">
        Back to Login
      </Link>
    </AuthCard>
  );
}

type NewPassword = z.infer<typeof NewPasswordForm>;

/**
 * The link is checked as the page opens (GET /v1/auth/reset/check, which does not use it up): a
 * used, expired or unknown link says so at once, instead of after two passwords are typed.
 */
function ChooseNewPassword({ token }: { token: string }) {
  const trpc = useTRPC();
  const check = useQuery({ ...trpc.auth.checkReset.queryOptions({ token }), retry: false, staleTime: Infinity });
  const refusal = httpStatusOf(check.error) === 400 ? (errorDetail(check.error) ?? 'Invalid password reset link') : null;

  if (check.isPending) {
    return (
      <AuthCard title="Choose a new password">
        <p role="status">Checking your link...</p>
      </AuthCard>
    );
  }
  if (refusal) {
    return (
      <AuthCard title="Link cannot be used">
        <div role="alert" className="alert alert-error alert-soft">
          {refusal}
        </div>
        <p className="text-sm opacity-80">Ask for a new link: it is valid for 1 hour and works once.</p>
        <Link className="btn btn-primary mt-2" to="/reset-password">
          Send a new link
        </Link>
        <Link className="link mt-2 self-center text-sm" to="/login">
          Back to Login
        </Link>
      </AuthCard>
    );
  }
  // Checked, or the check could not answer (network, server): the reset itself will tell.
  return <NewPasswordFormCard token={token} />;
}

function NewPasswordFormCard({ token }: { token: string }) {
  const trpc = useTRPC();
  const reset = useMutation(trpc.auth.reset.mutationOptions());
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<NewPassword>({
    resolver: zodResolver(NewPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const field = (name: keyof NewPassword) => form.register(name, { onChange: () => form.clearErrors(name) });

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setServerError(null);
    try {
      await reset.mutateAsync({ token, password });
    } catch (error) {
      setServerError(errorDetail(error) ?? 'An error occurred. Please try again.');
    }
  });

  if (reset.isSuccess) {
    return (
      <AuthCard title="Password changed">
        <p role="status">{reset.data.message}</p>
        <Link className="btn btn-primary mt-2" to="/login">
          Go to Login
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password">
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <TextField label="New password" id="password" type="password" autoComplete="new-password" error={errors.password?.message} {...field('password')} />
        <TextField label="Confirm Password" id="confirmPassword" type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...field('confirmPassword')} />
        <FormSubmit failure={serverError} busy={reset.isPending} label="Set New Password" busyLabel="Saving..." />
      </form>
      <Link className="link mt-2 self-center text-sm" to="/reset-password">
        Send a new link
      </Link>
    </AuthCard>
  );
}
