import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TwistedStack } from '../../shared/schemas/stacks';
import { StackView } from '../../client/src/features/stacks/stack-view';
import { StackDetail } from '../../client/src/features/stacks/stack-detail';
import { ME } from './fixtures';
import { renderAt, stubTrpc, TrpcFailure } from './render';
import { ADMIN, ALICE, answeredGroupStack, BOB, CAROL, commentPage, commentRange, POSITIONS, responder, stack, twistedStack } from './stacks-fixtures';


type Handlers = Parameters<typeof stubTrpc>[0];

const callbacks = () => ({ onLoaded: vi.fn(), onLoadFailed: vi.fn(), onGone: vi.fn(), onClose: vi.fn(), onOpenUser: vi.fn(), onOpenGroup: vi.fn(), onOpenBot: vi.fn(), onOpenStack: vi.fn() });

function renderTwisted(data: TwistedStack | ((input: unknown) => unknown), handlers: Handlers = {}) {
  const server = stubTrpc({
    'users.me': ME,
    'twistedStacks.get': typeof data === 'function' ? data : () => data,
    'stacks.get': () => answeredGroupStack(),
    ...handlers,
  });
  const props = callbacks();
  const view = renderAt(<StackDetail kind="twisted" id={90} {...props} />);
  return { ...view, ...props, server };
}

const loaded = () => screen.findByRole('heading', { name: 'Lunch', level: 1 });
const actions = () => within(screen.getByRole('heading', { name: 'Actions' }).parentElement!);

/** Alice and Bob re-answered; Carol answered only the original. */
const answered = () =>
  twistedStack({
    // The server scores bob's twisted answer against alice's: score([1,0,2,3,4,5], [0,1,2,3,4,5]) = 70 - 2 + 2 = 70.
    users: [responder(ALICE, [1, 0, 2, 3, 4, 5]), responder(BOB, [0, 1, 2, 3, 4, 5], 70)],
    original: { users: [responder(ALICE, [0, 1, 2, 3, 4, 5]), responder(BOB, [5, 4, 3, 2, 1, 0]), responder(CAROL, [0, 1, 2, 3, 4, 5])] },
    me: { is_answered: true },
  });

