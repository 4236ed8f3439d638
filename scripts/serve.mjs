// Runs the built server (apps/server/dist/server.js) under the supervisor: one process with the embedded database,
// WEB_CONCURRENCY with DATABASE_URL, each with the memory settings of decision 0344. `npm start` calls it after
// building; the container image runs it as its command (no build tools there).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ConfigError, CONFIG_ERROR, supervise, workerCount } from './supervisor.mjs';
import { SERVER_MEMORY_ENV, SERVER_NODE_ARGS } from './server-runtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** How many server processes the environment asks for; a refused setting ends this process with exit code 2. */
export function workersOrExit(env = process.env) {
  try {
    return workerCount(env);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    console.error(e.message);
    process.exit(CONFIG_ERROR);
  }
}

export function serve({ workers = workersOrExit() } = {}) {
  // The memory settings unless already set; one dev routes key for every server process (and across restarts), so a
  // printed outbox link works whichever process answers (a deployment's own DEV_SECRET is kept; production has no
  // dev routes at all).
  const memoryEnv = Object.fromEntries(Object.entries(SERVER_MEMORY_ENV).filter(([k]) => process.env[k] === undefined));
  const env = {
    ...memoryEnv,
    ...(process.env.DEV_SECRET ? {} : { DEV_SECRET: randomBytes(24).toString('base64url') }),
  };
  supervise({
    exec: path.join(root, 'apps/server/dist/server.js'),
    execArgv: [...process.execArgv, ...SERVER_NODE_ARGS],
    workers,
    env,
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) serve();
