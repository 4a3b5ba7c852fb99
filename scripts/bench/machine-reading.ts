import pg from 'pg';
import { formatMachineSpeed, machineSpeed } from './machine-speed';

/*
 * Prints how fast this machine runs right now (scripts/bench/machine-speed.ts): the reading CI
 * prints before its steps, so its durations can be told apart from a slower machine.
 * `tsx scripts/bench/machine-reading.ts`, on DATABASE_URL's server (else the local one).
 */
const client = new pg.Client({ connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', options: '-c jit=off' /* as the app's pool */ });
await client.connect();
try {
  console.log(`Machine speed: ${formatMachineSpeed(await machineSpeed(client))}.`);
} finally {
  await client.end();
}
