// `npm start`: build what is missing or stale, then run the processes serving the web app and the API under a
// supervisor that starts each again if it dies (scripts/supervisor.mjs: one process with the embedded database,
// WEB_CONCURRENCY with DATABASE_URL; production setups: docs/operations.md).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';
import { ConfigError, CONFIG_ERROR, supervise, workerCount } from './supervisor.mjs';
import { ensureSupportedRuntime } from './runtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(path.join(root, 'node_modules'))) {
  console.error('Dependencies are missing: run `npm install` first.');
  process.exit(1);
}
ensureSupportedRuntime();
let workers;
try {
  workers = workerCount(process.env);
} catch (e) {
  if (!(e instanceof ConfigError)) throw e;
  console.error(e.message);
  process.exit(CONFIG_ERROR);
}
buildIfStale();
// One dev routes key for every server process (and across restarts), so the printed outbox link works whichever
// process answers; a deployment's own DEV_SECRET is kept.
const env = process.env.DEV_SECRET ? {} : { DEV_SECRET: randomBytes(24).toString('base64url') };
supervise({ exec: path.join(root, 'apps/server/dist/server.js'), workers, env });
