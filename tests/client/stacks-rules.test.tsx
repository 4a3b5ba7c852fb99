import { describe, expect, it, vi } from 'vitest';
import { commentProblems } from '../../client/src/features/stacks/comment-rules';
import { formatDateTime } from '../../client/src/lib/format-date';
import { fitFontSize, LABEL_FIT, POSITION_FIT, positionColor, STACK_COLORS, type TextMeasurer } from '../../client/src/features/stacks/fit-text';
import { keyboardPlaceStep } from '../../client/src/features/stacks/ranking-board';
import { isNewBanner, isUpdateBanner, stackBanner } from '../../client/src/features/stacks/stack-banner';
import { checkDraft, draftPayload, sixPositions } from '../../client/src/features/stacks/stack-draft';
import { emptyStateKind, loadFilters, saveFilters } from '../../client/src/features/stacks/stack-filters';
import { openTarget } from '../../client/src/features/stacks/stack-card';
import { openStackWithFallback } from '../../client/src/features/stacks/stack-view';
import { responderLabel } from '../../client/src/features/stacks/response-cards';
import { score } from '../../shared/scoring';
import { mergeFeedPages, nextFeedOffset, PAGE_SIZE } from '../../client/src/features/stacks/use-stack-feed';
import { consumeStackPrefill, peekStackPrefill, saveStackPrefill } from '../../client/src/features/stacks/stack-prefill';
import { listItem, page } from './stacks-fixtures';

const user = (username: string, is_viewed: boolean, is_answered = true) => ({ user_id: username.length, username, is_answered, is_viewed });
const me = (is_answered: boolean, viewed: boolean, viewed_comments: boolean) => ({ is_answered, viewed, viewed_comments });

describe('stackBanner (spec 2 §2.1), every branch', () => {
  it("a stack I have not answered: 'New stack!' in yellow, whatever else is new", () => {
    expect(stackBanner({ type: 'stack', users: [user('bob', false)], me: me(false, false, false) })).toEqual({ kind: 'new-stack', text: 'New stack!', color: 'yellow' });
    expect(stackBanner({ type: 'stack', users: [], me: me(false, true, true) })).toEqual({ kind: 'new-stack', text: 'New stack!', color: 'yellow' });
  });

  it("an answered stack with unseen responders: 'New response(s) from {names}' in green, names in order", () => {
    const banner = stackBanner({ type: 'stack', users: [user('alice', true), user('bob', false), user('carol', false)], me: me(true, true, false) });
    expect(banner).toEqual({ kind: 'new-responses', text: 'New response(s) from bob, carol', color: 'green' });
  });

  it("an answered stack, responders seen, comments not: 'New comments!' in orange", () => {
    expect(stackBanner({ type: 'stack', users: [user('bob', true)], me: me(true, true, false) })).toEqual({ kind: 'new-comments', text: 'New comments!', color: 'orange' });
  });

  it('an answered stack with everything seen: no banner', () => {
    expect(stackBanner({ type: 'stack', users: [user('bob', true)], me: me(true, true, true) })).toBeNull();
  });

  it("a twisted stack I neither answered nor viewed: 'New twisted stack!' in yellow", () => {
    expect(stackBanner({ type: 'twisted', users: [user('bob', false)], me: me(false, false, false) })).toEqual({
      kind: 'new-twisted',
      text: 'New twisted stack!',
      color: 'yellow',
    });
  });

  it('a twisted stack I viewed but did not answer falls through to the responses rule', () => {
    expect(stackBanner({ type: 'twisted', users: [user('bob', false)], me: me(false, true, true) })?.text).toBe('New response(s) from bob');
  });

  it('a twisted stack I answered but never viewed is not new', () => {
    expect(stackBanner({ type: 'twisted', users: [], me: me(true, false, true) })).toBeNull();
  });

  it('on a twisted stack only responders who answered count toward the green banner', () => {
    const banner = stackBanner({ type: 'twisted', users: [user('bob', false, false), user('carol', false, true)], me: me(true, true, true) });
    expect(banner).toEqual({ kind: 'new-responses', text: 'New response(s) from carol', color: 'green' });
    expect(stackBanner({ type: 'twisted', users: [user('bob', false, false)], me: me(true, true, true) })).toBeNull();
  });

  it('a twisted stack: comments banner, then none', () => {
    expect(stackBanner({ type: 'twisted', users: [user('bob', true)], me: me(true, true, false) })?.kind).toBe('new-comments');
    expect(stackBanner({ type: 'twisted', users: [user('bob', true)], me: me(true, true, true) })).toBeNull();
  });

  it('Hide New Stacks takes new and new twisted; Clear Updates takes responses and comments', () => {
    const kinds = ['new-stack', 'new-twisted', 'new-responses', 'new-comments'] as const;
    expect(kinds.map((kind) => isNewBanner({ kind, text: '', color: 'yellow' }))).toEqual([true, true, false, false]);
    expect(kinds.map((kind) => isUpdateBanner({ kind, text: '', color: 'yellow' }))).toEqual([false, false, true, true]);
    expect(isNewBanner(null)).toBe(false);
    expect(isUpdateBanner(null)).toBe(false);
  });
});

