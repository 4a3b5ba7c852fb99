/**
 * Chooses a stack from the builtin catalogue for a bot run (docs/bots.md): the run's tags choose
 * the topics, a tag's '(context)' narrows them, and a seed (bot id + date) makes the choice
 * reproducible. Pure functions: no I/O, no clock, no Math.random.
 */
import { LIMITS } from '../../../shared/limits';
import { TOPICS, type Topic } from './catalogue';

export interface NormalisedTag {
  /** The tag without its context: lower-case, trimmed, inner spaces collapsed. */
  word: string;
  /** The trailing '(context)' without parentheses, or null when there is none (or it is empty). */
  context: string | null;
}

export interface PickedStack {
  name: string;
  positions: string[];
  topicId: string;
}

function clean(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * Splits 'Movies (Horror)' into { word: 'movies', context: 'horror' }. A tag that is only a context,
 * '(horror)', becomes the word 'horror'. Format checks (spec 2 §5) are the tags editor's job; this
 * copes with anything.
 */
export function normaliseTag(tag: string): NormalisedTag {
  const text = clean(tag);
  const match = /^(.*?)\s*\(([^()]*)\)$/.exec(text);
  if (!match) return { word: text, context: null };
  const word = clean(match[1]);
  const context = clean(match[2]);
  if (!word) return { word: context, context: null };
  return { word, context: context || null };
}

/** Title words that say nothing about a topic ('Best pizza toppings' is about pizza and toppings). */
const STOPWORDS = new Set([
  'a', 'about', 'all', 'an', 'and', 'at', 'best', 'by', 'do', 'ever', 'for', 'from', 'greatest', 'iconic', 'in', 'kinds', 'least',
  'most', 'of', 'on', 'or', 'parts', 'spend', 'the', 'things', 'to', 'ultimate', 'ways', 'with', 'worst',
]);

function words(text: string): string[] {
  return clean(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word && !STOPWORDS.has(word));
}

/** A word and its likely singulars, so 'movies' meets 'movie' and 'cities' meets 'city'. */
function variants(word: string): string[] {
  const out = [word];
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) {
    out.push(word.slice(0, -1));
    if (word.endsWith('es')) out.push(word.slice(0, -2));
    if (word.endsWith('ies')) out.push(`${word.slice(0, -3)}y`);
  }
  return out;
}

interface Vocabulary {
  /** Variants of the title's words and of single-word keywords ('sci-fi' counts as one). */
  words: Set<string>;
  /** Multi-word keywords ('pet peeves', 'board games'): a tag word meets them only whole. */
  phrases: string[][];
  /** `words` plus the words of multi-word keywords: what a context may match. */
  loose: Set<string>;
}

const vocabularies = new WeakMap<Topic, Vocabulary>();
function vocabulary(topic: Topic): Vocabulary {
  let vocab = vocabularies.get(topic);
  if (!vocab) {
    const single = [topic.title, ...topic.keywords.filter((keyword) => !/\s/.test(keyword.trim()))];
    const phrases = topic.keywords.filter((keyword) => /\s/.test(keyword.trim())).map(words);
    const variantsOf = (list: string[]) => new Set(list.flatMap(words).flatMap(variants));
    vocab = { words: variantsOf(single), phrases, loose: new Set([...variantsOf(single), ...phrases.flat().flatMap(variants)]) };
    vocabularies.set(topic, vocab);
  }
  return vocab;
}

function sameWord(a: string, b: string): boolean {
  const bs = variants(b);
  return variants(a).some((variant) => bs.includes(variant));
}

/**
 * Does a tag's word match the topic? Yes when all its meaningful words are among the title's words
 * and single-word keywords (in some singular/plural form), or when it is one of the multi-word
 * keywords as a whole: 'pets' does not match 'pet peeves', 'board games' matches 'board games'.
 */
function wordMatches(phrase: string, topic: Topic): boolean {
  const phraseWords = words(phrase);
  if (phraseWords.length === 0) return false;
  const vocab = vocabulary(topic);
  if (phraseWords.every((word) => variants(word).some((variant) => vocab.words.has(variant)))) return true;
  return vocab.phrases.some((keyword) => keyword.length === phraseWords.length && keyword.every((word, i) => sameWord(word, phraseWords[i])));
}

