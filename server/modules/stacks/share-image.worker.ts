import v8 from 'node:v8';
import vm from 'node:vm';
import { threadId } from 'node:worker_threads';
import { renderPng, type ShareImageModel } from './share-image.render';

/** What a render worker answers: the PNG's bytes and the thread that drew them. */
export interface RenderResult {
  png: Uint8Array;
  threadId: number;
}

/*
 * resvg keeps each picture's pixmap (1200 × 630 × 4 bytes, 3 MB) and parsed SVG in native memory
 * that V8 does not count, and frees them only when the JS objects holding them are collected. The
 * heap barely grows per picture, so collections come late: measured, a render thread grew by about
 * 3 MB a picture until one came (and libuv's threads, under `renderAsync`, kept hundreds of MB in
 * their malloc arenas). A minor collection after each picture (about a millisecond, on this thread)
 * frees it at once; the thread then stays within ~40 MB of its start. `gc` is reachable only
 * through the flag, set when this module loads (V8 flags are per process; this one only exposes
 * `gc` to contexts created after it, such as the one below).
 */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as (options: { type: 'minor' | 'major' }) => void;

/**
 * One task of the render pool (share-image.pool.ts): a model in, a PNG out, on this worker thread.
 * Fonts, satori's layout engine and resvg load once per worker, at its first task (the warm-up).
 */
export default async function renderTask(model: ShareImageModel): Promise<RenderResult> {
  const png = await renderPng(model);
  collectGarbage({ type: 'minor' });
  // The native memory is released by finalizers that run on the loop's next turn.
  await new Promise((resolve) => setImmediate(resolve));
  return { png, threadId };
}
