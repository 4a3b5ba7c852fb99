import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bot, BotKeyword } from '../../shared/schemas/bots';
import { BotDetailView } from '../../client/src/features/bots/bot-detail';
import { ALICE, groupBot, keyword, MIXED_TAGS, userBot } from './bots-fixtures';
import { ME } from './fixtures';
import { renderAt, stubTrpc, TrpcFailure } from './render';

beforeEach(() => sessionStorage.clear());

type Handlers = Parameters<typeof stubTrpc>[0];

/** Renders the bot; `server.bot` is what bots.get answers now (handlers may change it). */
function renderBot(initial: Bot, handlers: (state: { bot: Bot }) => Handlers = () => ({})) {
  const state = { bot: initial };
  const server = stubTrpc({ 'users.me': ME, 'bots.get': () => state.bot, 'bots.responses': [], ...handlers(state) });
  const onBack = vi.fn();
  const view = renderAt(<BotDetailView botId={initial.id} onBack={onBack} onOpenUser={vi.fn()} onOpenGroup={vi.fn()} />);
  return { ...view, server, state, onBack };
}

const tagsList = () => screen.getByRole('list', { name: 'Tags' });
const badge = (name: string) => within(tagsList()).getByText(name, { selector: 'span' }).closest('li')!;
const tagNames = () => within(tagsList()).getAllByRole('listitem').map((li) => li.firstElementChild?.textContent);
const input = () => screen.getByRole('textbox', { name: 'Add tag' });
const button = (name: string) => screen.queryByRole('button', { name });
const ready = async (name = 'Quizzy') => {
  await screen.findByRole('heading', { name, level: 1 });
};

function expectStatus(name: string, status: 'PENDING' | 'ACTIVE' | 'DEACTIVATING' | 'DISABLED') {
  const li = badge(name);
  const classes = { PENDING: 'badge-warning', ACTIVE: 'badge-success', DEACTIVATING: 'bg-orange-500', DISABLED: 'badge-error' };
  for (const [other, cls] of Object.entries(classes)) {
    if (other === status) expect(li, `${name} should be ${status}`).toHaveClass(cls);
    else expect(li, `${name} should not be ${other}`).not.toHaveClass(cls);
  }
  expect(li).toHaveTextContent(`(${status.toLowerCase()})`);
}

describe('Tags: colours and italics (spec 2 §2.7)', () => {
  it('colours PENDING yellow, ACTIVE green, DEACTIVATING orange, DISABLED red, and sets unavailable tags in italics', async () => {
    renderBot(groupBot());
    await ready();
    expect(tagNames()).toEqual(['pizza', 'jazz (music)', 'tacos', 'sushi', 'ramen']);
    expectStatus('pizza', 'ACTIVE');
    expectStatus('jazz (music)', 'PENDING');
    expectStatus('tacos', 'DISABLED');
    expectStatus('sushi', 'DEACTIVATING');
    expect(badge('sushi')).toHaveClass('text-orange-950');
    expectStatus('ramen', 'ACTIVE');
    expect(badge('ramen')).toHaveClass('italic');
    expect(badge('pizza')).not.toHaveClass('italic');
    expect(badge('ramen')).toHaveAttribute('title', expect.stringContaining('not chosen again until every active tag has been used'));
  });

  it("says 'No tags yet.' for a bot without tags", async () => {
    renderBot(groupBot({ keywords: [] }));
    await ready();
    expect(screen.getByText('No tags yet.')).toBeInTheDocument();
    expect(button('Save Tags')).toBeDisabled();
  });
});

