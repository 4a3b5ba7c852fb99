import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { consensus, describeScore, isRanking, MAX_SCORE, score, scoreLabel, scorePercent, type Ranking } from '../../shared/scoring';

function permutations(items: number[]): number[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

const ALL = permutations([0, 1, 2, 3, 4, 5]);

describe('score over all 720 orders of six', () => {
  it('has 720 distinct orders', () => {
    expect(ALL).toHaveLength(720);
    expect(new Set(ALL.map((p) => p.join())).size).toBe(720);
  });

  it('identical rankings score 75 and reversed ones 0', () => {
    for (const p of ALL) {
      expect(score(p, p)).toBe(MAX_SCORE);
      expect(score(p, [...p].reverse())).toBe(0);
    }
  });

  it('is symmetric, a whole number, and within 0..75 for every pair', () => {
    // 518,400 pairs: collected, then asserted once (an expect per pair takes ~30 s).
    const wrong: string[] = [];
    for (const a of ALL) {
      for (const b of ALL) {
        const s = score(a, b);
        if (s !== score(b, a) || !Number.isInteger(s) || s < 0 || s > 75) wrong.push(`${a.join('')} vs ${b.join('')}: ${s}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('follows the formula: 70 - Σd² + 3 (first matches) + 2 (last matches)', () => {
    // Swap the first two: d = 1,1 → 70 - 2 + 0 + 2 = 70.
    expect(score([0, 1, 2, 3, 4, 5], [1, 0, 2, 3, 4, 5])).toBe(70);
    // Swap the last two: 70 - 2 + 3 + 0 = 71.
    expect(score([0, 1, 2, 3, 4, 5], [0, 1, 2, 3, 5, 4])).toBe(71);
    // Swap two in the middle: 70 - 2 + 3 + 2 = 73.
    expect(score([0, 1, 2, 3, 4, 5], [0, 1, 3, 2, 4, 5])).toBe(73);
    // Swap first and last: d = 5,5 → 70 - 50 = 20.
    expect(score([0, 1, 2, 3, 4, 5], [5, 1, 2, 3, 4, 0])).toBe(20);
  });

  it('depends only on where items are placed (relabelling items changes nothing)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ALL), fc.constantFrom(...ALL), fc.constantFrom(...ALL), (a, b, relabel) => {
        const map = (r: number[]) => r.map((item) => relabel[item]);
        return score(map(a), map(b)) === score(a, b);
      }),
    );
  });
});

describe('labels (spec 2 §9) at every boundary', () => {
  it.each([
    [75, 'Besties!'],
    [74, 'Inner Circle'],
    [71, 'Inner Circle'],
    [70, 'Vibe Tribe'],
    [66, 'Vibe Tribe'],
    [65, 'Keeps me Honest'],
    [60, 'Keeps me Honest'],
    [59, 'Plus One'],
    [53, 'Plus One'],
    [52, 'Hey Buddy'],
    [45, 'Hey Buddy'],
    [44, 'Stacks tm'],
    [36, 'Stacks tm'],
    [35, 'Stranger Danger'],
    [26, 'Stranger Danger'],
    [25, 'Friendemy'],
    [15, 'Friendemy'],
    [14, 'Nemesis'],
    [0, 'Nemesis'],
  ])('%i → %s', (value, label) => {
    expect(scoreLabel(value)).toBe(label);
  });

  it('shows the percentage of 75 with one decimal, and "me" for the viewer', () => {
    expect(scorePercent(75)).toBe('100.0%');
    expect(scorePercent(65)).toBe('86.7%');
    expect(scorePercent(0)).toBe('0.0%');
    expect(describeScore(65, false)).toBe('Keeps me Honest 86.7%');
    expect(describeScore(40, true)).toBe('me');
  });
});

describe('rankings and consensus', () => {
  it('accepts only permutations of 0-5', () => {
    expect(isRanking([5, 4, 3, 2, 1, 0])).toBe(true);
    expect(isRanking([0, 1, 2, 3, 4])).toBe(false);
    expect(isRanking([0, 1, 2, 3, 4, 4])).toBe(false);
    expect(isRanking([0, 1, 2, 3, 4, 6])).toBe(false);
    expect(isRanking([0, 1, 2, 3, 4, 1.5])).toBe(false);
  });

  it('orders items by mean place', () => {
    const answers: Ranking[] = [
      [2, 0, 1, 3, 4, 5],
      [2, 1, 0, 3, 5, 4],
      [0, 2, 1, 3, 4, 5],
    ];
    expect(consensus(answers)).toEqual([2, 0, 1, 3, 4, 5]);
  });

  it('breaks ties by more first places, then by stack order', () => {
    // Items 0, 1 and 2 all total 2 places; 1 and 2 were first once each, 0 never:
    // 1 and 2 come before 0, and 1 before 2 because it is listed earlier.
    expect(consensus([[1, 0, 2, 3, 4, 5], [2, 0, 1, 3, 4, 5]]).slice(0, 3)).toEqual([1, 2, 0]);
    // Same totals and first places: the item listed earlier wins.
    expect(consensus([[0, 1, 2, 3, 4, 5], [1, 0, 2, 3, 4, 5]]).slice(0, 2)).toEqual([0, 1]);
    expect(consensus([])).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('of a single answer is that answer, for every order', () => {
    for (const p of ALL) expect(consensus([p])).toEqual(p);
  });
});
