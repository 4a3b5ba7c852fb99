import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Stack } from '../../shared/schemas/stacks';
import { StackDetail } from '../../client/src/features/stacks/stack-detail';
import { ME } from './fixtures';
import { renderAt, stubTrpc } from './render';
import { answeredGroupStack, POSITIONS } from './stacks-fixtures';

function renderDetail(data: Stack) {
  stubTrpc({ 'users.me': ME, 'stacks.get': () => data });
  const props = { onLoaded: vi.fn(), onLoadFailed: vi.fn(), onClose: vi.fn(), onOpenUser: vi.fn(), onOpenGroup: vi.fn(), onOpenBot: vi.fn(), onOpenStack: vi.fn() };
  renderAt(<StackDetail id={42} {...props} />);
}

const loaded = () => screen.findByRole('heading', { name: 'Lunch', level: 1 });
const cards = () => within(screen.getByRole('heading', { name: 'Responses' }).parentElement!).getAllByRole('article');
const listTexts = (name: string) => within(screen.getByRole('list', { name })).getAllByRole('listitem').map((li) => li.textContent);
const WHY = 'Borda adds up places, so a few strong opinions can outweigh the majority; the optimal order agrees with the most head-to-head preferences.';

/** The example of docs/consensus.md: Borda ranks Sushi, Tacos, Pizza; the majority (and Kemeny-Young) Pizza first. */
const differing = () =>
  answeredGroupStack({
    consensus: [1, 2, 0, 3, 4, 5].map((i) => POSITIONS[i]),
    consensus_detail: { borda: [1, 2, 0, 3, 4, 5], kemeny: [0, 1, 2, 3, 4, 5], condorcet_winner: 0 },
  });

describe('Stack detail: the optimal order beside the Group Consensus (docs/decisions/0014-consensus-beside-borda.md)', () => {
  it('shows both orders as labelled lists, side by side, with why they differ and the Condorcet winner', async () => {
    renderDetail(differing());
    await loaded();
    expect(cards().slice(0, 2).map((card) => card.getAttribute('aria-label'))).toEqual(['Group Consensus', 'Optimal Order']);
    expect(listTexts('Group Consensus ranking')).toEqual(['1.Sushi', '2.Tacos', '3.Pizza', '4.Curry', '5.Pasta', '6.Salad']);
    expect(listTexts('Optimal order ranking')).toEqual(['1.Pizza', '2.Sushi', '3.Tacos', '4.Curry', '5.Pasta', '6.Salad']);
    expect(within(cards()[1]).getByText(WHY)).toBeInTheDocument();
    expect(within(cards()[0]).getByTestId('condorcet-winner')).toHaveTextContent(/^Pizza beats every other item head to head\.$/);
    expect(screen.queryByText(/is the same/)).not.toBeInTheDocument();
    // The cards stack on a phone and sit side by side from the sm breakpoint.
    expect(cards()[0].parentElement).toHaveClass('grid', 'sm:grid-cols-2');
  });

  it('when the orders agree: one list, a short note, no why; no winner sentence without a Condorcet winner', async () => {
    renderDetail(answeredGroupStack({ consensus_detail: { borda: [0, 1, 2, 3, 5, 4], kemeny: [0, 1, 2, 3, 5, 4], condorcet_winner: null } }));
    await loaded();
    expect(cards().map((card) => card.getAttribute('aria-label'))).not.toContain('Optimal Order');
    expect(screen.queryByRole('list', { name: 'Optimal order ranking' })).not.toBeInTheDocument();
    expect(within(cards()[0]).getByText('The optimal order, which agrees with the most head-to-head preferences, is the same.')).toBeInTheDocument();
    expect(screen.queryByText(WHY)).not.toBeInTheDocument();
    expect(screen.queryByTestId('condorcet-winner')).not.toBeInTheDocument();
  });

  it('names the Condorcet winner when the orders agree too', async () => {
    renderDetail(answeredGroupStack());
    await loaded();
    expect(within(cards()[0]).getByTestId('condorcet-winner')).toHaveTextContent('Pizza beats every other item head to head.');
  });
});
