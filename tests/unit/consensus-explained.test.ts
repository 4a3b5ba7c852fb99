import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { explainConsensus } from '../../shared/consensus-explained';
import { condorcetWinner } from '../../shared/kemeny';
import { consensusBreakdown, type Ranking } from '../../shared/scoring';

const ITEMS = ['A', 'B', 'C', 'D', 'E', 'F'];
const ranking = fc.shuffledSubarray([0, 1, 2, 3, 4, 5], { minLength: 6, maxLength: 6 });
const profile = fc.array(ranking, { minLength: 1, maxLength: 9 });

function explained(rankings: Ranking[]) {
  const breakdown = consensusBreakdown(rankings);
  const facts = { borda: breakdown.order, condorcet_winner: condorcetWinner(rankings), ...breakdown };
  return { ...facts, explanation: explainConsensus(ITEMS, facts) };
}

describe('the consensus explained (docs/consensus.md)', () => {
  it('lists exactly the neighbours with the same mean place, each with the rule that ordered them', () => {
    fc.assert(
      fc.property(profile, (rankings) => {
        const { order, mean_places, first_places, ties } = explained(rankings);
        const expected = order.slice(0, -1).flatMap((a, place) => {
          const b = order[place + 1];
          if (mean_places[a] !== mean_places[b]) return [];
          return [{ place, items: [a, b], broken_by: first_places[a] !== first_places[b] ? 'first_places' : 'stack_order' }];
        });
        expect(ties).toEqual(expected);
        for (const tie of ties) {
          const [a, b] = tie.items;
          if (tie.broken_by === 'first_places') expect(first_places[a]).toBeGreaterThan(first_places[b]);
          else expect(a).toBeLessThan(b);
        }
      }),
    );
  });

  it('never names a Condorcet winner as beating every item without saying which order puts it first', () => {
    fc.assert(
      fc.property(profile, (rankings) => {
        const { order, condorcet_winner, explanation } = explained(rankings);
        expect(explanation[0]).toBe('Ordered by average place over all answers (the Borda count).');
        const last = explanation.at(-1)!;
        if (condorcet_winner === null) expect(explanation.join(' ')).not.toMatch(/beats every other item/);
        else if (condorcet_winner === order[0]) expect(last).toBe(`${ITEMS[order[0]]} also beats every other item head to head.`);
        else expect(last).toBe(`Head to head, ${ITEMS[condorcet_winner]} beats every other item, so the optimal order puts it first; by average place, ${ITEMS[order[0]]} comes first.`);
      }),
    );
  });
});
