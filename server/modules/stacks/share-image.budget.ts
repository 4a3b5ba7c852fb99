import { SHARE_IMAGE } from '../../../shared/limits';
import { tooManyRequests } from '../../errors';

interface Window {
  /** When the user's current minute began (their first new picture in it). */
  start: number;
  used: number;
}

const WINDOW_MS = 60_000;

/**
 * Each user's allowance of new (uncached) share images: `perMinute` in a minute that begins at their
 * first new picture; past it, 429 with Retry-After (the rest of that minute). Cached pictures and
 * 304s never reach it. In memory, per instance, on purpose: what it guards is this instance's render
 * threads (as the cache is this instance's), it is checked on the path of every new picture (no
 * statement added there), and nothing that matters is lost when the process restarts. Ended
 * minutes are swept, so it holds only the users who drew pictures in the last minute or two.
 */
export class RenderBudget {
  private readonly windows = new Map<number, Window>();
  private lastSweep: number;

  constructor(
    private readonly perMinute: number = SHARE_IMAGE.rendersPerUserPerMinute,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.lastSweep = now();
  }

  /** Takes one picture from the user's allowance; 429 with Retry-After when it is used up. */
  take(userId: number): void {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(userId);
    if (!window || now - window.start >= WINDOW_MS) {
      window = { start: now, used: 0 };
      this.windows.set(userId, window);
    }
    if (window.used >= this.perMinute) {
      throw tooManyRequests((window.start + WINDOW_MS - now) / 1000, 'Too many new share images in a short time. Please try again in a moment.');
    }
    window.used += 1;
  }

  /** Gives a taken picture back: it was refused (the threads were full) or it failed. */
  giveBack(userId: number): void {
    const window = this.windows.get(userId);
    if (window && window.used > 0) window.used -= 1;
  }

  /** Users tracked now. */
  get size() {
    return this.windows.size;
  }

  clear() {
    this.windows.clear();
  }

  private sweep(now: number) {
    if (now - this.lastSweep < WINDOW_MS) return;
    this.lastSweep = now;
    for (const [userId, window] of this.windows) if (now - window.start >= WINDOW_MS) this.windows.delete(userId);
  }
}
