import { defineConfig, devices } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 3199);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'hcp-e2e-'));
// The dev routes' key (outbox, agency keys, demo placements): set once here, so the server started below and the
// test workers, which inherit this process's environment, share it (fixtures.ts sends it with every API call).
process.env.E2E_DEV_SECRET ??= randomBytes(24).toString('base64url');

/** Debian's Chromium, as root, on a closed network (DEVELOPERS.md). */
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

export default defineConfig({
  testDir: './tests',
  testIgnore: ['**/*.skills.spec.ts'],
  outputDir: './artifacts/test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions } },
    // Breakpoint and print checks resize the window themselves: they run once, in the desktop project.
    // A phone says it is one (its user agent), as the server's rendered pages assume a phone's width from it.
    {
      name: 'mobile',
      grepInvert: /@layout/,
      use: {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        userAgent: devices['Pixel 7'].userAgent,
        launchOptions,
      },
    },
  ],
  webServer: {
    command: 'node ../apps/server/dist/server.js',
    url: `${BASE_URL}/core/api/health/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_JOBS: '600',
      DEV_OUTBOX: 'true',
      DEV_SECRET: process.env.E2E_DEV_SECRET,
      LOG_LEVEL: 'warn',
      // Many logins come from one address during the suite.
      RATE_LIMIT_SCALE: '50',
      // The timesheet journeys run here; the server answers the timesheets API only with the flag on.
      FEATURE_TIMESHEETS: 'true',
      MAP_TILE_URL: `${BASE_URL}/__tiles/{z}/{x}/{y}.png`,
      VITE_MAP_TILE_URL: `${BASE_URL}/__tiles/{z}/{x}/{y}.png`,
    },
  },
});