describe('Tags: the editor state machine (spec 2 §4)', () => {
  it('removing an existing tag marks it DEACTIVATING; x again restores its original status', async () => {
    const { user } = renderBot(groupBot());
    await ready();
    expect(button('Save Tags')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove tag jazz (music)' }));
    expectStatus('jazz (music)', 'DEACTIVATING');
    expect(button('Remove tag jazz (music)')).not.toBeInTheDocument();
    expect(button('Save Tags')).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Restore tag jazz (music)' }));
    expectStatus('jazz (music)', 'PENDING');
    expect(button('Save Tags')).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Remove tag pizza' }));
    expectStatus('pizza', 'DEACTIVATING');
    await user.click(screen.getByRole('button', { name: 'Restore tag pizza' }));
    expectStatus('pizza', 'ACTIVE');
  });

  it('a new tag is PENDING; x drops it', async () => {
    const { user } = renderBot(groupBot());
    await ready();
    await user.type(input(), 'burgers{Enter}');
    expect(tagNames()).toEqual(['pizza', 'jazz (music)', 'tacos', 'sushi', 'ramen', 'burgers']);
    expectStatus('burgers', 'PENDING');
    expect(input()).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Remove tag burgers' }));
    expect(within(tagsList()).queryByText('burgers')).not.toBeInTheDocument();
    expect(button('Save Tags')).toBeDisabled();
  });

  it('re-adding a DISABLED tag makes it PENDING; x restores it to DISABLED', async () => {
    const { user } = renderBot(groupBot());
    await ready();
    // Nothing to take back on a DISABLED or DEACTIVATING tag: no x.
    expect(button('Remove tag tacos')).not.toBeInTheDocument();
    expect(button('Remove tag sushi')).not.toBeInTheDocument();
    await user.type(input(), 'Tacos{Enter}');
    expectStatus('tacos', 'PENDING');
    expect(tagNames()).toEqual(['pizza', 'jazz (music)', 'tacos', 'sushi', 'ramen']);
    await user.click(screen.getByRole('button', { name: 'Remove tag tacos' }));
    expectStatus('tacos', 'DISABLED');
    expect(button('Remove tag tacos')).not.toBeInTheDocument();
  });

  it('typing a removed tag again takes the removal back; other names already listed are flagged and ignored', async () => {
    const { user } = renderBot(groupBot());
    await ready();
    await user.click(screen.getByRole('button', { name: 'Remove tag pizza' }));
    await user.type(input(), 'PIZZA{Enter}');
    expectStatus('pizza', 'ACTIVE');
    expect(button('Save Tags')).toBeDisabled();

    await user.type(input(), 'Jazz (Music){Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('“Jazz (Music)” is already in the list.');
    expect(input()).toHaveValue('');
    await user.type(input(), 'sushi{Enter}');
    expectStatus('sushi', 'DEACTIVATING');
    await user.type(input(), 'waffles{Enter}');
    await user.type(input(), 'WAFFLES{Enter}');
    expect(tagNames().filter((name) => name?.toLowerCase() === 'waffles')).toEqual(['waffles']);
    expect(button('Save Tags')).toBeEnabled();
  });
});

describe('Tags: the input (spec 2 §5)', () => {
  it('adds on Enter, on Tab (keeping focus for the next tag) and on blur, trimmed', async () => {
    const { user } = renderBot(groupBot({ keywords: [] }));
    await ready();
    await user.type(input(), '  one  {Enter}');
    await user.type(input(), 'two');
    await user.tab();
    expect(input()).toHaveFocus();
    await user.type(input(), 'three (context)');
    await user.click(screen.getByRole('heading', { name: 'Tags' }));
    expect(input()).not.toHaveFocus();
    expect(tagNames()).toEqual(['one', 'two', 'three (context)']);
    expect(['one', 'two', 'three (context)'].every((name) => badge(name).classList.contains('badge-warning'))).toBe(true);
    // An empty input lets Tab move on.
    await user.click(input());
    await user.tab();
    expect(input()).not.toHaveFocus();
  });

  it('refuses names over 32 characters and names that do not match the pattern, with the spec messages', async () => {
    const { user } = renderBot(groupBot({ keywords: [] }));
    await ready();
    await user.type(input(), `${'a'.repeat(33)}{Enter}`);
    expect(screen.getByRole('alert')).toHaveTextContent('Tag name must be 32 characters or less');
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input()).toHaveValue('a'.repeat(33));

    const format = 'Invalid tag format. Tags must match pattern: text with optional (context) at the end. Commas are not allowed.';
    await user.clear(input());
    await user.type(input(), 'salt, pepper{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(format);
    await user.clear(input());
    await user.type(input(), 'a (b) (c)');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(format);
    expect(screen.queryByText('No tags yet.')).toBeInTheDocument();

    await user.clear(input());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(input(), `${'b'.repeat(32)}{Enter}`);
    expect(tagNames()).toEqual(['b'.repeat(32)]);
  });
});

describe('Tags: Save Tags', () => {
  /** The server's answer: added names PENDING (DISABLED ones too), removed ones DEACTIVATING. */
  function serverHandlers(state: { bot: Bot }): Handlers {
    return {
      'bots.addKeywords': ({ keywords }: { keywords: string[] }) => {
        let next = state.bot.keywords.map((k) => (keywords.some((n) => n.toLowerCase() === k.name.toLowerCase()) && k.status === 'DISABLED' ? { ...k, status: 'PENDING' as const } : k));
        const fresh = keywords.filter((n) => !next.some((k) => k.name.toLowerCase() === n.toLowerCase()));
        next = [...next, ...fresh.map((name, i): BotKeyword => keyword(100 + i, name, 'PENDING'))];
        state.bot = { ...state.bot, keywords: next };
        return state.bot;
      },
      'bots.removeKeywords': ({ keywords, purge }: { keywords?: string[]; purge?: boolean }) => {
        let next = state.bot.keywords.map((k) => ((keywords ?? []).includes(k.name) ? { ...k, status: 'DEACTIVATING' as const } : k));
        if (purge) next = next.filter((k) => k.status !== 'DISABLED');
        state.bot = { ...state.bot, keywords: next };
        return state.bot;
      },
    };
  }

  it('sends the added and re-added names, then the removed ones, reloads the bot and shows the server statuses', async () => {
    const { user, server } = renderBot(groupBot(), serverHandlers);
    await ready();
    await user.type(input(), 'burgers{Enter}');
    await user.type(input(), 'tacos{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove tag pizza' }));
    await user.click(screen.getByRole('button', { name: 'Remove tag jazz (music)' }));
    await user.click(screen.getByRole('button', { name: 'Restore tag jazz (music)' }));
    expect(server.callsTo('bots.get')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Save Tags' }));
    expect(await screen.findByText('Tags saved.')).toBeInTheDocument();
    expect(server.callsTo('bots.addKeywords').map((c) => c.input)).toEqual([{ id: 42, keywords: ['tacos', 'burgers'] }]);
    expect(server.callsTo('bots.removeKeywords').map((c) => c.input)).toEqual([{ id: 42, keywords: ['pizza'] }]);
    await vi.waitFor(() => expect(server.callsTo('bots.get')).toHaveLength(2));

    expectStatus('burgers', 'PENDING');
    expectStatus('tacos', 'PENDING');
    // Now DEACTIVATING on the server: nothing left to restore locally.
    expectStatus('pizza', 'DEACTIVATING');
    expect(button('Restore tag pizza')).not.toBeInTheDocument();
    expect(button('Save Tags')).toBeDisabled();
  });

  it('sends only what changed: no add call for removals alone', async () => {
    const { user, server } = renderBot(groupBot(), serverHandlers);
    await ready();
    await user.click(screen.getByRole('button', { name: 'Remove tag ramen' }));
    await user.click(screen.getByRole('button', { name: 'Save Tags' }));
    expect(await screen.findByText('Tags saved.')).toBeInTheDocument();
    expect(server.callsTo('bots.addKeywords')).toHaveLength(0);
    expect(server.callsTo('bots.removeKeywords').map((c) => c.input)).toEqual([{ id: 42, keywords: ['ramen'] }]);
  });

  it('adds what is still typed when Save Tags is clicked', async () => {
    const { user, server } = renderBot(groupBot(), serverHandlers);
    await ready();
    await user.type(input(), 'waffles');
    await user.click(screen.getByRole('button', { name: 'Save Tags' }));
    expect(await screen.findByText('Tags saved.')).toBeInTheDocument();
    expect(server.callsTo('bots.addKeywords').map((c) => c.input)).toEqual([{ id: 42, keywords: ['waffles'] }]);
  });

  it("shows 'Failed to save tags: {detail}' when the server refuses, and keeps the edits", async () => {
    const { user, server } = renderBot(groupBot(), () => ({
      'bots.addKeywords': () => {
        throw new TrpcFailure(403, "Only the bot's owner, its audience or an admin can edit its tags", 'FORBIDDEN');
      },
    }));
    await ready();
    await user.type(input(), 'burgers{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save Tags' }));
    expect(await screen.findByText("Failed to save tags: Only the bot's owner, its audience or an admin can edit its tags")).toBeInTheDocument();
    expect(screen.queryByText('Tags saved.')).not.toBeInTheDocument();
    expectStatus('burgers', 'PENDING');
    await vi.waitFor(() => expect(server.callsTo('bots.get')).toHaveLength(2));
    expect(button('Save Tags')).toBeEnabled();
  });

  it("shows 'Failed to save tags' when the failure carries no detail", async () => {
    const { user } = renderBot(groupBot(), () => ({
      'bots.removeKeywords': () => {
        throw new Error('connection reset');
      },
    }));
    await ready();
    await user.click(screen.getByRole('button', { name: 'Remove tag pizza' }));
    await user.click(screen.getByRole('button', { name: 'Save Tags' }));
    const message = await screen.findByText(/^Failed to save tags/);
    expect(message).toHaveTextContent(/^Failed to save tags$/);
  });
});

