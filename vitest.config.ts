import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine, where
    // the server files (PGlite runs in the worker's thread) and the client files would take turns on
    // one core. Two workers at least; each server worker holds about 1.2GB.
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
          // One jsdom and one import of React, the app and Testing Library per worker, not per file
          // (about half the client project's CPU). tests/client/setup.ts resets after each test what
          // the app keeps between renders: storage, the connection monitor, mocks and stubbed globals.
          isolate: false,
        },
      },
    ],
  },
});
