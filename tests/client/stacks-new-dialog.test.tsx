import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NewStackDialog, type NewStackDialogProps } from '../../client/src/features/stacks/new-stack-dialog';
import { saveStackPrefill } from '../../client/src/features/stacks/stack-prefill';
import { ME, summary } from './fixtures';
import { groupSummary } from './groups-fixtures';
import { renderAt, stubTrpc, TrpcFailure } from './render';

type Handlers = Parameters<typeof stubTrpc>[0];

const FRIENDS = [summary({ id: 2, username: 'bob', friend_status: 'friends' }), summary({ id: 3, username: 'carol', friend_status: 'friends' })];
const GROUPS = [
  groupSummary({ id: 7, name: 'Chess Club', owner_id: 9, is_readonly: false }),
  groupSummary({ id: 8, name: 'My Announcements', owner_id: ME.id, is_readonly: true }),
  groupSummary({ id: 9, name: 'Their Announcements', owner_id: 9, is_readonly: true }),
];

function renderDialog(props: Partial<NewStackDialogProps> = {}, handlers: Handlers = {}) {
  const server = stubTrpc({ 'users.me': ME, 'friends.list': FRIENDS, 'groups.mine': GROUPS, 'stacks.create': { id: 55 }, ...handlers });
  const callbacks = { onClose: vi.fn(), onCreated: vi.fn() };
  const view = renderAt(<NewStackDialog mode="friend" open {...callbacks} {...props} />);
  return { ...view, ...callbacks, server };
}

const dialog = (name = 'New Friend Stack') => screen.getByRole('dialog', { name });
const create = () => within(dialog()).getByRole('button', { name: 'Create Stack' });
const position = (n: number) => screen.getByRole('textbox', { name: `Position ${n}` });
const nameBox = () => screen.getByRole('textbox', { name: 'Stack Name (max 32 characters):' });

async function fillPositions(user: ReturnType<typeof renderDialog>['user'], values: string[]) {
  for (const [index, value] of values.entries()) {
    await user.clear(position(index + 1));
    if (value) await user.type(position(index + 1), value);
  }
}

