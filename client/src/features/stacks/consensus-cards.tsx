import type { Stack } from '../../../../shared/schemas/stacks';
import { PositionList, rankedItems, ResponseCard } from './response-cards';

export const WHY_ORDERS_DIFFER =
  'Borda adds up places, so a few strong opinions can outweigh the majority; the optimal order agrees with the most head-to-head preferences.';

const sameOrder = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/**
 * The Group Consensus card (spec 2 §2.3, Borda), and beside it the optimal (Kemeny-Young) order
 * when the two differ, with why; the Condorcet winner when there is one (docs/decisions/0014-consensus-beside-borda.md).
 */
export function ConsensusCards({ stack }: { stack: Stack }) {
  const detail = stack.consensus_detail;
  const differs = detail !== null && !sameOrder(detail.borda, detail.kemeny);
  const winner = detail?.condorcet_winner ?? null;
  return (
    <>
      <ResponseCard name="Group Consensus" title="Group Consensus" highlight>
        <PositionList label="Group Consensus ranking" items={rankedItems(stack.positions, null, stack.consensus)} />
        {winner !== null && (
          <p className="text-sm text-base-content/80 wrap-anywhere" data-testid="condorcet-winner">
            <span className="font-semibold">{stack.positions[winner]}</span> beats every other item head to head.
          </p>
        )}
        {detail && !differs && <p className="text-sm text-base-content/70">The optimal order, which agrees with the most head-to-head preferences, is the same.</p>}
      </ResponseCard>
      {detail && differs && (
        <ResponseCard name="Optimal Order" title="Optimal Order">
          <PositionList label="Optimal order ranking" items={rankedItems(stack.positions, detail.kemeny)} />
          <p className="text-sm text-base-content/70">{WHY_ORDERS_DIFFER}</p>
        </ResponseCard>
      )}
    </>
  );
}
