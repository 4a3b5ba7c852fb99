import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuditSection } from '../../client/src/features/admin/audit-section';
import { ReleaseNotesSection } from '../../client/src/features/admin/release-notes-section';
import { LIMITS } from '../../shared/limits';
import { ADMIN_MESSAGES, AUDIT_ACTIONS } from '../../shared/schemas/admin';
import { auditEntry } from './admin-fixtures';
import { renderAt, stubTrpc, TrpcFailure } from './render';

/** The console's release notes and audit log (docs/admin.md). */

describe('release notes', () => {
  it('counts characters up to the limit, confirms, then says how many users got them', async () => {
    const server = stubTrpc({ 'admin.releaseNotes': { recipients: 12 } });
    const { user } = renderAt(<ReleaseNotesSection />);
    const field = screen.getByLabelText('Message');
    expect(field).toHaveAttribute('maxLength', String(LIMITS.releaseNotesMax));
    await user.type(field, 'New: the admin console');
    expect(screen.getByText(`22/${LIMITS.releaseNotesMax}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = screen.getByRole('dialog', { name: 'Send Release Notes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Release notes sent to 12 users');
    expect(server.callsTo('admin.releaseNotes').map((call) => call.input)).toEqual([{ message: 'New: the admin console' }]);
    expect(field).toHaveValue('');
  });

  it('refuses empty notes before asking; Cancel sends nothing', async () => {
    const server = stubTrpc({ 'admin.releaseNotes': { recipients: 1 } });
    const { user } = renderAt(<ReleaseNotesSection />);
    await user.type(screen.getByLabelText('Message'), '   ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.notesRequired);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('admin.releaseNotes')).toHaveLength(0);
  });

  it("shows the server's detail when refused, and keeps the message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubTrpc({ 'admin.releaseNotes': () => new TrpcFailure(400, ADMIN_MESSAGES.notesMax, 'VALIDATION_ERROR') });
    const { user } = renderAt(<ReleaseNotesSection />);
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello everyone' } });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.notesMax);
    expect(screen.getByLabelText('Message')).toHaveValue('Hello everyone');
  });
});

describe('the audit log', () => {
  const ENTRIES = [
    auditEntry({ id: 3, action: 'users.role', target_type: 'user', target_id: '2', detail: 'USER -> ADMIN' }),
    auditEntry({ id: 2, action: 'codes.create', actor: null, source: 'cli', target_type: 'code', target_id: '4', detail: '5 uses, expires in 7 days' }),
    auditEntry({ id: 1, action: 'users.deactivate', outcome: 'failure', target_type: 'user', target_id: '1', detail: 'You cannot change your own role or deactivate yourself' }),
  ];

  it('shows when, who (CLI for none), source, action, target, outcome and detail, newest first', async () => {
    stubTrpc({ 'admin.audit': ENTRIES });
    renderAt(<AuditSection />);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['When', 'Actor', 'Source', 'Action', 'Target', 'Outcome', 'Detail']);
    expect(within(rows[1]).getAllByRole('cell').map((cell) => cell.textContent).slice(1)).toEqual(['alice', 'Web', 'users.role', 'user 2', 'Success', 'USER -> ADMIN']);
    expect(within(rows[2]).getAllByRole('cell').map((cell) => cell.textContent).slice(1)).toEqual(['CLI', 'CLI', 'codes.create', 'code 4', 'Success', '5 uses, expires in 7 days']);
    expect(within(rows[3]).getAllByRole('cell')[5]).toHaveTextContent('Failure');
  });

  it('filters by actor and by action, from the first page', async () => {
    const server = stubTrpc({ 'admin.audit': (input: { action?: string }) => ENTRIES.filter((entry) => !input.action || entry.action === input.action) });
    const { user } = renderAt(<AuditSection />);
    await screen.findByRole('table');
    const action = screen.getByLabelText('Action');
    expect(within(action).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual(['', ...AUDIT_ACTIONS]);
    await user.selectOptions(action, 'codes.create');
    await vi.waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    await user.type(screen.getByLabelText('Actor (id or username)'), 'alice');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await vi.waitFor(() => expect(server.callsTo('admin.audit').at(-1)!.input).toEqual({ actor: 'alice', action: 'codes.create', offset: 0, limit: 50 }));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await vi.waitFor(() => expect(server.callsTo('admin.audit').at(-1)!.input).toEqual({ offset: 0, limit: 50 }));
    expect(screen.getByLabelText('Actor (id or username)')).toHaveValue('');
  });

  it('pages by 50: Next while a page is full', async () => {
    const full = Array.from({ length: LIMITS.pageSizeAdmin }, (_, index) => auditEntry({ id: 100 - index, action: 'bots.run' }));
    const server = stubTrpc({ 'admin.audit': (input: { offset: number }) => (input.offset === 0 ? full : ENTRIES) });
    const { user } = renderAt(<AuditSection />);
    await screen.findByRole('table');
    const pages = screen.getByRole('navigation', { name: 'Audit log pages' });
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(4));
    expect(server.callsTo('admin.audit').at(-1)!.input).toEqual({ offset: 50, limit: 50 });
    expect(within(screen.getByRole('navigation', { name: 'Audit log pages' })).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('says so when it fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubTrpc({ 'admin.audit': () => new TrpcFailure(400, 'action must be one of the audit log actions', 'VALIDATION_ERROR') });
    renderAt(<AuditSection />);
    expect(await screen.findByText('Failed to load the audit log')).toBeInTheDocument();
  });
});