describe('feed paging (spec 2 §9)', () => {
  it('asks for the next offset while pages come back full (33), and stops at a short page', () => {
    const full = page(1, PAGE_SIZE);
    expect(PAGE_SIZE).toBe(33);
    expect(nextFeedOffset(full, [full])).toBe(33);
    expect(nextFeedOffset(full, [full, full])).toBe(66);
    expect(nextFeedOffset(page(1, 32), [full, page(1, 32)])).toBeUndefined();
    expect(nextFeedOffset([], [[]])).toBeUndefined();
  });

  it('joins pages keeping the first of each id and type', () => {
    const twisted = listItem({ id: 2, type: 'twisted', twist: { id: 90, twist_description: 'x', owner_id: 3, owner_username: 'carol' } });
    const merged = mergeFeedPages([[listItem({ id: 1 }), listItem({ id: 2 })], [listItem({ id: 2, name: 'again' }), twisted, listItem({ id: 3 })]]);
    expect(merged.map((item) => `${item.type}:${item.id}`)).toEqual(['stack:1', 'stack:2', 'twisted:2', 'stack:3']);
    expect(merged[1].name).toBe('Stack 2');
  });

  it('a twisted item opens by its twist id, a stack by its own', () => {
    expect(openTarget(listItem({ id: 5 }))).toEqual({ id: 5, type: 'stack' });
    expect(openTarget(listItem({ id: 5, type: 'twisted', twist: { id: 91, twist_description: 'x', owner_id: 3, owner_username: 'carol' } }))).toEqual({ id: 91, type: 'twisted' });
  });
});

describe('filters kept in local storage', () => {
  it('default all off; saved values come back; junk falls back to off', () => {
    expect(loadFilters()).toEqual({ new: false, friends: false, noBots: false });
    saveFilters({ new: true, friends: false, noBots: true });
    expect(loadFilters()).toEqual({ new: true, friends: false, noBots: true });
    localStorage.setItem('stackFilters', '{not json');
    expect(loadFilters()).toEqual({ new: false, friends: false, noBots: false });
  });

  it('the empty state follows the first filter that is on', () => {
    expect(emptyStateKind({ new: true, friends: true, noBots: true })).toBe('new');
    expect(emptyStateKind({ new: false, friends: true, noBots: true })).toBe('friends');
    expect(emptyStateKind({ new: false, friends: false, noBots: true })).toBe('noBots');
    expect(emptyStateKind({ new: false, friends: false, noBots: false })).toBe('none');
  });
});

