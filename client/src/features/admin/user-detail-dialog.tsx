import { useQuery } from '@tanstack/react-query';
import { Modal } from '../../components/modal';
import { QueryState } from '../../components/query-state';
import { formatDateTime } from '../../lib/format-date';
import { useTRPC } from '../../lib/trpc';

/** One account in full, with whom it invited (each opens in turn). */
export function UserDetailDialog({ id, onClose, onOpen }: { id: number; onClose(): void; onOpen(id: number): void }) {
  const trpc = useTRPC();
  const user = useQuery(trpc.admin.getUser.queryOptions({ id }));
  return (
    <Modal open title={user.data ? user.data.username : 'User'} onClose={onClose} wide>
      <QueryState query={user} error="Failed to load the user" inline>
        {(detail) => (
          <div className="space-y-3">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-base-content/70">E-mail</dt>
              <dd className="wrap-anywhere">
                {detail.email} {detail.email_verified ? '' : '(not verified)'}
              </dd>
              <dt className="text-base-content/70">Role</dt>
              <dd>{detail.role === 'ADMIN' ? 'Admin' : 'User'}</dd>
              <dt className="text-base-content/70">Active</dt>
              <dd>{detail.is_active ? 'Yes' : 'Deactivated'}</dd>
              <dt className="text-base-content/70">Registered</dt>
              <dd>{formatDateTime(detail.created_at)}</dd>
              <dt className="text-base-content/70">Last login</dt>
              <dd>{detail.last_login_at ? formatDateTime(detail.last_login_at) : 'Never'}</dd>
              <dt className="text-base-content/70">Invited by</dt>
              <dd className="wrap-anywhere">
                {detail.invited_by ? (
                  <button type="button" className="link link-primary" onClick={() => onOpen(detail.invited_by!.id)}>
                    {detail.invited_by.username}
                  </button>
                ) : (
                  'A code made by the CLI'
                )}
              </dd>
            </dl>
            <h4 className="font-semibold">Invited ({detail.invited_count})</h4>
            {detail.invited.length === 0 ? (
              <p className="text-sm text-base-content/70">Nobody has registered with a code of theirs.</p>
            ) : (
              <ul className="flex flex-wrap gap-2" aria-label={`Invited by ${detail.username}`}>
                {detail.invited.map((invitee) => (
                  <li key={invitee.id}>
                    <button type="button" className="btn btn-xs btn-ghost" onClick={() => onOpen(invitee.id)}>
                      {invitee.username}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {detail.invited_count > detail.invited.length && (
              <p className="text-xs text-base-content/70">And {detail.invited_count - detail.invited.length} more.</p>
            )}
          </div>
        )}
      </QueryState>
    </Modal>
  );
}
