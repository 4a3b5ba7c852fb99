import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import { RegisterForm, toRegisterInput } from '../../../../shared/schemas/auth';
import { AuthCard, FormSubmit, TextField } from './auth-card';
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

  return (
    <AuthCard title="Create Your Account">
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <TextField label="Username" id="username" autoComplete="username" error={errors.username?.message} {...field('username')} />
        <TextField label="Email" id="email" type="email" autoComplete="email" error={errors.email?.message} {...field('email')} />
        <TextField label="Password" id="password" type="password" autoComplete="new-password" error={errors.password?.message} {...field('password')} />
        <TextField label="Confirm Password" id="confirmPassword" type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...field('confirmPassword')} />
        <TextField label="Registration Code" id="registrationCode" autoComplete="off" error={errors.registrationCode?.message} {...field('registrationCode')} />
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
        <FormSubmit failure={serverError} busy={register.isPending} label="Create Account" busyLabel="Creating Account..." />
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
