import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/limits';
import { Positions, StackName } from '../../shared/schemas/stacks';
import { TOPICS, type Topic } from '../../server/modules/bots/catalogue';
import { matchTopics, normaliseTag, pickStack, seededRandom } from '../../server/modules/bots/pick-topic';

/** Spec 2 §5 tag format: text with an optional trailing '(context)', no commas. */
const TAG_FORMAT = /^[^,()]+(\([^,()]+\))?$/;

const byId = new Map(TOPICS.map((topic) => [topic.id, topic]));
const isAbout = (topic: Topic, word: string) => topic.keywords.includes(word) || topic.title.toLowerCase().split(/\W+/).some((w) => w === word || w === `${word}s`);

describe('the builtin topic catalogue', () => {
  it('has at least 160 topics with unique kebab-case ids and unique titles', () => {
    expect(TOPICS.length).toBeGreaterThanOrEqual(160);
    expect(new Set(TOPICS.map((topic) => topic.id)).size).toBe(TOPICS.length);
    expect(new Set(TOPICS.map((topic) => topic.title.toLowerCase())).size).toBe(TOPICS.length);
    for (const topic of TOPICS) expect(topic.id, topic.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('every title is a valid stack name', () => {
    for (const topic of TOPICS) {
      expect(topic.title, topic.id).toBe(topic.title.trim());
      expect(StackName.safeParse(topic.title).data, topic.id).toBe(topic.title);
      expect(topic.title.length, topic.id).toBeLessThanOrEqual(LIMITS.stackNameMax);
    }
  });

  it('every topic has 8 to 12 items, trimmed, at most 32 characters, distinct case-insensitively', () => {
    for (const topic of TOPICS) {
      expect(topic.items.length, topic.id).toBeGreaterThanOrEqual(8);
      expect(topic.items.length, topic.id).toBeLessThanOrEqual(12);
      for (const item of topic.items) {
        expect(item, topic.id).toBe(item.trim());
        expect(item.length, `${topic.id}: ${item}`).toBeGreaterThan(0);
        expect(item.length, `${topic.id}: ${item}`).toBeLessThanOrEqual(LIMITS.positionMax);
      }
      expect(new Set(topic.items.map((item) => item.trim().toLowerCase())).size, topic.id).toBe(topic.items.length);
    }
  });

  it('any six consecutive items of a topic pass the shared Positions schema', () => {
    for (const topic of TOPICS) {
      for (let start = 0; start + LIMITS.positionsPerStack <= topic.items.length; start++) {
        const six = topic.items.slice(start, start + LIMITS.positionsPerStack);
        const result = Positions.safeParse(six);
        expect(result.success, `${topic.id}: ${result.error?.issues.map((issue) => issue.message).join('; ')}`).toBe(true);
      }
    }
  });

  it('every topic has 2 to 6 distinct lower-case keywords that are valid tags without a context', () => {
    for (const topic of TOPICS) {
      expect(topic.keywords.length, topic.id).toBeGreaterThanOrEqual(2);
      expect(topic.keywords.length, topic.id).toBeLessThanOrEqual(6);
      expect(new Set(topic.keywords).size, topic.id).toBe(topic.keywords.length);
      for (const keyword of topic.keywords) {
        expect(keyword, topic.id).toBe(keyword.trim().toLowerCase());
        expect(keyword.length, topic.id).toBeGreaterThan(0);
        expect(keyword.length, topic.id).toBeLessThanOrEqual(LIMITS.tagMax);
        expect(keyword, topic.id).not.toContain(',');
        expect(keyword, topic.id).toMatch(TAG_FORMAT);
        expect(keyword, topic.id).not.toMatch(/[()]/);
      }
    }
  });
});

describe('normaliseTag', () => {
  it('splits a trailing context from the word, lower-cased and trimmed', () => {
    expect(normaliseTag('movies (horror)')).toEqual({ word: 'movies', context: 'horror' });
    expect(normaliseTag('  Movies   ( Horror )  ')).toEqual({ word: 'movies', context: 'horror' });
    expect(normaliseTag('Board Games (Strategy Games)')).toEqual({ word: 'board games', context: 'strategy games' });
    expect(normaliseTag('music(80s)')).toEqual({ word: 'music', context: '80s' });
  });

  it('has no context for a plain tag or an empty one', () => {
    expect(normaliseTag('Food')).toEqual({ word: 'food', context: null });
    expect(normaliseTag('  road   trip ')).toEqual({ word: 'road trip', context: null });
    expect(normaliseTag('music ()')).toEqual({ word: 'music', context: null });
    expect(normaliseTag('')).toEqual({ word: '', context: null });
  });

  it('treats a context alone as the word', () => {
    expect(normaliseTag('(horror)')).toEqual({ word: 'horror', context: null });
  });
});

describe('matchTopics', () => {
  it('finds the food topics for "food", and only topics about food', () => {
    const found = matchTopics(['food']);
    expect(found.length).toBeGreaterThanOrEqual(20);
    expect(found.length).toBeLessThan(TOPICS.length);
    expect(found.map((topic) => topic.id)).toEqual(expect.arrayContaining(['pizza-toppings', 'desserts', 'comfort-foods']));
    for (const topic of found) expect(isAbout(topic, 'food'), topic.id).toBe(true);
  });

  it('matches title words and singular/plural forms, case-insensitively', () => {
    expect(matchTopics(['Pizza']).map((topic) => topic.id)).toContain('pizza-toppings');
    expect(matchTopics(['movie']).map((topic) => topic.id)).toContain('horror-movies');
    expect(matchTopics(['city']).map((topic) => topic.id)).toContain('city-breaks');
    expect(matchTopics(['board games']).map((topic) => topic.id)).toContain('board-games');
  });

  it('matches a multi-word keyword only as a whole', () => {
    const pets = matchTopics(['pets']).map((topic) => topic.id);
    expect(pets).toContain('pets');
    expect(pets).not.toContain('pet-peeves');
  });

  it("narrows with a tag's context: 'movies (horror)' ranks the horror films first", () => {
    const found = matchTopics(['movies (horror)']);
    const horror = found.map((topic) => isAbout(topic, 'horror'));
    const firstOther = horror.indexOf(false);
    expect(firstOther).toBeGreaterThanOrEqual(2);
    expect(horror.slice(firstOther)).not.toContain(true);
    expect(found[0].id).toBe('horror-movies');
    // The other films still match, after the horror ones.
    expect(found.map((topic) => topic.id)).toContain('sci-fi-movies');
    for (const topic of found) expect(isAbout(topic, 'movies') || isAbout(topic, 'movie'), topic.id).toBe(true);
  });

  it('ranks topics matching more tags first', () => {
    const found = matchTopics(['food', 'italian']);
    expect(isAbout(found[0], 'italian') && isAbout(found[0], 'food')).toBe(true);
  });

  it('falls back to all topics, in catalogue order, for an unknown tag or no tags', () => {
    expect(matchTopics(['zzqx-unknown'])).toEqual([...TOPICS]);
    expect(matchTopics([])).toEqual([...TOPICS]);
    expect(matchTopics(['   '])).toEqual([...TOPICS]);
  });

  it('works on a given list of topics', () => {
    const own: Topic[] = [
      { id: 'a', title: 'Best widgets', items: [], keywords: ['widgets', 'things'] },
      { id: 'b', title: 'Best gizmos', items: [], keywords: ['gizmos', 'widgets'] },
    ];
    expect(matchTopics(['gizmo'], own).map((topic) => topic.id)).toEqual(['b']);
    expect(matchTopics(['nothing'], own).map((topic) => topic.id)).toEqual(['a', 'b']);
  });
});

describe('seededRandom', () => {
  it('gives the same numbers in [0, 1) for the same seed and different ones for another', () => {
    const a = seededRandom('bot-1|2024-05-06');
    const b = seededRandom('bot-1|2024-05-06');
    const c = seededRandom('bot-1|2024-05-07');
    const seqA = Array.from({ length: 20 }, () => a());
    expect(Array.from({ length: 20 }, () => b())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c())).not.toEqual(seqA);
    for (const n of seqA) {
      expect(n).toBeGreaterThanOrEqual(0);
      expect(n).toBeLessThan(1);
    }
  });
});

describe('pickStack', () => {
  const seeds = Array.from({ length: 200 }, (_, i) => `bot-${i % 7}|2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}|${i}`);

  it('is deterministic for the same tags and seed', () => {
    for (const tags of [['food'], ['movies (horror)', 'travel'], [], ['zzqx']]) {
      for (const seed of seeds.slice(0, 20)) expect(pickStack(tags, seed)).toEqual(pickStack(tags, seed));
    }
  });

  it('does not depend on the order of the tags', () => {
    for (const seed of seeds.slice(0, 20)) expect(pickStack(['music', 'food (italian)'], seed)).toEqual(pickStack(['food (italian)', 'music'], seed));
  });

  it('differs across seeds for most', () => {
    const results = new Set(seeds.map((seed) => JSON.stringify(pickStack(['food'], seed))));
    expect(results.size).toBeGreaterThanOrEqual(seeds.length * 0.9);
    const topics = new Set(seeds.map((seed) => pickStack(['food'], seed).topicId));
    expect(topics.size).toBeGreaterThan(20);
  });

  it('always returns six distinct positions from the chosen topic, valid as a stack', () => {
    for (const tags of [['food'], ['movies (horror)'], ['work'], [], ['zzqx']]) {
      for (const seed of seeds) {
        const stack = pickStack(tags, seed);
        const topic = byId.get(stack.topicId);
        expect(topic, stack.topicId).toBeDefined();
        expect(stack.name).toBe(topic?.title);
        expect(stack.positions).toHaveLength(LIMITS.positionsPerStack);
        expect(new Set(stack.positions.map((p) => p.toLowerCase())).size).toBe(LIMITS.positionsPerStack);
        for (const position of stack.positions) expect(topic?.items).toContain(position);
        expect(Positions.safeParse(stack.positions).success).toBe(true);
        expect(StackName.parse(stack.name)).toBe(stack.name);
      }
    }
  });

  it('picks among the matching topics, narrowed by a context', () => {
    for (const seed of seeds) {
      expect(isAbout(byId.get(pickStack(['food'], seed).topicId) as Topic, 'food')).toBe(true);
      expect(isAbout(byId.get(pickStack(['movies (horror)'], seed).topicId) as Topic, 'horror')).toBe(true);
      const either = byId.get(pickStack(['pets', 'movies (horror)'], seed).topicId) as Topic;
      expect(isAbout(either, 'pets') || isAbout(either, 'horror'), either.id).toBe(true);
    }
  });

  it('falls back to the whole catalogue when no tag matches', () => {
    const topics = new Set(seeds.map((seed) => pickStack(['zzqx-unknown'], seed).topicId));
    expect(topics.size).toBeGreaterThan(50);
    expect(new Set(seeds.map((seed) => pickStack([], seed).topicId)).size).toBeGreaterThan(50);
  });

  it('shuffles the items rather than always taking the first six', () => {
    const orders = new Set(seeds.map((seed) => pickStack(['pizza'], seed)).map((stack) => stack.positions.join('|')));
    expect(new Set(seeds.map((seed) => pickStack(['pizza'], seed).topicId))).toEqual(new Set(['pizza-toppings']));
    expect(orders.size).toBeGreaterThan(100);
  });
});
