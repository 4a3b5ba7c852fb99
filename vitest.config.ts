import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/api/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          // Migrates one database for all files; createTestDb copies it (tests/helpers/test-db.ts).
          globalSetup: ['tests/global-setup.ts'],
          // Files share one worker's module cache (no file changes module state it does not restore, and
          // each closes its database): the server code and PGlite are loaded once, not once per file.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/client/**/*.test.tsx'],
          setupFiles: ['tests/client/setup.ts'],
        },
      },
    ],
  },
});
