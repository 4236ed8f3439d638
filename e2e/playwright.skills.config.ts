import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import base from './playwright.config.ts';

/** The application flow with the skills-checklist flag on: its own server (FEATURE_SKILLS_CHECKLIST=true). */
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
      SEED_JOBS: '0',
      FEATURE_SKILLS_CHECKLIST: 'true',
    },
  },
});
