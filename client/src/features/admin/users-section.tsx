import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { LIMITS } from '../../../../shared/limits';
import type { AdminUser } from '../../../../shared/schemas/admin';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TableHead } from '../../components/data-table';
import { Modal } from '../../components/modal';
import { QueryState } from '../../components/query-state';
import { formatDateTime } from '../../lib/format-date';
import { useTRPC } from '../../lib/trpc';
import { ADMIN_PAGE, OutcomeLine, Pager, ScrollTable, SectionHeading, useOutcome } from './admin-parts';

const COLUMNS = [
  { label: 'Username' },
  { label: 'E-mail' },
  { label: 'Role' },
  { label: 'Active' },
  { label: 'Invited by' },
  { label: 'Invited', numeric: true },
  { label: 'Actions' },
];

/** Why one's own row has its buttons disabled (the API refuses them: SELF_ADMIN_CHANGE). */
export const SELF_REASON = 'This is you: another admin must change your role or deactivate you.';

/**
 * Users (docs/admin.md): every account, deactivated ones too, searched by part of a username or
 * e-mail address; a row opens its details (whom it invited); the role and deactivation are at hand.
 */
export function UsersSection({ meId }: { meId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const headingId = useId();
  const searchId = useId();
  const selfReasonId = useId();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const [opened, setOpened] = useState<number | null>(null);
  const [deactivating, setDeactivating] = useState<AdminUser | null>(null);
  const users = useQuery(trpc.admin.listUsers.queryOptions({ q: q || undefined, offset, limit: ADMIN_PAGE }));
  const setRole = useMutation(trpc.admin.setRole.mutationOptions());
  const deactivate = useMutation(trpc.admin.deactivateUser.mutationOptions());
  const { outcome, run } = useOutcome();
  const busy = setRole.isPending || deactivate.isPending;

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });

  function search(event: FormEvent) {
    event.preventDefault();
    setQ(typed.trim());
    setOffset(0);
  }

  async function changeRole(user: AdminUser) {
    const role = user.role === 'ADMIN' ? 'USER' : 'ADMIN';
    await run(
      () => setRole.mutateAsync({ id: user.id, role }),
      role === 'ADMIN' ? `${user.username} is now an admin` : `${user.username} is no longer an admin`,
      'Failed to change the role',
    );
    await refresh();
  }

  async function confirmDeactivate(user: AdminUser) {
    await run(() => deactivate.mutateAsync({ id: user.id }), `${user.username} deactivated`, 'Failed to deactivate the user');
    setDeactivating(null);
    await refresh();
  }

  return (
    <section className="space-y-4" aria-labelledby={headingId}>
      <SectionHeading id={headingId} title="Users">
        Every account, deactivated ones too, with who invited whom.
      </SectionHeading>
      <form role="search" className="flex flex-wrap items-end gap-2" onSubmit={search}>
        <div className="flex flex-col gap-1">
          <label className="text-sm" htmlFor={searchId}>
            Search users
          </label>
          <input
            id={searchId}
            type="search"
            className="input input-sm w-64 max-w-full"
            placeholder="Username or e-mail"
            maxLength={LIMITS.usernameMax}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-sm">
          Search
        </button>
      </form>
      <p id={selfReasonId} className="text-xs text-base-content/70">
        {SELF_REASON}
      </p>
      <OutcomeLine outcome={outcome} />
      <QueryState query={users} error="Failed to load users" empty={q ? `No users match “${q}”.` : 'No users.'}>
        {(page) => (
          <ScrollTable label="User list">
            <TableHead columns={COLUMNS} />
            <tbody>
              {page.map((user) => {
                const self = user.id === meId;
                return (
                  <tr key={user.id} data-user-id={user.id}>
                    <td className="whitespace-nowrap">
                      <button type="button" className="link link-primary text-left" onClick={() => setOpened(user.id)} aria-label={`Details of ${user.username}`}>
                        {user.username}
                      </button>
                      {self && <span className="badge badge-sm badge-ghost ml-1">you</span>}
                    </td>
                    <td className="whitespace-nowrap">{user.email}</td>
                    <td>{user.role === 'ADMIN' ? 'Admin' : 'User'}</td>
                    <td>{user.is_active ? 'Yes' : <span className="badge badge-sm badge-error">Deactivated</span>}</td>
                    <td className="whitespace-nowrap">{user.invited_by?.username ?? '—'}</td>
                    <td className="text-right">{user.invited_count}</td>
                    <td>
                      <div className="flex flex-nowrap gap-1">
                        <button
                          type="button"
                          className="btn btn-xs whitespace-nowrap"
                          disabled={self || busy || !user.is_active}
                          aria-describedby={self ? selfReasonId : undefined}
                          title={self ? SELF_REASON : undefined}
                          onClick={() => void changeRole(user)}
                          aria-label={`${user.role === 'ADMIN' ? 'Remove admin' : 'Make admin'}: ${user.username}`}
                        >
                          {user.role === 'ADMIN' ? 'Remove admin' : 'Make admin'}
                        </button>
                        <button
                          type="button"
                          className="btn btn-xs btn-outline btn-error"
                          disabled={self || busy || !user.is_active}
                          aria-describedby={self ? selfReasonId : undefined}
                          title={self ? SELF_REASON : undefined}
                          onClick={() => setDeactivating(user)}
                          aria-label={`Deactivate ${user.username}`}
                        >
                          Deactivate
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </ScrollTable>
        )}
      </QueryState>
      <Pager label="User pages" offset={offset} shown={users.data?.length ?? 0} onChange={setOffset} />
      {opened !== null && <UserDetailDialog id={opened} onClose={() => setOpened(null)} onOpen={setOpened} />}
      <ConfirmDialog
        open={deactivating !== null}
        title="Deactivate User?"
        confirmLabel="Deactivate"
        danger
        busy={deactivate.isPending}
        onCancel={() => setDeactivating(null)}
        onConfirm={() => deactivating && void confirmDeactivate(deactivating)}
      >
        <p>
          <strong className="wrap-anywhere">{deactivating?.username}</strong> is logged out at once and cannot log in again.
        </p>
      </ConfirmDialog>
    </section>
  );
}

/** One account in full, with whom it invited (each opens in turn). */
function UserDetailDialog({ id, onClose, onOpen }: { id: number; onClose(): void; onOpen(id: number): void }) {
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
