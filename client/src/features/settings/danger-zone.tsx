import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBanner } from '../../components/error-banner';
import { clearToken } from '../../lib/auth-token';
import { useTRPC } from '../../lib/trpc';

/** Spec 1 §2 Settings 'Danger Zone' and §4 "Deactivation: the API is called, then the user is logged out". */
export function DangerZone() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const deactivate = useMutation(trpc.users.deactivate.mutationOptions());
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState(false);

  async function run() {
    setFailed(false);
    try {
      await deactivate.mutateAsync({ confirm: true });
    } catch (error) {
      console.error('Failed to deactivate account', error);
      setConfirming(false);
      setFailed(true);
      return;
    }
    setConfirming(false);
    clearToken();
    navigate('/login', { replace: true });
  }

  return (
    <div className="space-y-3">
      <p>Once you deactivate your account, you will not be able to log in or interact with other users.</p>
      {failed && <ErrorBanner message="Failed to deactivate account" onRetry={() => void run()} onDismiss={() => setFailed(false)} retrying={deactivate.isPending} />}
      <button type="button" className="btn btn-error" onClick={() => setConfirming(true)}>
        Deactivate Account
      </button>
      <ConfirmDialog
        open={confirming}
        title="Deactivate Account"
        confirmLabel="Yes, Deactivate"
        danger
        busy={deactivate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void run()}
      >
        <p>Are you sure you want to deactivate your account?</p>
        <p className="text-sm text-base-content/70">This action cannot be undone. You will be logged out immediately and will not be able to log back in.</p>
      </ConfirmDialog>
    </div>
  );
}