describe('text fitting and colours', () => {
  // A fake font: each character is `em` of the font size wide (M wider than i, as in real fonts).
  const fakeFont =
    (ems: Record<string, number> = { M: 0.9, i: 0.25 }): TextMeasurer =>
    (text, px) =>
      Array.from(text).reduce((width, char) => width + (ems[char] ?? 0.55) * px, 0);

  it('positions shrink from 16 px to 10 px by measured width to fit 280 px (spec 2 §2.1)', () => {
    const measure = fakeFont();
    expect(fitFontSize('Pizza', POSITION_FIT, measure)).toEqual({ fontPx: 16, fits: true });
    // 32 × 'i' is narrow: it keeps 16 px, which a count of characters would have shrunk.
    expect(fitFontSize('i'.repeat(32), POSITION_FIT, measure)).toEqual({ fontPx: 16, fits: true });
    // 20 × 'M' = 18 em: 15 px is 270 px wide (16 px would be 288).
    expect(fitFontSize('M'.repeat(20), POSITION_FIT, measure)).toEqual({ fontPx: 15, fits: true });
    // 31 × 'M' = 27.9 em: 10 px is 279 px, the smallest size, and it fits.
    expect(fitFontSize('M'.repeat(31), POSITION_FIT, measure)).toEqual({ fontPx: 10, fits: true });
    // 32 × 'M' does not fit even at 10 px (288 px): the smallest size, and it wraps.
    expect(fitFontSize('M'.repeat(32), POSITION_FIT, measure)).toEqual({ fontPx: 10, fits: false });
    expect(fitFontSize('', POSITION_FIT, measure)).toEqual({ fontPx: 16, fits: true });
  });

  it('fits the narrower of the rule and the container: the width passed is what is fitted', () => {
    const measure = fakeFont();
    // 'Pizza' (2.45 em) is 39.2 px at 16 px: a 36 px container takes it down to 14 px (34.3 px).
    expect(fitFontSize('Pizza', { ...POSITION_FIT, widthPx: 36 }, measure)).toEqual({ fontPx: 14, fits: true });
  });

  it('card labels shrink from 18 px to 10 px within 260 px (spec 2 §2.3)', () => {
    const measure = fakeFont();
    expect(fitFontSize('me', LABEL_FIT, measure)).toEqual({ fontPx: 18, fits: true });
    expect(fitFontSize('Keeps me Honest 80.0%', LABEL_FIT, measure)).toEqual({ fontPx: 18, fits: true });
    // 30 × 'x' = 16.5 em: 15 px is 247.5 px.
    expect(fitFontSize('x'.repeat(30), LABEL_FIT, measure)).toEqual({ fontPx: 15, fits: true });
    expect(fitFontSize('x'.repeat(200), LABEL_FIT, measure)).toEqual({ fontPx: 10, fits: false });
  });

  it('asks the measurer at each whole size from the largest down, and stops at the first that fits', () => {
    const asked: number[] = [];
    const measure: TextMeasurer = (_text, px) => {
      asked.push(px);
      return px <= 12 ? 100 : 1000;
    };
    expect(fitFontSize('anything', POSITION_FIT, measure)).toEqual({ fontPx: 12, fits: true });
    expect(asked).toEqual([16, 15, 14, 13, 12]);
  });

  it('six theme colours, one per place in the stack', () => {
    expect(STACK_COLORS).toHaveLength(6);
    expect(new Set([0, 1, 2, 3, 4, 5].map(positionColor)).size).toBe(6);
    expect(positionColor(6)).toBe(positionColor(0));
  });
});

describe('stack drafts (spec 2 §5)', () => {
  const draft = (name: string, positions: string[]) => ({ name, positions });
  it('six non-empty positions make a valid draft; the name is optional', () => {
    expect(checkDraft(draft('', ['a', 'b', 'c', 'd', 'e', 'f']))).toEqual({ messages: [], valid: true });
    expect(checkDraft(draft('', ['a', 'b', 'c', 'd', 'e', ' ']))).toEqual({ messages: [], valid: false });
  });

  it("identical positions after trimming: 'Identical positions not supported.'", () => {
    expect(checkDraft(draft('', ['a', ' a ', 'c', 'd', 'e', 'f']))).toEqual({ messages: ['Identical positions not supported.'], valid: false });
    expect(checkDraft(draft('', ['Pizza', 'pizza', 'c', 'd', 'e', 'f'])).messages).toEqual(['Identical positions not supported.']);
  });

  it('32 characters at most for the name and each position', () => {
    expect(checkDraft(draft('n'.repeat(32), ['a', 'b', 'c', 'd', 'e', 'p'.repeat(32)])).valid).toBe(true);
    expect(checkDraft(draft('n'.repeat(33), ['a', 'b', 'c', 'd', 'e', 'f']))).toEqual({ messages: ['Stack name must be no more than 32 characters'], valid: false });
    expect(checkDraft(draft('', ['a', 'b', 'c', 'd', 'e', 'p'.repeat(33)]))).toEqual({ messages: ['Positions must be no more than 32 characters'], valid: false });
  });

  it('the payload trims, and sends an empty name as null', () => {
    expect(draftPayload(draft('  ', [' a ', 'b', 'c', 'd', 'e', 'f']))).toEqual({ name: null, positions: ['a', 'b', 'c', 'd', 'e', 'f'] });
    expect(draftPayload(draft(' Lunch ', ['a', 'b', 'c', 'd', 'e', 'f'])).name).toBe('Lunch');
    expect(sixPositions(['a', 'b'])).toEqual(['a', 'b', '', '', '', '']);
    expect(sixPositions(['1', '2', '3', '4', '5', '6', '7'])).toHaveLength(6);
  });
});

