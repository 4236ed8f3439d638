// The project runs on the Node.js it installs itself (the `node` package in the root devDependencies, put first on
// PATH by npm for every script). A script started by hand with an older system Node is run again on that one, so
// `node scripts/start.mjs` and `npm start` behave the same. Decision 0300.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The oldest Node.js major the portal supports (in step with `engines` in package.json). */
export const MIN_NODE_MAJOR = 22;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const projectNode = path.join(root, 'node_modules', '.bin', 'node');

/**
 * On a supported runtime: returns. Otherwise runs this same script on the project's Node.js and exits with its code,
 * or explains what to do when that is not installed yet.
 */
export function ensureSupportedRuntime() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= MIN_NODE_MAJOR) return;
  if (!existsSync(projectNode)) {
    console.error(
      `Node.js ${process.versions.node} is older than the portal supports (${MIN_NODE_MAJOR}+): run \`npm install\` ` +
        'first, which installs the Node.js the project runs on.',
    );
    process.exit(1);
  }
  // PATH first names the project's bin folder so every child (npm scripts, npx, spawned servers) runs on it too.
  const env = { ...process.env, PATH: `${path.dirname(projectNode)}${path.delimiter}${process.env.PATH ?? ''}` };
  const r = spawnSync(projectNode, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env });
  process.exit(r.status ?? 1);
}
