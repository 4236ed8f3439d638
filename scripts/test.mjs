// `npm test`: typecheck, lint, unit and API tests, the production build, and the browser tests.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensurePostgres } from './ensure-postgres.mjs';
import { buildIfStale } from './build-if-stale.mjs';
import { ensureSupportedRuntime } from './runtime.mjs';

ensureSupportedRuntime();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
const steps = [
  ['typecheck', ['npm', 'run', 'typecheck']],
  ['lint', ['npm', 'run', 'lint']],
  ['unit and API tests', ['npx', 'vitest', 'run']],
  ['build', null],
  // From the production build's own manifest: critical-path JS + CSS per route, heavy packages lazy.
  ['bundle budget', ['node', 'scripts/check-bundle-budget.mjs']],
  ['browser tests', ['npm', 'run', 'test:e2e']],
];

const failed = [];
for (const [name, cmd] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n=== ${name} ===`);
  if (name === 'build') {
    buildIfStale({ force: !!process.env.CI });
    continue;
  }
  if (name === 'browser tests') ensureChromium();
  // Some API tests start PostgreSQL servers of their own (apps/server/test/postgres-server.ts).
  if (name === 'unit and API tests') ensurePostgres();
  const r = spawnSync(cmd[0], cmd.slice(1), { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    failed.push(name);
    // Later steps depend on a sound build; stop at the first failure like CI would.
    break;
  }
}
if (failed.length) {
  console.error(`\nnpm test failed at: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nAll test steps passed.');
