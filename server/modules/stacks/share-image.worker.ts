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
 * resvg keeps each picture's 3 MB pixmap in native memory that V8 does not count, and frees it only
 * when the JS object holding it is collected. The heap barely grows per picture, so collections
 * came late and the process grew by hundreds of MB under load (issue 24: +280 MB over 600 renders).
 * A minor collection after each picture (about a millisecond, on this thread, not the event loop)
 * frees it at once. `gc` is reachable only through the flag; it is set on this worker's first load.
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
