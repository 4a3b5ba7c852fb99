import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthCard } from './auth-card';
import { errorDetail, useTRPC } from '../../lib/trpc';

/** Spec 1 §2 Verify e-mail: verifying, then success or error. */
export function VerifyEmailPage() {
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const token = params.get('token');
  const verify = useMutation(trpc.auth.verifyEmail.mutationOptions());
  const started = useRef(false);

  useEffect(() => {
    // A verification link works once: never send it twice (StrictMode runs effects twice).
    if (!token || started.current) return;
    started.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  if (token && (verify.isIdle || verify.isPending)) {
    return (
      <AuthCard title="Verifying your email...">
        <span className="loading loading-spinner loading-lg" aria-label="Verifying" />
      </AuthCard>
    );
  }
  if (verify.isSuccess) {
    return (
      <AuthCard title="Email Verified Successfully!">
        <p>{verify.data.message}. You can now use every part of Stacks.</p>
        <Link className="btn btn-primary mt-2" to="/login">
          Go to Login
        </Link>
      </AuthCard>
    );
  }
  const message = token ? (errorDetail(verify.error) ?? 'Failed to verify email. Please try again.') : 'No verification token provided';
  return (
    <AuthCard title="Verification Failed">
      <p role="alert" className="text-error">
        {message}
      </p>
      <p>This can happen when:</p>
      <ul className="list-disc pl-6">
        <li>the link has expired (links work for 24 hours),</li>
        <li>the link has already been used,</li>
        <li>the link is invalid or was copied incompletely.</li>
      </ul>
      <div className="mt-2 flex gap-2">
        <Link className="btn" to="/register">
          Register Again
        </Link>
        <Link className="btn btn-primary" to="/login">
          Go to Login
        </Link>
      </div>
    </AuthCard>
  );
}