describe('comment rules (spec 2 §5)', () => {
  it('more than 3 newlines, more than 200 characters, or only whitespace are refused', () => {
    expect(commentProblems('a\nb\nc\nd')).toEqual({ tooManyNewlines: false, tooLong: false, empty: false });
    expect(commentProblems('a\nb\nc\nd\ne').tooManyNewlines).toBe(true);
    expect(commentProblems('x'.repeat(200)).tooLong).toBe(false);
    expect(commentProblems('x'.repeat(201)).tooLong).toBe(true);
    expect(commentProblems(' \n ').empty).toBe(true);
  });
});

describe('the copy prefill (spec 1 §3)', () => {
  it('is read once', () => {
    saveStackPrefill({ name: 'Lunch', positions: ['a', 'b', 'c', 'd', 'e', 'f'], friendId: 2 });
    expect(peekStackPrefill()).toEqual({ name: 'Lunch', positions: ['a', 'b', 'c', 'd', 'e', 'f'], friendId: 2 });
    expect(consumeStackPrefill()).toEqual({ name: 'Lunch', positions: ['a', 'b', 'c', 'd', 'e', 'f'], friendId: 2 });
    expect(consumeStackPrefill()).toBeNull();
  });

  it('survives junk', () => {
    localStorage.setItem('stackPrefill', '"just a string"');
    expect(consumeStackPrefill()).toBeNull();
    localStorage.setItem('stackPrefill', '{"name":3,"positions":"no"}');
    expect(consumeStackPrefill()).toEqual({ name: '', positions: [], friendId: null });
  });
});

describe('openStackWithFallback (spec 1 §2)', () => {
  const loaders = (stackResult: () => Promise<string>, twistedResult: () => Promise<string>) => ({ stack: vi.fn(stackResult), twisted: vi.fn(twistedResult) });

  it('opens an ordinary stack as a stack', async () => {
    const load = loaders(async () => 'S', async () => 'T');
    await expect(openStackWithFallback(4, 'stack', load)).resolves.toEqual({ type: 'stack', data: 'S' });
    expect(load.twisted).not.toHaveBeenCalled();
  });

  it('falls back to a twisted stack when the ordinary one fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const load = loaders(() => Promise.reject(new Error('404')), async () => 'T');
    await expect(openStackWithFallback(4, 'stack', load)).resolves.toEqual({ type: 'twisted', data: 'T' });
    expect(load.stack).toHaveBeenCalledWith(4);
    expect(load.twisted).toHaveBeenCalledWith(4);
  });

  it("opens type 'twisted' as twisted straight away", async () => {
    const load = loaders(async () => 'S', async () => 'T');
    await expect(openStackWithFallback(9, 'twisted', load)).resolves.toEqual({ type: 'twisted', data: 'T' });
    expect(load.stack).not.toHaveBeenCalled();
  });

  it("fails with the twisted attempt's error when both fail", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const load = loaders(() => Promise.reject(new Error('stack')), () => Promise.reject(new Error('twisted')));
    await expect(openStackWithFallback(4, 'stack', load)).rejects.toThrow('twisted');
  });
});