describe('Tags: Purge', () => {
  it('sends purge with no names, reloads the bot and drops the DISABLED tags', async () => {
    const owned = groupBot({ owner_id: ALICE.id, owner: { username: ALICE.username, avatar_id: ALICE.avatar_id } });
    const { user, server } = renderBot(owned, (state) => ({
      'bots.removeKeywords': () => {
        state.bot = { ...state.bot, keywords: state.bot.keywords.filter((k) => k.status !== 'DISABLED') };
        return state.bot;
      },
    }));
    await ready();
    await user.click(await screen.findByRole('button', { name: 'Purge' }));
    expect(await screen.findByText('Disabled tags purged.')).toBeInTheDocument();
    expect(server.callsTo('bots.removeKeywords').map((c) => c.input)).toEqual([{ id: 42, keywords: [], purge: true }]);
    await vi.waitFor(() => expect(server.callsTo('bots.get')).toHaveLength(2));
    expect(tagNames()).toEqual(['pizza', 'jazz (music)', 'sushi', 'ramen']);
  });

  it("shows 'Failed to purge tags: {detail}' or 'Failed to purge tags'", async () => {
    let failure: unknown = new TrpcFailure(403, 'Not allowed', 'FORBIDDEN');
    const { user } = renderBot(userBot(), () => ({
      'bots.removeKeywords': () => {
        throw failure;
      },
    }));
    await ready('Pal');
    await user.click(screen.getByRole('button', { name: 'Purge' }));
    expect(await screen.findByText('Failed to purge tags: Not allowed')).toBeInTheDocument();
    expect(tagNames()).toEqual(MIXED_TAGS.map((k) => k.name));

    failure = new Error('offline');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await user.click(screen.getByRole('button', { name: 'Purge' }));
    const message = await screen.findByText(/^Failed to purge tags/);
    expect(message).toHaveTextContent(/^Failed to purge tags$/);
  });
});

describe('Tags: Back', () => {
  it('goes back', async () => {
    const { user, onBack } = renderBot(groupBot());
    await ready();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});
