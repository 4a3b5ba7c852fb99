import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consensus, type Ranking } from '../../shared/scoring';
import { answer, as, block, createFriendStack, createGroupStack, expectStackNotFound, expectTwistedNotFound, friendPair, getStack, groupWith, makeFriends, positions, RANKINGS, twist } from '../factories/stacks';
import { createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * The example of docs/consensus.md: three answers put item 0 first, two put it last. Borda (mean
 * place) ranks 1, 2, 0, ...; head to head three of five prefer 0 to every other item, so it is the
 * Condorcet winner and the Kemeny-Young order is the majority's 0, 1, 2, 3, 4, 5.
 */
const PROFILE: Ranking[] = [
  [0, 1, 2, 3, 4, 5],
  [0, 1, 2, 3, 4, 5],
  [0, 1, 2, 3, 4, 5],
  [1, 2, 3, 4, 5, 0],
  [1, 2, 3, 4, 5, 0],
];

// An independent brute force over the 720 orders, counting each answer's discordant pairs.
function permutations(items: number[]): number[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}
const kendallTau = (a: readonly number[], b: readonly number[]) => {
  let n = 0;
  for (let x = 0; x < 6; x += 1) for (let y = x + 1; y < 6; y += 1) if (a.indexOf(x) < a.indexOf(y) !== b.indexOf(x) < b.indexOf(y)) n += 1;
  return n;
};
const totalDistance = (order: readonly number[], answers: readonly Ranking[]) => answers.reduce((sum, a) => sum + kendallTau(order, a), 0);

/** A group of `count` members (the owner first), all friends, with a group stack. */
async function groupStack(count: number) {
  const users: FactoryUser[] = [];
  for (let i = 0; i < count; i += 1) users.push(await createUser(t.db));
  await makeFriends(t, ...users);
  const group = await groupWith(t, users[0], users.slice(1));
  const six = positions('K');
  const id = await createGroupStack(t, users[0], group.id, { positions: six });
  return { users, group, six, id };
}

describe('GET /v1/stacks/{id}: consensus_detail (Kemeny-Young and Condorcet beside Borda)', () => {
  it('on a profile where Borda and Kemeny differ: the brute-force optimum, the Condorcet winner, Borda unchanged', async () => {
    const { users, six, id } = await groupStack(5);
    for (const [i, ranking] of PROFILE.entries()) await answer(t, users[i], id, ranking);

    const detail = await getStack(t, users[3], id);
    expect(detail.consensus).toEqual([1, 2, 0, 3, 4, 5].map((i) => six[i]));
    expect(detail.consensus).toEqual(consensus(PROFILE).map((i) => six[i]));
    expect(detail.consensus_detail).toMatchObject({ borda: [1, 2, 0, 3, 4, 5], kemeny: [0, 1, 2, 3, 4, 5], condorcet_winner: 0 });

    // The order served is one with the least total Kendall-tau distance of all 720 (here the only one).
    const costs = permutations([0, 1, 2, 3, 4, 5]).map((order) => totalDistance(order, PROFILE));
    const min = Math.min(...costs);
    expect(totalDistance(detail.consensus_detail.kemeny, PROFILE)).toBe(min);
    expect(costs.filter((c) => c === min)).toHaveLength(1);
    expect(totalDistance(detail.consensus_detail.borda, PROFILE)).toBeGreaterThan(min);

    // Every member who answered sees the same.
    expect((await getStack(t, users[0], id)).consensus_detail).toEqual(detail.consensus_detail);
  });

  it('has no Condorcet winner on a cycle, and counts every answer as the consensus does', async () => {
    const { users, id } = await groupStack(3);
    const cycle: Ranking[] = [
      [0, 1, 2, 3, 4, 5],
      [1, 2, 0, 3, 4, 5],
      [2, 0, 1, 3, 4, 5],
    ];
    for (const [i, ranking] of cycle.entries()) await answer(t, users[i], id, ranking);
    const detail = (await getStack(t, users[0], id)).consensus_detail;
    expect(detail.condorcet_winner).toBeNull();
    expect(detail.borda).toEqual(consensus(cycle));
    // 0 > 1 > 2 > 0 two to one: every rotation costs 4 (plus nothing below); the tie closest to Borda wins.
    expect(totalDistance(detail.kemeny, cycle)).toBe(Math.min(...permutations([0, 1, 2, 3, 4, 5]).map((o) => totalDistance(o, cycle))));
    expect(detail.kemeny).toEqual(detail.borda);
  });

  it('only where the consensus shows: null before answering, on friend stacks, and for an admin who only moderates', async () => {
    const { users, id } = await groupStack(3);
    await answer(t, users[0], id, RANKINGS.identity);
    await answer(t, users[1], id, RANKINGS.reversed);
    const before = await getStack(t, users[2], id);
    expect(before).toMatchObject({ consensus: null, consensus_detail: null });

    const admin = await createUser(t.db, { role: 'ADMIN' });
    const forAdmin = await getStack(t, admin, id);
    expect(forAdmin.me.sees_responses).toBe(true);
    expect(forAdmin).toMatchObject({ consensus: null, consensus_detail: null });

    const { me, friend } = await friendPair(t);
    const friendStack = await createFriendStack(t, me, friend);
    await answer(t, me, friendStack, RANKINGS.identity);
    await answer(t, friend, friendStack, RANKINGS.swapFirst);
    expect(await getStack(t, me, friendStack)).toMatchObject({ consensus: null, consensus_detail: null });
  });

  it('is 404 to someone outside the group, and keeps counting a blocked member’s answer', async () => {
    const { users, id } = await groupStack(5);
    const outsider = await createUser(t.db);
    expectStackNotFound(await as(t, outsider).get(`/v1/stacks/${id}`));
    for (const [i, ranking] of PROFILE.entries()) await answer(t, users[i], id, ranking);
    // users[0] blocks users[4]: the card goes, the answer still counts (as for Borda today).
    await block(t, users[0], users[4]);
    const detail = await getStack(t, users[0], id);
    expect(detail.users.map((u: { user_id: number }) => u.user_id)).not.toContain(users[4].id);
    expect(detail.consensus_detail).toMatchObject({ borda: [1, 2, 0, 3, 4, 5], kemeny: [0, 1, 2, 3, 4, 5], condorcet_winner: 0 });
  });
});

/**
 * A tie broken silently used to read as a contradiction: items 0 and 1 have the same mean place and
 * as many first places, so stack order puts item 0 first; yet head to head two of three answers
 * prefer item 1 to every other item (the Condorcet winner, first in the optimal order).
 */
const TIED: Ranking[] = [
  [2, 1, 0, 3, 5, 4],
  [1, 5, 0, 3, 4, 2],
  [0, 5, 4, 1, 2, 3],
];
const FILMS = ['The Matrix', 'Pulp Fiction', 'Alien', 'Heat', 'Up', 'Jaws'];

describe('consensus_detail says which method the order comes from and how its ties were broken', () => {
  it('a tie broken by stack order: the order, the method, the tie and sentences that agree with the order', async () => {
    const { users, id } = await groupStack(3);
    expect((await as(t, users[0]).post(`/v1/stacks/${id}/edit`, { name: 'Films', positions: FILMS })).status).toBe(200);
    for (const [i, ranking] of TIED.entries()) await answer(t, users[i], id, ranking);
    const detail = await getStack(t, users[1], id);
    expect(detail.consensus[0]).toBe('The Matrix');
    expect(detail.consensus_detail).toEqual({
      borda: [0, 1, 5, 2, 3, 4],
      kemeny: [1, 0, 5, 2, 3, 4],
      condorcet_winner: 1,
      method: 'borda',
      mean_places: [2.33, 2.33, 4, 4.67, 4.67, 3],
      first_places: [1, 1, 1, 0, 0, 0],
      ties: [
        { place: 0, items: [0, 1], broken_by: 'stack_order' },
        { place: 4, items: [3, 4], broken_by: 'stack_order' },
      ],
      explanation: [
        'Ordered by average place over all answers (the Borda count).',
        'The Matrix and Pulp Fiction have the same average place (2.33) and as many first places (1); The Matrix comes first because it is listed earlier in the stack.',
        'Heat and Up have the same average place (4.67) and as many first places (0); Heat comes first because it is listed earlier in the stack.',
        'Head to head, Pulp Fiction beats every other item, so the optimal order puts it first; by average place, The Matrix comes first.',
      ],
    });
    // Nothing says the consensus's first item is beaten by another while listing it first without why.
    expect(detail.consensus_detail.explanation.join(' ')).not.toMatch(/^Pulp Fiction beats every other item/);
    expect((await as(t, users[2]).get(`/v1/stacks/${id}/consensus`)).body).toEqual(detail.consensus_detail);
  });

  it('a tie broken by first places, and a Condorcet winner that is first in both orders', async () => {
    const { users, id } = await groupStack(3);
    expect((await as(t, users[0]).post(`/v1/stacks/${id}/edit`, { name: 'Films', positions: FILMS })).status).toBe(200);
    // Items 1 and 2 both total 4 places; item 2 is first once, item 1 never: item 2 comes first.
    const answers: Ranking[] = [
      [0, 1, 2, 3, 4, 5],
      [0, 1, 2, 3, 4, 5],
      [2, 0, 1, 3, 4, 5],
    ];
    for (const [i, ranking] of answers.entries()) await answer(t, users[i], id, ranking);
    const detail = (await getStack(t, users[0], id)).consensus_detail;
    expect(detail).toMatchObject({ borda: [0, 2, 1, 3, 4, 5], condorcet_winner: 0, first_places: [2, 0, 1, 0, 0, 0] });
    expect(detail.ties).toEqual([{ place: 1, items: [2, 1], broken_by: 'first_places' }]);
    expect(detail.explanation).toEqual([
      'Ordered by average place over all answers (the Borda count).',
      'Alien and Pulp Fiction have the same average place (2.33); Alien comes first because more answers put it first (1 against 0).',
      'The Matrix also beats every other item head to head.',
    ]);
  });

  it('no ties and no Condorcet winner: the method alone', async () => {
    const { users, id } = await groupStack(3);
    const cycle: Ranking[] = [
      [0, 1, 2, 3, 4, 5],
      [1, 2, 0, 3, 4, 5],
      [2, 0, 1, 3, 4, 5],
    ];
    for (const [i, ranking] of cycle.entries()) await answer(t, users[i], id, ranking);
    const detail = (await getStack(t, users[0], id)).consensus_detail;
    expect(detail.condorcet_winner).toBeNull();
    // 0, 1 and 2 all total 3 places with one first place each: stack order, twice.
    expect(detail.ties).toEqual([
      { place: 0, items: [0, 1], broken_by: 'stack_order' },
      { place: 1, items: [1, 2], broken_by: 'stack_order' },
    ]);
    expect(detail.explanation[0]).toBe('Ordered by average place over all answers (the Borda count).');
    expect(detail.explanation).toHaveLength(3);
  });
});

describe('GET /v1/twisted_stacks/{id}: consensus_detail of a group stack’s twist', () => {
  it('over the twisted answers, once the viewer answered the twist; 404 outside the group', async () => {
    const { users, id } = await groupStack(5);
    for (const [i, ranking] of PROFILE.entries()) await answer(t, users[i], id, ranking);
    const twistedId = await twist(t, users[0], id);
    expect(await getStack(t, users[0], twistedId, 'twisted')).toMatchObject({ consensus: null, consensus_detail: null });

    const flipped = PROFILE.map((r) => [...r].reverse());
    for (const [i, ranking] of flipped.entries()) await answer(t, users[i], twistedId, ranking, 'twisted');
    const detail = await getStack(t, users[1], twistedId, 'twisted');
    expect(detail.consensus_detail).toMatchObject({ borda: consensus(flipped), kemeny: [5, 4, 3, 2, 1, 0], condorcet_winner: 5 });
    expectTwistedNotFound(await as(t, await createUser(t.db)).get(`/v1/twisted_stacks/${twistedId}`));
  });
});

describe('GET /v1/stacks/{id}/consensus and /v1/twisted_stacks/{id}/consensus: the consensus on its own', () => {
  it('serves the detail’s consensus_detail to a member who answered, over REST', async () => {
    const { users, id } = await groupStack(5);
    for (const [i, ranking] of PROFILE.entries()) await answer(t, users[i], id, ranking);
    const res = await as(t, users[2]).get(`/v1/stacks/${id}/consensus`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ borda: [1, 2, 0, 3, 4, 5], kemeny: [0, 1, 2, 3, 4, 5], condorcet_winner: 0 });
    expect(res.body).toEqual((await getStack(t, users[2], id)).consensus_detail);

    const twistedId = await twist(t, users[0], id);
    const flipped = PROFILE.map((r) => [...r].reverse());
    for (const [i, ranking] of flipped.entries()) await answer(t, users[i], twistedId, ranking, 'twisted');
    const twisted = await as(t, users[1]).get(`/v1/twisted_stacks/${twistedId}/consensus`);
    expect(twisted.status).toBe(200);
    expect(twisted.body).toMatchObject({ borda: consensus(flipped), kemeny: [5, 4, 3, 2, 1, 0], condorcet_winner: 5 });
  });

  it('refuses: 403 before answering, 400 on a friend stack, 404 to an outsider and for a missing stack, 401 signed out', async () => {
    const { users, id } = await groupStack(3);
    await answer(t, users[0], id, RANKINGS.identity);
    const before = await as(t, users[1]).get(`/v1/stacks/${id}/consensus`);
    expect(before.status).toBe(403);
    expect(before.body).toMatchObject({ code: 'NOT_ANSWERED', detail: 'Answer the stack to see its consensus' });

    const { me, friend } = await friendPair(t);
    const friendStack = await createFriendStack(t, me, friend);
    await answer(t, me, friendStack, RANKINGS.identity);
    const onFriendStack = await as(t, me).get(`/v1/stacks/${friendStack}/consensus`);
    expect(onFriendStack.status).toBe(400);
    expect(onFriendStack.body).toMatchObject({ code: 'NOT_GROUP_STACK', detail: 'Only group stacks have a consensus' });

    expectStackNotFound(await as(t, await createUser(t.db)).get(`/v1/stacks/${id}/consensus`));
    expectStackNotFound(await as(t, users[0]).get(`/v1/stacks/999999999/consensus`));
    expectTwistedNotFound(await as(t, users[0]).get(`/v1/twisted_stacks/999999999/consensus`));
    expect((await t.request.get(`/v1/stacks/${id}/consensus`)).status).toBe(401);
  });
});
