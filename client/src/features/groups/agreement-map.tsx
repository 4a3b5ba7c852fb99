import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { AGREEMENT } from '../../../../shared/limits';
import type { AgreementPair, GroupAgreement } from '../../../../shared/schemas/agreement';
import { MAX_SCORE } from '../../../../shared/scoring';
import { ChartTable } from '../../components/data-table';
import { EmptyNote, QueryState } from '../../components/query-state';
import { useTRPC } from '../../lib/trpc';

interface Person {
  id: number;
  username: string;
}

export interface Match {
  member: Person;
  /** Everyone at the member's highest score, by username: several when they tie. */
  closest: { others: Person[]; score: number };
  /** Everyone at the member's lowest score, by username. */
  furthest: { others: Person[]; score: number };
  partners: number;
}

const fmt = (score: number) => score.toFixed(1);

/** Scores are compared as they are shown (one decimal): two that read the same are a tie. */
const shown = (score: number) => Number(score.toFixed(1));

/**
 * Each member's closest and furthest matches: the highest and lowest mean score among their pairs,
 * compared as shown. A tie names everyone in it, by username; nobody is picked over another.
 */
export function matchesOf(agreement: Pick<GroupAgreement, 'members' | 'pairs'>): Match[] {
  const result: Match[] = [];
  for (const member of agreement.members) {
    const mine = agreement.pairs
      .filter((p) => p.user_a.id === member.id || p.user_b.id === member.id)
      .map((p) => {
        const other = p.user_a.id === member.id ? p.user_b : p.user_a;
        return { other: { id: other.id, username: other.username }, score: shown(p.score) };
      })
      .sort((x, y) => x.other.username.localeCompare(y.other.username));
    if (mine.length === 0) continue;
    const top = Math.max(...mine.map((m) => m.score));
    const bottom = Math.min(...mine.map((m) => m.score));
    const at = (score: number) => ({ others: mine.filter((m) => m.score === score).map((m) => m.other), score });
    result.push({ member: { id: member.id, username: member.username }, closest: at(top), furthest: at(bottom), partners: mine.length });
  }
  return result;
}

const names = (people: Person[]) => people.map((p) => p.username).join(', ');

/**
 * A member's match in words: "Closest: ann, bob (40.0) · Furthest: carol (22.0)"; with one partner
 * "Only shared stacks with bob (68.5)"; when every score is the same, it says so rather than name
 * the same people closest and furthest.
 */
export function matchText(match: Match): string {
  const { closest, furthest } = match;
  if (match.partners === 1) return `Only shared stacks with ${names(closest.others)} (${fmt(closest.score)})`;
  if (closest.score === furthest.score) return `Same score with everyone: ${names(closest.others)} (${fmt(closest.score)})`;
  return `Closest: ${names(closest.others)} (${fmt(closest.score)}) · Furthest: ${names(furthest.others)} (${fmt(furthest.score)})`;
}

/** A cell's colour: red (0) through amber to green (75), light enough for dark text in both themes. */
export function scoreColour(score: number): string {
  const hue = Math.round((Math.max(0, Math.min(MAX_SCORE, score)) / MAX_SCORE) * 130);
  return `hsl(${hue} 75% 72%)`;
}

const CELL = 44;
const LABEL_PX = 12;
/** Between a label and the grid. */
const GAP = 6;
const SLANT = Math.SQRT1_2;
const shortName = (name: string) => (name.length > 12 ? `${name.slice(0, 11)}…` : name);

/**
 * A name label's width at 12 px, estimated per character (wide M and W to narrow i and l, a little
 * over Inter's): the map's margins are made to fit its names, so short names leave no empty band.
 */
export function labelWidth(text: string): number {
  let ems = 0;
  for (const ch of text) {
    if ('MWmw@…'.includes(ch)) ems += 0.95;
    else if ('ijlI.,:;!|\''.includes(ch)) ems += 0.32;
    else if ('frt-'.includes(ch)) ems += 0.45;
    else if (ch >= 'A' && ch <= 'Z') ems += 0.75;
    else ems += 0.62;
  }
  return ems * LABEL_PX;
}

