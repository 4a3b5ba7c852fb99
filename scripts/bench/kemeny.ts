import { parseArgs } from 'node:util';
import { condorcetWinner, kemenyOrder } from '../../shared/kemeny';
import { consensus, type Ranking } from '../../shared/scoring';

/*
 * `npx tsx scripts/bench/kemeny.ts [--answers 100] [--runs 2000]`
 *
 * What the group stack detail adds per request (docs/decisions/0014-consensus-beside-borda.md): the Kemeny-Young order (exact, 720 orders
 * of six) and the Condorcet winner of N random answers, timed beside the Borda consensus. Prints
 * p50, p99 and the mean in milliseconds after a warm-up.
 */
const { values } = parseArgs({ options: { answers: { type: 'string', default: '100' }, runs: { type: 'string', default: '2000' } } });
const answers = Number(values.answers);
const runs = Number(values.runs);

function randomRanking(): Ranking {
  const items = [0, 1, 2, 3, 4, 5];
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

function time(label: string, fn: (rankings: Ranking[]) => unknown) {
  const samples: number[] = [];
  for (let run = 0; run < runs + 200; run += 1) {
    const rankings = Array.from({ length: answers }, randomRanking);
    const start = process.hrtime.bigint();
    fn(rankings);
    const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
    if (run >= 200) samples.push(elapsed); // the first 200 warm the JIT up
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))].toFixed(3);
  const mean = (samples.reduce((sum, s) => sum + s, 0) / samples.length).toFixed(3);
  console.log(`${label.padEnd(34)} p50 ${at(0.5)} ms   p99 ${at(0.99)} ms   mean ${mean} ms`);
}

console.log(`${answers} answers of six, ${runs} runs each`);
time('consensus (Borda)', consensus);
time('kemenyOrder', kemenyOrder);
time('condorcetWinner', condorcetWinner);
time('all three (the detail adds)', (r) => [consensus(r), kemenyOrder(r), condorcetWinner(r)]);
