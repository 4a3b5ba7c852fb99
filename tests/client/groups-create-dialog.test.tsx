import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GroupsTab } from '../../client/src/features/groups/groups-tab';
import { renderAt, stubTrpc, TrpcFailure } from './render';

const EMPTY_OVERVIEW = { my_groups: [], public_groups: [] };

beforeEach(() => sessionStorage.clear());

async function openDialog(handlers: Parameters<typeof stubTrpc>[0] = {}) {
  const server = stubTrpc({ 'groups.overview': () => EMPTY_OVERVIEW, ...handlers });
  const onOpenGroup = vi.fn();
  const view = renderAt(<GroupsTab onOpenGroup={onOpenGroup} />);
  await view.user.click(screen.getByRole('button', { name: 'Add Group' }));
  const dialog = screen.getByRole('dialog', { name: 'Create New Group' });
  return { ...view, server, onOpenGroup, dialog, add: () => within(dialog).getByRole('button', { name: 'Add' }) };
}

describe("'Create New Group' dialog (spec 1 §2)", () => {
  it('keeps Add disabled while the name is blank or only spaces', async () => {
    const { user, dialog, add } = await openDialog();
    expect(add()).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Group Name'), '   ');
    expect(add()).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Group Name'), 'Chess');
    expect(add()).toBeEnabled();
    await user.clear(within(dialog).getByLabelText('Group Name'));
    expect(add()).toBeDisabled();
  });

  it('takes at most 24 characters of name and 64 of description', async () => {
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Group Name'), 'n'.repeat(30));
    expect(within(dialog).getByLabelText('Group Name')).toHaveValue('n'.repeat(24));
    await user.type(within(dialog).getByLabelText('Description (optional)'), 'd'.repeat(70));
    expect(within(dialog).getByLabelText('Description (optional)')).toHaveValue('d'.repeat(64));
  });

  it('starts public, not restricted, not read-only, with the two hints', async () => {
    const { dialog } = await openDialog();
    expect(within(dialog).getByRole('checkbox', { name: 'Public Group' })).toBeChecked();
    const restricted = within(dialog).getByRole('checkbox', { name: 'Restricted Group' });
    const readonly = within(dialog).getByRole('checkbox', { name: 'Read-only Group' });
    expect(restricted).not.toBeChecked();
    expect(readonly).not.toBeChecked();
    expect(restricted).toHaveAccessibleDescription('Only the owner is allowed to invite users.');
    expect(readonly).toHaveAccessibleDescription('Only the owner can create new stacks.');
  });

  it('creates the group with the chosen settings and opens it', async () => {
    const { user, dialog, add, server, onOpenGroup } = await openDialog({ 'groups.create': (input: { name: string }) => ({ id: 42, name: input.name }) });
    await user.type(within(dialog).getByLabelText('Group Name'), '  Chess Club ');
    await user.type(within(dialog).getByLabelText('Description (optional)'), 'Sundays');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Public Group' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read-only Group' }));
    await user.click(add());
    await vi.waitFor(() => expect(onOpenGroup).toHaveBeenCalledWith(42));
    expect(server.callsTo('groups.create')[0].input).toEqual({ name: 'Chess Club', description: 'Sundays', is_public: false, is_restricted: false, is_readonly: true });
    expect(screen.queryByRole('dialog', { name: 'Create New Group' })).not.toBeInTheDocument();
  });

  it("shows 'Failed to create group' when the server refuses, and keeps the form", async () => {
    const { user, dialog, add, onOpenGroup } = await openDialog({
      'groups.create': () => {
        throw new TrpcFailure(400, 'Group name must be no more than 24 characters', 'BAD_REQUEST');
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.type(within(dialog).getByLabelText('Group Name'), 'Chess');
    await user.click(add());
    expect(await within(dialog).findByText('Failed to create group')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Group Name')).toHaveValue('Chess');
    expect(onOpenGroup).not.toHaveBeenCalled();
  });

  it('Cancel closes the dialog without a call, and it opens blank again', async () => {
    const { user, dialog, server } = await openDialog();
    await user.type(within(dialog).getByLabelText('Group Name'), 'Chess');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Create New Group' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Group' }));
    expect(within(screen.getByRole('dialog', { name: 'Create New Group' })).getByLabelText('Group Name')).toHaveValue('');
    expect(server.callsTo('groups.create')).toHaveLength(0);
  });
});
