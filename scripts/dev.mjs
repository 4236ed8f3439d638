// `npm run dev`: the API with reload (tsx watch) and the Vite dev server proxying /core/api to it.
import { spawn } from 'node:child_process';
import { ensureSupportedRuntime } from './runtime.mjs';

ensureSupportedRuntime();

const procs = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  }),
  spawn('npx', ['vite', '--config', 'apps/web/vite.config.ts', 'apps/web'], { stdio: 'inherit' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
