import { LIMITS, PRODUCT_NAME } from './limits';

/**
 * Friendship score, labels and group consensus (DESIGN §3, spec 2 §9): one implementation for the
 * server and the client. A ranking lists the six item indices (0-5) from best to worst.
 */
export const MAX_SCORE = 75;

export type Ranking = readonly number[];

/** True when `ranking` orders all six items exactly once. */
export function isRanking(ranking: readonly unknown[]): ranking is Ranking {
  if (ranking.length !== LIMITS.positionsPerStack) return false;
  const seen = new Set(ranking);
  return seen.size === LIMITS.positionsPerStack && ranking.every((item) => Number.isInteger(item) && (item as number) >= 0 && (item as number) < LIMITS.positionsPerStack);
}

/**
 * `clamp(0, 75, 70 - Σ d_i² + (first matches ? 3 : 0) + (last matches ? 2 : 0))`, truncated, where
 * d_i is how far apart the two rankings put item i. Identical rankings score 75, reversed ones 0.
 */
export function score(a: Ranking, b: Ranking): number {
  const placeInB = new Map(b.map((item, place) => [item, place]));
  let squares = 0;
  a.forEach((item, place) => {
    const d = place - (placeInB.get(item) ?? place);
    squares += d * d;
  });
  const last = a.length - 1;
  const raw = 70 - squares + (a[0] === b[0] ? 3 : 0) + (a[last] === b[last] ? 2 : 0);
  return Math.trunc(Math.min(MAX_SCORE, Math.max(0, raw)));
}

const LABELS: [above: number, label: string][] = [
  [74, 'Besties!'],
  [70, 'Inner Circle'],
  [65, 'Vibe Tribe'],
  [59, 'Keeps me Honest'],
  [52, 'Plus One'],
  [44, 'Hey Buddy'],
  [35, `${PRODUCT_NAME} tm`],
  [25, 'Stranger Danger'],
  [14, 'Friendemy'],
];

/** The relationship label for a score (spec 2 §9). */
export function scoreLabel(value: number): string {
  return LABELS.find(([above]) => value > above)?.[1] ?? 'Nemesis';
}

/** The score as a percentage of 75 with one decimal, e.g. '86.7%'. */
export function scorePercent(value: number): string {
  return `${((value / MAX_SCORE) * 100).toFixed(1)}%`;
}

/** What a responder card shows: 'me' for the viewer, else the label and percentage. */
export function describeScore(value: number | null, isViewer: boolean): string {
  if (isViewer || value === null) return 'me';
  return `${scoreLabel(value)} ${scorePercent(value)}`;
}

/**
 * Group consensus (Borda count): items by mean place over all answers; ties go to the item with
 * more first places, then to the item listed earlier in the stack. Empty answers: stack order.
 */
export function consensus(rankings: readonly Ranking[], itemCount = LIMITS.positionsPerStack): number[] {
  const totals = new Array<number>(itemCount).fill(0);
  const firsts = new Array<number>(itemCount).fill(0);
  for (const ranking of rankings) {
    ranking.forEach((item, place) => (totals[item] += place));
    firsts[ranking[0]] += 1;
  }
  return [...Array(itemCount).keys()].sort((x, y) => totals[x] - totals[y] || firsts[y] - firsts[x] || x - y);
}

/** How two neighbours of the consensus with the same average place were put in order. */
export type ConsensusTieBreak = 'first_places' | 'stack_order';

export interface ConsensusTie {
  /** The place (0 = first) of the item put first of the two. */
  place: number;
  /** The two item indices, in consensus order. */
  items: [number, number];
  broken_by: ConsensusTieBreak;
}

/**
 * What `consensus` orders by, per item index: the mean place (1 = first, over all answers), the
 * first places, and each pair of neighbours with the same mean place with the rule that ordered
 * them (more first places, else the item listed earlier in the stack).
 */
export function consensusBreakdown(rankings: readonly Ranking[], itemCount = LIMITS.positionsPerStack) {
  const totals = new Array<number>(itemCount).fill(0);
  const firsts = new Array<number>(itemCount).fill(0);
  for (const ranking of rankings) {
    ranking.forEach((item, place) => (totals[item] += place));
    firsts[ranking[0]] += 1;
  }
  const order = consensus(rankings, itemCount);
  const ties: ConsensusTie[] = [];
  for (let place = 0; place + 1 < order.length; place += 1) {
    const [a, b] = [order[place], order[place + 1]];
    if (totals[a] === totals[b]) ties.push({ place, items: [a, b], broken_by: firsts[a] !== firsts[b] ? 'first_places' : 'stack_order' });
  }
  const count = Math.max(rankings.length, 1);
  const meanPlaces = totals.map((total) => Math.round((total / count + 1) * 100) / 100);
  return { order, mean_places: meanPlaces, first_places: firsts, ties };
}
