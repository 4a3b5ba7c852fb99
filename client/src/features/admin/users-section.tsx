import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { z } from 'zod';
import { LIMITS } from '../../../../shared/limits';
import type { AdminUser } from '../../../../shared/schemas/admin';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TableHead } from '../../components/data-table';
import { Form, useSchemaForm } from '../../components/form';
import { OutcomeMessage } from '../../components/outcome-message';
import { QueryState } from '../../components/query-state';
import { useTRPC } from '../../lib/trpc';
import { serverDetailOr, useActionOutcome } from '../../lib/use-action-outcome';
import { ADMIN_PAGE, Pager } from './admin-pager';
import { ScrollTable } from './scroll-table';
import { SectionHeading } from './section-heading';
import { UserDetailDialog } from './user-detail-dialog';

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
  const headingId = useId();
  const selfReasonId = useId();
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const [opened, setOpened] = useState<number | null>(null);
  const users = useQuery(trpc.admin.listUsers.queryOptions({ q: q || undefined, offset, limit: ADMIN_PAGE }));
  const actions = useUserActions();

  return (
    <section className="space-y-4" aria-labelledby={headingId}>
      <SectionHeading id={headingId} title="Users">
        Every account, deactivated ones too, with who invited whom.
      </SectionHeading>
      <UserSearch
        onSearch={(typed) => {
          setQ(typed);
          setOffset(0);
        }}
      />
      <p id={selfReasonId} className="text-xs text-base-content/70">
        {SELF_REASON}
      </p>
      <OutcomeMessage outcome={actions.outcome} />
      <QueryState query={users} error="Failed to load users" empty={q ? `No users match “${q}”.` : 'No users.'}>
        {(page) => (
          <ScrollTable label="User list">
            <TableHead columns={COLUMNS} />
            <tbody>
              {page.map((user) => (
                <UserRow key={user.id} user={user} self={user.id === meId} selfReasonId={selfReasonId} busy={actions.busy} onOpen={setOpened} onChangeRole={actions.changeRole} onDeactivate={actions.setDeactivating} />
              ))}
            </tbody>
          </ScrollTable>
        )}
      </QueryState>
      <Pager label="User pages" offset={offset} shown={users.data?.length ?? 0} onChange={setOffset} />
      {opened !== null && <UserDetailDialog id={opened} onClose={() => setOpened(null)} onOpen={setOpened} />}
      <ConfirmDialog
        open={actions.deactivating !== null}
        title="Deactivate User?"
        confirmLabel="Deactivate"
        danger
        busy={actions.deactivatePending}
        onCancel={() => actions.setDeactivating(null)}
        onConfirm={() => actions.deactivating && void actions.confirmDeactivate(actions.deactivating)}
      >
        <p>
          <strong className="wrap-anywhere">{actions.deactivating?.username}</strong> is logged out at once and cannot log in again.
        </p>
      </ConfirmDialog>
    </section>
  );
}

/** The role change and the deactivation (behind its question), each said how it went. */
function useUserActions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const setRole = useMutation(trpc.admin.setRole.mutationOptions());
  const deactivate = useMutation(trpc.admin.deactivateUser.mutationOptions());
  const [deactivating, setDeactivating] = useState<AdminUser | null>(null);
  const { outcome, run } = useActionOutcome();

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });

  async function changeRole(user: AdminUser) {
    const role = user.role === 'ADMIN' ? 'USER' : 'ADMIN';
    await run(() => setRole.mutateAsync({ id: user.id, role }), {
      success: role === 'ADMIN' ? `${user.username} is now an admin` : `${user.username} is no longer an admin`,
      failure: serverDetailOr('Failed to change the role'),
    });
    await refresh();
  }

  async function confirmDeactivate(user: AdminUser) {
    await run(() => deactivate.mutateAsync({ id: user.id }), { success: `${user.username} deactivated`, failure: serverDetailOr('Failed to deactivate the user') });
    setDeactivating(null);
    await refresh();
  }

  return {
    outcome,
    busy: setRole.isPending || deactivate.isPending,
    deactivatePending: deactivate.isPending,
    deactivating,
    setDeactivating,
    changeRole: (user: AdminUser) => void changeRole(user),
    confirmDeactivate,
  };
}

const UserSearchForm = z.object({ q: z.string().trim() });

/** Part of a username or e-mail address; Search lists the accounts that match it from the first page. */
function UserSearch({ onSearch }: { onSearch(q: string): void }) {
  const searchId = useId();
  const form = useSchemaForm(UserSearchForm, { defaultValues: { q: '' } });
  return (
    <Form form={form} onSubmit={({ q }) => onSearch(q)} role="search" className="flex flex-wrap items-end gap-2" noValidate={false}>
      <div className="flex flex-col gap-1">
        <label className="text-sm" htmlFor={searchId}>
          Search users
        </label>
        <input id={searchId} type="search" className="input input-sm w-64 max-w-full" placeholder="Username or e-mail" maxLength={LIMITS.usernameMax} {...form.register('q')} />
      </div>
      <button type="submit" className="btn btn-sm">
        Search
      </button>
    </Form>
  );
}

interface UserRowProps {
  user: AdminUser;
  self: boolean;
  selfReasonId: string;
  busy: boolean;
  onOpen(id: number): void;
  onChangeRole(user: AdminUser): void;
  onDeactivate(user: AdminUser): void;
}

/** One account's row: its details link, what it is, and its role and deactivation buttons. */
function UserRow({ user, self, selfReasonId, busy, onOpen, onChangeRole, onDeactivate }: UserRowProps) {
  const roleAction = user.role === 'ADMIN' ? 'Remove admin' : 'Make admin';
  const selfProps = { 'aria-describedby': self ? selfReasonId : undefined, title: self ? SELF_REASON : undefined };
  return (
    <tr data-user-id={user.id}>
      <td className="whitespace-nowrap">
        <button type="button" className="link link-primary text-left" onClick={() => onOpen(user.id)} aria-label={`Details of ${user.username}`}>
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
          <button type="button" className="btn btn-xs whitespace-nowrap" disabled={self || busy || !user.is_active} {...selfProps} onClick={() => onChangeRole(user)} aria-label={`${roleAction}: ${user.username}`}>
            {roleAction}
          </button>
          <button type="button" className="btn btn-xs btn-outline btn-error" disabled={self || busy || !user.is_active} {...selfProps} onClick={() => onDeactivate(user)} aria-label={`Deactivate ${user.username}`}>
            Deactivate
          </button>
        </div>
      </td>
    </tr>
  );
}
