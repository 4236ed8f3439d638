import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import base from './playwright.config.ts';

/**
 * Flags that are off in the shipped configuration, on their own server: the skills checklist in the
 * application flow (FEATURE_SKILLS_CHECKLIST) and the timesheet page in the menu (FEATURE_TIMESHEETS).
 * Runs the *.skills.spec.ts files.
 */
const PORT = Number(process.env.E2E_SKILLS_PORT ?? (process.env.E2E_PORT ? Number(process.env.E2E_PORT) + 10 : 3213));
const BASE_URL = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'hcp-e2e-skills-'));

export default defineConfig({
  ...base,
  testIgnore: [],
  testMatch: '**/*.skills.spec.ts',
  use: { ...base.use, baseURL: BASE_URL },
  projects: base.projects?.map((p) => ({ ...p, use: { ...p.use, baseURL: BASE_URL } })),
  webServer: {
    ...(base.webServer as object),
    command: 'node ../apps/server/dist/server.js',
    url: `${BASE_URL}/core/api/health/ready`,
    env: {
      ...((base.webServer as { env?: Record<string, string> }).env ?? {}),
      PORT: String(PORT),
      DATA_DIR: dataDir,
      // Enough jobs for the demo clinician's placements (their timesheets).
      SEED_JOBS: '150',
      FEATURE_SKILLS_CHECKLIST: 'true',
      FEATURE_TIMESHEETS: 'true',
    },
  },
});
