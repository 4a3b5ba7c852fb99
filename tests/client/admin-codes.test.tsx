import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CodesSection } from '../../client/src/features/admin/codes-section';
import { ADMIN_MESSAGES } from '../../shared/schemas/admin';
import { adminCode } from './admin-fixtures';
import { renderAt, stubTrpc, TrpcFailure } from './render';

/** The console's registration codes (docs/admin.md): make, copy, list, revoke. */

const CODES = [
  adminCode({ id: 3, code: 'WELCOME-1', uses: 2, max_uses: 5 }),
  adminCode({ id: 2, code: 'OLD-CODE', status: 'revoked', revoked_at: '2026-11-25T10:00:00.000Z', created_by: null, expires_at: null }),
];

function renderCodes(handlers: Record<string, unknown> = {}) {
  const server = stubTrpc({ 'admin.listCodes': CODES, ...handlers });
  return { ...renderAt(<CodesSection />), ...server };
}

describe('registration codes', () => {
  it('lists codes with uses/max, status, expiry and who made them ("CLI" for none)', async () => {
    renderCodes();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Code', 'Uses', 'Status', 'Expires', 'Made by', 'Made', 'Actions']);
    const first = within(rows[1]).getAllByRole('cell').map((cell) => cell.textContent);
    expect(first.slice(0, 3)).toEqual(['WELCOME-1', '2/5', 'Active']);
    expect(first[4]).toBe('alice');
    const second = within(rows[2]).getAllByRole('cell').map((cell) => cell.textContent);
    expect(second.slice(0, 5)).toEqual(['OLD-CODE', '1/5', 'Revoked', 'Never', 'CLI']);
    // A revoked code has nothing left to revoke.
    expect(within(rows[2]).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Code list' })).toHaveAttribute('tabindex', '0');
  });

  it('makes a code with uses and days, shows it with Copy, and lists it', async () => {
    const created = adminCode({ id: 4, code: 'FRESH-42', uses: 0, max_uses: 5 });
    let listed = CODES;
    const { user, callsTo } = renderCodes({
      'admin.listCodes': () => listed,
      'admin.createCode': () => {
        listed = [created, ...CODES];
        return created;
      },
    });
    await screen.findByText('WELCOME-1');
    const uses = screen.getByLabelText('Uses');
    await user.clear(uses);
    await user.type(uses, '5');
    await user.type(screen.getByLabelText('Expires in days'), '7');
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    expect(await screen.findByLabelText('New code', { selector: 'input' })).toHaveValue('FRESH-42');
    expect(callsTo('admin.createCode').map((call) => call.input)).toEqual([{ uses: 5, expires_days: 7 }]);
    expect(await screen.findByRole('cell', { name: 'FRESH-42' })).toBeInTheDocument();

    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('FRESH-42');
    expect(await screen.findByText('Copied')).toBeInTheDocument();
  });

  it('empty days is a code that never expires; a bad number of uses is refused before sending, with the API message', async () => {
    const { user, callsTo } = renderCodes({ 'admin.createCode': (input: { uses: number }) => adminCode({ id: 5, code: 'FOREVER', max_uses: input.uses, expires_at: null }) });
    await screen.findByText('WELCOME-1');
    const uses = screen.getByLabelText('Uses');
    await user.clear(uses);
    await user.type(uses, '0');
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.uses);
    expect(callsTo('admin.createCode')).toHaveLength(0);

    await user.clear(uses);
    await user.type(uses, '3');
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    expect(await screen.findByText('3 uses, never expires')).toBeInTheDocument();
    expect(callsTo('admin.createCode').map((call) => call.input)).toEqual([{ uses: 3, expires_days: null }]);
  });

  it("revokes after a confirm, and shows the server's detail when refused", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let refuse = false;
    const { user, callsTo } = renderCodes({
      'admin.revokeCode': (input: { id: number }) => (refuse ? new TrpcFailure(404, 'Registration code not found', 'CODE_NOT_FOUND') : { ...CODES[0], id: input.id, status: 'revoked' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Revoke code WELCOME-1' }));
    let dialog = screen.getByRole('dialog', { name: 'Revoke Code?' });
    // Cancel sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo('admin.revokeCode')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke code WELCOME-1' }));
    dialog = screen.getByRole('dialog', { name: 'Revoke Code?' });
    expect(dialog).toHaveTextContent('Nobody can register with WELCOME-1 any more.');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Code WELCOME-1 revoked')).toBeInTheDocument();
    expect(callsTo('admin.revokeCode').map((call) => call.input)).toEqual([{ id: 3 }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Revoke code WELCOME-1' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Revoke Code?' })).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration code not found');
  });

  it('says so when the list fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderCodes({ 'admin.listCodes': () => new TrpcFailure(403, 'Admins only', 'FORBIDDEN') });
    expect(await screen.findByText('Failed to load registration codes')).toBeInTheDocument();
  });
});
