import http from 'node:http';
import { performance } from 'node:perf_hooks';

/*
 * An open-loop load generator: requests arrive at a fixed rate, evenly spaced, whether or not the
 * earlier ones were answered, as real users do. autocannon's -R is not this: it lets each
 * connection send its quota for the second as fast as it can, then idle (bursts at every second
 * boundary), and a closed loop waits for each answer before the next request, which hides queueing.
 * Each latency is measured from the moment the request was due, not from when it left, so a
 * request that waited for a free socket counts its wait (no coordinated omission).
 */

export interface OpenLoopTarget {
  path: string;
  token: string;
}

export interface OpenLoopResult {
  /** Latencies in ms of the 2xx answers, sorted. */
  latencies: number[];
  sent: number;
  failed: number;
  /** Answers that came back after the run's end plus 10 s were abandoned and count as failed. */
  seconds: number;
}

export async function openLoop(port: number, targets: OpenLoopTarget[], rate: number, seconds: number, maxSockets: number): Promise<OpenLoopResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const latencies: number[] = [];
  let failed = 0;
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const pending = new Set<Promise<void>>();
  const start = performance.now();

  const fire = (index: number, due: number) => {
    const target = targets[index % targets.length];
    const done = new Promise<void>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: target.path, agent, headers: { authorization: `Bearer ${target.token}` }, timeout: 30_000 }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode && res.statusCode >= 200 && res.statusCode < 300) latencies.push(performance.now() - due);
          else failed += 1;
          resolve();
        });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        failed += 1;
        resolve();
      });
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  };

  for (let i = 0; i < total; i += 1) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    fire(i, due);
  }
  const deadline = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 10_000).unref());
  if ((await Promise.race([Promise.all(pending).then(() => 'done' as const), deadline])) === 'late') failed += pending.size;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { latencies, sent: total, failed, seconds: (performance.now() - start) / 1000 };
}
