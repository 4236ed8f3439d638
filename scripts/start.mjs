// `npm start`: build what is missing or stale, then run the one process serving the web app and the API under a
// supervisor that starts it again if it dies (scripts/supervisor.mjs; production setups: docs/operations.md).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';
import { supervise } from './supervisor.mjs';
import { ensureSupportedRuntime } from './runtime.mjs';
import { SERVER_MEMORY_ENV, SERVER_NODE_ARGS } from './server-runtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(path.join(root, 'node_modules'))) {
  console.error('Dependencies are missing: run `npm install` first.');
  process.exit(1);
}
ensureSupportedRuntime();
buildIfStale();
supervise({
  exec: path.join(root, 'apps/server/dist/server.js'),
  execArgv: [...process.execArgv, ...SERVER_NODE_ARGS],
  env: Object.fromEntries(Object.entries(SERVER_MEMORY_ENV).filter(([k]) => process.env[k] === undefined)),
});