/**
 * The room around the grid for the names: on the left the row names; above, the column names
 * slanted at 45° (their length and their letters' height, both at 45°); on the right, what the
 * last column's name reaches past the grid.
 */
export function mapMargins(usernames: string[]): { left: number; top: number; right: number } {
  const longest = Math.max(0, ...usernames.map((name) => labelWidth(shortName(name))));
  return {
    left: Math.ceil(longest + GAP + 4),
    top: Math.ceil(GAP + (longest + LABEL_PX) * SLANT + 2),
    right: Math.ceil(Math.max(8, longest * SLANT - CELL / 2 + 6)),
  };
}

/** The group page's "Agreement" section: a heat map with a table fallback, and everyone's closest and furthest match. */
export function AgreementSection({ groupId, groupName, currentUserId }: { groupId: number; groupName: string; currentUserId: number }) {
  const trpc = useTRPC();
  const agreement = useQuery(trpc.groups.agreement.queryOptions({ id: groupId }));
  const uid = useId();

  return (
    <section aria-labelledby={`${uid}-title`} className="space-y-3">
      <h2 id={`${uid}-title`} className="text-lg font-bold">
        Agreement
      </h2>
      <QueryState query={agreement} quiet error="The agreement map could not be loaded." isEmpty={(data) => data.pairs.length === 0} empty={<EmptyNote>No two members have answered the same stack yet.</EmptyNote>}>
        {(data) => <AgreementContent data={data} groupName={groupName} currentUserId={currentUserId} uid={uid} />}
      </QueryState>
    </section>
  );
}

