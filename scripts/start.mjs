// `npm start`: build what is missing or stale, then run the processes serving the web app and the API under a
// supervisor that starts each again if it dies (scripts/serve.mjs: one process with the embedded database,
// WEB_CONCURRENCY with DATABASE_URL; production setups: docs/deployment.md).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';
import { ensureSupportedRuntime } from './runtime.mjs';
import { serve, workersOrExit } from './serve.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(path.join(root, 'node_modules'))) {
  console.error('Dependencies are missing: run `npm install` first.');
  process.exit(1);
}
ensureSupportedRuntime();
// A refused WEB_CONCURRENCY is said before the build, not after it.
const workers = workersOrExit();
buildIfStale();
serve({ workers });
