import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { SHARE_IMAGE } from '../../../shared/limits';
import { AppError } from '../../errors';
import { SAMPLE_MODEL, type ShareImageModel } from './share-image.render';
import type { RenderResult } from './share-image.worker';

/**
 * Render threads when none are given: one core is left to the event loop (and the database, when
 * embedded), at least one thread and at most SHARE_IMAGE.threadsMax. On a 2-core machine: 1.
 */
export const defaultRenderThreads = () => Math.max(1, Math.min(SHARE_IMAGE.threadsMax, availableParallelism() - 1));

/** The refusal when every thread is busy and the queue is full: the instance is busy, not the user. */
const busy = () =>
  new AppError(503, 'SERVICE_UNAVAILABLE', 'Too many share images are being drawn right now. Please try again in a moment.', {
    'Retry-After': String(SHARE_IMAGE.busyRetryAfterSeconds),
  });

/**
 * Share images are drawn on worker threads (piscina), never on the event loop: a picture is ~40 ms
 * of CPU, and eight at once held every other request up for a quarter of a second (docs/decisions/0028-share-images-on-worker-threads.md). At
 * most `threads` render at once and `queueMax` more wait; beyond that a render is refused at once
 * (503 with Retry-After) rather than queued without end.
 */
export class ShareImageRenderer {
  readonly threads: number;
  readonly queueMax: number;
  private readonly pool: Piscina<ShareImageModel, RenderResult>;
  private inFlight = 0;

  constructor(options: { threads?: number; queueMax?: number } = {}) {
    this.threads = options.threads ?? defaultRenderThreads();
    this.queueMax = options.queueMax ?? SHARE_IMAGE.queueMax;
    this.pool = new Piscina({
      // A plain .mjs that loads the TypeScript worker through tsx: see that file.
      filename: new URL('./share-image.worker.mjs', import.meta.url).href,
      // The threads start now, not at the first picture: their start-up (tsx, fonts) is off every request.
      minThreads: this.threads,
      maxThreads: this.threads,
      concurrentTasksPerWorker: 1,
      // Below the event loop's priority (nice(2), per thread on Linux, through @napi-rs/nice): when
      // cores are short, requests run first and pictures take longer, not the other way round.
      niceIncrement: SHARE_IMAGE.threadNice,
      // Nothing of the parent's flags: the loader is the .mjs file's business.
      execArgv: [],
      // A small young generation keeps the thread's heap near its live size (~25 MB; satori makes
      // much short-lived garbage). A heap that runs away ends the thread (its task fails) and piscina
      // starts another, rather than the process growing.
      resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: SHARE_IMAGE.workerHeapMb },
    });
  }

  /** Renders that may be running or waiting at once. */
  get capacity() {
    return this.threads + this.queueMax;
  }

  /** Renders running or waiting now. */
  get pending() {
    return this.inFlight;
  }

  /**
   * The PNG of `model`, drawn on a worker thread. Refused with 503 before any work when the pool is
   * full; the check and the count happen synchronously, so concurrent callers never overfill it.
   */
  render(model: ShareImageModel): Promise<RenderResult> {
    if (this.inFlight >= this.capacity) return Promise.reject(busy());
    this.inFlight += 1;
    return this.pool.run(model).finally(() => (this.inFlight -= 1));
  }

  /**
   * Draws a sample picture on every thread, so that the first users' pictures do not pay for loading
   * tsx, the fonts and the engines (about a second each). Off the event loop: the server listens
   * meanwhile. Answers the ms.
   */
  async warmUp(): Promise<number> {
    const started = performance.now();
    await Promise.all(Array.from({ length: this.threads }, () => this.pool.run(SAMPLE_MODEL)));
    return Math.round(performance.now() - started);
  }

  /** Ends the threads; renders still waiting are refused. */
  async close(): Promise<void> {
    await this.pool.destroy();
  }
}

let current: ShareImageRenderer | undefined;

/** The process's renderer, started at first use (or by the warm-up in server/index.ts). */
export function shareImageRenderer(): ShareImageRenderer {
  current ??= new ShareImageRenderer();
  return current;
}

/** Starts the render threads and draws a sample on each (server/index.ts, without waiting for it). */
export const warmUpShareImages = () => shareImageRenderer().warmUp();

/** Ends the render threads (shutdown, tests); a later picture starts a new renderer. */
export async function closeShareImages(): Promise<void> {
  const renderer = current;
  current = undefined;
  await renderer?.close();
}
