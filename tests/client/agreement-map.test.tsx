import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GroupAgreement } from '../../shared/schemas/agreement';
import { matchesOf, scoreColour } from '../../client/src/features/groups/agreement-map';
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

describe('matchesOf', () => {
  it('breaks ties by more common stacks, then by username; one partner is both', () => {
    const matches = matchesOf({
      members: [ALICE, BOB, CAROL, DAVE],
      pairs: [
        { user_a: ref(ALICE), user_b: ref(BOB), score: 50, stacks: 1 },
        { user_a: ref(ALICE), user_b: ref(CAROL), score: 50, stacks: 4 },
        { user_a: ref(ALICE), user_b: ref(DAVE), score: 50, stacks: 4 },
      ],
    });
    const alice = matches.find((m) => m.member.id === ALICE.id)!;
    expect(alice.closest.other.username).toBe('carol');
    expect(alice.furthest.other.username).toBe('carol');
    expect(alice.partners).toBe(3);
    const bob = matches.find((m) => m.member.id === BOB.id)!;
    expect([bob.closest.other.username, bob.furthest.other.username, bob.partners]).toEqual(['alice', 'alice', 1]);
  });
});
