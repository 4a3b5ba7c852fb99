import type { AgreementPair } from '../../../shared/schemas/agreement';
import { score, type Ranking } from '../../../shared/scoring';

interface Answer {
  stack_id: number;
  user_id: number;
  ranking: Ranking;
}

/**
 * Every pair of members who answered at least one common stack: the mean friendship score over
 * those stacks (exact, so a hand computation matches it; the client rounds for display) and how
 * many. `user_a` has the smaller id; pairs are ordered by user_a.id, then user_b.id. Work: per
 * stack, its responders squared.
 */
export function agreementPairs(answers: readonly Answer[], usernames: ReadonlyMap<number, string>): AgreementPair[] {
  const byStack = new Map<number, Answer[]>();
  for (const answer of answers) {
    const list = byStack.get(answer.stack_id);
    if (list) list.push(answer);
    else byStack.set(answer.stack_id, [answer]);
  }
  const totals = new Map<string, { a: number; b: number; sum: number; stacks: number }>();
  for (const list of byStack.values()) {
    list.sort((x, y) => x.user_id - y.user_id);
    for (let i = 0; i < list.length; i += 1) {
      for (let j = i + 1; j < list.length; j += 1) {
        const key = `${list[i].user_id}:${list[j].user_id}`;
        const total = totals.get(key) ?? { a: list[i].user_id, b: list[j].user_id, sum: 0, stacks: 0 };
        total.sum += score(list[i].ranking, list[j].ranking);
        total.stacks += 1;
        totals.set(key, total);
      }
    }
  }
  return [...totals.values()]
    .sort((x, y) => x.a - y.a || x.b - y.b)
    .map((t) => ({
      user_a: { id: t.a, username: usernames.get(t.a) ?? '' },
      user_b: { id: t.b, username: usernames.get(t.b) ?? '' },
      score: t.sum / t.stacks,
      stacks: t.stacks,
    }));
}
