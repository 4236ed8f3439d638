// Bundles the server (and the shared contracts package, which is TypeScript source) into dist/server.js.
// Third-party packages stay external and load from node_modules.
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((d) => !d.startsWith('@hcp/'));

const common = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`)],
  logLevel: 'warning',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
};

await build({ ...common, entryPoints: ['src/server.ts'], outfile: 'dist/server.js' });
// The file worker's child processes (src/lib/file-worker/pool.ts finds it beside server.js).
await build({ ...common, entryPoints: ['src/lib/file-worker/worker.ts'], outfile: 'dist/file-worker.js' });
if (existsSync('src/ops/cli.ts')) await build({ ...common, entryPoints: ['src/ops/cli.ts'], outfile: 'dist/ops.js' });
