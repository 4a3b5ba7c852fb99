import { defineConfig } from 'vitest/config';

/** Browser tests: the built app in Debian's Chromium (run with `npm run test:e2e`). */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
});