describe('Twisted stack detail (spec 2 §2.4)', () => {
  it("shows the title, the twist in italics, 'Twisted by' and the 'Original stack' link", async () => {
    const { user, onLoaded, onOpenUser, onOpenStack, server } = renderTwisted(twistedStack());
    await loaded();
    expect(onLoaded).toHaveBeenCalledWith('Lunch');
    expect(server.callsTo('twistedStacks.get')[0].input).toEqual({ id: 90, mark_viewed: 'true' });
    const twist = screen.getByText('On a rainy day');
    expect(twist.className).toMatch(/italic/);
    const header = twist.closest('header')!;
    expect(header).toHaveTextContent('Twisted by');
    await user.click(within(header).getByRole('button', { name: 'carol' }));
    expect(onOpenUser).toHaveBeenCalledWith(CAROL.id);
    await user.click(within(header).getByRole('button', { name: 'Original stack' }));
    expect(onOpenStack).toHaveBeenCalledWith(42, 'stack');
  });

  it("on a friend stack twisted by me, 'Friend:' is the other person", async () => {
    const mine = twistedStack({
      owner_id: ALICE.id,
      owner_username: 'alice',
      group_id: null,
      audience: { type: 'friend', user: ALICE, group: null },
      original: { users: [responder(ALICE, [0, 1, 2, 3, 4, 5]), responder(BOB, [1, 0, 2, 3, 4, 5])] },
    });
    const { user, onOpenUser } = renderTwisted(mine);
    await loaded();
    const header = screen.getByText('On a rainy day').closest('header')!;
    expect(header).toHaveTextContent('Friend:');
    expect(header).not.toHaveTextContent('Group:');
    await user.click(within(header).getByRole('button', { name: 'bob' }));
    expect(onOpenUser).toHaveBeenCalledWith(BOB.id);
  });

  it('unanswered: the sortable list and Submit, sent to the twisted stack, then refetched', async () => {
    let done = false;
    const { user, server } = renderTwisted(() => (done ? answered() : twistedStack()), {
      'twistedStacks.complete': () => {
        done = true;
        return { message: 'Answer saved' };
      },
    });
    await loaded();
    expect(within(screen.getByRole('list', { name: 'Your ranking' })).getAllByRole('listitem')).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(server.callsTo('twistedStacks.complete')[0]?.input).toEqual({ id: 90, position_ids: [0, 1, 2, 3, 4, 5] }));
    expect(await screen.findByRole('heading', { name: 'Responses' })).toBeInTheDocument();
    expect(server.callsTo('stacks.complete')).toHaveLength(0);
  });

  it('answered: original ranking on the left, updated on the right, labelled by the score the server sent', async () => {
    renderTwisted(answered());
    await loaded();
    const cards = within(screen.getByRole('heading', { name: 'Responses' }).parentElement!).getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(["alice's response", "bob's response", "carol's response"]);
    expect(within(cards[0]).getByTestId('score-label')).toHaveTextContent(/^me$/);
    expect(within(cards[1]).getByTestId('score-label')).toHaveTextContent('Vibe Tribe 93.3%');
    const texts = (name: string) => within(cards[1]).getByRole('list', { name }).textContent;
    expect(texts("bob's original ranking")).toBe('1.Salad2.Pasta3.Curry4.Tacos5.Sushi6.Pizza');
    expect(texts("bob's updated ranking")).toBe(POSITIONS.map((p, i) => `${i + 1}.${p}`).join(''));
    expect(cards[2]).toHaveTextContent('Not answered yet');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Responses', 'Comments', 'Actions']);
  });

  it('comments go to the twisted stack', async () => {
    const { user, server } = renderTwisted(answered(), { 'twistedStacks.createComment': { id: 3 } });
    await loaded();
    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'So wet');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.callsTo('twistedStacks.createComment')[0]?.input).toEqual({ id: 90, description: 'So wet' }));
    expect(server.callsTo('stacks.createComment')).toHaveLength(0);
  });

  it("'Load more comments' fetches the older comments of the twisted stack", async () => {
    const all = commentRange(1, 130);
    const { user, server } = renderTwisted((input: unknown) => ({ ...answered(), ...commentPage(all, input) }));
    await loaded();
    const list = () => screen.getByRole('list', { name: 'Comments' });
    expect(within(list()).getAllByRole('listitem')).toHaveLength(100);
    await user.click(screen.getByRole('button', { name: 'Load more comments' }));
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(130));
    expect(within(list()).getAllByRole('listitem')[0]).toHaveTextContent('Note 001');
    expect(server.callsTo('twistedStacks.get').map((call) => call.input)).toEqual([
      { id: 90, mark_viewed: 'true' },
      { id: 90, comments_offset: 100, comments_limit: 100 },
    ]);
    expect(screen.queryByRole('button', { name: 'Load more comments' })).not.toBeInTheDocument();
  }, 20_000);

  it('an admin outside the audience sees the comments to moderate, with no ranking and no comment box', async () => {
    renderTwisted({ ...answered(), me: { ...answered().me, is_answered: false, can_answer: false, can_comment: false } }, { 'users.me': ADMIN });
    await loaded();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Comments' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Add a comment' })).not.toBeInTheDocument();
  });

  it("shows 'Failed to load twisted stack' when it fails to load", async () => {
    const { onLoadFailed, onGone } = renderTwisted(() => new TrpcFailure(400, 'Bad request', 'BAD_REQUEST'));
    expect(await screen.findByText('Failed to load twisted stack')).toBeInTheDocument();
    expect(onLoadFailed).toHaveBeenCalledWith('Failed to load twisted stack');
    expect(onGone).not.toHaveBeenCalled();
  });

  it("a twisted stack that is gone (404) says 'This stack no longer exists.', without Retry", async () => {
    const { onLoadFailed, onGone } = renderTwisted(() => new TrpcFailure(404, 'Twisted stack not found', 'STACK_NOT_FOUND'));
    expect(await screen.findByText('This stack no longer exists.')).toBeInTheDocument();
    expect(onGone).toHaveBeenCalledWith('This stack no longer exists.');
    expect(onLoadFailed).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});

