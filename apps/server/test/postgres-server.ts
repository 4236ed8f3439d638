import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A private PostgreSQL server for the tests that need a real one of their own: several server
 * processes on one database, a database that goes away and comes back. Started from the machine's
 * binaries (scripts/ensure-postgres.mjs installs Debian's package when they are missing, and
 * `npm test` runs it first), as a non-root user, on a free loopback port, removed by destroy().
 */
export interface PostgresServer {
  url: string;
  port: number;
  /** Stops the server (immediate mode: connections are cut, like a crash or an outage). */
  stop(): void;
  /** Starts it again on the same port and data. */
  start(): void;
  /** Freezes every process of the server (SIGSTOP): connections stay open but nothing answers, like a hung host. */
  freeze(): void;
  /** Lets a frozen server run on (SIGCONT). */
  thaw(): void;
  destroy(): void;
}

export function postgresBin(): string {
  if (process.env.PG_BIN && existsSync(path.join(process.env.PG_BIN, 'initdb'))) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const last = versions.at(-1);
  if (!last) throw new Error('PostgreSQL binaries not found: run `node scripts/ensure-postgres.mjs` (npm test does)');
  return path.join(root, last, 'bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const RUN_AS = 'hcpci';

/**
 * `durable`: commits are flushed (synchronous_commit and fsync on), for tests that stop the server in
 * immediate mode and expect committed data back, as a real deployment would.
 */
export async function startPostgresServer(opts: { durable?: boolean } = {}): Promise<PostgresServer> {
  const bin = postgresBin();
  const isRoot = process.getuid?.() === 0;
  if (isRoot && spawnSync('id', ['-u', RUN_AS]).status !== 0) {
    execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', RUN_AS]);
  }
  const asPg = (cmd: string, args: string[]) => {
    const r = isRoot
      ? spawnSync('runuser', ['-u', RUN_AS, '--', path.join(bin, cmd), ...args], { encoding: 'utf8' })
      : spawnSync(path.join(bin, cmd), args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  const dir = mkdtempSync(path.join(tmpdir(), 'hcp-pgsrv-'));
  chmodSync(dir, 0o755);
  if (isRoot) execFileSync('chown', [RUN_AS, dir]);
  const port = await freePort();
  asPg('initdb', ['-D', path.join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const fast = opts.durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100${fast}`;
  const start = () =>
    asPg('pg_ctl', [
      '-D',
      path.join(dir, 'data'),
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-t',
      '60',
      '-o',
      options,
      'start',
    ]);
  const stop = () => asPg('pg_ctl', ['-D', path.join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
  start();
  let running = true;
  /** The postmaster and its children (backends, checkpointer, ...). */
  const processes = (): number[] => {
    const pid = Number(readFileSync(path.join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean)
      .map(Number);
    return [pid, ...children];
  };
  const signalAll = (signal: NodeJS.Signals) => {
    for (const pid of processes()) {
      try {
        process.kill(pid, signal);
      } catch {
        // gone meanwhile
      }
    }
  };
  return {
    freeze: () => signalAll('SIGSTOP'),
    thaw: () => signalAll('SIGCONT'),
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start() {
      start();
      running = true;
    },
    stop() {
      stop();
      running = false;
    },
    destroy() {
      if (running) {
        try {
          signalAll('SIGCONT');
          stop();
        } catch {
          // already gone
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
