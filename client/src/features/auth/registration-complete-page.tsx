import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { TIMINGS } from '../../../../shared/limits';
import { AuthCard } from './auth-card';

const REDIRECT_SECONDS = Math.round(TIMINGS.registrationRedirectMs / 1000);

/**
 * Spec 1 §2 Registration Complete: the register page's 'Registration Successful!' carries on here
 * (the register page only shows it while the browser loads this page), then on to the dashboard
 * after 5 s. The user may stop the countdown (WCAG 2.2.1: a timed redirect can be turned off) and
 * go on with 'Go to Dashboard now' when ready.
 */
export function RegistrationCompletePage() {
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(REDIRECT_SECONDS);
  const [staying, setStaying] = useState(false);

  useEffect(() => {
    if (staying) return;
    const redirect = setTimeout(() => navigate('/dashboard'), TIMINGS.registrationRedirectMs);
    const tick = setInterval(() => setSecondsLeft((s) => Math.max(0, s - 1)), 1000);
    return () => {
      clearTimeout(redirect);
      clearInterval(tick);
    };
  }, [navigate, staying]);

  return (
    <AuthCard title="Registration Successful!">
      <p>You've been signed up successfully.</p>
      <p>Please check your e-mail and follow the link in it to verify your address.</p>
      <p className="text-sm opacity-70" data-testid="redirect-note">
        {staying
          ? 'Go on to your dashboard whenever you are ready.'
          : `You will be taken to your dashboard in ${secondsLeft} ${secondsLeft === 1 ? 'second' : 'seconds'}.`}
      </p>
      <Link className="btn btn-primary mt-2" to="/dashboard">
        Go to Dashboard now
      </Link>
      {!staying && (
        <button type="button" className="btn btn-ghost btn-sm self-center" onClick={() => setStaying(true)}>
          Stay on this page
        </button>
      )}
    </AuthCard>
  );
}
