import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { COMMENT_NOT_SENT, COMMENT_WAITING } from '../../client/src/features/stacks/comment-rules';
import { NewStackDialog, STACK_NOT_SENT } from '../../client/src/features/stacks/new-stack-dialog';
import { commentDraftKey, newStackDraftKey, parseCommentDraft, parseNewStackDraft, readDraft, useSessionDraft, writeDraft } from '../../client/src/features/stacks/stack-draft';
import { StackDetail } from '../../client/src/features/stacks/stack-detail';
import { connection } from '../../client/src/lib/connection';
import { ME, summary } from './fixtures';
import { renderAt, stubFetch, stubTrpc } from './render';
import { answeredGroupStack } from './stacks-fixtures';

type Handlers = Parameters<typeof stubTrpc>[0];

/**
 * The app's server, by procedure (stubTrpc), with switches: `down` (nothing answers, /healthz
 * included: the server is gone) and `dropping` (calls to these procedures get no answer while
 * /healthz does: a lost request).
 */
function flakyServer(handlers: Handlers) {
  const trpc = stubTrpc(handlers);
  const answer = trpc.fetchMock.getMockImplementation()!;
  const state = { down: false, dropping: new Set<string>() };
  const fetchMock = stubFetch(async (url, init) => {
    if (state.down) throw new TypeError('Failed to fetch');
    if (String(url) === '/healthz') return new Response('{"status":"ok"}', { status: 200 });
    if ([...state.dropping].some((path) => String(url).includes(path))) throw new TypeError('Failed to fetch');
    return answer(url, init);
  });
  return { ...trpc, fetchMock, state };
}

const KEY = commentDraftKey(ME.id, 'stack', 42);
const box = () => screen.getByRole('textbox', { name: 'Add a comment' });
const send = () => screen.getByRole('button', { name: 'Send' });

function renderStack(handlers: Handlers = {}) {
  const server = flakyServer({ 'users.me': ME, 'stacks.get': () => answeredGroupStack(), 'stacks.createComment': { id: 5 }, ...handlers });
  const props = { onLoaded: vi.fn(), onLoadFailed: vi.fn(), onClose: vi.fn(), onOpenUser: vi.fn(), onOpenGroup: vi.fn(), onOpenBot: vi.fn(), onOpenStack: vi.fn() };
  const view = renderAt(<StackDetail id={42} {...props} />);
  return { ...view, server };
}

