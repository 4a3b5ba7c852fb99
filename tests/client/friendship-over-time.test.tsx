import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SharedScore } from '../../shared/schemas/agreement';
import { ProfileView } from '../../client/src/features/profile/profile-view';
import { axisLabels } from '../../client/src/features/profile/chart-axis';
import { describeTrend, scoreTrend } from '../../client/src/features/profile/score-trend';
import { ME, profile, SHARED } from './fixtures';
import { renderAt, stubTrpc } from './render';

/** Shared scores oldest first, a day apart from 1 Nov 2026, alternating friend and group stacks. */
function scores(values: number[]): SharedScore[] {
  return values.map((score, i) => ({
    stack_id: 100 + i,
    name: i === 1 ? null : `Stack ${i}`,
    type: i % 2 ? 'group' : 'friend',
    is_twisted: i === 2,
    answered_at: new Date(Date.UTC(2026, 10, 1 + i, 12)).toISOString(),
    score,
  }));
}

function renderProfile(list: SharedScore[], viewerId = ME.id) {
  const stub = stubTrpc({ 'users.me': { ...ME, id: viewerId }, 'users.get': profile({ friend_status: 'friends' }), 'users.shared': SHARED, 'users.scores': list });
  const view = renderAt(<ProfileView userId={2} onBack={vi.fn()} onBlocked={vi.fn()} />);
  return { ...view, ...stub };
}

const chart = () => screen.findByRole('img', { name: 'Scores with bob over time' });

