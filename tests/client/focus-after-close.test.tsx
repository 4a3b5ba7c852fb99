import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FOCUS_RETURN_WAIT_MS, focusAfterClose } from '../../client/src/features/stacks/focus';

/*
 * Closing a stack may go back in history; the list it returns to renders only once the browser has
 * popped the entry, which on a busy machine takes several frames. Focus must wait for the card, not
 * settle on a fallback that happened to be there first.
 */
function button(attributes: Record<string, string>, label: string): HTMLButtonElement {
  const element = document.createElement('button');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.textContent = label;
  document.body.append(element);
  return element;
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

afterEach(() => {
  document.body.replaceChildren();
});

describe('focusAfterClose', () => {
  it('waits for the preferred target that shows a few frames late, passing over a fallback already there', async () => {
    button({ role: 'tab', 'aria-selected': 'true' }, 'Stacks');
    focusAfterClose(['[data-card="1"]', '[role="tab"][aria-selected="true"]']);
    for (let frame = 0; frame < 3; frame += 1) await nextFrame();
    const card = button({ 'data-card': '1' }, 'Lunch Spots');
    await waitFor(() => expect(document.activeElement).toBe(card));
  });

  it('passes over a preferred target that is hidden', async () => {
    const panel = document.createElement('section');
    panel.hidden = true;
    document.body.append(panel);
    const hiddenCard = document.createElement('button');
    hiddenCard.setAttribute('data-card', '1');
    panel.append(hiddenCard);
    focusAfterClose(['[data-card="1"]']);
    await nextFrame();
    await nextFrame();
    const shownCard = button({ 'data-card': '1' }, 'Lunch Spots');
    await waitFor(() => expect(document.activeElement).toBe(shownCard));
  });

  it('falls back once the wait is over when the preferred target never shows', async () => {
    const tab = button({ role: 'tab', 'aria-selected': 'true' }, 'Stacks');
    const started = performance.now();
    focusAfterClose(['[data-card="1"]', '[role="tab"][aria-selected="true"]']);
    await waitFor(() => expect(document.activeElement).toBe(tab), { timeout: FOCUS_RETURN_WAIT_MS + 2000 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(FOCUS_RETURN_WAIT_MS - 50);
  });

  it('waits while focus is still on the Close button of a view that goes away a few frames later', async () => {
    const panel = document.createElement('section');
    document.body.append(panel);
    const close = document.createElement('button');
    close.textContent = 'Close';
    panel.append(close);
    close.focus();
    focusAfterClose(['[data-card="1"]']);
    await nextFrame();
    await nextFrame();
    panel.remove();
    const card = button({ 'data-card': '1' }, 'Lunch Spots');
    await waitFor(() => expect(document.activeElement).toBe(card));
  });

  it('leaves focus where the user put it meanwhile', async () => {
    const elsewhere = button({}, 'Elsewhere');
    focusAfterClose(['[data-card="1"]']);
    elsewhere.focus();
    await nextFrame();
    const card = button({ 'data-card': '1' }, 'Lunch Spots');
    await nextFrame();
    await nextFrame();
    expect(document.activeElement).toBe(elsewhere);
    expect(document.activeElement).not.toBe(card);
  });
});
