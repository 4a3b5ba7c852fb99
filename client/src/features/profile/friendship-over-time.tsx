import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { AGREEMENT, UNTITLED_STACK } from '../../../../shared/limits';
import type { SharedScore } from '../../../../shared/schemas/agreement';
import { MAX_SCORE } from '../../../../shared/scoring';
import { ChartTable } from '../../components/data-table';
import { QueryState } from '../../components/query-state';
import { formatDateTime } from '../../lib/format-date';
import { useTRPC } from '../../lib/trpc';
import { axisLabels } from './chart-axis';
import { describeTrend, scoreTrend, type ScoreTrend } from './score-trend';

const UNTITLED = UNTITLED_STACK;

// The chart's frame (viewBox units): it scales down with the card, so it fits 375 px as it is.
const W = 320;
const H = 176;
const PLOT = { left: 30, right: W - 10, top: 10, bottom: 140 };
const yOf = (score: number) => PLOT.bottom - (score / MAX_SCORE) * (PLOT.bottom - PLOT.top);

function kindLabel(s: SharedScore): string {
  return `${s.type === 'friend' ? 'Friend' : 'Group'} ${s.is_twisted ? 'twisted stack' : 'stack'}`;
}

/** Profile section: the score of each stack both answered, over time, as a chart and a table, and the trend in words. */
export function FriendshipOverTime({ userId, username }: { userId: number; username: string }) {
  const trpc = useTRPC();
  const scores = useQuery(trpc.users.scores.queryOptions({ id: userId }));
  const uid = useId();

  return (
    <section className="card bg-base-100 shadow" aria-labelledby={`${uid}-title`}>
      <div className="card-body gap-3">
        <h2 id={`${uid}-title`} className="card-title text-lg">
          Friendship over time
        </h2>
        <QueryState query={scores} quiet error="Scores could not be loaded." empty="No stacks answered by both of you yet.">
          {(data) => <OverTime scores={data} username={username} uid={uid} />}
        </QueryState>
      </div>
    </section>
  );
}

function OverTime({ scores, username, uid }: { scores: SharedScore[]; username: string; uid: string }) {
  const values = scores.map((s) => s.score);
  const trend = scoreTrend(values);
  const n = scores.length;
  const xOf = (i: number) => (n === 1 ? (PLOT.left + PLOT.right) / 2 : PLOT.left + (i / (n - 1)) * (PLOT.right - PLOT.left));
  const points = scores.map((s, i) => `${xOf(i).toFixed(1)},${yOf(s.score).toFixed(1)}`).join(' ');
  const last = scores[n - 1];
  const axis = axisLabels(scores[0].answered_at, last.answered_at);

  return (
    <>
      <p className="font-medium" aria-live="polite">
        {trend ? describeTrend(trend) : `Not enough shared stacks for a trend yet (${n} of ${AGREEMENT.trendMinPoints}).`}
      </p>
      <svg
        role="img"
        aria-labelledby={`${uid}-chart-title`}
        aria-describedby={`${uid}-chart-desc`}
        viewBox={`0 0 ${W} ${H}`}
        className="block h-auto w-full max-w-lg text-base-content"
      >
        <title id={`${uid}-chart-title`}>{`Scores with ${username} over time`}</title>
        <desc id={`${uid}-chart-desc`}>
          {`${n} ${n === 1 ? 'stack' : 'stacks'} ${axis.length === 2 ? `from ${axis[0]} to ${axis[1]}` : `on ${axis[0]}`}, scores from ${Math.min(...values)} to ${Math.max(...values)} out of ${MAX_SCORE}, latest ${last.score}. The table lists each one.`}
        </desc>
        {[0, 25, 50, MAX_SCORE].map((tick) => (
          <g key={tick}>
            <line x1={PLOT.left} x2={PLOT.right} y1={yOf(tick)} y2={yOf(tick)} stroke="currentColor" strokeOpacity="0.15" />
            <text x={PLOT.left - 4} y={yOf(tick)} textAnchor="end" dominantBaseline="middle" fontSize="10" fill="currentColor">
              {tick}
            </text>
          </g>
        ))}
        {trend && <TrendLine trend={trend} xOf={xOf} n={n} />}
        {n > 1 && <polyline points={points} fill="none" stroke="currentColor" strokeOpacity="0.6" strokeWidth="1.5" />}
        {scores.map((s, i) => (
          <circle key={s.stack_id} cx={xOf(i)} cy={yOf(s.score)} r="3.5" className="fill-primary" />
        ))}
        {axis.length === 2 ? (
          <>
            <text x={PLOT.left} y={H - 8} fontSize="10" fill="currentColor" data-testid="axis-start">
              {axis[0]}
            </text>
            <text x={PLOT.right} y={H - 8} textAnchor="end" fontSize="10" fill="currentColor" data-testid="axis-end">
              {axis[1]}
            </text>
          </>
        ) : (
          <text x={(PLOT.left + PLOT.right) / 2} y={H - 8} textAnchor="middle" fontSize="10" fill="currentColor" data-testid="axis-start">
            {axis[0]}
          </text>
        )}
      </svg>
      <ChartTable
        caption={`Scores with ${username}, oldest first`}
        columns={[{ label: 'Stack' }, { label: 'Kind' }, { label: 'Answered' }, { label: 'Score', numeric: true }]}
      >
        {scores.map((s) => (
          <tr key={s.stack_id}>
            <th scope="row" className="font-normal wrap-anywhere">
              {s.name ?? UNTITLED}
            </th>
            <td>{kindLabel(s)}</td>
            <td>{formatDateTime(s.answered_at)}</td>
            <td className="text-right tabular-nums">{s.score}</td>
          </tr>
        ))}
      </ChartTable>
    </>
  );
}

/** The fitted line over the trend's window (the newest stacks), dashed. */
function TrendLine({ trend, xOf, n }: { trend: ScoreTrend; xOf(i: number): number; n: number }) {
  const from = n - trend.points;
  return (
    <line
      x1={xOf(from)}
      x2={xOf(n - 1)}
      y1={yOf(Math.max(0, Math.min(MAX_SCORE, trend.start)))}
      y2={yOf(Math.max(0, Math.min(MAX_SCORE, trend.end)))}
      className="stroke-secondary"
      strokeWidth="2"
      strokeDasharray="5 4"
    />
  );
}
