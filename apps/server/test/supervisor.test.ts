import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paintBombPdf } from './hostile-file-factories.ts';
import { TEST_NODE_FLAGS } from './node-flags.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const supervisorUrl = pathToFileURL(path.resolve(serverDir, '../../scripts/supervisor.mjs')).href;
const dataDir = mkdtempSync(path.join(tmpdir(), 'hcp-supervised-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The file worker processes whose parent is `pid` (Linux /proc). */
function fileWorkersOf(pid: number): number[] {
  const out: number[] = [];
  for (const d of readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const isChild = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      if (isChild && readFileSync(`/proc/${d}/cmdline`, 'utf8').includes('file-worker')) out.push(Number(d));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe('npm start (the supervisor)', () => {
  it('starts the server again when its process is killed, and stops it on SIGTERM', async () => {
    const port = await freePort();
    // The supervisor of `npm start`, running the server from its sources (as the other process tests do).
    const proc = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { supervise } from ${JSON.stringify(supervisorUrl)}; supervise({ exec: 'src/server.ts', execArgv: [...${JSON.stringify(TEST_NODE_FLAGS)}, '--import', 'tsx'] });`,
      ],
      {
        cwd: serverDir,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          SEED_JOBS: '0',
          SEED_DEMO: 'false',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    const waiters: { re: RegExp; count: number; resolve: (m: RegExpMatchArray) => void }[] = [];
    const check = () => {
      for (const w of [...waiters]) {
        const all = [...out.matchAll(new RegExp(w.re.source, 'g'))];
        if (all.length >= w.count) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(all[w.count - 1]!);
        }
      }
    };
    proc.stdout!.on('data', (d: Buffer) => ((out += d.toString()), check()));
    proc.stderr!.on('data', (d: Buffer) => ((out += d.toString()), check()));
    const exited = new Promise<number | null>((r) => proc.on('exit', (code) => r(code)));
    const nth = (re: RegExp, count: number) =>
      Promise.race([
        new Promise<RegExpMatchArray>((resolve) => {
          waiters.push({ re, count, resolve });
          check();
        }),
        exited.then((code) => {
          throw new Error(`the supervisor exited (${code}):\n${out}`);
        }),
      ]);
    try {
      const first = Number((await nth(/server process (\d+) started/, 1))[1]);
      await nth(/running at http/, 1);
      expect((await fetch(`http://127.0.0.1:${port}/core/api/health/live`)).status).toBe(200);

      // A render is running in the server's file worker: a PDF that would take hours to draw.
      const signUp = await fetch(`http://127.0.0.1:${port}/core/api/auth/HcpSignUp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          EmailAddress: 'restart@example.com',
          PhoneNumber: '5125550100',
          FirstName: 'Re',
          LastName: 'Start',
          ProfessionId: 13,
          WebPassword: 'Second-Wind-42',
        }),
      });
      const bomb = (await paintBombPdf(20_000, 1000)).toString('base64');
      const pending = fetch(`http://127.0.0.1:${port}/core/api/Document/uploadDocument`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await signUp.text()}` },
        body: JSON.stringify({ file: bomb, fileType: 'pdf' }),
      }).catch(() => null);
      let renderers: number[] = [];
      while (renderers.length === 0) {
        renderers = fileWorkersOf(first);
        await sleep(100);
      }

      // The serving process dies as a native abort would end it: no chance to clean up.
      process.kill(first, 'SIGKILL');
      expect(await pending).toBeNull();
      // Its render processes do not outlive it (the test's time limit bounds this wait).
      for (const pid of renderers) while (alive(pid)) await sleep(100);
      const second = Number((await nth(/server process (\d+) started/, 2))[1]);
      expect(second).not.toBe(first);
      await nth(/running at http/, 2);
      expect((await fetch(`http://127.0.0.1:${port}/core/api/health/live`)).status).toBe(200);
      expect(out).toMatch(new RegExp(`server process ${first} exited \\(SIGKILL\\)`));

      proc.kill('SIGTERM');
      expect(await exited).toBe(0);
      // The server went with it: nothing answers on the port any more.
      await expect(fetch(`http://127.0.0.1:${port}/core/api/health/live`)).rejects.toThrow();
    } finally {
      proc.kill('SIGKILL');
    }
  }, 180_000);
});

describe('how many server processes npm start runs (WEB_CONCURRENCY)', () => {
  // A plain JavaScript module of the scripts (no types).
  const supervisor = import(supervisorUrl) as Promise<{
    workerCount: (env: Record<string, string>, cores?: number) => number;
  }>;
  let count: (env: Record<string, string>, cores?: number) => number;
  beforeAll(async () => {
    count = (await supervisor).workerCount;
  });
  const url = 'postgres://portal@db.internal/portal';

  it('one per core on PostgreSQL, or as many as WEB_CONCURRENCY says', () => {
    expect(count({ DATABASE_URL: url }, 8)).toBe(8);
    expect(count({ DATABASE_URL: url, WEB_CONCURRENCY: '3' }, 8)).toBe(3);
    expect(count({ DATABASE_URL: url, WEB_CONCURRENCY: ' 1 ' }, 8)).toBe(1);
  });

  it('one with the embedded database, which refuses more with a message saying why', () => {
    expect(count({}, 8)).toBe(1);
    expect(count({ WEB_CONCURRENCY: '1' }, 8)).toBe(1);
    expect(() => count({ WEB_CONCURRENCY: '4' }, 8)).toThrow(/WEB_CONCURRENCY=4 needs DATABASE_URL/);
  });

  it('refuses what is not a count of processes', () => {
    for (const bad of ['0', '-2', 'two', '1.5', '65'])
      expect(() => count({ DATABASE_URL: url, WEB_CONCURRENCY: bad }, 8)).toThrow(
        /WEB_CONCURRENCY must be a whole number/,
      );
  });
});

describe('several server processes on one port', () => {
  it('hand new connections to the processes in turn: of 32 keep-alive connections each of two serves 16', async () => {
    const port = await freePort();
    // A server process that answers with its pid (the supervisor under test hands it connections).
    const exec = path.join(dataDir, 'answer-pid.mjs');
    writeFileSync(
      exec,
      `import http from 'node:http';
       http.createServer((req, res) => res.end(String(process.pid))).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));`,
    );
    const proc = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { supervise } from ${JSON.stringify(supervisorUrl)}; supervise({ exec: ${JSON.stringify(exec)}, execArgv: [], workers: 2 });`,
      ],
      { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    /** Opens one keep-alive connection, sends three requests on it and says which process answered them. */
    const servedBy = async (): Promise<string> => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const pids = new Set<string>();
      for (let k = 0; k < 3; k++)
        pids.add(
          await new Promise<string>((resolve, reject) =>
            http
              .get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
                let body = '';
                res.on('data', (d: Buffer) => (body += d.toString())).on('end', () => resolve(body));
              })
              .on('error', reject),
          ),
        );
      agent.destroy();
      // Every request of a connection goes to the process that was handed it.
      expect(pids.size).toBe(1);
      return [...pids][0]!;
    };
    const count = (pids: string[]) => pids.reduce((m, p) => m.set(p, (m.get(p) ?? 0) + 1), new Map<string, number>());
    try {
      for (let i = 0; i < 200 && (out.match(/listening/g) ?? []).length < 2; i++) await sleep(50);
      expect((out.match(/listening/g) ?? []).length).toBe(2);
      // Connections opened one after another (each served before the next opens) alternate between the processes.
      // Left to the kernel, runs of them went to one process (as few as 1 of 32 to the other).
      for (let round = 0; round < 3; round++) {
        const pids: string[] = [];
        for (let i = 0; i < 32; i++) pids.push(await servedBy());
        expect([...count(pids).values()]).toEqual([16, 16]);
      }
      // A burst of 32 opened at once (a load balancer's or a load test's) reaches both processes too; how it splits
      // depends on how fast each process takes its connections.
      expect(count(await Promise.all(Array.from({ length: 32 }, servedBy))).size).toBe(2);
    } finally {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
    }
  });
});
