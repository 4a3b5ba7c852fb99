import type { ConsensusTie } from './scoring';

/** The facts the sentences are made of: the consensus_detail of a stack (shared/schemas/stacks.ts). */
export interface ConsensusFacts {
  borda: readonly number[];
  condorcet_winner: number | null;
  mean_places: readonly number[];
  first_places: readonly number[];
  ties: readonly ConsensusTie[];
}

const mean = (value: number) => String(value);

/**
 * The Group Consensus card's explanation, in sentences that agree with its order
 * (docs/consensus.md): it is ordered by average place; each tie of two neighbours says which rule
 * put one first; the Condorcet winner is named as what it is: also first here, or first by the
 * head-to-head (optimal) order when the average places put another item first. One implementation
 * for the server (the API's `explanation`) and any client.
 */
export function explainConsensus(positions: readonly string[], facts: ConsensusFacts): string[] {
  const name = (item: number) => positions[item] ?? `Item ${item + 1}`;
  const sentences = ['Ordered by average place over all answers (the Borda count).'];
  for (const tie of facts.ties) {
    const [a, b] = tie.items;
    const shared = `${name(a)} and ${name(b)} have the same average place (${mean(facts.mean_places[a])})`;
    sentences.push(
      tie.broken_by === 'first_places'
        ? `${shared}; ${name(a)} comes first because more answers put it first (${facts.first_places[a]} against ${facts.first_places[b]}).`
        : `${shared} and as many first places (${facts.first_places[a]}); ${name(a)} comes first because it is listed earlier in the stack.`,
    );
  }
  const winner = facts.condorcet_winner;
  if (winner !== null && winner === facts.borda[0]) sentences.push(`${name(winner)} also beats every other item head to head.`);
  else if (winner !== null) {
    sentences.push(`Head to head, ${name(winner)} beats every other item, so the optimal order puts it first; by average place, ${name(facts.borda[0])} comes first.`);
  }
  return sentences;
}
