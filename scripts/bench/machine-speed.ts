import type pg from 'pg';

/*
 * How fast this machine runs right now, on three fixed pieces of work that touch no data: a
 * reference beside the latency figures. On the shared 2-core VMs this project is measured on, the
 * same build and data gave first-page p99s from ~40 to ~65 ms in different hours and on different
 * machines, and these readings moved with them (docs/benchmarks.md, "machine speed"): a figure
 * read without them cannot tell a slower build from a slower machine.
 */

/**
 * The fixed work: PostgreSQL sums five million integers; Node runs a 300-million-step loop; and
 * 2,000 round trips of a prepared `select 1` one after the other: the cost of waking a backend and
 * being woken, which the two sums do not see (a feed request makes two round trips): on
 * 2026-11-29 the VM with the fastest PostgreSQL sum served the feed the slowest
 * (docs/benchmarks.md, "Goals" and "Machine speed").
 */
const POSTGRES_WORK = 'select sum(i) from generate_series(1, 5e6) i';
const NODE_STEPS = 3e8;
const ROUND_TRIPS = 2_000;

export interface MachineSpeed {
  /** Milliseconds of the fastest of `rounds` runs (drift and noise only add time). */
  postgresMs: number;
  nodeMs: number;
  /** Microseconds per round trip of a prepared `select 1`: the mean of the fastest run. */
  roundTripMicros: number;
}

function nodeWork(): number {
  const start = performance.now();
  let sum = 0;
  for (let i = 0; i < NODE_STEPS; i += 1) sum += i % 7;
  // Used, so the loop is not optimized away.
  if (sum < 0) throw new Error('unreachable');
  return performance.now() - start;
}

async function roundTrips(client: pg.Client): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < ROUND_TRIPS; i += 1) await client.query({ name: 'machine_speed_round_trip', text: 'select 1', values: [] });
  return ((performance.now() - start) * 1000) / ROUND_TRIPS;
}

/** The fastest of `rounds` runs of each piece of work, on `client` (JIT off, as the app's pool). */
export async function machineSpeed(client: pg.Client, rounds = 3): Promise<MachineSpeed> {
  let postgresMs = Infinity;
  let nodeMs = Infinity;
  let roundTripMicros = Infinity;
  for (let round = 0; round < rounds; round += 1) {
    const start = performance.now();
    await client.query(POSTGRES_WORK);
    postgresMs = Math.min(postgresMs, performance.now() - start);
    nodeMs = Math.min(nodeMs, nodeWork());
    roundTripMicros = Math.min(roundTripMicros, await roundTrips(client));
  }
  return { postgresMs, nodeMs, roundTripMicros };
}

/** `PostgreSQL 1,290 ms, Node 699 ms, round trip 61 µs` (the fixed work's times; lower is a faster machine). */
export function formatMachineSpeed(speed: MachineSpeed): string {
  const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
  return (
    `PostgreSQL ${ms(speed.postgresMs)} (${POSTGRES_WORK}), Node ${ms(speed.nodeMs)} (a ${NODE_STEPS / 1e6}-million-step loop), ` +
    `round trip ${Math.round(speed.roundTripMicros)} µs (a prepared select 1, ${ROUND_TRIPS.toLocaleString('en-US')} in a row)`
  );
}
