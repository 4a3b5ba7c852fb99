import { LIMITS } from './limits';
import { consensus, type Ranking } from './scoring';

/**
 * The optimal consensus beside Borda (docs/decisions/0014-consensus-beside-borda.md): the Kemeny-Young order and the Condorcet winner,
 * one implementation for the server and the client. The spec's consensus (`consensus` in
 * scoring.ts, Borda) is unchanged; these are shown beside it.
 *
 * Both start from the pairwise-preference matrix: `prefer[i][j]` is how many answers place item i
 * above item j. The Kendall-tau distance between an order and an answer is the number of pairs the
 * two put the other way round, so the total distance of an order to all answers is
 * Σ over pairs (i before j in the order) of prefer[j][i]: the answers it disagrees with, pair by pair.
 */

/** `prefer[i][j]`: how many of `rankings` place item i above item j. */
export function pairwisePreferences(rankings: readonly Ranking[], itemCount = LIMITS.positionsPerStack): number[][] {
  const prefer = Array.from({ length: itemCount }, () => new Array<number>(itemCount).fill(0));
  for (const ranking of rankings) {
    for (let a = 0; a < ranking.length; a += 1) {
      const row = prefer[ranking[a]];
      for (let b = a + 1; b < ranking.length; b += 1) row[ranking[b]] += 1;
    }
  }
  return prefer;
}

/** Total Kendall-tau distance from `order` to the answers that `prefer` summarises. */
export function kemenyCost(order: Ranking, prefer: readonly (readonly number[])[]): number {
  let cost = 0;
  for (let a = 0; a < order.length; a += 1) {
    for (let b = a + 1; b < order.length; b += 1) cost += prefer[order[b]][order[a]];
  }
  return cost;
}

const permutationCache = new Map<number, readonly number[][]>();

/** Every order of `itemCount` items, in lexicographic order (720 for six); computed once. */
function permutations(itemCount: number): readonly number[][] {
  let cached = permutationCache.get(itemCount);
  if (!cached) {
    const all: number[][] = [];
    const build = (prefix: number[], rest: number[]) => {
      if (rest.length === 0) all.push(prefix);
      rest.forEach((item, i) => build([...prefix, item], [...rest.slice(0, i), ...rest.slice(i + 1)]));
    };
    build([], [...Array(itemCount).keys()]);
    cached = all;
    permutationCache.set(itemCount, cached);
  }
  return cached;
}

/**
 * The Kemeny-Young order: of all 720 orders of the six items, the one with the least total
 * Kendall-tau distance to the answers (it agrees with the most head-to-head preferences), found
 * exactly by trying every order. Several orders can tie; the tie-break is deterministic: the tied
 * order closest (in Kendall-tau distance) to the Borda consensus, then the lexicographically
 * smallest list of item indices. So with no answers, or when Borda is itself optimal, it is the
 * Borda order. Best first, item indices.
 */
export function kemenyOrder(rankings: readonly Ranking[], itemCount = LIMITS.positionsPerStack): number[] {
  const prefer = pairwisePreferences(rankings, itemCount);
  const bordaPlace = new Array<number>(itemCount);
  consensus(rankings, itemCount).forEach((item, place) => (bordaPlace[item] = place));
  let best: readonly number[] = [];
  let bestCost = Infinity;
  let bestFromBorda = Infinity;
  // Lexicographic enumeration and strict comparisons: the first of equal orders is kept.
  for (const order of permutations(itemCount)) {
    let cost = 0;
    let fromBorda = 0;
    for (let a = 0; a < itemCount; a += 1) {
      const x = order[a];
      for (let b = a + 1; b < itemCount; b += 1) {
        const y = order[b];
        cost += prefer[y][x];
        if (bordaPlace[x] > bordaPlace[y]) fromBorda += 1;
      }
    }
    if (cost < bestCost || (cost === bestCost && fromBorda < bestFromBorda)) {
      best = order;
      bestCost = cost;
      bestFromBorda = fromBorda;
    }
  }
  return [...best];
}

/**
 * The Condorcet winner: the item a strict majority of the answers prefers to each other item, one
 * head-to-head pair at a time; null when no item beats every other (a tie or a cycle), or with no
 * answers. When there is one, every Kemeny-Young order puts it first.
 */
export function condorcetWinner(rankings: readonly Ranking[], itemCount = LIMITS.positionsPerStack): number | null {
  const prefer = pairwisePreferences(rankings, itemCount);
  for (let i = 0; i < itemCount; i += 1) {
    let beatsAll = true;
    for (let j = 0; j < itemCount && beatsAll; j += 1) if (j !== i && prefer[i][j] <= prefer[j][i]) beatsAll = false;
    if (beatsAll) return i;
  }
  return null;
}