describe('Profile: Friendship over time', () => {
  it('draws each shared stack as a dot on an accessible chart and states the trend with its numbers', async () => {
    // Least squares by hand: x 0..3 (mean 1.5), y 40 50 55 65 (mean 52.5): Σ(dx·dy) = 40, Σdx² = 5, slope 8.
    const { callsTo } = renderProfile(scores([40, 50, 55, 65]));
    const svg = await chart();
    expect(callsTo('users.scores')[0].input).toEqual({ id: 2 });
    expect(svg.querySelectorAll('circle')).toHaveLength(4);
    expect(svg).toHaveAccessibleDescription(/^4 stacks from .+ to .+, scores from 40 to 65 out of 75, latest 65\./);
    expect(screen.getByText('Getting closer: +8.0 points a stack over the last 4 shared stacks (average 52.5 of 75).')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Friendship over time', level: 2 })).toBeInTheDocument();
  });

  it('lists the stacks in a table, oldest first, behind "Show as table"', async () => {
    const { user } = renderProfile(scores([40, 50, 55, 65]));
    await chart();
    await user.click(screen.getByText('Show as table'));
    const table = screen.getByRole('table', { name: 'Scores with bob, oldest first' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows.map(([name, kind, , score]) => [name, kind, score])).toEqual([
      ['Stack 0', 'Friend stack', '40'],
      ['Untitled Stack', 'Group stack', '50'],
      ['Stack 2', 'Friend twisted stack', '55'],
      ['Stack 3', 'Group stack', '65'],
    ]);
  });

  it('drifting apart, steady, and too few for a trend', async () => {
    const apart = renderProfile(scores([70, 60, 50]));
    expect(await screen.findByText('Drifting apart: −10.0 points a stack over the last 3 shared stacks (average 60.0 of 75).')).toBeInTheDocument();
    apart.unmount();
    // y 50 51 50 51 (mean 50.5): Σ(dx·dy) = 1, Σdx² = 5, slope 0.2.
    const steady = renderProfile(scores([50, 51, 50, 51]));
    expect(await screen.findByText('Steady: +0.2 points a stack over the last 4 shared stacks (average 50.5 of 75).')).toBeInTheDocument();
    steady.unmount();
    renderProfile(scores([20, 70]));
    expect(await screen.findByText('Not enough shared stacks for a trend yet (2 of 3).')).toBeInTheDocument();
    expect((await chart()).querySelectorAll('circle')).toHaveLength(2);
  });

  it('says so when nothing is shared yet, and is not shown on your own profile', async () => {
    const other = renderProfile([]);
    expect(await screen.findByText('No stacks answered by both of you yet.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /over time/ })).not.toBeInTheDocument();
    other.unmount();
    const own = stubTrpc({ 'users.me': ME, 'users.get': profile({ id: ME.id, username: ME.username }), 'users.shared': SHARED, 'users.scores': [] });
    renderAt(<ProfileView userId={ME.id} onBack={vi.fn()} onBlocked={vi.fn()} />);
    expect(await screen.findByText('This is your profile.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Friendship over time' })).not.toBeInTheDocument();
    expect(own.callsTo('users.scores')).toHaveLength(0);
  });
});

describe('the time axis', () => {
  const GB_UTC = { locale: 'en-GB', timeZone: 'UTC' };

  it('reads the days when the points span several', () => {
    expect(axisLabels('2026-11-01T09:05:00Z', '2026-11-03T14:30:00Z', GB_UTC)).toEqual(['1 Nov 2026', '3 Nov 2026']);
  });

  it('on one day: the day and time, then the time, so the two ends differ', () => {
    expect(axisLabels('2026-11-01T09:05:00Z', '2026-11-01T14:30:00Z', GB_UTC)).toEqual(['1 Nov 2026, 09:05', '14:30']);
  });

  it('in one minute: with seconds', () => {
    expect(axisLabels('2026-11-01T09:05:10Z', '2026-11-01T09:05:50Z', GB_UTC)).toEqual(['1 Nov 2026, 09:05:10', '09:05:50']);
  });

  it('one moment, or one second: one label', () => {
    expect(axisLabels('2026-11-01T09:05:00Z', '2026-11-01T09:05:00Z', GB_UTC)).toEqual(['1 Nov 2026, 09:05:00']);
    expect(axisLabels('2026-11-01T09:05:00.100Z', '2026-11-01T09:05:00.900Z', GB_UTC)).toEqual(['1 Nov 2026, 09:05:00']);
  });

  it('days are the reader’s: 23:30 and 00:30 UTC are one day in New York, and two in UTC', () => {
    const late = '2026-11-01T23:30:00Z';
    const early = '2026-11-02T00:30:00Z';
    expect(axisLabels(late, early, GB_UTC)).toEqual(['1 Nov 2026', '2 Nov 2026']);
    expect(axisLabels(late, early, { locale: 'en-GB', timeZone: 'America/New_York' })).toEqual(['1 Nov 2026, 18:30', '19:30']);
  });

  it('the chart of stacks answered on one day shows the times at its two ends', async () => {
    const sameDay = scores([40, 50, 60]).map((s, i) => ({ ...s, answered_at: new Date(Date.UTC(2026, 10, 1, 12, 10 * i)).toISOString() }));
    renderProfile(sameDay);
    const svg = await chart();
    const [start, end] = axisLabels(sameDay[0].answered_at, sameDay[2].answered_at);
    expect(within(svg).getByTestId('axis-start')).toHaveTextContent(start);
    expect(within(svg).getByTestId('axis-end')).toHaveTextContent(end);
    expect(start).not.toBe(end);
    expect(end).toMatch(/\d{1,2}:\d{2}/);
    expect(svg.querySelector('desc')!.textContent).toContain(`3 stacks from ${start} to ${end},`);
  });
});

describe('scoreTrend', () => {
  it('fits the newest 10 scores only', () => {
    // Two wild old scores, then ten flat ones: steady over the window.
    const trend = scoreTrend([0, 75, ...Array(10).fill(40)])!;
    expect(trend).toMatchObject({ kind: 'steady', slope: 0, points: 10, mean: 40 });
    expect(describeTrend(trend)).toBe('Steady: ±0.0 points a stack over the last 10 shared stacks (average 40.0 of 75).');
    expect(scoreTrend([10, 20])).toBeNull();
  });

  it('counts ±0.5 a stack as steady, beyond it as a direction', () => {
    expect(scoreTrend([50, 50.5, 51])!.kind).toBe('steady');
    expect(scoreTrend([50, 50.6, 51.2])!.kind).toBe('closer');
    expect(scoreTrend([51.2, 50.6, 50])!.kind).toBe('apart');
  });
});
