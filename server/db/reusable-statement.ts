import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './client';

/**
 * A large statement that a hot endpoint runs with a few changing numbers (the viewer, the offset,
 * the limit) is built by Kysely once per shape and then reused: building and compiling the feed's
 * query tree (~9 kB of SQL, hundreds of nodes) cost the app more CPU per request than reading
 * the page's rows (docs/decisions/0057-reusable-statements.md). The SQL text and every parameter but
 * the changing ones stay those the builder produced; a call only puts its own numbers in their
 * places, and the text, being the same string each time, is the prepared statement's
 * (server/db/prepared.ts) at no hashing cost.
 *
 * How the places are found: the builder is run with sentinel values, numbers no id, offset or
 * limit ever takes, and the parameters holding a sentinel are remembered. It is run twice, with
 * two sets of sentinels, and must give the same text and the same other parameters both times:
 * a number that reached the text as a literal would be frozen by reuse, and so would a parameter
 * that changes from call to call (a clock, say); either is refused when the shape is first built
 * (so a builder must take its clock from SQL, `now()`, as the repos do).
 */

/** Sentinels: within int4 (they stand for int parameters), far above any id, offset or limit. */
const SENTINEL_BASES = [2_000_000_000, 2_100_000_000] as const;
const SENTINEL_STEP = 1_111;

interface Built {
  compiled: CompiledQuery;
  /** Parameter index, and which of the numbers goes there. */
  places: [number, number][];
}

export interface ReusableStatement<Shape, Numbers extends Record<string, number>, Row> {
  /** Runs the statement of `shape` with `numbers` in their places. */
  execute(db: Db, shape: Shape, numbers: Numbers): Promise<Row[]>;
  /** The compiled statement of `shape` with `numbers` in place, as `execute` sends it. */
  compile(db: Db, shape: Shape, numbers: Numbers): CompiledQuery<Row>;
}

/**
 * A statement built by `build(db, shape, numbers)` once per shape (`shapeKey(shape)`; at most
 * `maxShapes` of them, all known in advance: a shape is a combination of a few flags), then
 * reused with each call's numbers (whole numbers, named in `numbers`).
 */
export function reusableStatement<Shape, Numbers extends Record<string, number>, Row>(options: {
  name: string;
  numbers: readonly (keyof Numbers & string)[];
  shapeKey: (shape: Shape) => string;
  maxShapes: number;
  build: (db: Db, shape: Shape, numbers: Numbers) => Compilable<Row>;
}): ReusableStatement<Shape, Numbers, Row> {
  const names = options.numbers;
  const shapes = new Map<string, Built>();

  const sentinels = (base: number) => Object.fromEntries(names.map((name, i) => [name, base + (i + 1) * SENTINEL_STEP])) as Numbers;

  function shapeOf(db: Db, shape: Shape): Built {
    const key = options.shapeKey(shape);
    const known = shapes.get(key);
    if (known) return known;
    const [first, second] = SENTINEL_BASES.map((base) => {
      const numbers = sentinels(base);
      return { numbers, compiled: options.build(db, shape, numbers).compile() };
    });
    const fail = (why: string) => new Error(`${options.name} (${key}): ${why}; it cannot be reused`);
    if (first.compiled.sql !== second.compiled.sql) throw fail('a number reached the SQL text');
    if (first.compiled.parameters.length !== second.compiled.parameters.length) throw fail('the parameters differ from build to build');
    const places: [number, number][] = [];
    const found = new Set<number>();
    first.compiled.parameters.forEach((value, index) => {
      const other = second.compiled.parameters[index];
      const slot = names.findIndex((name) => first.numbers[name] === value && second.numbers[name] === other);
      if (slot >= 0) {
        places.push([index, slot]);
        found.add(slot);
      } else if (!sameValue(value, other)) {
        throw fail(`parameter ${index + 1} changes from build to build`);
      }
    });
    names.forEach((name, slot) => {
      if (!found.has(slot)) throw fail(`${name} is not a parameter`);
    });
    if (shapes.size >= options.maxShapes) throw fail(`more than ${options.maxShapes} shapes`);
    const built = { compiled: first.compiled, places };
    shapes.set(key, built);
    return built;
  }

  function compile(db: Db, shape: Shape, numbers: Numbers): CompiledQuery<Row> {
    const built = shapeOf(db, shape);
    const parameters = built.compiled.parameters.slice();
    for (const [index, slot] of built.places) {
      const value = numbers[names[slot]];
      if (!Number.isSafeInteger(value)) throw new TypeError(`${options.name}: ${names[slot]} must be a whole number`);
      parameters[index] = value;
    }
    return { ...built.compiled, parameters } as CompiledQuery<Row>;
  }

  return {
    compile,
    execute: async (db, shape, numbers) => (await db.executeQuery(compile(db, shape, numbers))).rows,
  };
}

/** Parameters compared as their SQL values: JSON text for objects and arrays. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null) return JSON.stringify(a) === JSON.stringify(b);
  return false;
}