/** Does a tag's context match the topic? Looser: any word of the title or keywords counts. */
function contextMatches(phrase: string, topic: Topic): boolean {
  const phraseWords = words(phrase);
  if (phraseWords.length === 0) return false;
  const vocab = vocabulary(topic);
  return wordMatches(phrase, topic) || phraseWords.every((word) => variants(word).some((variant) => vocab.loose.has(variant)));
}

interface ScoredTopic {
  topic: Topic;
  /** Tags whose word and context both match. */
  narrowed: number;
  /** Tags whose word matches. */
  matched: number;
  index: number;
}

function scoreTopics(tags: string[], topics: readonly Topic[]): ScoredTopic[] {
  const parsed = tags.map(normaliseTag).filter((tag) => tag.word);
  const scored: ScoredTopic[] = [];
  topics.forEach((topic, index) => {
    let matched = 0;
    let narrowed = 0;
    for (const tag of parsed) {
      if (!wordMatches(tag.word, topic)) continue;
      matched += 1;
      if (tag.context && contextMatches(tag.context, topic)) narrowed += 1;
    }
    if (matched > 0) scored.push({ topic, narrowed, matched, index });
  });
  return scored.sort((a, b) => b.narrowed - a.narrowed || b.matched - a.matched || a.index - b.index);
}

/**
 * The topics any tag's word matches (in keywords or title words), best first: topics that also
 * match a tag's context, then topics matching more tags, then catalogue order. When nothing
 * matches (no tags, or tags the catalogue does not know) every topic is returned, in catalogue order.
 */
export function matchTopics(tags: string[], topics: readonly Topic[] = TOPICS): Topic[] {
  const scored = scoreTopics(tags, topics);
  return scored.length > 0 ? scored.map((entry) => entry.topic) : [...topics];
}

/** 32-bit string hash (murmur-style mixing) used to seed the generator. */
function hashString(text: string): number {
  let hash = 1779033703 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 3432918353);
    hash = (hash << 13) | (hash >>> 19);
  }
  hash = Math.imul(hash ^ (hash >>> 16), 2246822507);
  hash = Math.imul(hash ^ (hash >>> 13), 3266489909);
  return (hash ^ (hash >>> 16)) >>> 0;
}

/** mulberry32 over a hash of the seed: the same seed always gives the same numbers in [0, 1). */
export function seededRandom(seed: string): () => number {
  let state = hashString(seed);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher-Yates in place with the given random numbers; answers the array. */
export function shuffleWith<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/**
 * The topics a run chooses among: for each tag, the topics matching its word and context when there
 * are any, else those matching its word; all of them together; every topic when none match.
 */
function candidateTopics(tags: string[], topics: readonly Topic[]): Topic[] {
  const scored = scoreTopics(tags, topics);
  if (scored.length === 0) return [...topics];
  const chosen = new Set<Topic>();
  for (const tag of tags.map(normaliseTag).filter((t) => t.word)) {
    const byWord = scored.filter((entry) => wordMatches(tag.word, entry.topic));
    const byContext = tag.context ? byWord.filter((entry) => contextMatches(tag.context as string, entry.topic)) : [];
    for (const entry of byContext.length > 0 ? byContext : byWord) chosen.add(entry.topic);
  }
  // Catalogue order keeps the pick independent of the order the tags came in.
  return topics.filter((topic) => chosen.has(topic));
}

/**
 * A stack for a bot run: a topic chosen among those the tags match (every topic when none do) and
 * six distinct items of it in a shuffled order. The same tags and seed always give the same stack.
 */
export function pickStack(tags: string[], seed: string, topics: readonly Topic[] = TOPICS): PickedStack {
  const candidates = candidateTopics(tags, topics);
  if (candidates.length === 0) throw new Error('The topic catalogue is empty');
  const random = seededRandom(seed);
  const topic = candidates[Math.floor(random() * candidates.length)];

  // Distinct items (case-insensitively, trimmed), shuffled, first six kept.
  const seen = new Set<string>();
  const items = topic.items.map((item) => item.trim()).filter((item) => item && !seen.has(item.toLowerCase()) && seen.add(item.toLowerCase()));
  if (items.length < LIMITS.positionsPerStack) throw new Error(`Topic ${topic.id} has fewer than ${LIMITS.positionsPerStack} distinct items`);
  return { name: topic.title, positions: shuffleWith(items, random).slice(0, LIMITS.positionsPerStack), topicId: topic.id };
}
