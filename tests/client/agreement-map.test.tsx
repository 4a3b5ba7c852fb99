import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GroupAgreement } from '../../shared/schemas/agreement';
import { labelWidth, mapMargins, matchesOf, matchText, scoreColour } from '../../client/src/features/groups/agreement-map';
import { GroupDetailView } from '../../client/src/features/groups/group-detail';
import { ALICE, BOB, CAROL, chessClub, DAVE } from './groups-fixtures';
import { renderAt, stubTrpc, TrpcFailure } from './render';

beforeEach(() => sessionStorage.clear());

const ref = (u: { id: number; username: string }) => ({ id: u.id, username: u.username });

/** alice·bob agree most, alice·carol least; dave answered nothing. */
const AGREEMENT: GroupAgreement = {
  members: [ALICE, BOB, CAROL, DAVE],
  pairs: [
    { user_a: ref(ALICE), user_b: ref(BOB), score: 68.5, stacks: 3 },
    { user_a: ref(ALICE), user_b: ref(CAROL), score: 22, stacks: 2 },
    { user_a: ref(BOB), user_b: ref(CAROL), score: 40, stacks: 1 },
  ],
  stacks_considered: 4,
};

function renderDetail(agreement: unknown, viewer: 'owner' | 'outsider' = 'owner') {
  const server = stubTrpc({ 'groups.get': chessClub(viewer), 'groups.bots': () => [], 'groups.agreement': agreement });
  const { user } = renderAt(<GroupDetailView groupId={7} onBack={vi.fn()} onAddStack={vi.fn()} onOpenUser={vi.fn()} onOpenBot={vi.fn()} />);
  return { ...server, user };
}

const heatMap = () => screen.findByRole('img', { name: 'Agreement map of Chess Club' });

