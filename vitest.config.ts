import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // PGlite instances are memory-hungry; two workers match the 2-core machine.
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/{src,test}/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Typing through user-event in jsdom takes seconds when the 2 cores are shared (5 s timed out there).
          testTimeout: 20_000,
        },
      },
    ],
  },
});
