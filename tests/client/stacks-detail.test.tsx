import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment, Stack } from '../../shared/schemas/stacks';
import { StackDetail } from '../../client/src/features/stacks/stack-detail';
import { ME } from './fixtures';
import { chessClub } from './groups-fixtures';
import { renderAt, stubTrpc, TrpcFailure } from './render';
import { ADMIN, ALICE, answeredGroupStack, BOB, CAROL, comment, commentPage, commentRange, moderated, POSITIONS, stack } from './stacks-fixtures';


type Handlers = Parameters<typeof stubTrpc>[0];

function renderDetail(data: Stack | ((input: unknown) => unknown), handlers: Handlers = {}) {
  const server = stubTrpc({ 'users.me': ME, 'stacks.get': typeof data === 'function' ? data : () => data, ...handlers });
  const props = { onLoaded: vi.fn(), onLoadFailed: vi.fn(), onGone: vi.fn(), onClose: vi.fn(), onOpenUser: vi.fn(), onOpenGroup: vi.fn(), onOpenBot: vi.fn(), onOpenStack: vi.fn() };
  const view = renderAt(<StackDetail id={42} {...props} />);
  return { ...view, ...props, server };
}

const loaded = () => screen.findByRole('heading', { name: 'Lunch', level: 1 });
const rankingTexts = () => within(screen.getByRole('list', { name: 'Your ranking' })).getAllByRole('listitem').map((li) => li.textContent?.replace(/⋮⋮$/, ''));
const actions = () => within(screen.getByRole('heading', { name: 'Stack Actions' }).parentElement!);
const actionNames = () => actions().getAllByRole('button').map((b) => b.textContent);

/**
 * jsdom has no layout: the ranking cards are given boxes as Chromium lays them out, 42 px tall and
 * 50 px apart, and their list the box around them, so dnd-kit can tell where a card moved by the
 * keyboard is (and the card is kept within the list).
 */
const CARD_PX = 42;
const PITCH_PX = 50;
function layOutRankCards() {
  const original = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (this.firstElementChild?.hasAttribute('data-rank-card')) return new DOMRect(0, 0, 300, (this.children.length - 1) * PITCH_PX + CARD_PX);
    const card = this.closest<HTMLElement>('[data-rank-card]');
    if (!card) return original.call(this);
    const index = Array.from(card.parentElement!.children).indexOf(card);
    return new DOMRect(0, index * PITCH_PX, 300, CARD_PX);
  });
}

