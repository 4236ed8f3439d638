import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_NODE_FLAGS } from './node-flags.ts';

/**
 * A real server process (src/server.ts through tsx, as `npm run dev` runs it) for the tests that need
 * several processes, a crash (SIGKILL) or a database outage. Resolves once it prints its URL.
 */
export interface ServerProcess {
  proc: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<number | null>;
  /** Sends a signal and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `env` overrides the defaults below; an undefined value leaves the variable unset. */
export function startServer(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const proc = spawn(process.execPath, [...TEST_NODE_FLAGS, '--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_JOBS: '0',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((r) => proc.on('exit', (code, signal) => r(code ?? (signal ? -1 : null))));
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m)
        resolve({
          proc,
          url: m[1]!,
          output: () => out,
          exited,
          async stop(signal = 'SIGTERM') {
            if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
            return exited;
          },
        });
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited early (${code}): ${out}`)));
  });
}