function AgreementContent({ data, groupName, currentUserId, uid }: { data: GroupAgreement; groupName: string; currentUserId: number; uid: string }) {
  const capped = data.stacks_considered >= AGREEMENT.groupStacksMax;
  return (
    <div className="space-y-4 rounded-box bg-base-100 p-3 shadow-sm sm:p-4">
      <p className="text-sm text-base-content/70">
        The mean friendship score (0–{MAX_SCORE}) of each pair of members over the group stacks both answered
        {capped ? `, from the newest ${AGREEMENT.groupStacksMax} stacks` : ''}.
      </p>
      <AgreementHeatMap data={data} groupName={groupName} uid={uid} />
      <AgreementLegend />
      <ChartTable
        caption={`Agreement between the members of ${groupName}`}
        columns={[{ label: 'Members' }, { label: 'Score', numeric: true }, { label: 'Stacks', numeric: true }]}
      >
        {[...data.pairs]
          .sort((p, q) => q.score - p.score || q.stacks - p.stacks)
          .map((p) => (
            <tr key={`${p.user_a.id}:${p.user_b.id}`}>
              <th scope="row" className="font-normal wrap-anywhere">{`${p.user_a.username} & ${p.user_b.username}`}</th>
              <td className="text-right tabular-nums">{fmt(p.score)}</td>
              <td className="text-right tabular-nums">{p.stacks}</td>
            </tr>
          ))}
      </ChartTable>
      <div className="space-y-2">
        <h3 className="font-semibold">Closest and furthest</h3>
        <ul className="divide-y divide-base-300" aria-label="Closest and furthest matches">
          {matchesOf(data).map((m) => (
            <li key={m.member.id} className="flex flex-wrap gap-x-3 gap-y-1 py-2">
              <span className="font-medium wrap-anywhere">
                {m.member.username}
                {m.member.id === currentUserId ? ' (you)' : ''}
              </span>
              <span className="text-base-content/80 wrap-anywhere">{matchText(m)}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The members who share a stack with someone, as a grid of mean scores; the table below says the same in words. */
function AgreementHeatMap({ data, groupName, uid }: { data: GroupAgreement; groupName: string; uid: string }) {
  const paired = new Set(data.pairs.flatMap((p) => [p.user_a.id, p.user_b.id]));
  const people = data.members.filter((m) => paired.has(m.id));
  const byKey = new Map<string, AgreementPair>(data.pairs.map((p) => [`${p.user_a.id}:${p.user_b.id}`, p]));
  const pairOf = (x: number, y: number) => byKey.get(x < y ? `${x}:${y}` : `${y}:${x}`);
  const margin = mapMargins(people.map((p) => p.username));
  const width = margin.left + people.length * CELL + margin.right;
  const height = margin.top + people.length * CELL + 8;
  const scores = data.pairs.map((p) => p.score);
  return (
    // Scrolls sideways on a narrow screen; focusable so the keyboard can scroll it too.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Agreement heat map, scrollable">
      <svg role="img" aria-labelledby={`${uid}-map-title`} aria-describedby={`${uid}-map-desc`} width={width} height={height} viewBox={`0 0 ${width} ${height}`} className="block text-base-content">
        <title id={`${uid}-map-title`}>{`Agreement map of ${groupName}`}</title>
        <desc id={`${uid}-map-desc`}>
          {`Mean scores between ${people.length} members, ${data.pairs.length} ${data.pairs.length === 1 ? 'pair' : 'pairs'}, from ${fmt(Math.min(...scores))} to ${fmt(Math.max(...scores))} out of ${MAX_SCORE}. The table below lists every pair.`}
        </desc>
        {people.map((person, i) => (
          <g key={person.id}>
            <text x={margin.left - GAP} y={margin.top + i * CELL + CELL / 2} textAnchor="end" dominantBaseline="middle" fontSize={LABEL_PX} fill="currentColor">
              {shortName(person.username)}
            </text>
            <text x={0} y={0} transform={`translate(${margin.left + i * CELL + CELL / 2} ${margin.top - GAP}) rotate(-45)`} textAnchor="start" fontSize={LABEL_PX} fill="currentColor">
              {shortName(person.username)}
            </text>
          </g>
        ))}
        {people.map((row, i) => people.map((column, j) => <HeatCell key={`${row.id}-${column.id}`} x={margin.left + j * CELL} y={margin.top + i * CELL} self={i === j} pair={pairOf(row.id, column.id)} />))}
      </svg>
    </div>
  );
}

/** One cell: the diagonal (a member with themself), no common stack (dashed), or the pair's score. */
function HeatCell({ x, y, self, pair }: { x: number; y: number; self: boolean; pair: AgreementPair | undefined }) {
  if (self) return <rect x={x + 1} y={y + 1} width={CELL - 2} height={CELL - 2} rx="4" fill="currentColor" opacity="0.12" />;
  if (!pair) return <rect x={x + 1} y={y + 1} width={CELL - 2} height={CELL - 2} rx="4" fill="none" stroke="currentColor" strokeOpacity="0.3" strokeDasharray="3 3" />;
  return (
    <g>
      <rect x={x + 1} y={y + 1} width={CELL - 2} height={CELL - 2} rx="4" fill={scoreColour(pair.score)} />
      <text x={x + CELL / 2} y={y + CELL / 2} textAnchor="middle" dominantBaseline="middle" fontSize="11" fill="#1f2937">
        {fmt(pair.score)}
      </text>
    </g>
  );
}

function AgreementLegend() {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm" role="group" aria-label="Legend">
      <span className="flex items-center gap-2">
        <span>0</span>
        <span className="inline-block h-3 w-32 rounded" style={{ background: `linear-gradient(to right, ${[0, 25, 50, MAX_SCORE].map(scoreColour).join(', ')})` }} aria-hidden="true" />
        <span>{MAX_SCORE}</span>
        <span className="text-base-content/70">(disagree → agree)</span>
      </span>
      <span className="flex items-center gap-2">
        <span className="inline-block h-3 w-3 rounded border border-dashed border-base-content/40" aria-hidden="true" />
        <span className="text-base-content/70">no common stack</span>
      </span>
    </div>
  );
}
