// Builds the web app and the server bundle when their output is missing or older than their sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const e of readdirSync(p)) {
    if (e === 'node_modules' || e === 'dist') continue;
    max = Math.max(max, newest(path.join(p, e)));
  }
  return max;
}

function stale(output, inputs) {
  if (!existsSync(output)) return true;
  const out = statSync(output).mtimeMs;
  return inputs.some((i) => newest(path.join(root, i)) > out);
}

function run(args, label) {
  console.log(`> ${label}`);
  const r = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

export function buildIfStale({ force = false } = {}) {
  const contracts = ['packages/contracts/src', 'package-lock.json'];
  if (
    force ||
    stale(path.join(root, 'apps/web/dist/index.html'), [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      'apps/web/vite.config.ts',
      ...contracts,
    ])
  )
    run(['run', 'build', '-w', '@hcp/web'], 'building the web app');
  if (
    force ||
    stale(path.join(root, 'apps/server/dist/server.js'), [
      'apps/server/src',
      'apps/server/drizzle',
      'apps/server/build.mjs',
      ...contracts,
    ])
  )
    run(['run', 'build', '-w', '@hcp/server'], 'building the server');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfStale({ force: process.argv.includes('--force') });
