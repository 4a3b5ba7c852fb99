/*
 * The file piscina starts each render worker with. A worker thread is plain Node: it has neither the
 * tsx loader of `npm start` reliably nor vitest's transform, so this plain module loads the
 * TypeScript worker through tsx's scoped API (nothing else in the thread is affected) and hands
 * piscina its task function. Same code under `npm start`, vitest and the benches.
 */
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./share-image.worker.ts', import.meta.url);

export default worker.default;
