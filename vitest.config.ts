import { defineConfig } from 'vitest/config';
import { TEST_NODE_FLAGS } from './apps/server/test/node-flags.ts';

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
          execArgv: [...TEST_NODE_FLAGS],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The upload and download suites once more with STORAGE_URL on an S3 bucket (s3rver started by the
        // tests): the whole path from a clinician's upload to the agency's read, proven on S3.
        test: {
          name: 'server-s3',
          include: [
            'apps/server/src/modules/clinician-record/dropbox/dropbox.test.ts',
            'apps/server/src/modules/clinician-record/application/application.test.ts',
            'apps/server/src/modules/placements/contracts/contracts.test.ts',
            'apps/server/src/modules/agency/agency.test.ts',
            'apps/server/test/streamed-uploads.test.ts',
          ],
          environment: 'node',
          execArgv: [...TEST_NODE_FLAGS],
          env: { TEST_STORAGE: 's3' },
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
          // Form tests type a lot through user-event: the 5 s default ran out on a loaded 2-core machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