describe('Stack detail: loading and header (spec 2 §2.3)', () => {
  it('tells the caller the name, shows Created by, Friend:, and closes', async () => {
    const { user, onLoaded, onOpenUser, onClose, server } = renderDetail(stack());
    await loaded();
    expect(onLoaded).toHaveBeenCalledWith('Lunch');
    expect(server.callsTo('stacks.get')[0].input).toEqual({ id: 42, mark_viewed: 'true' });
    const header = screen.getByRole('heading', { name: 'Lunch', level: 1 }).closest('header')!;
    expect(header).toHaveTextContent('Created by');
    expect(header).toHaveTextContent('Friend:');
    expect(header).not.toHaveTextContent('Group:');
    await user.click(within(header).getAllByRole('button', { name: 'bob' })[0]);
    expect(onOpenUser).toHaveBeenCalledWith(BOB.id);
    await user.click(within(header).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it("a group stack shows 'Group:' linking to the group; a bot stack 'Created by' the bot", async () => {
    const { user, onOpenGroup, onOpenBot } = renderDetail(stack({ group_id: 7, audience: { type: 'group', user: null, group: { id: 7, name: 'Chess Club' } }, bot: { id: 5, name: 'Quizzy', avatar_id: 3 } }));
    await loaded();
    const header = screen.getByRole('heading', { name: 'Lunch', level: 1 }).closest('header')!;
    expect(header).not.toHaveTextContent('Friend:');
    await user.click(within(header).getByRole('button', { name: 'Chess Club' }));
    expect(onOpenGroup).toHaveBeenCalledWith(7);
    await user.click(within(header).getByRole('button', { name: 'Quizzy' }));
    expect(onOpenBot).toHaveBeenCalledWith(5);
  });

  it("shows 'Failed to load stack' and tells the caller", async () => {
    const { onLoadFailed, onLoaded, onGone } = renderDetail(() => new TrpcFailure(400, 'Bad request', 'BAD_REQUEST'));
    expect(await screen.findByText('Failed to load stack')).toBeInTheDocument();
    expect(onLoadFailed).toHaveBeenCalledWith('Failed to load stack');
    expect(onLoaded).not.toHaveBeenCalled();
    expect(onGone).not.toHaveBeenCalled();
  });

  it("a stack that is gone (404 STACK_NOT_FOUND) says exactly 'This stack no longer exists.', with Back and no Retry", async () => {
    const { onLoadFailed, onLoaded, onGone, onClose, user } = renderDetail(() => new TrpcFailure(404, 'Stack not found', 'STACK_NOT_FOUND'));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^This stack no longer exists\.$/);
    expect(onGone).toHaveBeenCalledWith('This stack no longer exists.');
    expect(onLoadFailed).not.toHaveBeenCalled();
    expect(onLoaded).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('a stack found gone on a later fetch (deleted while open) is gone too, though its data was loaded', async () => {
    let gone = false;
    const { onGone, user } = renderDetail(() => (gone ? new TrpcFailure(404, 'Stack not found', 'STACK_NOT_FOUND') : stack()), {
      'stacks.complete': () => {
        gone = true;
        return { message: 'ok' };
      },
      'stacks.list': [],
    });
    await loaded();
    // Submitting fetches the stack again, which finds it deleted meanwhile.
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This stack no longer exists.')).toBeInTheDocument();
    expect(onGone).toHaveBeenCalledWith('This stack no longer exists.');
    expect(screen.queryByRole('heading', { name: 'Lunch', level: 1 })).not.toBeInTheDocument();
  });
});

describe('Stack detail: ranking (spec 2 §4)', () => {
  beforeEach(layOutRankCards);
  afterEach(() => vi.restoreAllMocks());

  it('shows six sortable cards and Submit; no responses or comments yet', async () => {
    renderDetail(stack());
    await loaded();
    expect(rankingTexts()).toEqual(POSITIONS.map((p, i) => `${i + 1}${p}`));
    expect(screen.getAllByRole('button').filter((b) => b.getAttribute('aria-roledescription') === 'sortable')).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'Responses' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Comments' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Stack Actions' })).toBeInTheDocument();
  });

  it('reorders with the keyboard (Space, ArrowDown, Space), submits the order, then refetches', async () => {
    let answered = false;
    const { user, server } = renderDetail(
      () =>
        answered
          ? stack({ users: [{ ...answeredGroupStack().users[0], position_ids: [1, 0, 2, 3, 4, 5], positions: ['Sushi', 'Pizza', 'Tacos', 'Curry', 'Pasta', 'Salad'] }], me: { is_answered: true } })
          : stack(),
      {
        'stacks.complete': () => {
          answered = true;
          return { message: 'Answer saved' };
        },
      },
    );
    await loaded();
    const pizza = screen.getAllByRole('button').find((b) => b.textContent?.includes('Pizza'))!;
    pizza.focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    await waitFor(() => expect(rankingTexts()[0]).toBe('1Sushi'));
    expect(rankingTexts()[1]).toBe('2Pizza');

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(server.callsTo('stacks.complete')).toHaveLength(1));
    expect(server.callsTo('stacks.complete')[0].input).toEqual({ id: 42, position_ids: [1, 0, 2, 3, 4, 5] });
    expect(await screen.findByRole('heading', { name: 'Responses' })).toBeInTheDocument();
    expect(server.callsTo('stacks.get')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('one arrow press moves a card one place; it stays within the list, and its place number follows it while it moves', async () => {
    const { user, server } = renderDetail(stack(), { 'stacks.complete': { message: 'ok' } });
    await loaded();
    const list = screen.getByRole('list', { name: 'Your ranking' });
    const pizzaItem = () => within(list).getAllByRole('listitem').find((li) => li.textContent?.includes('Pizza'))!;
    const shiftOf = (li: HTMLElement) => Number(/translate3d\([-\d.]+px, ([-\d.]+)px/.exec(li.style.transform)?.[1] ?? 0);
    const announced = () => document.querySelector('[id^="DndLiveRegion"]')?.textContent;
    within(pizzaItem()).getByRole('button').focus();
    await user.keyboard(' ');
    for (let press = 1; press <= 4; press++) {
      await user.keyboard('{ArrowDown}');
      // One place per press (docs/accessibility.md; it took two, moving 25 px with places 50 px apart).
      await waitFor(() => expect(pizzaItem().textContent).toMatch(new RegExp(`^${press + 1}Pizza`)));
      expect(shiftOf(pizzaItem())).toBe(press * PITCH_PX);
      expect(announced()).toContain(`Pizza is over place ${press + 1} of 6.`);
    }
    expect(within(list).getAllByRole('listitem')[1].textContent).toMatch(/^1Sushi/);

    for (let press = 0; press < 20; press++) await user.keyboard('{ArrowDown}');
    // The last place, and no further: the card's top is 5 places down.
    await waitFor(() => expect(pizzaItem().textContent).toMatch(/^6Pizza/));
    expect(shiftOf(pizzaItem())).toBe(5 * PITCH_PX);
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(pizzaItem().textContent).toMatch(/^5Pizza/));
    expect(shiftOf(pizzaItem())).toBe(4 * PITCH_PX);
    // Sideways keys move nothing.
    await user.keyboard('{ArrowDown}{ArrowRight}{ArrowLeft}');
    expect(pizzaItem().style.transform).toMatch(/^translate3d\(0px, 250px/);
    await user.keyboard(' ');
    await waitFor(() => expect(rankingTexts()).toEqual(['1Sushi', '2Tacos', '3Curry', '4Pasta', '5Salad', '6Pizza']));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(server.callsTo('stacks.complete')[0]?.input).toEqual({ id: 42, position_ids: [1, 2, 3, 4, 5, 0] }));
  });

  it('ArrowUp from a lower card moves it up one place per press; Escape puts it back', async () => {
    const { user } = renderDetail(stack());
    await loaded();
    const list = screen.getByRole('list', { name: 'Your ranking' });
    const curry = () => within(list).getAllByRole('listitem').find((li) => li.textContent?.includes('Curry'))!;
    within(curry()).getByRole('button').focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    await waitFor(() => expect(curry().textContent).toMatch(/^2Curry/));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(rankingTexts()).toEqual(POSITIONS.map((p, i) => `${i + 1}${p}`)));
    within(curry()).getByRole('button').focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    await user.keyboard(' ');
    await waitFor(() => expect(rankingTexts()[0]).toBe('1Curry'));
    expect(rankingTexts()).toEqual(['1Curry', '2Pizza', '3Sushi', '4Tacos', '5Pasta', '6Salad']);
  });

  it('submits the stack order untouched', async () => {
    const { user, server } = renderDetail(stack(), { 'stacks.complete': { message: 'ok' } });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(server.callsTo('stacks.complete')[0]?.input).toEqual({ id: 42, position_ids: [0, 1, 2, 3, 4, 5] }));
  });

  it("shows 'Failed to submit' when the answer is refused", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderDetail(stack(), { 'stacks.complete': () => new TrpcFailure(409, 'You have already answered this stack') });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Failed to submit')).toBeInTheDocument();
  });
});

