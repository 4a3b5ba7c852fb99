import { AGREEMENT } from '../../../../shared/limits';
import { MAX_SCORE } from '../../../../shared/scoring';

export interface ScoreTrend {
  kind: 'closer' | 'apart' | 'steady';
  /** Least-squares slope over the window, in score points per stack. */
  slope: number;
  /** How many of the newest scores the slope is fitted to. */
  points: number;
  /** Their mean. */
  mean: number;
  /** The fitted line's value at the window's first and last stack (for drawing it). */
  start: number;
  end: number;
}

/**
 * The trend of a friendship: the least-squares slope of the newest AGREEMENT.trendWindow scores
 * (oldest first) against their order. Within ±AGREEMENT.trendSteadyBand points a stack it is
 * steady. Null with fewer than AGREEMENT.trendMinPoints scores.
 */
export function scoreTrend(scores: readonly number[]): ScoreTrend | null {
  const window = scores.slice(-AGREEMENT.trendWindow);
  const n = window.length;
  if (n < AGREEMENT.trendMinPoints) return null;
  const meanX = (n - 1) / 2;
  const mean = window.reduce((sum, y) => sum + y, 0) / n;
  let covariance = 0;
  let variance = 0;
  window.forEach((y, x) => {
    covariance += (x - meanX) * (y - mean);
    variance += (x - meanX) ** 2;
  });
  const slope = covariance / variance;
  const kind = slope > AGREEMENT.trendSteadyBand ? 'closer' : slope < -AGREEMENT.trendSteadyBand ? 'apart' : 'steady';
  return { kind, slope, points: n, mean, start: mean - slope * meanX, end: mean + slope * meanX };
}

const LABELS = { closer: 'Getting closer', apart: 'Drifting apart', steady: 'Steady' } as const;

/** 'Getting closer: +1.8 points a stack over the last 10 shared stacks (average 58.3 of 75).' */
export function describeTrend(trend: ScoreTrend): string {
  const rounded = Math.round(trend.slope * 10) / 10;
  const sign = rounded > 0 ? '+' : rounded < 0 ? '−' : '±';
  const slope = `${sign}${Math.abs(rounded).toFixed(1)}`;
  return `${LABELS[trend.kind]}: ${slope} points a stack over the last ${trend.points} shared stacks (average ${trend.mean.toFixed(1)} of ${MAX_SCORE}).`;
}