describe('keyboard step: one arrow press, one place (docs/accessibility.md)', () => {
  // Six places 42 px tall, 50 px apart (8 px gaps), as Chromium lays them out; 'c' is 92 px tall (wrapped text).
  const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
  const heights: Record<string, number> = { a: 42, b: 42, c: 92, d: 42, e: 42, f: 42 };
  const tops: Record<string, number> = {};
  ids.reduce((top, id) => ((tops[id] = top), top + heights[id] + 8), 100);
  const rectOf = (id: string | number) => (String(id) in tops ? { top: tops[id], bottom: tops[id] + heights[id] } : undefined);
  const step = (activeId: string, overId: string | null, direction: 1 | -1) => keyboardPlaceStep({ ids, activeId, overId, direction, rectOf, activeHeight: heights[activeId] });

  it('takes the card to the next place down, its bottom level with that place', () => {
    expect(step('a', null, 1)).toEqual({ overId: 'b', y: 150 });
    expect(step('a', 'a', 1)).toEqual({ overId: 'b', y: 150 });
    // Over c (92 px): a's bottom goes level with c's bottom.
    expect(step('a', 'b', 1)).toEqual({ overId: 'c', y: 200 + 92 - 42 });
    expect(step('a', 'c', 1)).toEqual({ overId: 'd', y: 300 });
  });

  it('moving up puts its top level with the place above; back over its own place, it is where it started', () => {
    expect(step('d', 'd', -1)).toEqual({ overId: 'c', y: 200 });
    expect(step('d', 'c', -1)).toEqual({ overId: 'b', y: 150 });
    expect(step('a', 'b', -1)).toEqual({ overId: 'a', y: 100 });
    expect(step('c', 'd', -1)).toEqual({ overId: 'c', y: 200 });
  });

  it('N presses move N places, and pressing on at an end moves nothing further', () => {
    let over: string | null = null;
    const seen: string[] = [];
    for (let press = 0; press < 8; press++) {
      over = step('a', over, 1)!.overId as string;
      seen.push(over);
    }
    expect(seen).toEqual(['b', 'c', 'd', 'e', 'f', 'f', 'f', 'f']);
    expect(step('f', 'f', 1)).toEqual({ overId: 'f', y: tops.f });
    expect(step('a', 'a', -1)).toEqual({ overId: 'a', y: 100 });
  });

  it('an unknown card or place starts from the card itself; a card not in the list moves nothing', () => {
    expect(step('b', 'gone', 1)).toEqual({ overId: 'c', y: 200 + 92 - 42 });
    expect(keyboardPlaceStep({ ids, activeId: 'x', overId: null, direction: 1, rectOf, activeHeight: 42 })).toBeUndefined();
  });
});

describe('responder labels from the score the server sends (spec 2 §9; docs/decisions/0005-one-scoring-implementation.md: the server scores twisted stacks too)', () => {
  it("labels the viewer 'me' and others by the score between the two answers; no label without a score", () => {
    expect(responderLabel(null, true)).toBe('me');
    expect(responderLabel(score([0, 1, 2, 3, 4, 5], [0, 1, 2, 3, 4, 5]), true)).toBe('me');
    expect(responderLabel(score([0, 1, 2, 3, 4, 5], [0, 1, 2, 3, 4, 5]), false)).toBe('Besties! 100.0%');
    expect(responderLabel(score([0, 1, 2, 3, 4, 5], [5, 4, 3, 2, 1, 0]), false)).toBe('Nemesis 0.0%');
    // Two neighbours swapped in the middle: 70 - 2 + 3 + 2 = 73.
    expect(responderLabel(score([0, 1, 2, 3, 4, 5], [0, 2, 1, 3, 4, 5]), false)).toBe('Inner Circle 97.3%');
    // The viewer has not answered: the server sends no score.
    expect(responderLabel(null, false)).toBeUndefined();
  });
});

describe('formatDateTime', () => {
  it('shows the day and the time of day, in the reader’s time zone', () => {
    const iso = '2026-11-23T14:05:00.000Z';
    const local = new Date(iso);
    const text = formatDateTime(iso);
    expect(text).toContain(String(local.getFullYear()));
    expect(text).toContain(String(local.getMinutes()).padStart(2, '0'));
    expect(text).toMatch(/\d{1,2}:\d{2}/);
    expect(text).not.toBe(local.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }));
  });

  it('leaves an unreadable value as it came', () => {
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});
