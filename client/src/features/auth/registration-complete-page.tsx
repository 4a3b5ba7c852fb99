import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { TIMINGS } from '../../../../shared/limits';
import { AuthCard } from '../../components/auth-card';

/** Spec 1 §2 Registration Complete: on to the dashboard after 5 s. */
export function RegistrationCompletePage() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/dashboard'), TIMINGS.registrationRedirectMs);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <AuthCard title="Welcome!">
      <p>You've been signed up successfully.</p>
      <p>Please check your e-mail and follow the link in it to verify your address.</p>
      <p className="text-sm opacity-70">You will be taken to your dashboard in 5 seconds.</p>
      <Link className="btn btn-primary mt-2" to="/dashboard">
        Go to Dashboard now
      </Link>
    </AuthCard>
  );
}