describe('Group detail: the Agreement section', () => {
  it('draws a heat map: an SVG image with a name and a description, member names on both axes, a cell per pair', async () => {
    const server = renderDetail(AGREEMENT);
    const svg = await heatMap();
    expect(svg.tagName.toLowerCase()).toBe('svg');
    expect(server.callsTo('groups.agreement')[0].input).toEqual({ id: 7 });
    expect(svg).toHaveAccessibleDescription(/3 members, 3 pairs, from 22\.0 to 68\.5 out of 75/);
    // dave has no pair: off the axes. The others label a row and a column each.
    for (const name of ['alice', 'bob', 'carol']) expect(within(svg).getAllByText(name)).toHaveLength(2);
    expect(within(svg).queryByText('dave')).not.toBeInTheDocument();
    // Each pair twice (above and below the diagonal), coloured by its score.
    const cells = within(svg).getAllByText('68.5');
    expect(cells).toHaveLength(2);
    expect(cells[0].previousElementSibling).toHaveAttribute('fill', scoreColour(68.5));
    expect(within(svg).getAllByText('22.0')).toHaveLength(2);
    expect(within(svg).getAllByText('40.0')).toHaveLength(2);
    // Scrolls inside its own region on a narrow screen, reachable by keyboard.
    const region = screen.getByRole('region', { name: 'Agreement heat map, scrollable' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toContainElement(svg);
    expect(screen.getByRole('group', { name: 'Legend' })).toHaveTextContent('no common stack');
  });

  it('lists every pair in a table, best first, behind "Show as table"', async () => {
    const { user } = renderDetail(AGREEMENT);
    await heatMap();
    await user.click(screen.getByText('Show as table'));
    const table = screen.getByRole('table', { name: 'Agreement between the members of Chess Club' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['alice & bob', '68.5', '3'],
      ['bob & carol', '40.0', '1'],
      ['alice & carol', '22.0', '2'],
    ]);
  });

  it("gives each member's closest and furthest match", async () => {
    renderDetail(AGREEMENT);
    await heatMap();
    const items = within(screen.getByRole('list', { name: 'Closest and furthest matches' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'alice (you)Closest: bob (68.5) · Furthest: carol (22.0)',
      'bobClosest: alice (68.5) · Furthest: carol (40.0)',
      'carolClosest: bob (40.0) · Furthest: alice (22.0)',
    ]);
  });

  it('says so when no two members share a stack', async () => {
    renderDetail({ members: [ALICE, BOB], pairs: [], stacks_considered: 2 });
    expect(await screen.findByText('No two members have answered the same stack yet.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Agreement map/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('a failed load says so and leaves the rest of the page alone', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderDetail(new TrpcFailure(403, 'Only members can see the agreement map of a group', 'NOT_A_MEMBER'));
    expect(await screen.findByText('The agreement map could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Members', level: 2 })).toBeInTheDocument();
  });

  it('is not asked for by non-members', async () => {
    const server = renderDetail(AGREEMENT, 'outsider');
    await screen.findByRole('heading', { name: 'Chess Club', level: 1 });
    expect(screen.queryByRole('heading', { name: 'Agreement' })).not.toBeInTheDocument();
    expect(server.callsTo('groups.agreement')).toHaveLength(0);
  });
});

describe('matchesOf and matchText: ties are ties', () => {
  const pair = (a: { id: number; username: string }, b: { id: number; username: string }, score: number, stacks = 1) => ({ user_a: ref(a), user_b: ref(b), score, stacks });
  const textOf = (matches: ReturnType<typeof matchesOf>, id: number) => matchText(matches.find((m) => m.member.id === id)!);

  it('names everyone who ties for closest or furthest, by username, whatever their common stacks', () => {
    const matches = matchesOf({
      members: [ALICE, BOB, CAROL, DAVE],
      pairs: [pair(ALICE, BOB, 40, 1), pair(ALICE, CAROL, 40, 4), pair(ALICE, DAVE, 22), pair(BOB, CAROL, 68.5), pair(BOB, DAVE, 22), pair(CAROL, DAVE, 50)],
    });
    const alice = matches.find((m) => m.member.id === ALICE.id)!;
    expect(alice.closest).toEqual({ others: [ref(BOB), ref(CAROL)], score: 40 });
    expect(alice.furthest).toEqual({ others: [ref(DAVE)], score: 22 });
    expect(textOf(matches, ALICE.id)).toBe('Closest: bob, carol (40.0) · Furthest: dave (22.0)');
    // dave: alice and bob tie for furthest.
    expect(textOf(matches, DAVE.id)).toBe('Closest: carol (50.0) · Furthest: alice, bob (22.0)');
  });

  it('says so when all of a member’s scores are equal, rather than name one person closest and furthest', () => {
    const matches = matchesOf({ members: [ALICE, BOB, CAROL], pairs: [pair(ALICE, BOB, 40), pair(ALICE, CAROL, 40), pair(BOB, CAROL, 60)] });
    expect(textOf(matches, ALICE.id)).toBe('Same score with everyone: bob, carol (40.0)');
    expect(textOf(matches, BOB.id)).toBe('Closest: carol (60.0) · Furthest: alice (40.0)');
  });

  it('compares scores as shown: 40.04 and 39.96 both read 40.0, so they tie', () => {
    const matches = matchesOf({ members: [ALICE, BOB, CAROL], pairs: [pair(ALICE, BOB, 40.04), pair(ALICE, CAROL, 39.96)] });
    expect(textOf(matches, ALICE.id)).toBe('Same score with everyone: bob, carol (40.0)');
  });

  it('one partner only: "Only shared stacks with"', () => {
    const matches = matchesOf({ members: [ALICE, BOB, CAROL], pairs: [pair(ALICE, BOB, 68.5), pair(ALICE, CAROL, 22)] });
    expect(textOf(matches, BOB.id)).toBe('Only shared stacks with alice (68.5)');
    expect(matches.find((m) => m.member.id === BOB.id)!.partners).toBe(1);
  });

  it('on the group page, a tie reads as a tie', async () => {
    renderDetail({ members: [ALICE, BOB, CAROL], pairs: [pair(ALICE, BOB, 40), pair(ALICE, CAROL, 40), pair(BOB, CAROL, 60)], stacks_considered: 2 });
    await heatMap();
    const items = within(screen.getByRole('list', { name: 'Closest and furthest matches' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'alice (you)Same score with everyone: bob, carol (40.0)',
      'bobClosest: carol (60.0) · Furthest: alice (40.0)',
      'carolClosest: bob (60.0) · Furthest: alice (40.0)',
    ]);
  });
});

describe('the heat map’s room for names', () => {
  it('fits the longest name: short names leave no empty band above the map, long ones are not cut', () => {
    const short = mapMargins(['ann', 'bob', 'cy']);
    const long = mapMargins(['ann', 'M'.repeat(30)]);
    // Three letters at 12 px slanted at 45° need about 30 px; the old fixed band was 92.
    expect(short.top).toBeLessThan(45);
    expect(short.left).toBeLessThan(40);
    // A long name is cut to 12 characters (11 and an ellipsis): room for those, slanted.
    const cut = labelWidth(`${'M'.repeat(11)}…`);
    expect(long.left).toBeGreaterThanOrEqual(cut);
    expect(long.top).toBeGreaterThanOrEqual(cut * Math.SQRT1_2);
    expect(long.top).toBeGreaterThan(short.top);
    expect(labelWidth('MMMM')).toBeGreaterThan(labelWidth('iiii'));
  });

  it('draws the SVG with that room', async () => {
    renderDetail(AGREEMENT);
    const svg = await heatMap();
    const { top, left, right } = mapMargins(['alice', 'bob', 'carol']);
    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${left + 3 * 44 + right} ${top + 3 * 44 + 8}`);
  });
});