describe('Twisted stack actions (spec 2 §2.4, §6)', () => {
  it('Back and Hide for everyone; Sandbox follows the original stack', async () => {
    const { user, onClose, server } = renderTwisted(answered(), { 'twistedStacks.hide': { message: 'ok' } });
    await loaded();
    await waitFor(() => expect(server.callsTo('stacks.get')).toHaveLength(1));
    expect(server.callsTo('stacks.get')[0].input).toEqual({ id: 42 });
    expect(actions().getAllByRole('button').map((b) => b.textContent)).toEqual(['Back', 'Hide']);
    await user.click(actions().getByRole('button', { name: 'Back' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(actions().getByRole('button', { name: 'Hide' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(server.callsTo('twistedStacks.hide')[0]?.input).toEqual({ id: 90 }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
  });

  it("a failed hide says 'Failed to hide twisted stack'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderTwisted(answered(), { 'twistedStacks.hide': () => new TrpcFailure(404, 'gone') });
    await loaded();
    await user.click(actions().getByRole('button', { name: 'Hide' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('Failed to hide twisted stack')).toBeInTheDocument();
  });

  it('Sandbox sandboxes the original stack when its rules allow', async () => {
    const { user, server } = renderTwisted(answered(), {
      'stacks.get': () => answeredGroupStack({ me: { can_sandbox: true } }),
      'stacks.sandbox': { id: 42, is_sandboxed: true },
    });
    await loaded();
    await user.click(await actions().findByRole('button', { name: 'Sandbox' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Sandbox Stack?' })).getByRole('button', { name: 'Sandbox' }));
    await waitFor(() => expect(server.callsTo('stacks.sandbox')[0]?.input).toEqual({ id: 42, sandbox: true }));
  });

  it('Edit confirms, then edits the twist; a 403 shows Cannot Edit Twisted Stack', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let refuse = false;
    const { user, server } = renderTwisted(twistedStack({ me: { can_edit: true } }), {
      'twistedStacks.edit': () => (refuse ? new TrpcFailure(403, 'closed', 'FORBIDDEN') : { message: 'Stack updated' }),
    });
    await loaded();
    await user.click(actions().getByRole('button', { name: 'Edit' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Edit Stack?' })).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Twisted Stack' });
    const input = within(dialog).getByRole('textbox', { name: 'Twist' });
    expect(input).toHaveValue('On a rainy day');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'On a sunny day');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('twistedStacks.edit')[0]?.input).toEqual({ id: 90, twist_description: 'On a sunny day' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Twisted Stack' })).not.toBeInTheDocument());

    refuse = true;
    await user.click(actions().getByRole('button', { name: 'Edit' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Edit Stack?' })).getByRole('button', { name: 'Edit' }));
    const again = screen.getByRole('dialog', { name: 'Edit Twisted Stack' });
    await user.type(within(again).getByRole('textbox', { name: 'Twist' }), '!');
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'Cannot Edit Twisted Stack' })).toBeInTheDocument();
  });

  it("another edit failure says 'Failed to edit twisted stack. Please try again.'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderTwisted(twistedStack({ me: { can_edit: true } }), { 'twistedStacks.edit': () => new TrpcFailure(400, 'Bad') });
    await loaded();
    await user.click(actions().getByRole('button', { name: 'Edit' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Edit Stack?' })).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Twisted Stack' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Twist' }), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Failed to edit twisted stack. Please try again.')).toBeInTheDocument();
  });
});

describe('StackView: open as ordinary, fall back to twisted (spec 1 §2)', () => {
  function renderView(type: 'stack' | 'twisted', handlers: Handlers) {
    const server = stubTrpc({ 'users.me': ME, ...handlers });
    const props = callbacks();
    const { user } = renderAt(<StackView id={42} type={type} {...props} />);
    return { server, user, ...props };
  }

  it('an ordinary stack opens as a stack, fetched once', async () => {
    const { server, onLoaded } = renderView('stack', { 'stacks.get': () => stack(), 'twistedStacks.get': () => twistedStack() });
    await loaded();
    expect(screen.getByRole('heading', { name: 'Stack Actions' })).toBeInTheDocument();
    expect(server.callsTo('stacks.get')).toHaveLength(1);
    expect(server.callsTo('twistedStacks.get')).toHaveLength(0);
    // The dashboard is told the type it opened as (the tab label marks a twist).
    expect(onLoaded).toHaveBeenCalledWith('Lunch', 'stack');
  });

  it('when the ordinary stack fails, it opens as twisted', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { server, onLoadFailed, onLoaded } = renderView('stack', { 'stacks.get': () => new TrpcFailure(404, 'Stack not found', 'NOT_FOUND'), 'twistedStacks.get': () => twistedStack({ id: 42 }) });
    expect(await screen.findByText('On a rainy day')).toBeInTheDocument();
    expect(server.callsTo('twistedStacks.get')[0].input).toEqual({ id: 42, mark_viewed: 'true' });
    expect(server.callsTo('twistedStacks.get')).toHaveLength(1);
    expect(onLoadFailed).not.toHaveBeenCalled();
    expect(onLoaded).toHaveBeenCalledWith('Lunch', 'twisted');
  });

  it("type 'twisted' opens as twisted without trying the ordinary stack", async () => {
    const { server } = renderView('twisted', { 'stacks.get': () => answeredGroupStack(), 'twistedStacks.get': () => twistedStack({ id: 42 }) });
    expect(await screen.findByText('On a rainy day')).toBeInTheDocument();
    expect(server.callsTo('stacks.get').filter((c) => c.input.mark_viewed === 'true')).toHaveLength(0);
  });

  it("a stack that no longer exists (404 both ways) is gone: 'This stack no longer exists.', focused, no Retry, and Back closes it", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const missing = () => new TrpcFailure(404, 'Stack not found', 'STACK_NOT_FOUND');
    const { onLoadFailed, onLoaded, onGone, onClose, user } = renderView('stack', { 'stacks.get': missing, 'twistedStacks.get': missing });
    expect(await screen.findByText('This stack no longer exists.')).toBeInTheDocument();
    // The dashboard is told it is gone: it closes the tab and says so (docs/addresses.md), never a Retry that cannot work.
    expect(onGone).toHaveBeenCalledWith('This stack no longer exists.');
    expect(onLoaded).not.toHaveBeenCalled();
    expect(onLoadFailed).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByTestId('stack-gone')).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('with the exact type (its address named it) a missing stack is gone without trying the twisted stack of that id', async () => {
    const server = stubTrpc({ 'users.me': ME, 'stacks.get': () => new TrpcFailure(404, 'Stack not found', 'STACK_NOT_FOUND'), 'twistedStacks.get': () => twistedStack({ id: 42 }) });
    const props = callbacks();
    renderAt(<StackView id={42} type="stack" exactType {...props} />);
    expect(await screen.findByText('This stack no longer exists.')).toBeInTheDocument();
    expect(props.onGone).toHaveBeenCalledWith('This stack no longer exists.');
    expect(server.callsTo('twistedStacks.get')).toHaveLength(0);
  });

  it("another failure of both is the caller's to show: it is told 'Failed to load stack'", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const refused = () => new TrpcFailure(403, 'Forbidden', 'FORBIDDEN');
    const { onLoadFailed, onLoaded } = renderView('stack', { 'stacks.get': refused, 'twistedStacks.get': refused });
    expect(await screen.findByText('Failed to load stack')).toBeInTheDocument();
    expect(onLoadFailed).toHaveBeenCalledWith('Failed to load stack');
    expect(onLoaded).not.toHaveBeenCalled();
  });
});
