import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SELF_REASON, UsersSection } from '../../client/src/features/admin/users-section';
import { adminUser, adminUserDetail } from './admin-fixtures';
import { renderAt, stubTrpc, TrpcFailure } from './render';

/** The console's users (docs/admin.md): search, details with whom they invited, the role, deactivation. */

const ALICE = adminUser({ id: 1, username: 'alice', role: 'ADMIN', invited_count: 2 });
const BOB = adminUser({ id: 2, username: 'bob', invited_by: { id: 1, username: 'alice' } });
const CAROL = adminUser({ id: 3, username: 'carol', is_active: false, invited_by: { id: 1, username: 'alice' } });

function renderUsers(handlers: Record<string, unknown> = {}) {
  const server = stubTrpc({
    'admin.listUsers': (input: { q?: string }) => [ALICE, BOB, CAROL].filter((user) => !input.q || user.username.includes(input.q) || user.email.includes(input.q)),
    ...handlers,
  });
  return { ...renderAt(<UsersSection meId={1} />), ...server };
}

const rowOf = (username: string) => screen.getByRole('button', { name: `Details of ${username}` }).closest('tr')!;

describe('users', () => {
  it('lists accounts (deactivated too) with e-mail, role, who invited them and how many they invited', async () => {
    renderUsers();
    await screen.findByText('bob@example.com');
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Username', 'E-mail', 'Role', 'Active', 'Invited by', 'Invited', 'Actions']);
    expect(within(rowOf('alice')).getAllByRole('cell').map((cell) => cell.textContent).slice(1, 6)).toEqual(['alice@example.com', 'Admin', 'Yes', '—', '2']);
    expect(within(rowOf('carol')).getAllByRole('cell').map((cell) => cell.textContent).slice(1, 6)).toEqual(['carol@example.com', 'User', 'Deactivated', 'alice', '0']);
  });

  it('searches by part of a username or e-mail address', async () => {
    const { user, callsTo } = renderUsers();
    await screen.findByText('bob@example.com');
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'car');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(screen.queryByText('bob@example.com')).not.toBeInTheDocument());
    expect(screen.getByText('carol@example.com')).toBeInTheDocument();
    expect(callsTo('admin.listUsers').at(-1)!.input).toEqual({ q: 'car', offset: 0, limit: 50 });
  });

  it('your own row has Make admin and Deactivate disabled, with the reason', async () => {
    renderUsers();
    await screen.findByText('bob@example.com');
    for (const name of ['Remove admin: alice', 'Deactivate alice']) {
      const button = within(rowOf('alice')).getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(SELF_REASON);
    }
    expect(within(rowOf('bob')).getByRole('button', { name: 'Make admin: bob' })).toBeEnabled();
  });

  it("makes a user admin and back, and shows the server's detail when refused", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let refuse = false;
    const { user, callsTo } = renderUsers({
      'admin.setRole': (input: { id: number; role: 'ADMIN' | 'USER' }) =>
        refuse ? new TrpcFailure(409, 'You cannot change your own role or deactivate yourself', 'SELF_ADMIN_CHANGE') : { ...BOB, role: input.role },
    });
    await screen.findByText('bob@example.com');
    await user.click(within(rowOf('bob')).getByRole('button', { name: 'Make admin: bob' }));
    expect(await screen.findByText('bob is now an admin')).toBeInTheDocument();
    expect(callsTo('admin.setRole').map((call) => call.input)).toEqual([{ id: 2, role: 'ADMIN' }]);
    refuse = true;
    await user.click(within(rowOf('bob')).getByRole('button', { name: 'Make admin: bob' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot change your own role or deactivate yourself');
  });

  it('deactivates after a confirm', async () => {
    const { user, callsTo } = renderUsers({ 'admin.deactivateUser': { ...BOB, is_active: false } });
    await screen.findByText('bob@example.com');
    await user.click(within(rowOf('bob')).getByRole('button', { name: 'Deactivate bob' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate User?' });
    expect(dialog).toHaveTextContent('bob is logged out at once and cannot log in again.');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('bob deactivated')).toBeInTheDocument();
    expect(callsTo('admin.deactivateUser').map((call) => call.input)).toEqual([{ id: 2 }]);
    // A deactivated account has no actions left.
    expect(within(rowOf('carol')).getByRole('button', { name: 'Deactivate carol' })).toBeDisabled();
  });

  it("a row opens the user's details, with whom they invited", async () => {
    const { user, callsTo } = renderUsers({
      'admin.getUser': (input: { id: number }) =>
        input.id === 1
          ? adminUserDetail({ ...ALICE, invited: [{ id: 2, username: 'bob' }, { id: 3, username: 'carol' }] })
          : adminUserDetail({ ...BOB, invited: [] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Details of alice' }));
    const dialog = await screen.findByRole('dialog', { name: 'alice' });
    const invited = await within(dialog).findByRole('list', { name: 'Invited by alice' });
    expect(within(invited).getAllByRole('button').map((button) => button.textContent)).toEqual(['bob', 'carol']);
    await user.click(within(invited).getByRole('button', { name: 'bob' }));
    expect(await screen.findByRole('dialog', { name: 'bob' })).toHaveTextContent('Nobody has registered with a code of theirs.');
    expect(callsTo('admin.getUser').map((call) => call.input)).toEqual([{ id: 1 }, { id: 2 }]);
  });
});
