import { describe, expect, it } from 'vitest';
import { AppError } from '../../server/errors';
import { HeavyReadGate, type HeavyReadGateOptions } from '../../server/db/heavy-read-gate';

/*
 * The gate of the feed's reads (docs/decisions/0056-heavy-reads-gate.md): at most `concurrency` at once,
 * at most `perUser` of one user, the rest in order of arrival; a user's flood is refused past its
 * waiting bound (429) and a read that waits too long is refused (503), without ever running.
 */

const options = (o: Partial<HeavyReadGateOptions> = {}): HeavyReadGateOptions => ({ concurrency: 3, perUser: 2, waitingPerUser: 4, maxWaitMs: 5_000, ...o });

/** A read that runs until `finish()`, recording when it started. */
function heldRead(log: string[], name: string) {
  let finish!: (value: string) => void;
  const done = new Promise<string>((resolve) => (finish = resolve));
  return { read: () => (log.push(name), done), finish: () => finish(name) };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the heavy-read gate', () => {
  it('runs at most `concurrency` reads at once and the rest in order of arrival', async () => {
    const gate = new HeavyReadGate(options({ concurrency: 2, perUser: 10 }));
    const log: string[] = [];
    const reads = ['a', 'b', 'c', 'd'].map((name) => heldRead(log, name));
    const answers = reads.map((r, i) => gate.run(i + 1, r.read));
    await tick();
    expect(log).toEqual(['a', 'b']);
    expect(gate.stats()).toMatchObject({ running: 2, waiting: 2 });
    reads[1].finish();
    await tick();
    expect(log).toEqual(['a', 'b', 'c']);
    reads[0].finish();
    await tick();
    expect(log).toEqual(['a', 'b', 'c', 'd']);
    reads[2].finish();
    reads[3].finish();
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c', 'd']);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0, users: 0 });
  });

  it("holds one user's flood to `perUser` places, so another user's read starts at once", async () => {
    const gate = new HeavyReadGate(options({ concurrency: 3, perUser: 2 }));
    const log: string[] = [];
    const flood = ['f1', 'f2', 'f3', 'f4'].map((name) => heldRead(log, name));
    const flooded = flood.map((r) => gate.run(7, r.read));
    await tick();
    expect(log).toEqual(['f1', 'f2']);
    const other = heldRead(log, 'other');
    const answer = gate.run(8, other.read);
    await tick();
    expect(log).toEqual(['f1', 'f2', 'other']);
    other.finish();
    expect(await answer).toBe('other');
    for (const r of flood) r.finish();
    await Promise.all(flooded);
    expect(log).toEqual(['f1', 'f2', 'other', 'f3', 'f4']);
  });

  it("refuses one user's read past their waiting bound with 429 and Retry-After, and others' still wait", async () => {
    const gate = new HeavyReadGate(options({ concurrency: 1, perUser: 1, waitingPerUser: 2 }));
    const log: string[] = [];
    const held = ['r', 'w1', 'w2'].map((name) => heldRead(log, name));
    const answers = held.map((r) => gate.run(7, r.read));
    await tick();
    const refused = await gate.run(7, async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS', headers: { 'Retry-After': '1' } });
    const otherUser = gate.run(8, async () => 'other');
    for (const r of held) r.finish();
    expect(await Promise.all(answers)).toEqual(['r', 'w1', 'w2']);
    expect(await otherUser).toBe('other');
    expect(gate.stats().users).toBe(0);
  });

  it('refuses a read that waited past maxWaitMs with 503 and never runs it; the next one still runs', async () => {
    const gate = new HeavyReadGate(options({ concurrency: 1, maxWaitMs: 30 }));
    const log: string[] = [];
    const blocker = heldRead(log, 'blocker');
    const first = gate.run(1, blocker.read);
    const late = gate.run(2, async () => (log.push('late'), 'late')).catch((error: unknown) => error);
    const refused = await late;
    expect(refused).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect((refused as AppError).headers?.['Retry-After']).toMatch(/^\d+$/);
    blocker.finish();
    await first;
    expect(await gate.run(3, async () => 'next')).toBe('next');
    expect(log).toEqual(['blocker']);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0, users: 0 });
  });

  it('frees the place of a read that fails, and passes its error on', async () => {
    const gate = new HeavyReadGate(options({ concurrency: 1 }));
    await expect(gate.run(1, async () => Promise.reject(new Error('statement failed')))).rejects.toThrow('statement failed');
    await expect(gate.run(1, () => { throw new Error('thrown at once'); })).rejects.toThrow('thrown at once');
    expect(await gate.run(1, async () => 'after')).toBe('after');
    expect(gate.stats()).toEqual({ running: 0, waiting: 0, users: 0 });
  });
});