describe('New Friend Stack dialog (spec 2 §2.2, §5)', () => {
  it('shows the name, the six positions, the friends and Cancel / Create Stack (disabled while empty)', async () => {
    const { user, onClose } = renderDialog();
    expect(dialog()).toBeInTheDocument();
    expect(nameBox()).toHaveAttribute('maxLength', '32');
    expect(screen.getByText('Positions (6 required)')).toBeInTheDocument();
    for (let n = 1; n <= 6; n++) {
      expect(position(n)).toHaveAttribute('placeholder', `Position ${n}`);
      expect(position(n)).toHaveAttribute('maxLength', '32');
    }
    expect(await screen.findByRole('radio', { name: 'bob' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'carol' })).toBeInTheDocument();
    expect(create()).toBeDisabled();
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('needs six filled, distinct positions and a friend before Create is enabled', async () => {
    const { user } = renderDialog();
    await screen.findByRole('radio', { name: 'bob' });
    await fillPositions(user, ['Pizza', 'Sushi', 'Tacos', 'Curry', 'Pasta', '']);
    expect(create()).toBeDisabled();
    await user.type(position(6), ' pizza ');
    expect(screen.getByText('Identical positions not supported.')).toBeInTheDocument();
    expect(create()).toBeDisabled();
    await user.clear(position(6));
    await user.type(position(6), 'Salad');
    expect(screen.queryByText('Identical positions not supported.')).not.toBeInTheDocument();
    expect(create()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'carol' }));
    expect(create()).toBeEnabled();
  });

  it('keeps the name and positions to 32 characters', async () => {
    const { user } = renderDialog();
    await user.type(nameBox(), 'n'.repeat(40));
    expect(nameBox()).toHaveValue('n'.repeat(32));
    await user.type(position(1), 'p'.repeat(40));
    expect(position(1)).toHaveValue('p'.repeat(32));
  });

  it("sends the trimmed payload, shows 'Creating...', and tells the parent the new id", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { user, server, onCreated } = renderDialog({}, {
      'stacks.create': async () => {
        await gate;
        return { id: 55 };
      },
    });
    await user.type(nameBox(), '  Lunch  ');
    await fillPositions(user, [' Pizza', 'Sushi ', 'Tacos', 'Curry', 'Pasta', 'Salad']);
    await user.click(await screen.findByRole('radio', { name: 'bob' }));
    await user.click(create());
    expect(await within(dialog()).findByRole('button', { name: 'Creating...' })).toBeDisabled();
    release();
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(55));
    expect(server.callsTo('stacks.create')[0].input).toEqual({ name: 'Lunch', mode: 'friend', target_id: 2, positions: ['Pizza', 'Sushi', 'Tacos', 'Curry', 'Pasta', 'Salad'] });
  });

  it("shows 'Failed to create stack' when the server refuses", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, onCreated } = renderDialog({}, { 'stacks.create': () => new TrpcFailure(403, 'Friend stacks can only be sent to friends') });
    await fillPositions(user, ['a', 'b', 'c', 'd', 'e', 'f']);
    await user.click(await screen.findByRole('radio', { name: 'bob' }));
    await user.click(create());
    expect(await screen.findByText('Failed to create stack')).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
    expect(create()).toBeEnabled();
  });

  it("with no friends: 'No friends available. Add some friends first!'", async () => {
    renderDialog({}, { 'friends.list': [] });
    expect(await screen.findByText('No friends available. Add some friends first!')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('with a preset friend (from a profile) shows only that friend, chosen', async () => {
    const { user, server } = renderDialog({ presetTargetId: 3 });
    expect(await within(dialog()).findByText('carol')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    await fillPositions(user, ['a', 'b', 'c', 'd', 'e', 'f']);
    await user.click(create());
    await waitFor(() => expect(server.callsTo('stacks.create')[0]?.input).toMatchObject({ target_id: 3, mode: 'friend' }));
  });
});

describe('New Group Stack dialog', () => {
  it('lists read-only groups only to their owner', async () => {
    renderDialog({ mode: 'group' });
    const groups = within(dialog('New Group Stack'));
    expect(await groups.findByRole('radio', { name: 'Chess Club' })).toBeInTheDocument();
    await waitFor(() => expect(groups.getByRole('radio', { name: 'My Announcements' })).toBeInTheDocument());
    expect(groups.queryByRole('radio', { name: 'Their Announcements' })).not.toBeInTheDocument();
  });

  it("follows the server's can_create_stack, not its own reading of is_readonly", async () => {
    const groups = [groupSummary({ id: 7, name: 'Chess Club', is_readonly: false, can_create_stack: false }), groupSummary({ id: 9, name: 'Their Announcements', owner_id: 9, is_readonly: true, can_create_stack: true })];
    renderDialog({ mode: 'group' }, { 'groups.mine': groups });
    const list = within(dialog('New Group Stack'));
    expect(await list.findByRole('radio', { name: 'Their Announcements' })).toBeInTheDocument();
    expect(list.queryByRole('radio', { name: 'Chess Club' })).not.toBeInTheDocument();
  });

  it("with no eligible group: 'No eligible groups. Only the owner can create stacks for read-only groups.'", async () => {
    renderDialog({ mode: 'group' }, { 'groups.mine': [GROUPS[2]] });
    expect(await screen.findByText('No eligible groups. Only the owner can create stacks for read-only groups.')).toBeInTheDocument();
  });

  it('creates a group stack in the chosen group', async () => {
    const { user, server, onCreated } = renderDialog({ mode: 'group' });
    await fillPositions(user, ['a', 'b', 'c', 'd', 'e', 'f']);
    await user.click(await screen.findByRole('radio', { name: 'Chess Club' }));
    await user.click(within(dialog('New Group Stack')).getByRole('button', { name: 'Create Stack' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(55));
    expect(server.callsTo('stacks.create')[0].input).toEqual({ name: null, mode: 'group', target_id: 7, positions: ['a', 'b', 'c', 'd', 'e', 'f'] });
  });
});

describe('the copy prefill (spec 1 §3, spec 2 §2.2)', () => {
  it('fills the form once, including the friend', async () => {
    saveStackPrefill({ name: 'Lunch', positions: ['Pizza', 'Sushi', 'Tacos', 'Curry', 'Pasta', 'Salad'], friendId: 3 });
    const { unmount } = renderDialog();
    expect(nameBox()).toHaveValue('Lunch');
    expect(position(1)).toHaveValue('Pizza');
    expect(position(6)).toHaveValue('Salad');
    expect(await screen.findByRole('radio', { name: 'carol' })).toBeChecked();
    expect(create()).toBeEnabled();
    expect(localStorage.getItem('stackPrefill')).toBeNull();
    unmount();

    renderDialog();
    expect(nameBox()).toHaveValue('');
    expect(position(1)).toHaveValue('');
    expect(await screen.findByRole('radio', { name: 'carol' })).not.toBeChecked();
  });

  it('is not used while the dialog is closed', () => {
    saveStackPrefill({ name: 'Lunch', positions: ['a', 'b', 'c', 'd', 'e', 'f'], friendId: 2 });
    renderDialog({ open: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('stackPrefill')).not.toBeNull();
  });
});
