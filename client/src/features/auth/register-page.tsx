import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import { RegisterForm, toRegisterInput } from '../../../../shared/schemas/auth';
import { AuthCard, Field } from './auth-card';
import { storeToken } from '../../lib/auth-token';
import { errorDetail, isNetworkError, useTRPC } from '../../lib/trpc';

const DEFAULTS: RegisterForm = {
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  registrationCode: '',
  agreeTerms: true,
  agreeRules: true,
};

/** Spec 1 §2 Register: every §5 rule on submit; a field's error clears when it is edited. */
export function RegisterPage() {
  const trpc = useTRPC();
  const register = useMutation(trpc.auth.register.mutationOptions());
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  // An invite link (/register?code=...) fills in the registration code.
  const [searchParams] = useSearchParams();
  const form = useForm<RegisterForm>({
    resolver: zodResolver(RegisterForm),
    defaultValues: { ...DEFAULTS, registrationCode: searchParams.get('code')?.trim() ?? '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;

  const field = (name: keyof RegisterForm) =>
    form.register(name, {
      onChange: () => {
        form.clearErrors(name);
        setServerError(null);
      },
    });

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const { access_token } = await register.mutateAsync(toRegisterInput(values));
      // The page is reloaded at /registration-complete, which starts the session from storage.
      storeToken(access_token, { silent: true });
      setDone(true);
      window.location.assign('/registration-complete');
    } catch (error) {
      setServerError(isNetworkError(error) ? 'Network error. Please try again.' : (errorDetail(error) ?? 'Registration failed'));
    }
  });

  if (done) {
    return (
      <AuthCard title="Registration Successful!">
        <p>Redirecting...</p>
      </AuthCard>
    );
  }

  const inputClass = (name: keyof RegisterForm) => `input input-bordered w-full ${errors[name] ? 'input-error' : ''}`;
  const describedBy = (name: keyof RegisterForm) => (errors[name] ? `${name}-error` : undefined);

  return (
    <AuthCard title="Create Your Account">
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <Field label="Username" htmlFor="username" error={errors.username?.message}>
          <input id="username" autoComplete="username" className={inputClass('username')} aria-invalid={!!errors.username} aria-describedby={describedBy('username')} {...field('username')} />
        </Field>
        <Field label="Email" htmlFor="email" error={errors.email?.message}>
          <input id="email" type="email" autoComplete="email" className={inputClass('email')} aria-invalid={!!errors.email} aria-describedby={describedBy('email')} {...field('email')} />
        </Field>
        <Field label="Password" htmlFor="password" error={errors.password?.message}>
          <input id="password" type="password" autoComplete="new-password" className={inputClass('password')} aria-invalid={!!errors.password} aria-describedby={describedBy('password')} {...field('password')} />
        </Field>
        <Field label="Confirm Password" htmlFor="confirmPassword" error={errors.confirmPassword?.message}>
          <input id="confirmPassword" type="password" autoComplete="new-password" className={inputClass('confirmPassword')} aria-invalid={!!errors.confirmPassword} aria-describedby={describedBy('confirmPassword')} {...field('confirmPassword')} />
        </Field>
        <Field label="Registration Code" htmlFor="registrationCode" error={errors.registrationCode?.message}>
          <input id="registrationCode" autoComplete="off" className={inputClass('registrationCode')} aria-invalid={!!errors.registrationCode} aria-describedby={describedBy('registrationCode')} {...field('registrationCode')} />
        </Field>
        <div>
          <label className="label cursor-pointer justify-start gap-2">
            <input type="checkbox" className="checkbox checkbox-sm" {...field('agreeTerms')} />
            <span className="label-text">
              I agree to the{' '}
              <Link className="link link-primary" to="/terms-of-service" target="_blank" rel="noopener">
                Terms of Service
              </Link>
            </span>
          </label>
          {errors.agreeTerms && <p className="text-sm text-error" role="alert">{errors.agreeTerms.message}</p>}
          <label className="label cursor-pointer justify-start gap-2">
            <input type="checkbox" className="checkbox checkbox-sm" {...field('agreeRules')} />
            <span className="label-text">
              I agree to the{' '}
              <Link className="link link-primary" to="/rules" target="_blank" rel="noopener">
                Community Rules
              </Link>
            </span>
          </label>
          {errors.agreeRules && <p className="text-sm text-error" role="alert">{errors.agreeRules.message}</p>}
        </div>
        {serverError && (
          <div role="alert" className="alert alert-error alert-soft">
            {serverError}
          </div>
        )}
        <button type="submit" className="btn btn-primary w-full" disabled={register.isPending}>
          {register.isPending ? 'Creating Account...' : 'Create Account'}
        </button>
        <p className="text-center text-sm">
          Already have an account?{' '}
          <Link className="link link-primary" to="/login">
            Sign in here
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