describe('Stack detail: responses (spec 2 §2.3)', () => {
  it('shows the Group Consensus, then my card labelled me, then the others with label and percentage', async () => {
    const { user, onOpenUser } = renderDetail(answeredGroupStack());
    await loaded();
    const responses = screen.getByRole('heading', { name: 'Responses' }).parentElement!;
    const cards = within(responses).getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Group Consensus', "alice's response", "bob's response", "carol's response"]);
    expect(within(cards[0]).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1.Pizza', '2.Sushi', '3.Tacos', '4.Curry', '5.Salad', '6.Pasta']);
    expect(within(cards[1]).getByTestId('score-label')).toHaveTextContent(/^me$/);
    expect(within(cards[2]).getByTestId('score-label')).toHaveTextContent('Nemesis 0.0%');
    expect(within(cards[2]).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1.Salad', '2.Pasta', '3.Curry', '4.Tacos', '5.Sushi', '6.Pizza']);
    expect(within(cards[3]).getByTestId('score-label')).toHaveTextContent('Vibe Tribe 93.3%');
    await user.click(within(cards[3]).getByRole('button', { name: 'carol' }));
    expect(onOpenUser).toHaveBeenCalledWith(CAROL.id);
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    // The order of sections: Responses, Comments, Stack Actions.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Responses', 'Comments', 'Stack Actions']);
  });

  it('shows the cards in the order the server sent them (mine first) and no consensus on a friend stack', async () => {
    // The server leaves blocked users out and puts the viewer first (tests/api/stacks-detail.test.ts); the client only shows them.
    const data = answeredGroupStack({ group_id: null, audience: { type: 'friend', user: ALICE, group: null }, consensus: null });
    renderDetail({ ...data, users: [data.users[0], data.users[1]] });
    await loaded();
    const cards = within(screen.getByRole('heading', { name: 'Responses' }).parentElement!).getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(["alice's response", "bob's response"]);
  });
});

describe('Stack detail: comments (spec 2 §5, §8)', () => {
  const box = () => screen.getByRole('textbox', { name: 'Add a comment' });
  const send = () => screen.getByRole('button', { name: 'Send' });

  it('counts characters, blocks empty text and more than 3 newlines, and sends the prepared text', async () => {
    const { user, server } = renderDetail(answeredGroupStack(), { 'stacks.createComment': { id: 5 } });
    await loaded();
    expect(screen.getByText('0/200 characters')).toBeInTheDocument();
    expect(box()).toHaveAttribute('maxLength', '200');
    expect(send()).toBeDisabled();
    await user.type(box(), '   ');
    expect(send()).toBeDisabled();
    await user.clear(box());
    await user.type(box(), 'a{Enter}b{Enter}c{Enter}d');
    expect(screen.getByText('7/200 characters')).toBeInTheDocument();
    expect(send()).toBeEnabled();
    expect(screen.queryByText('Too many new line characters.')).not.toBeInTheDocument();
    await user.type(box(), '{Enter}e');
    expect(screen.getByText('Too many new line characters.')).toBeInTheDocument();
    expect(send()).toBeDisabled();
    await user.clear(box());
    await user.type(box(), '  Great pick!  ');
    await user.click(send());
    await waitFor(() => expect(server.callsTo('stacks.createComment')[0]?.input).toEqual({ id: 42, description: 'Great pick!' }));
    await waitFor(() => expect(box()).toHaveValue(''));
    expect(server.callsTo('stacks.get')).toHaveLength(2);
  });

  it("shows 'Failed to create comment. Please try again.'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderDetail(answeredGroupStack(), { 'stacks.createComment': () => new TrpcFailure(400, 'No') });
    await loaded();
    await user.type(box(), 'Hi');
    await user.click(send());
    expect(await screen.findByText('Failed to create comment. Please try again.')).toBeInTheDocument();
  });

  it('lets the author edit (Save only when changed), delete and sandbox; others see nothing', async () => {
    const data = answeredGroupStack({ comments: [comment(1, ALICE, 'Mine'), comment(2, BOB, 'Theirs')] });
    const { user, server } = renderDetail(data, { 'stacks.updateComment': { message: 'Updated successfully' }, 'stacks.deleteComment': { message: 'ok' }, 'stacks.sandboxComment': { id: 1, is_sandboxed: true } });
    await loaded();
    const [mine, theirs] = within(screen.getByRole('list', { name: 'Comments' })).getAllByRole('listitem');
    expect(within(theirs).queryByRole('button', { name: 'Edit comment' })).not.toBeInTheDocument();
    expect(within(theirs).queryByRole('button', { name: 'Delete comment' })).not.toBeInTheDocument();
    expect(within(theirs).queryByRole('button', { name: 'Sandbox comment' })).not.toBeInTheDocument();

    await user.click(within(mine).getByRole('button', { name: 'Edit comment' }));
    const save = within(mine).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(within(mine).getByRole('textbox', { name: 'Edit comment' }), ' edited');
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await within(mine).findByText('Updated successfully')).toBeInTheDocument();
    expect(server.callsTo('stacks.updateComment')[0].input).toEqual({ id: 42, cid: 1, description: 'Mine edited' });

    await user.click(within(mine).getByRole('button', { name: 'Sandbox comment' }));
    await waitFor(() => expect(server.callsTo('stacks.sandboxComment')[0]?.input).toEqual({ id: 42, cid: 1, sandbox: true }));

    await user.click(within(mine).getByRole('button', { name: 'Delete comment' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Comment?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.callsTo('stacks.deleteComment')[0]?.input).toEqual({ id: 42, cid: 1 }));
  });

  it("shows only the controls the comment's me flags allow", async () => {
    const none = { can_edit: false, can_delete: false, can_sandbox: false, can_unsandbox: false };
    renderDetail(answeredGroupStack({ comments: [comment(1, ALICE, 'Mine, locked', { me: none }), comment(2, BOB, 'Theirs', { me: { ...none, can_sandbox: true } })] }));
    await loaded();
    const [mine, theirs] = within(screen.getByRole('list', { name: 'Comments' })).getAllByRole('listitem');
    expect(within(mine).queryAllByRole('button').map((b) => b.textContent)).toEqual(['alice']);
    expect(within(theirs).getByRole('button', { name: 'Sandbox comment' })).toBeInTheDocument();
    expect(within(theirs).queryByRole('button', { name: 'Edit comment' })).not.toBeInTheDocument();
  });

  it("does not offer its author to lift an admin's sandbox", async () => {
    renderDetail(answeredGroupStack({ comments: [comment(1, ALICE, 'Mine', { is_sandboxed: true, sandboxed_by_admin: true }), comment(2, ALICE, 'Also mine', { is_sandboxed: true })] }));
    await loaded();
    const [byAdmin, bySelf] = within(screen.getByRole('list', { name: 'Comments' })).getAllByRole('listitem');
    expect(within(byAdmin).queryByRole('button', { name: 'Unsandbox comment' })).not.toBeInTheDocument();
    expect(within(byAdmin).getByRole('button', { name: 'Edit comment' })).toBeInTheDocument();
    expect(within(bySelf).getByRole('button', { name: 'Unsandbox comment' })).toBeInTheDocument();
  });

  it("shows 'Failed to update' and the delete and sandbox alerts", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const refuse = () => new TrpcFailure(403, 'No', 'FORBIDDEN');
    const { user } = renderDetail(answeredGroupStack({ comments: [comment(1, ALICE, 'Mine')] }), {
      'stacks.updateComment': refuse,
      'stacks.deleteComment': refuse,
      'stacks.sandboxComment': refuse,
    });
    await loaded();
    const mine = within(screen.getByRole('list', { name: 'Comments' })).getByRole('listitem');
    await user.click(within(mine).getByRole('button', { name: 'Edit comment' }));
    await user.type(within(mine).getByRole('textbox', { name: 'Edit comment' }), '!');
    await user.click(within(mine).getByRole('button', { name: 'Save' }));
    expect(await within(mine).findByText('Failed to update')).toBeInTheDocument();
    await user.click(within(mine).getByRole('button', { name: 'Cancel' }));

    await user.click(within(mine).getByRole('button', { name: 'Sandbox comment' }));
    expect(await screen.findByText('Failed to sandbox/unsandbox comment. Please try again.')).toBeInTheDocument();
    await user.click(within(mine).getByRole('button', { name: 'Delete comment' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete comment. Please try again.')).toBeInTheDocument();
  });

  it('lets an admin sandbox and unsandbox anyone’s comment, but not edit it', async () => {
    const data = answeredGroupStack({ comments: [moderated(comment(2, BOB, 'Theirs')), moderated(comment(3, CAROL, 'Hidden', { is_sandboxed: true }))] });
    const { user, server } = renderDetail(data, { 'users.me': ADMIN, 'stacks.sandboxComment': { id: 3, is_sandboxed: false } });
    await loaded();
    const [theirs, hidden] = within(screen.getByRole('list', { name: 'Comments' })).getAllByRole('listitem');
    await waitFor(() => expect(within(theirs).getByRole('button', { name: 'Sandbox comment' })).toBeInTheDocument());
    expect(within(theirs).queryByRole('button', { name: 'Edit comment' })).not.toBeInTheDocument();
    expect(hidden).toHaveTextContent('Sandboxed');
    await user.click(within(hidden).getByRole('button', { name: 'Unsandbox comment' }));
    await waitFor(() => expect(server.callsTo('stacks.sandboxComment')[0]?.input).toEqual({ id: 42, cid: 3, sandbox: false }));
  });
});

describe('Stack detail: actions shown per me.can_* (spec 2 §6)', () => {
  it('anyone: Hide and Copy Stack only', async () => {
    renderDetail(answeredGroupStack());
    await loaded();
    expect(actionNames()).toEqual(['Hide', 'Copy Stack']);
  });

  it('every flag shows its action; admins get Hide Stack for Users on group stacks', async () => {
    renderDetail(answeredGroupStack({ me: { can_twist: true, can_edit: true, can_sandbox: true, can_delete: true, can_hide_for_users: true, hideable_user_ids: [4, 5] } }), { 'users.me': ADMIN });
    await loaded();
    await waitFor(() => expect(actionNames()).toEqual(['Hide', 'Copy Stack', 'Twist Stack', 'Edit', 'Sandbox', 'Hide Stack for Users', 'Delete Stack']));
  });

  it('Unsandbox for admins on a sandboxed stack; no Hide Stack for Users on a friend stack', async () => {
    renderDetail(stack({ is_sandboxed: true, me: { can_unsandbox: true } }), { 'users.me': ADMIN });
    await loaded();
    await waitFor(() => expect(actionNames()).toEqual(['Hide', 'Copy Stack', 'Unsandbox']));
  });

  it("Hide asks 'Are you sure?', hides and goes back; a failure says 'Failed to hide stack'", async () => {
    const { user, server, onClose } = renderDetail(stack(), { 'stacks.hide': { message: 'ok' } });
    await loaded();
    await user.click(actions().getByRole('button', { name: 'Hide' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.callsTo('stacks.hide')[0].input).toEqual({ id: 42 });
  });

  it("a failed hide says 'Failed to hide stack'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, onClose } = renderDetail(stack(), { 'stacks.hide': () => new TrpcFailure(404, 'gone') });
    await loaded();
    await user.click(actions().getByRole('button', { name: 'Hide' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('Failed to hide stack')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Sandbox and Delete Stack confirm first, then call the server', async () => {
    const { user, server, onClose } = renderDetail(answeredGroupStack({ me: { can_sandbox: true, can_delete: true } }), {
      'stacks.sandbox': { id: 42, is_sandboxed: true },
      'stacks.delete': { message: 'ok' },
    });
    await loaded();
    await user.click(actions().getByRole('button', { name: 'Sandbox' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Sandbox Stack?' })).getByRole('button', { name: 'Sandbox' }));
    await waitFor(() => expect(server.callsTo('stacks.sandbox')[0]?.input).toEqual({ id: 42, sandbox: true }));
    await user.click(actions().getByRole('button', { name: 'Delete Stack' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Stack' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.callsTo('stacks.delete')[0].input).toEqual({ id: 42 });
  });

  it("a failed sandbox says 'Failed to update sandbox state'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderDetail(answeredGroupStack({ me: { can_sandbox: true } }), { 'stacks.sandbox': () => new TrpcFailure(409, 'Already') });
    await loaded();
    await user.click(actions().getByRole('button', { name: 'Sandbox' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Sandbox Stack?' })).getByRole('button', { name: 'Sandbox' }));
    expect(await screen.findByText('Failed to update sandbox state')).toBeInTheDocument();
  });
});

describe('Stack detail: Edit (spec 2 §2.3, §8)', () => {
  async function openEditForm(user: ReturnType<typeof renderDetail>['user']) {
    await loaded();
    await user.click(actions().getByRole('button', { name: 'Edit' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Edit Stack?' })).getByRole('button', { name: 'Edit' }));
    return screen.getByRole('dialog', { name: 'Edit Friend Stack' });
  }

  it('confirms, then edits name and positions', async () => {
    const { user, server } = renderDetail(stack({ me: { can_edit: true } }), { 'stacks.edit': { message: 'Stack updated' } });
    const form = await openEditForm(user);
    const name = within(form).getByRole('textbox', { name: 'Stack Name (max 32 characters):' });
    expect(name).toHaveValue('Lunch');
    expect(within(form).getByRole('textbox', { name: 'Position 6' })).toHaveValue('Salad');
    await user.clear(name);
    await user.type(name, 'Dinner');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('stacks.edit')[0]?.input).toEqual({ id: 42, name: 'Dinner', positions: POSITIONS }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Friend Stack' })).not.toBeInTheDocument());
  });

  it("a 403 shows 'Cannot Edit Stack' and reloads the stack", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, server } = renderDetail(stack({ me: { can_edit: true } }), {
      'stacks.edit': () => new TrpcFailure(403, 'This stack can no longer be edited.', 'FORBIDDEN'),
    });
    const form = await openEditForm(user);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const refusal = await screen.findByRole('dialog', { name: 'Cannot Edit Stack' });
    expect(refusal).toHaveTextContent(
      'This stack can no longer be edited. It may have been created more than an hour ago or someone has already responded.',
    );
    await waitFor(() => expect(server.callsTo('stacks.get')).toHaveLength(2));
  });

  it("another failure says 'Failed to edit stack. Please try again.'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderDetail(stack({ me: { can_edit: true } }), { 'stacks.edit': () => new TrpcFailure(400, 'Bad') });
    const form = await openEditForm(user);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Failed to edit stack. Please try again.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Cannot Edit Stack' })).not.toBeInTheDocument();
  });
});

describe('Stack detail: Twist Stack (spec 2 §5, §8)', () => {
  it('needs a twist of at most 36 characters, then opens the twisted stack', async () => {
    const { user, server, onOpenStack } = renderDetail(answeredGroupStack({ me: { can_twist: true } }), { 'twistedStacks.create': { id: 91 } });
    await loaded();
    await user.click(actions().getByRole('button', { name: 'Twist Stack' }));
    const dialog = screen.getByRole('dialog', { name: 'Twist Stack' });
    const input = within(dialog).getByRole('textbox', { name: 'Twist' });
    expect(within(dialog).getByText('0/36')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a twist (max 36 characters).')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
    await user.type(input, '   ');
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
    await user.clear(input);
    await user.type(input, 't'.repeat(40));
    expect(input).toHaveValue('t'.repeat(36));
    expect(within(dialog).getByText('36/36')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'On a rainy day');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onOpenStack).toHaveBeenCalledWith(91, 'twisted'));
    expect(server.callsTo('twistedStacks.create')[0].input).toEqual({ stack_id: 42, twist_description: 'On a rainy day' });
  });

  it("shows the server's detail when refused", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, onOpenStack } = renderDetail(answeredGroupStack({ me: { can_twist: true } }), {
      'twistedStacks.create': () => new TrpcFailure(409, 'This stack has already been twisted', 'CONFLICT'),
    });
    await loaded();
    await user.click(actions().getByRole('button', { name: 'Twist Stack' }));
    const dialog = screen.getByRole('dialog', { name: 'Twist Stack' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Twist' }), 'Again');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('This stack has already been twisted')).toBeInTheDocument();
    expect(onOpenStack).not.toHaveBeenCalled();
  });
});

describe('Stack detail: Hide Stack for Users (spec 2 §6)', () => {
  const members = chessClub('owner', {
    members: [
      { id: 1, user_id: 1, role: 'OWNER', user: { username: 'alice', avatar_id: 1 } },
      { id: 2, user_id: 2, role: 'MEMBER', user: { username: 'bob', avatar_id: 2 } },
      { id: 4, user_id: 4, role: 'MEMBER', user: { username: 'dave', avatar_id: 4 } },
      { id: 5, user_id: 5, role: 'MEMBER', user: { username: 'erin', avatar_id: 5 } },
    ],
  });

  /** As an admin sees it: the server names dave and erin (members who have not answered, not alice). */
  const hideable = () => answeredGroupStack({ me: { can_hide_for_users: true, hideable_user_ids: [4, 5] } });

  it('lists members who have not answered, not me, and needs one chosen', async () => {
    const { user, server } = renderDetail(hideable(), { 'users.me': ADMIN, 'groups.get': members, 'stacks.hide': { message: 'ok' } });
    await loaded();
    await user.click(await actions().findByRole('button', { name: 'Hide Stack for Users' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide Stack for Users' });
    const options = await within(dialog).findAllByRole('checkbox');
    expect(options.map((box) => box.closest('label')?.textContent)).toEqual(['dave', 'erin']);
    const hide = within(dialog).getByRole('button', { name: 'Hide for Selected' });
    expect(hide).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'erin' }));
    expect(hide).toBeEnabled();
    await user.click(hide);
    await waitFor(() => expect(server.callsTo('stacks.hide')[0]?.input).toEqual({ id: 42, user_ids: [5] }));
    expect(server.callsTo('groups.get')[0].input).toEqual({ id: 7 });
  });

  it('offers Hide Stack for Users by the flag and lists exactly the members the server names', async () => {
    const { user } = renderDetail(answeredGroupStack({ me: { can_hide_for_users: true, hideable_user_ids: [5] } }), { 'groups.get': members });
    await loaded();
    await user.click(actions().getByRole('button', { name: 'Hide Stack for Users' }));
    const options = await within(screen.getByRole('dialog', { name: 'Hide Stack for Users' })).findAllByRole('checkbox');
    expect(options.map((box) => box.closest('label')?.textContent)).toEqual(['erin']);
  });

  it("shows 'Failed to hide stack for users'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderDetail(hideable(), { 'users.me': ADMIN, 'groups.get': members, 'stacks.hide': () => new TrpcFailure(400, 'No') });
    await loaded();
    await user.click(await actions().findByRole('button', { name: 'Hide Stack for Users' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide Stack for Users' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'dave' }));
    await user.click(within(dialog).getByRole('button', { name: 'Hide for Selected' }));
    expect(await within(dialog).findByText('Failed to hide stack for users')).toBeInTheDocument();
  });

  it("shows 'Failed to load group members'", async () => {
    const { user } = renderDetail(hideable(), { 'users.me': ADMIN, 'groups.get': () => new TrpcFailure(403, 'No') });
    await loaded();
    await user.click(await actions().findByRole('button', { name: 'Hide Stack for Users' }));
    expect(await screen.findByText('Failed to load group members')).toBeInTheDocument();
  });
});

describe('Stack detail: Copy Stack (spec 2 §6)', () => {
  it('opens the New Friend Stack dialog filled with the stack and the friend', async () => {
    const { user, onOpenStack, server } = renderDetail(stack(), {
      'friends.list': [{ id: 2, username: 'bob', bio: '', avatar_id: 2, friend_status: 'friends', last_login: null }],
      'stacks.create': { id: 60 },
    });
    await loaded();
    await user.click(actions().getByRole('button', { name: 'Copy Stack' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Friend Stack' });
    expect(within(dialog).getByRole('textbox', { name: 'Stack Name (max 32 characters):' })).toHaveValue('Lunch');
    expect(within(dialog).getByRole('textbox', { name: 'Position 3' })).toHaveValue('Tacos');
    expect(await within(dialog).findByRole('radio', { name: 'bob' })).toBeChecked();
    expect(localStorage.getItem('stackPrefill')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Create Stack' }));
    await waitFor(() => expect(onOpenStack).toHaveBeenCalledWith(60, 'stack'));
    expect(server.callsTo('stacks.create')[0].input).toEqual({ name: 'Lunch', mode: 'friend', target_id: 2, positions: POSITIONS });
  });
});

// Real page sizes (100 comments a page, up to 250 rendered) take seconds in jsdom under a loaded CI.
describe('Stack detail: comments a page at a time', { timeout: 20_000 }, () => {
  const list = () => screen.getByRole('list', { name: 'Comments' });
  const notes = () => within(list()).getAllByRole('listitem').map((li) => li.textContent?.match(/Note \d{3}/)?.[0]);
  const expected = (first: number, last: number) => commentRange(first, last).map((c) => c.description);
  /** A fake server holding `all` comments (oldest first) that pages them like the real one. */
  const pagedStack = (all: () => Comment[]) => (input: unknown) => answeredGroupStack(commentPage(all(), input));

  it("shows the newest page; 'Load more comments' puts the older ones above it, then goes away", async () => {
    const all = commentRange(1, 150);
    const { user, server } = renderDetail(pagedStack(() => all));
    await loaded();
    expect(notes()).toEqual(expected(51, 150));
    const more = screen.getByRole('button', { name: 'Load more comments' });
    // Above the list, where the older comments go.
    expect(more.compareDocumentPosition(list()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(more);
    await waitFor(() => expect(notes()).toEqual(expected(1, 150)));
    expect(server.callsTo('stacks.get').map((call) => call.input)).toEqual([
      { id: 42, mark_viewed: 'true' },
      { id: 42, comments_offset: 100, comments_limit: 100 },
    ]);
    expect(screen.queryByRole('button', { name: 'Load more comments' })).not.toBeInTheDocument();
  });

  it('loads the next page when the control scrolls into view (IntersectionObserver), once per sighting', async () => {
    const observers: { callback: IntersectionObserverCallback; target?: Element; options?: IntersectionObserverInit }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          observers.push({ callback, options });
        }
        observe(target: Element) {
          observers[observers.length - 1].target = target;
        }
        unobserve() {}
        disconnect() {}
        takeRecords() {
          return [];
        }
      },
    );
    const sight = (isIntersecting: boolean) =>
      act(() => {
        const { callback, target } = observers[0];
        callback([{ isIntersecting, target } as IntersectionObserverEntry], {} as IntersectionObserver);
      });
    const all = commentRange(1, 250);
    const { server } = renderDetail(pagedStack(() => all));
    await loaded();
    expect(observers).toHaveLength(1);
    expect(observers[0].target).toBe(screen.getByRole('button', { name: 'Load more comments' }));
    expect(observers[0].options?.rootMargin).toBe('100px 0px');

    sight(false);
    expect(server.callsTo('stacks.get')).toHaveLength(1);
    sight(true);
    await waitFor(() => expect(notes()).toEqual(expected(51, 250)));
    // Still in view after the page came: nothing more until it is seen again.
    expect(server.callsTo('stacks.get')).toHaveLength(2);
    sight(true);
    await waitFor(() => expect(notes()).toEqual(expected(1, 250)));
    expect(server.callsTo('stacks.get').map((call) => call.input.comments_offset)).toEqual([undefined, 100, 200]);
    expect(screen.queryByRole('button', { name: 'Load more comments' })).not.toBeInTheDocument();
  });

  it('after a new comment, the newest page and the older pages are fetched again: nothing lost at the seam', async () => {
    let all = commentRange(1, 150);
    const { user, server } = renderDetail(pagedStack(() => all), {
      'stacks.createComment': (input: { description: string }) => {
        all = [...all, comment(151, ALICE, input.description)];
        return { id: 151 };
      },
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Load more comments' }));
    await waitFor(() => expect(notes()).toHaveLength(150));
    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Note 151');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    // Note 051 moved from the newest page to the older one: still shown, once.
    await waitFor(() => expect(notes()).toEqual(expected(1, 151)));
    expect(server.callsTo('stacks.get').map((call) => call.input.comments_offset)).toEqual([undefined, 100, undefined, 100]);
  });

  it("a failed page is only logged; 'Load more comments' stays to try again", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const all = commentRange(1, 120);
    const { user } = renderDetail((input: unknown) => {
      if ((input as { comments_offset?: number }).comments_offset && fail) return new TrpcFailure(404, 'Stack not found', 'STACK_NOT_FOUND');
      return answeredGroupStack(commentPage(all, input));
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Load more comments' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to load more comments', expect.anything()));
    expect(notes()).toEqual(expected(21, 120));
    fail = false;
    await user.click(await screen.findByRole('button', { name: 'Load more comments' }));
    await waitFor(() => expect(notes()).toEqual(expected(1, 120)));
  });

  it('no control when every comment came at once', async () => {
    renderDetail(answeredGroupStack({ comments: commentRange(1, 3), comments_has_more: false }));
    await loaded();
    expect(notes()).toEqual(expected(1, 3));
    expect(screen.queryByRole('button', { name: 'Load more comments' })).not.toBeInTheDocument();
  });
});

describe('Stack detail: an admin outside the audience (moderation only)', () => {
  it('sees responses and comments to moderate, but no ranking to submit and no comment box', async () => {
    const data = answeredGroupStack({ comments: [moderated(comment(2, BOB, 'Theirs'))], me: { is_answered: false, can_answer: false, can_comment: false } });
    renderDetail(data, { 'users.me': ADMIN });
    await loaded();
    expect(screen.queryByRole('list', { name: 'Your ranking' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Responses' })).toBeInTheDocument();
    const theirs = within(screen.getByRole('list', { name: 'Comments' })).getByRole('listitem');
    await waitFor(() => expect(within(theirs).getByRole('button', { name: 'Sandbox comment' })).toBeInTheDocument());
    expect(screen.queryByRole('textbox', { name: 'Add a comment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });
});
