// `npm run ops -- <command>`: the operator's command line (apps/server/src/ops/cli.ts). Builds the
// server bundle when stale, then runs dist/ops.js against the server's database (DATA_DIR / DATABASE_URL).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSupportedRuntime } from './runtime.mjs';

ensureSupportedRuntime();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'apps/server/dist/ops.js');

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const e of readdirSync(p))
    if (e !== 'node_modules' && e !== 'dist') max = Math.max(max, newest(path.join(p, e)));
  return max;
}

const inputs = ['apps/server/src', 'apps/server/drizzle', 'apps/server/build.mjs', 'packages/contracts/src'];
if (!existsSync(out) || inputs.some((i) => newest(path.join(root, i)) > statSync(out).mtimeMs)) {
  const r = spawnSync('npm', ['run', 'build', '-w', '@hcp/server'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const r = spawnSync(process.execPath, [out, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