describe('the comment box keeps what was typed (docs/connection.md)', () => {
  it('a send that gets no answer keeps the text and says it was not sent; the text survives a reload and is sent later', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const first = renderStack();
    await screen.findByRole('heading', { name: 'Lunch', level: 1 });
    await waitFor(() => expect(box()).toBeInTheDocument());
    await first.user.type(box(), 'Sushi, always');
    expect(readDraft(KEY, parseCommentDraft)).toBe('Sushi, always');
    first.server.state.dropping.add('stacks.createComment');
    await first.user.click(send());
    expect(await screen.findByText(COMMENT_NOT_SENT)).toBeInTheDocument();
    expect(box()).toHaveValue('Sushi, always');
    first.unmount();

    // The page loads again (same tab): the box has the text back.
    const second = renderStack();
    await waitFor(() => expect(box()).toHaveValue('Sushi, always'));
    await second.user.click(send());
    await waitFor(() => expect(second.server.callsTo('stacks.createComment')[0]?.input).toEqual({ id: 42, description: 'Sushi, always' }));
    await waitFor(() => expect(box()).toHaveValue(''));
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('sent while the server cannot be reached, the comment waits, then goes by itself when the server is back', async () => {
    const { user, server } = renderStack();
    await screen.findByRole('heading', { name: 'Lunch', level: 1 });
    server.state.down = true;
    await act(async () => connection.reportFailure());
    await waitFor(() => expect(connection.getState()).toBe('reconnecting'));
    // Typing is not blocked.
    await user.type(box(), 'Tacos!');
    await user.click(send());
    expect(await screen.findByText(COMMENT_WAITING)).toBeInTheDocument();
    expect(server.callsTo('stacks.createComment')).toHaveLength(0);
    expect(box()).toHaveValue('Tacos!');

    server.state.down = false;
    await act(async () => connection.checkNow());
    await waitFor(() => expect(server.callsTo('stacks.createComment')[0]?.input).toEqual({ id: 42, description: 'Tacos!' }));
    await waitFor(() => expect(box()).toHaveValue(''));
    expect(screen.queryByText(COMMENT_WAITING)).not.toBeInTheDocument();
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it("drafts are the user's and the stack's own", async () => {
    writeDraft(commentDraftKey(ME.id, 'stack', 41), 'another stack');
    writeDraft(commentDraftKey(99, 'stack', 42), "another user's");
    writeDraft(commentDraftKey(ME.id, 'twisted', 42), 'the twist');
    renderStack();
    await screen.findByRole('heading', { name: 'Lunch', level: 1 });
    await waitFor(() => expect(box()).toBeInTheDocument());
    expect(box()).toHaveValue('');
  });
});

describe('useSessionDraft', () => {
  it('fills in a draft whose key comes late, unless something was typed; an empty value forgets it', () => {
    writeDraft('k', 'saved');
    const { result, rerender } = renderHook(({ key }: { key: string | null }) => useSessionDraft(key, () => '', parseCommentDraft, (v) => v === ''), {
      initialProps: { key: null as string | null },
    });
    expect(result.current[0]).toBe('');
    rerender({ key: 'k' });
    expect(result.current[0]).toBe('saved');
    act(() => result.current[1](''));
    expect(sessionStorage.getItem('k')).toBeNull();

    writeDraft('k2', 'older');
    const typed = renderHook(({ key }: { key: string | null }) => useSessionDraft(key, () => '', parseCommentDraft, (v) => v === ''), {
      initialProps: { key: null as string | null },
    });
    act(() => typed.result.current[1]('typed first'));
    typed.rerender({ key: 'k2' });
    expect(typed.result.current[0]).toBe('typed first');
  });

  it('ignores what is not a draft', () => {
    sessionStorage.setItem('bad', '{not json');
    expect(readDraft('bad', parseCommentDraft)).toBeNull();
    writeDraft('n', 5);
    expect(readDraft('n', parseCommentDraft)).toBeNull();
    expect(parseNewStackDraft({ name: 'x', positions: ['a', 3] })).toBeNull();
    expect(parseNewStackDraft({ name: 'x', positions: ['a'], targetId: 'b' })).toEqual({ name: 'x', positions: ['a', '', '', '', '', ''], targetId: null });
  });
});

describe('the new-stack dialog keeps what was typed (docs/connection.md)', () => {
  const FRIENDS = [summary({ id: 2, username: 'bob', friend_status: 'friends' })];
  const LUNCH = ['Pizza', 'Sushi', 'Tacos', 'Curry', 'Pasta', 'Salad'];

  function renderDialog() {
    const server = flakyServer({ 'users.me': ME, 'friends.list': FRIENDS, 'stacks.create': { id: 55 } });
    const callbacks = { onClose: vi.fn(), onCreated: vi.fn() };
    const view = renderAt(<NewStackDialog mode="friend" open {...callbacks} />);
    return { ...view, ...callbacks, server };
  }
  const dialog = () => screen.getByRole('dialog', { name: 'New Friend Stack' });
  const position = (n: number) => screen.getByRole('textbox', { name: `Position ${n}` });
  const nameBox = () => screen.getByRole('textbox', { name: 'Stack Name (max 32 characters):' });

  it('a create that gets no answer keeps everything and says so; reopened after a reload it is all there; Cancel forgets it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const first = renderDialog();
    await screen.findByRole('radio', { name: 'bob' });
    // The draft is keyed by the user, who is known once users.me has answered.
    await waitFor(() => expect(first.server.callsTo('users.me')).not.toHaveLength(0));
    await first.user.type(nameBox(), 'Lunch Spots');
    for (const [index, value] of LUNCH.entries()) await first.user.type(position(index + 1), value);
    await first.user.click(screen.getByRole('radio', { name: 'bob' }));
    first.server.state.dropping.add('stacks.create');
    await first.user.click(within(dialog()).getByRole('button', { name: 'Create Stack' }));
    expect(await screen.findByText(STACK_NOT_SENT)).toBeInTheDocument();
    expect(nameBox()).toHaveValue('Lunch Spots');
    expect(first.onCreated).not.toHaveBeenCalled();
    expect(readDraft(newStackDraftKey(ME.id, 'friend'), parseNewStackDraft)).toEqual({ name: 'Lunch Spots', positions: LUNCH, targetId: 2 });
    first.unmount();

    const second = renderDialog();
    await waitFor(() => expect(nameBox()).toHaveValue('Lunch Spots'));
    expect(LUNCH.map((_, index) => (position(index + 1) as HTMLInputElement).value)).toEqual(LUNCH);
    expect(await screen.findByRole('radio', { name: 'bob' })).toBeChecked();
    await second.user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(second.onClose).toHaveBeenCalled();
    expect(sessionStorage.getItem(newStackDraftKey(ME.id, 'friend'))).toBeNull();
    second.unmount();

    renderDialog();
    await screen.findByRole('radio', { name: 'bob' });
    expect(nameBox()).toHaveValue('');
  });

  it('a created stack forgets its draft', async () => {
    const { user, onCreated, server } = renderDialog();
    await screen.findByRole('radio', { name: 'bob' });
    await waitFor(() => expect(server.callsTo('users.me')).not.toHaveLength(0));
    for (const [index, value] of LUNCH.entries()) await user.type(position(index + 1), value);
    await user.click(screen.getByRole('radio', { name: 'bob' }));
    expect(sessionStorage.getItem(newStackDraftKey(ME.id, 'friend'))).not.toBeNull();
    await user.click(within(dialog()).getByRole('button', { name: 'Create Stack' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(55));
    expect(sessionStorage.getItem(newStackDraftKey(ME.id, 'friend'))).toBeNull();
  });
});
