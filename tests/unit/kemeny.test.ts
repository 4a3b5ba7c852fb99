import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { condorcetWinner, kemenyCost, kemenyOrder, pairwisePreferences } from '../../shared/kemeny';
import { consensus, type Ranking } from '../../shared/scoring';

// An independent brute force: every order, each answer compared place by place (no preference matrix).
function permutations(items: number[]): number[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

const ALL = permutations([0, 1, 2, 3, 4, 5]);

/** Pairs the two orders put the other way round. */
function kendallTau(a: readonly number[], b: readonly number[]): number {
  let discordant = 0;
  for (let x = 0; x < 6; x += 1) {
    for (let y = x + 1; y < 6; y += 1) {
      if (a.indexOf(x) < a.indexOf(y) !== b.indexOf(x) < b.indexOf(y)) discordant += 1;
    }
  }
  return discordant;
}

const totalDistance = (order: readonly number[], answers: readonly Ranking[]) => answers.reduce((sum, answer) => sum + kendallTau(order, answer), 0);

function bruteForceOptimal(answers: readonly Ranking[]) {
  const costs = ALL.map((order) => totalDistance(order, answers));
  const min = Math.min(...costs);
  return { min, optimal: ALL.filter((_, i) => costs[i] === min) };
}

/** The item that more answers put above x than below x, for every other x; by direct comparison. */
function bruteForceCondorcet(answers: readonly Ranking[]): number | null {
  const winners = [0, 1, 2, 3, 4, 5].filter((item) =>
    [0, 1, 2, 3, 4, 5]
      .filter((other) => other !== item)
      .every((other) => {
        const above = answers.filter((a) => a.indexOf(item) < a.indexOf(other)).length;
        return above > answers.length - above;
      }),
  );
  return winners[0] ?? null;
}

const answerSets = fc.array(fc.constantFrom(...ALL), { minLength: 1, maxLength: 12 });

/**
 * The example profile of docs/consensus.md: three answers put Pizza (item 0) first, two put it last.
 * Borda adds up places: Pizza totals 0+0+0+5+5 = 10, Sushi (item 1) 1+1+1+0+0 = 3 and Tacos
 * (item 2) 2+2+2+1+1 = 8, so Borda ranks Sushi, Tacos, Pizza. But three of five prefer Pizza to
 * every other item head to head: it is the Condorcet winner, and the Kemeny-Young order (which
 * disagrees with 10 pairwise preferences in all, against Borda's 12) is the majority's 0-1-2-3-4-5.
 */
export const BORDA_VS_KEMENY: Ranking[] = [
  [0, 1, 2, 3, 4, 5],
  [0, 1, 2, 3, 4, 5],
  [0, 1, 2, 3, 4, 5],
  [1, 2, 3, 4, 5, 0],
  [1, 2, 3, 4, 5, 0],
];

describe('kemenyOrder against brute force over the 720 orders', () => {
  it('has the least total Kendall-tau distance to 1-12 random answers, and is one of the optimal orders', () => {
    fc.assert(
      fc.property(answerSets, (answers) => {
        const order = kemenyOrder(answers);
        const { min, optimal } = bruteForceOptimal(answers);
        expect(totalDistance(order, answers)).toBe(min);
        expect(optimal).toContainEqual(order);
        expect(kemenyCost(order, pairwisePreferences(answers))).toBe(min);
      }),
      { numRuns: 200 },
    );
  });

  it('breaks ties by the distance to the Borda order, then by the smaller item indices first', () => {
    fc.assert(
      fc.property(answerSets, (answers) => {
        const borda = consensus(answers);
        const { optimal } = bruteForceOptimal(answers);
        const closest = Math.min(...optimal.map((o) => kendallTau(o, borda)));
        // ALL is in lexicographic order, so the first one left is the smallest.
        const expected = optimal.find((o) => kendallTau(o, borda) === closest);
        expect(kemenyOrder(answers)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('of a single answer is that answer, and with no answers the Borda (stack) order', () => {
    for (const p of ALL) expect(kemenyOrder([p])).toEqual(p);
    expect(kemenyOrder([])).toEqual([0, 1, 2, 3, 4, 5]);
    // A perfect cycle-free tie (an answer and its reverse): every order costs 15; Borda's wins.
    expect(kemenyOrder([[0, 1, 2, 3, 4, 5], [5, 4, 3, 2, 1, 0]])).toEqual(consensus([[0, 1, 2, 3, 4, 5], [5, 4, 3, 2, 1, 0]]));
  });

  it('differs from Borda on the example profile, and agrees with more head-to-head preferences', () => {
    expect(consensus(BORDA_VS_KEMENY)).toEqual([1, 2, 0, 3, 4, 5]);
    expect(kemenyOrder(BORDA_VS_KEMENY)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(totalDistance([0, 1, 2, 3, 4, 5], BORDA_VS_KEMENY)).toBe(10);
    expect(totalDistance([1, 2, 0, 3, 4, 5], BORDA_VS_KEMENY)).toBe(12);
    expect(bruteForceOptimal(BORDA_VS_KEMENY).optimal).toEqual([[0, 1, 2, 3, 4, 5]]);
    expect(condorcetWinner(BORDA_VS_KEMENY)).toBe(0);
  });
});

describe('condorcetWinner against a direct pairwise check', () => {
  it('matches for 1-12 random answers, and the winner is first in the Kemeny-Young order', () => {
    fc.assert(
      fc.property(answerSets, (answers) => {
        const winner = condorcetWinner(answers);
        expect(winner).toBe(bruteForceCondorcet(answers));
        if (winner !== null) expect(kemenyOrder(answers)[0]).toBe(winner);
      }),
      { numRuns: 300 },
    );
  });

  it('is null with no answers, on a tie and on a cycle; a single answer’s first item otherwise', () => {
    expect(condorcetWinner([])).toBeNull();
    expect(condorcetWinner([[2, 0, 1, 3, 4, 5]])).toBe(2);
    // 0 and 1 split one to one: nobody beats everyone strictly.
    expect(condorcetWinner([[0, 1, 2, 3, 4, 5], [1, 0, 2, 3, 4, 5]])).toBeNull();
    // 0 > 1 > 2 > 0 by two answers to one each.
    expect(
      condorcetWinner([
        [0, 1, 2, 3, 4, 5],
        [1, 2, 0, 3, 4, 5],
        [2, 0, 1, 3, 4, 5],
      ]),
    ).toBeNull();
  });
});
