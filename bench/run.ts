/**
 * `npm run bench`: the portal's benchmarks, end to end on a clean clone, written to docs/performance.md.
 *
 *   npm run bench                       everything (about 20 minutes: the soak alone is 10)
 *   npm run bench -- --quick            small data and short runs (a minute or two), to try the bench itself
 *   npm run bench -- --only=api,feed    some parts: startup, api, feed, soak, lighthouse, uploads
 *                                       (lighthouse installs its browser tools into bench/tools on first use)
 *   npm run bench -- --db=postgres      one database for the API and feed parts (pglite, postgres)
 *   npm run bench -- --only=lighthouse --merge   rerun some parts, keep the others from the last run
 *                                       (raw results: docs/performance.json beside the report)
 *
 * Environment: BENCH_JOBS (100000), BENCH_CLINICIANS (10000), BENCH_SECONDS (2, measured per run),
 * BENCH_WARMUP_SECONDS (0.5), BENCH_CONNECTIONS (1,8,32), BENCH_SOAK_MINUTES (10), BENCH_FEED_JOBS (100000), BENCH_FEED_BATCH (5000),
 * BENCH_LIGHTHOUSE_RUNS (1), BENCH_OUT (docs/performance.md), BENCH_CPU_PROF (a directory: CPU profiles of the servers),
 * BENCH_LIGHTHOUSE_JSON (a directory: Lighthouse's whole report of every run),
 * BENCH_SCENARIOS (API scenario keys to run, e.g. dashboard-offers,user-info; for trying a change, not for the report).
 *
 * Every server under test is the built server (apps/server/dist/server.js) in its own process, as `npm start`
 * runs it; the load generator runs in a worker thread of this process; the ceiling is a bare node:http server in
 * its own process answering the bytes the app answered for the same request.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { request } from 'undici';
import { pickJobPay } from '@hcp/contracts';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { startPostgresServer, type PostgresServer } from '../apps/server/test/postgres-server.ts';
import { generateJobs, mulberry32 } from '../apps/server/src/modules/jobs/seed/generate-jobs.ts';
import {
  BENCH_API_KEY,
  BENCH_DATA_KEY,
  BENCH_JWT_SECRET,
  BENCH_PASSWORD,
  counts,
  seedBenchJobs,
  seedClinicians,
  type BenchData,
  type BenchUser,
} from './seed.ts';
import { ensureBrowserTools } from './browser-tools.ts';
import { runLighthouse, type LighthouseRow } from './lighthouse.ts';
import { writeReport, type Report } from './report.ts';
import { uploadsBench } from './uploads.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const arg = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const num = (name: string, full: number, small: number) => Number(process.env[name] ?? (quick ? small : full));

export const config = {
  quick,
  jobs: num('BENCH_JOBS', 100_000, 10_000),
  clinicians: num('BENCH_CLINICIANS', 10_000, 1_000),
  activeClinicians: 1000,
  seconds: num('BENCH_SECONDS', 2, 1),
  warmupSeconds: num('BENCH_WARMUP_SECONDS', 0.5, 0.3),
  connections: (process.env.BENCH_CONNECTIONS ?? '1,8,32').split(',').map(Number),
  soakMinutes: num('BENCH_SOAK_MINUTES', 10, 0.5),
  feedJobs: num('BENCH_FEED_JOBS', 100_000, 10_000),
  feedBatch: num('BENCH_FEED_BATCH', 5000, 5000),
  lighthouseRuns: num('BENCH_LIGHTHOUSE_RUNS', 1, 1),
  parts: (arg('only') ?? 'startup,api,feed,soak,lighthouse,uploads').split(','),
  dbs: (arg('db') ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[],
  out: process.env.BENCH_OUT ?? path.join(root, 'docs/performance.md'),
  /**
   * Server processes of the second PostgreSQL pass: as many as `npm start` runs with DATABASE_URL (WEB_CONCURRENCY's
   * default, the core count). The first pass is always one process; with BENCH_PG_PROCESSES=1 there is no second.
   * The embedded database is always one process.
   */
  pgProcesses: num('BENCH_PG_PROCESSES', os.availableParallelism(), os.availableParallelism()),
};
const want = (part: string) => config.parts.includes(part);

// ---------------------------------------------------------------- load generation

export interface Req {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}
interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  latenciesMs: number[];
  statuses: Record<string, number>;
  bytes: number;
}
export interface Stats {
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  requests: number;
  statuses: Record<string, number>;
}

function pct(sorted: number[], p: number) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function statsOf(r: LoadResult): Stats {
  const sorted = r.latenciesMs.sort((a, b) => a - b);
  return {
    reqPerSec: Math.round(r.requests / r.seconds),
    p50: +pct(sorted, 50).toFixed(2),
    p95: +pct(sorted, 95).toFixed(2),
    p99: +pct(sorted, 99).toFixed(2),
    errors: r.errors,
    requests: r.requests,
    statuses: r.statuses,
  };
}

interface LoadJob {
  origin: string;
  requests: Req[];
  connections: number;
  warmupMs: number;
  /** 0: until stop() is called. */
  durationMs: number;
  expect?: number[];
  /** End the run when the list is used up instead of starting it again (lists of requests never asked before). */
  noRepeat?: boolean;
}

function startLoad(job: LoadJob): { done: Promise<Stats>; stop(): void } {
  const w = new Worker(new URL('./load.mjs', import.meta.url), { workerData: job });
  const done = new Promise<Stats>((resolve, reject) => {
    w.once('message', (m: LoadResult) => {
      resolve(statsOf(m));
      void w.terminate();
    });
    w.once('error', reject);
  });
  return { done, stop: () => w.postMessage('stop') };
}

const load = (job: LoadJob) => startLoad(job).done;

// ---------------------------------------------------------------- processes

export function log(...parts: unknown[]) {
  console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...parts);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process in MiB (Linux /proc). */
export function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : 0;
}

/** The node processes serving the app under an `npm start` process (the supervisor's workers running dist/server.js). */
function serverPidsUnder(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(d)]);
    } catch {
      // gone
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const p = queue.shift()!;
    try {
      const argv = readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0');
      if (path.basename(argv[0] ?? '') === 'node' && argv.some((a) => a.endsWith('apps/server/dist/server.js'))) {
        found.push(p);
        continue;
      }
    } catch {
      // gone
    }
    queue.push(...(children.get(p) ?? []));
  }
  return found.length ? found : [pid];
}

export interface RunningServer {
  origin: string;
  /** The (first) serving process. */
  pid: number;
  /** Every serving process (several under the supervisor with WEB_CONCURRENCY). */
  pids: number[];
  proc: ChildProcess;
  stop(): Promise<void>;
}

/** Resident memory of all of a server's serving processes, in MiB. */
const serverRssMiB = (server: RunningServer) => server.pids.reduce((sum, pid) => sum + rssMiB(pid), 0);

function stopProcess(proc: ChildProcess, group: boolean): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    const timer = setTimeout(() => {
      try {
        if (group) process.kill(-proc.pid!, 'SIGKILL');
        else proc.kill('SIGKILL');
      } catch {
        // already gone
      }
    }, 20_000);
    proc.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    if (group) process.kill(-proc.pid!, 'SIGTERM');
    else proc.kill('SIGTERM');
  });
}

const serverEnv = (extra: Record<string, string>) => ({
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  JWT_SECRET: BENCH_JWT_SECRET,
  DATA_ENCRYPTION_KEY: BENCH_DATA_KEY,
  FEATURE_TIMESHEETS: 'true',
  // The login scenario sends thousands of logins from one address.
  RATE_LIMIT_SCALE: '1000000',
  ...extra,
});

/** The node arguments and environment `npm start` gives the server process (scripts/server-runtime.mjs). */
async function serverRuntime() {
  return (await import(pathToFileURL(path.join(root, 'scripts/server-runtime.mjs')).href)) as {
    SERVER_NODE_ARGS: string[];
    SERVER_MEMORY_ENV: Record<string, string>;
  };
}

/**
 * Starts the built server as `npm start` runs it and waits until it answers: one process, or with `processes` > 1
 * the supervisor (scripts/serve.mjs) with WEB_CONCURRENCY, waiting until every process listens.
 */
async function startServer(
  extra: Record<string, string>,
  nodeArgs: string[] = [],
  processes = 1,
): Promise<RunningServer> {
  const port = await freePort();
  // BENCH_CPU_PROF=<dir>: a V8 CPU profile of each server process under test, written when it stops (hot spots).
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const runtime = await serverRuntime();
  const supervised = processes > 1;
  // The supervisor adds the server's node arguments and memory settings to each process itself.
  const args = supervised
    ? [...prof, ...nodeArgs, path.join(root, 'scripts/serve.mjs')]
    : [...prof, ...runtime.SERVER_NODE_ARGS, ...nodeArgs, path.join(root, 'apps/server/dist/server.js')];
  const proc = spawn(process.execPath, args, {
    env: serverEnv({
      ...(supervised ? { WEB_CONCURRENCY: String(processes) } : runtime.SERVER_MEMORY_ENV),
      PORT: String(port),
      ...extra,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const origin = `http://127.0.0.1:${port}`;
  await waitUntilUp(origin, proc, () => output, 600_000);
  if (supervised) {
    const until = Date.now() + 600_000;
    while (
      !output.includes(`process ${processes} of ${processes} is running`) ||
      serverPidsUnder(proc.pid!).length < processes
    ) {
      if (proc.exitCode !== null || Date.now() > until)
        throw new Error(`The server processes did not all start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const pids = supervised ? serverPidsUnder(proc.pid!) : [proc.pid!];
  return { origin, pid: pids[0]!, pids, proc, stop: () => stopProcess(proc, false) };
}

async function waitUntilUp(origin: string, proc: ChildProcess, output: () => string, timeoutMs: number, pollMs = 100) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`The server exited:\n${output()}`);
    try {
      const res = await fetch(`${origin}/core/api/health/live`);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  throw new Error(`The server did not answer in time:\n${output()}`);
}

// ---------------------------------------------------------------- scenarios

interface SearchOptionsBody {
  cities: { id: string }[];
  states: { id: number; isCompact: boolean }[];
  disciplines: { id: number; specialtyIds: number[]; webOrder: number | null }[];
}

/** Realistic searches: mostly nurses, a few specialties, states or cities with a radius, shift filters and sorts. */
function searchPaths(options: SearchOptionsBody, count: number, seed: number, unique: boolean): string[] {
  const rnd = mulberry32(seed);
  const pickOne = <T>(a: readonly T[]) => a[Math.floor(rnd() * a.length)]!;
  const common = options.disciplines.filter((d) => d.webOrder !== null && d.specialtyIds.length > 0);
  const sorts = ['', '', 'pay', 'shiftsDesc', 'shiftsAsc'];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const p = new URLSearchParams();
    const prof = rnd() < 0.6 ? options.disciplines.find((d) => d.id === 13)! : pickOne(common);
    p.set('disciplineId', String(prof.id));
    const nSpec = Math.floor(rnd() * 3);
    for (let s = 0; s < nSpec; s++) p.append('specialtyIds', String(pickOne(prof.specialtyIds)));
    const loc = rnd();
    if (loc < 0.3) {
      const n = 1 + Math.floor(rnd() * 3);
      for (let s = 0; s < n; s++) p.append('stateIds', String(pickOne(options.states).id));
    } else if (loc < 0.4) {
      for (const s of options.states.filter((x) => x.isCompact)) p.append('stateIds', String(s.id));
    } else if (loc < 0.75) {
      const n = 1 + Math.floor(rnd() * 2);
      for (let s = 0; s < n; s++)
        p.append('cityIds', `${pickOne(options.cities).id}_${25 * (1 + Math.floor(rnd() * 8))}`);
    }
    if (rnd() < 0.3) p.set('shiftCategoryId', String(1 + Math.floor(rnd() * 3)));
    if (rnd() < 0.3) p.set('numberOfShifts', pickOne(['3', '4', '5', '-1']));
    const sort = pickOne(sorts);
    if (sort) p.set('sortBy', sort);
    if (unique) {
      p.set('page', String(1 + Math.floor(rnd() * 3)));
      p.set('pageSize', String(20 + Math.floor(rnd() * 81)));
    }
    out.push(`/core/api/jobsearch/jobs?${p.toString()}`);
  }
  return out;
}

interface Scenario {
  key: string;
  name: string;
  /** Fresh request lists per run (cold searches must not repeat), or one list for every run. */
  requests: (run: number) => Req[];
  prime?: boolean;
  /** Every request of a run's list is new to the server: send each once (see LoadJob.noRepeat). */
  noRepeat?: boolean;
}

const bearer = (u: BenchUser) => ({ authorization: `Bearer ${u.token}` });

function scenarios(options: SearchOptionsBody, data: BenchData, jobCount: number): Scenario[] {
  const users = data.active;
  const withShift = users.filter((u) => u.shiftId);
  const mixed = searchPaths(options, 300, 7, false).map((p) => ({ path: p }));
  // Enough unique searches for every run to send new ones for its whole duration on an idle machine (a cold search
  // costs the server milliseconds: a few thousand a second at most); slice 0 is only for capturing the ceiling's answer.
  const cold = [...new Set(searchPaths(options, 41 * 6000, 11, true))];
  const slices = 41;
  const perRun = Math.floor(cold.length / slices);
  const coldSlice = (run: number) => (run < 0 ? 0 : 1 + (run % (slices - 1)));
  const rnd = mulberry32(5);
  const ids = Array.from({ length: 5000 }, () => 1 + Math.floor(rnd() * jobCount));
  const logins = data.clinicians.filter((_, i) => i % 5 !== 4);
  return [
    { key: 'search-repeated', name: 'job search, 300 mixed queries (repeated)', requests: () => mixed, prime: true },
    {
      key: 'search-cold',
      name: 'job search, unique queries (cold)',
      requests: (run) => cold.slice(coldSlice(run) * perRun, (coldSlice(run) + 1) * perRun).map((p) => ({ path: p })),
      noRepeat: true,
    },
    {
      key: 'job-details',
      name: 'job details (5,000 random ids, repeated)',
      requests: () => ids.map((id) => ({ path: `/core/api/jobsearch/jobDetails?jobId=${id}` })),
      prime: true,
    },
    {
      key: 'job-details-cold',
      name: 'job details (ids not asked before)',
      // Each run its own slice of ids, none of them among the repeated ones: every request reads the database.
      requests: (r) => {
        const run = r < 0 ? 99 : r;
        const seen = new Set(ids);
        const fresh = Array.from({ length: jobCount }, (_, i) => 1 + ((i * 7919 + run * 104729) % jobCount)).filter(
          (id) => !seen.has(id),
        );
        const start = ((run % 8) * 12_000) % Math.max(1, fresh.length - 12_000);
        return fresh.slice(start, start + 12_000).map((id) => ({ path: `/core/api/jobsearch/jobDetails?jobId=${id}` }));
      },
      noRepeat: true,
    },
    {
      key: 'dashboard-offers',
      name: 'dashboard: getHcpDashboardOffersAndOnboardingContracts',
      requests: () =>
        users.map((u) => ({
          path: '/core/api/HcpJobOffers/getHcpDashboardOffersAndOnboardingContracts',
          headers: bearer(u),
        })),
    },
    {
      key: 'dashboard-submissions',
      name: 'dashboard: getHcpDashboardSubmissions',
      requests: () =>
        users.map((u) => ({ path: '/core/api/HcpJobSubmissions/getHcpDashboardSubmissions', headers: bearer(u) })),
    },
    {
      key: 'user-info',
      name: 'dashboard: userInfo',
      requests: () => users.map((u) => ({ path: '/core/api/HcpApiUser/userInfo', headers: bearer(u) })),
    },
    {
      key: 'login',
      name: 'login (argon2id verify)',
      requests: () =>
        logins.map((u) => ({
          method: 'POST',
          path: '/core/api/auth/HcpLogin',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ username: u.email, password: BENCH_PASSWORD }).toString(),
        })),
    },
    {
      key: 'shift-save',
      name: 'pay-period shift save (Timesheets/createShift)',
      requests: (run) =>
        withShift.map((u, i) => ({
          method: 'POST',
          path: '/core/api/Timesheets/createShift',
          headers: { ...bearer(u), 'content-type': 'application/json' },
          body: JSON.stringify({
            shiftId: u.shiftId,
            timesheetId: u.timesheetId,
            shiftDate: u.shiftDate,
            shiftTypeId: 1,
            startTime: `${u.shiftDate}T07:00:00`,
            endTime: `${u.shiftDate}T19:30:00`,
            lunch: 30 + ((run + i) % 2) * 15,
            unit: `Med-Surg ${1 + (run % 5)}`,
          }),
        })),
    },
  ];
}

/** One answer of the app for a request, as the ceiling will replay it (bytes as sent: undici's request does not decode). */
async function capture(origin: string, r: Req) {
  const res = await request(`${origin}${r.path}`, {
    method: (r.method ?? 'GET') as 'GET',
    headers: { 'accept-encoding': 'br, gzip', ...r.headers },
    body: r.body,
  });
  const body = Buffer.from(await res.body.arrayBuffer());
  const headers: Record<string, string> = {};
  for (const h of ['content-type', 'content-encoding', 'vary', 'cache-control']) {
    const v = res.headers[h];
    if (typeof v === 'string') headers[h] = v;
  }
  return { status: res.statusCode, headers, body };
}

async function startCeiling(answer: Awaited<ReturnType<typeof capture>>, processes: number) {
  const file = path.join(os.tmpdir(), `hcp-bench-answer-${process.pid}.json`);
  writeFileSync(
    file,
    JSON.stringify({ status: answer.status, headers: answer.headers, bodyBase64: answer.body.toString('base64') }),
  );
  const proc = spawn(process.execPath, [path.join(here, 'ceiling.mjs'), file, String(processes)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    proc.stdout!.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
    proc.once('exit', () => reject(new Error('the ceiling server exited')));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () => stopProcess(proc, false).then(() => rmSync(file, { force: true })),
  };
}

export interface ApiRow {
  db: string;
  key: string;
  scenario: string;
  connections: number;
  bytes: number;
  encoding: string;
  app: Stats;
  ceiling: Stats;
}

async function prime(origin: string, requests: Req[]) {
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < requests.length) {
        const r = requests[next++]!;
        await (await fetch(`${origin}${r.path}`, { headers: { 'accept-encoding': 'br, gzip' } })).arrayBuffer();
      }
    }),
  );
}

async function apiScenarios(
  db: string,
  origin: string,
  data: BenchData,
  jobCount: number,
  processes: number,
): Promise<ApiRow[]> {
  const options = (await (await fetch(`${origin}/core/api/jobsearch/SearchOptions`)).json()) as SearchOptionsBody;
  const rows: ApiRow[] = [];
  let run = 0;
  const only = process.env.BENCH_SCENARIOS?.split(',');
  for (const s of scenarios(options, data, jobCount).filter((x) => !only || only.includes(x.key))) {
    // The ceiling replays a typical answer: of the first 15 requests of the scenario, the one of median size
    // (a cold search list starts with queries of every size, some with no result).
    const samples = [];
    for (const r of s.requests(-1).slice(0, s.key === 'login' || s.key === 'shift-save' ? 1 : 15))
      samples.push(await capture(origin, r));
    samples.sort((a, b) => a.body.length - b.body.length);
    const answer = samples[Math.floor(samples.length / 2)]!;
    if (answer.status !== 200)
      throw new Error(`${s.name}: the app answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`);
    const ceiling = await startCeiling(answer, processes);
    if (s.prime) await prime(origin, s.requests(0));
    for (const connections of config.connections) {
      const requests = s.requests(run++);
      const job = { requests, connections, warmupMs: config.warmupSeconds * 1000, durationMs: config.seconds * 1000 };
      const app = await load({ origin, ...job, noRepeat: s.noRepeat });
      const bare = await load({ origin: ceiling.origin, ...job });
      const row: ApiRow = {
        db,
        key: s.key,
        scenario: s.name,
        connections,
        bytes: answer.body.length,
        encoding: answer.headers['content-encoding'] ?? 'identity',
        app,
        ceiling: bare,
      };
      rows.push(row);
      log(
        `${db.padEnd(8)} ${s.key.padEnd(22)} c=${String(connections).padStart(2)}  app ${String(app.reqPerSec).padStart(6)} req/s p50 ${app.p50} p95 ${app.p95} p99 ${app.p99} err ${app.errors}  | ceiling ${bare.reqPerSec} req/s p95 ${bare.p95}  ratio ${(app.reqPerSec / Math.max(1, bare.reqPerSec)).toFixed(2)}`,
      );
    }
    await ceiling.stop();
  }
  return rows;
}

// ---------------------------------------------------------------- feed import

export interface FeedResult {
  db: string;
  jobs: number;
  batches: number;
  first: { seconds: number; inserted: number; updated: number; unchanged: number; rejected: number };
  again: { seconds: number; inserted: number; updated: number; unchanged: number; rejected: number };
  searchDuringFirst: Stats;
  searchDuringAgain: Stats;
  searchConnections: number;
}

function feedRows(count: number) {
  // The feed's shift is one '<shifts>x<hours>' pattern; the generator's compound shifts ('3x12, 1x8') are left out.
  const generated = generateJobs({ count: Math.ceil(count * 1.2), seed: 777, today: new Date() })
    .filter((j) => /^[1-7]x\d{1,2}(\.\d{1,2})?$/.test(j.shift))
    .slice(0, count);
  return generated.map((j, i) => ({
    externalId: `FEED-${String(i + 1).padStart(7, '0')}`,
    facilityExternalId: j.facilityExternalId,
    professionId: j.professionId,
    specialtyId: j.specialtyId,
    grade: j.grade,
    shift: j.shift,
    shiftCategory: j.shiftCategory,
    positions: j.availablePositions,
    durationWeeks: j.durationWeeks,
    startDate: j.startDate,
    description: j.description,
    isAvailable: j.isAvailable,
    ...pickJobPay(j),
    bonuses: j.bonuses,
    minimumRequirements: j.minimumRequirements,
    benefits: j.benefits,
  }));
}

async function importBatches(origin: string, rows: object[]) {
  const total = { seconds: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0 };
  const t0 = performance.now();
  for (let i = 0; i < rows.length; i += config.feedBatch) {
    const res = await fetch(`${origin}/core/api/agency/jobs/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': BENCH_API_KEY },
      body: JSON.stringify({ facilities: [], jobs: rows.slice(i, i + config.feedBatch) }),
    });
    const body = (await res.json()) as {
      jobs?: { inserted: number; updated: number; unchanged: number; rejected: number };
    };
    if (!res.ok || !body.jobs)
      throw new Error(`feed batch answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    total.inserted += body.jobs.inserted;
    total.updated += body.jobs.updated;
    total.unchanged += body.jobs.unchanged;
    total.rejected += body.jobs.rejected;
  }
  total.seconds = +((performance.now() - t0) / 1000).toFixed(1);
  return total;
}

async function feedImport(db: string, origin: string): Promise<FeedResult> {
  const options = (await (await fetch(`${origin}/core/api/jobsearch/SearchOptions`)).json()) as SearchOptionsBody;
  const searches = searchPaths(options, 300, 7, false).map((p) => ({ path: p }));
  const rows = feedRows(config.feedJobs);
  const connections = 8;
  const during = async (work: () => Promise<FeedResult['first']>) => {
    const l = startLoad({ origin, requests: searches, connections, warmupMs: 0, durationMs: 0 });
    try {
      return { result: await work(), search: await (l.stop(), l.done) };
    } catch (e) {
      l.stop();
      await l.done;
      throw e;
    }
  };
  log(
    `${db}: feed import of ${rows.length} jobs in batches of ${config.feedBatch}, ${connections} connections searching meanwhile`,
  );
  const first = await during(() => importBatches(origin, rows));
  log(
    `${db}: first import ${first.result.seconds} s (${JSON.stringify(first.result)}); search p95 ${first.search.p95} ms`,
  );
  // The same feed with 1% of the jobs changed (positions and description).
  const changed = rows.map((r, i) =>
    i % 100 === 0 ? { ...r, positions: r.positions + 1, description: `${r.description ?? ''} (updated)` } : r,
  );
  const again = await during(() => importBatches(origin, changed));
  log(
    `${db}: re-import (1% changed) ${again.result.seconds} s (${JSON.stringify(again.result)}); search p95 ${again.search.p95} ms`,
  );
  return {
    db,
    jobs: rows.length,
    batches: Math.ceil(rows.length / config.feedBatch),
    first: first.result,
    again: again.result,
    searchDuringFirst: first.search,
    searchDuringAgain: again.search,
    searchConnections: connections,
  };
}

// ---------------------------------------------------------------- soak

export interface SoakResult {
  db: string;
  minutes: number;
  connections: number;
  stats: Stats;
  samples: { atSeconds: number; rssMiB: number }[];
  baselineMiB: number;
  endMiB: number;
  maxMiB: number;
  growthPercent: number;
}

async function soak(
  db: string,
  server: RunningServer,
  options: SearchOptionsBody,
  data: BenchData,
  jobCount: number,
): Promise<SoakResult> {
  const all = scenarios(options, data, jobCount).filter((s) => s.key !== 'login');
  const by = new Map(all.map((s) => [s.key, s.requests(7)]));
  // The mix: what a day of clinicians does (searches and job details mostly), interleaved.
  const weights: [string, number][] = [
    ['search-repeated', 40],
    ['search-cold', 10],
    ['job-details', 20],
    ['dashboard-offers', 8],
    ['dashboard-submissions', 7],
    ['user-info', 10],
    ['shift-save', 5],
  ];
  const mix: Req[] = [];
  const cursor = new Map<string, number>();
  for (let round = 0; round < 400; round++)
    for (const [key, w] of weights)
      for (let k = 0; k < w; k++) {
        const list = by.get(key)!;
        const c = cursor.get(key) ?? 0;
        mix.push(list[c % list.length]!);
        cursor.set(key, c + 1);
      }
  const connections = 8;
  const durationMs = config.soakMinutes * 60_000;
  log(`${db}: soak, ${config.soakMinutes} min of the mixed load at ${connections} connections`);
  const started = performance.now();
  const samples: SoakResult['samples'] = [{ atSeconds: 0, rssMiB: rssMiB(server.pid) }];
  const timer = setInterval(
    () => samples.push({ atSeconds: Math.round((performance.now() - started) / 1000), rssMiB: rssMiB(server.pid) }),
    5000,
  );
  const stats = await load({ origin: server.origin, requests: mix, connections, warmupMs: 0, durationMs });
  clearInterval(timer);
  samples.push({ atSeconds: Math.round((performance.now() - started) / 1000), rssMiB: rssMiB(server.pid) });
  // Baseline: the first tenth of the run has filled caches and pools; growth is measured from there.
  const cut = Math.max(1, Math.floor(samples.length / 10));
  const baselineMiB = Math.max(...samples.slice(0, cut + 1).map((s) => s.rssMiB));
  const tail = samples.slice(-Math.max(1, cut));
  const endMiB = Math.round(tail.reduce((a, s) => a + s.rssMiB, 0) / tail.length);
  const maxMiB = Math.max(...samples.map((s) => s.rssMiB));
  const growthPercent = +(((endMiB - baselineMiB) / baselineMiB) * 100).toFixed(1);
  log(
    `${db}: soak ${stats.reqPerSec} req/s, p95 ${stats.p95} ms, errors ${stats.errors}; RSS ${baselineMiB} -> ${endMiB} MiB (${growthPercent}%)`,
  );
  return { db, minutes: config.soakMinutes, connections, stats, samples, baselineMiB, endMiB, maxMiB, growthPercent };
}

// ---------------------------------------------------------------- start-up

export interface StartupResult {
  firstStartMs: number;
  restartMs: number;
  /** Resident memory once it has settled after the first start and after the restart (see settledRss). */
  rssAfterStartMiB: number;
  rssAfterRestartMiB: number;
  /** The highest resident memory of the server process from its start to the settled reading (VmHWM). */
  peakAfterStartMiB?: number;
  peakAfterRestartMiB?: number;
  jobs: number;
}

/**
 * The server's resident memory once start-up is over, and its peak. A reading at a fixed moment lands either on what
 * the server keeps or on the few seconds in which V8 optimises PGlite's SQL parser (a single compile that takes
 * hundreds of MiB of working memory and gives it back when done, docs/decisions/0361); so this samples every 100 ms
 * until neither the peak nor the resident size has moved for three seconds (thirty at most) and reads both.
 */
async function settledRss(pid: number): Promise<{ settledMiB: number; peakMiB: number }> {
  const read = () => {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
    return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
  };
  const deadline = performance.now() + 30_000;
  let last = read();
  let stableSince = performance.now();
  while (performance.now() < deadline && performance.now() - stableSince < 3000) {
    await new Promise((r) => setTimeout(r, 100));
    const now = read();
    if (now.peak > last.peak + 1 || Math.abs(now.rss - last.rss) > Math.max(4, last.rss * 0.02)) {
      stableSince = performance.now();
      last = now;
    }
  }
  const end = read();
  return { settledMiB: Math.round(end.rss), peakMiB: Math.round(end.peak) };
}

/** `npm start` on a fresh data directory (migrations and demo data), then again on the same data. */
async function startup(dataDir: string): Promise<{ result: StartupResult; server: RunningServer }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const once = async () => {
    const t0 = performance.now();
    const proc = spawn('npm', ['start', '--silent'], {
      cwd: root,
      env: serverEnv({ PORT: String(port), DATA_DIR: dataDir }),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    proc.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    await waitUntilUp(origin, proc, () => output, 300_000, 10);
    const ms = Math.round(performance.now() - t0);
    const pids = serverPidsUnder(proc.pid!);
    return { ms, server: { origin, pid: pids[0]!, pids, proc, stop: () => stopProcess(proc, true) } as RunningServer };
  };
  log('start-up: npm start on an empty data directory');
  const first = await once();
  const afterStart = await settledRss(first.server.pid);
  await first.server.stop();
  log(
    `start-up: first start ${first.ms} ms (RSS ${afterStart.settledMiB} MiB, peak ${afterStart.peakMiB} MiB); restarting`,
  );
  const second = await once();
  const afterRestart = await settledRss(second.server.pid);
  log(`start-up: restart ${second.ms} ms (RSS ${afterRestart.settledMiB} MiB, peak ${afterRestart.peakMiB} MiB)`);
  const jobs = (
    (await (await fetch(`${origin}/core/api/jobsearch/jobs?disciplineId=13&pageSize=1`)).json()) as { jobCount: number }
  ).jobCount;
  return {
    result: {
      firstStartMs: first.ms,
      restartMs: second.ms,
      rssAfterStartMiB: afterStart.settledMiB,
      rssAfterRestartMiB: afterRestart.settledMiB,
      peakAfterStartMiB: afterStart.peakMiB,
      peakAfterRestartMiB: afterRestart.peakMiB,
      jobs,
    },
    server: second.server,
  };
}

// ---------------------------------------------------------------- databases

export interface DbResult {
  db: string;
  seedSeconds: number;
  counts: Awaited<ReturnType<typeof counts>>;
  /** Server processes serving (the ceiling ran as many). */
  serverProcesses?: number;
  /** Of all server processes. */
  rssAfterStartMiB: number;
  rssAfterLoadMiB: number;
  api: ApiRow[];
  feed?: FeedResult;
  soak?: SoakResult;
}

async function benchDatabase(
  kind: 'pglite' | 'postgres',
  pgServer: PostgresServer | null,
  processes: number,
): Promise<DbResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hcp-bench-'));
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const name = `hcp_bench_${Date.now()}`;
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: pgServer!.url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(pgServer!.url);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  log(`${kind}: seeding ${config.jobs} jobs and ${config.clinicians} clinicians`);
  const t0 = performance.now();
  const database: Database = await openDatabase(
    databaseUrl ? { databaseUrl } : { pgliteDir: path.join(dataDir, 'pgdata') },
  );
  let data: BenchData;
  let rowCounts: DbResult['counts'];
  try {
    await seedBenchJobs(database.db, config.jobs);
    data = await seedClinicians(database.db, config.clinicians, config.activeClinicians);
    if (kind === 'postgres') await database.db.execute('analyze');
    rowCounts = await counts(database.db);
  } finally {
    await database.close();
  }
  const seedSeconds = +((performance.now() - t0) / 1000).toFixed(1);
  log(`${kind}: seeded in ${seedSeconds} s: ${JSON.stringify(rowCounts)}`);

  const server = await startServer(
    { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    [],
    processes,
  );
  const result: DbResult = {
    db: kind,
    seedSeconds,
    counts: rowCounts,
    serverProcesses: processes,
    rssAfterStartMiB: serverRssMiB(server),
    rssAfterLoadMiB: 0,
    api: [],
  };
  try {
    log(`${kind}: ${processes} server process(es) up at ${server.origin}, RSS ${result.rssAfterStartMiB} MiB`);
    if (want('api')) result.api = await apiScenarios(kind, server.origin, data, rowCounts.jobs, processes);
    result.rssAfterLoadMiB = serverRssMiB(server);
    if (want('soak') && kind === 'pglite') {
      const options = (await (
        await fetch(`${server.origin}/core/api/jobsearch/SearchOptions`)
      ).json()) as SearchOptionsBody;
      result.soak = await soak(kind, server, options, data, rowCounts.jobs);
    }
    if (want('feed') && kind === 'postgres') result.feed = await feedImport(kind, server.origin);
  } finally {
    await server.stop();
    if (databaseUrl) {
      const pg = (await import('pg')).default;
      const admin = new pg.Client({ connectionString: pgServer!.url });
      await admin.connect();
      await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  return result;
}

// ---------------------------------------------------------------- main

async function main() {
  const started = new Date();
  const t0 = performance.now();
  const loadBefore = os.loadavg();
  log(`bench: ${JSON.stringify({ ...config, out: path.relative(root, config.out) })}`);
  const { buildIfStale } = (await import(pathToFileURL(path.join(root, 'scripts/build-if-stale.mjs')).href)) as {
    buildIfStale(o?: { force?: boolean }): void;
  };
  buildIfStale();

  const report: Report = { started, config, loadBefore, dbs: [], lighthouse: [] };

  // The Lighthouse tools are an optional install: fetched now, before any server starts, so a failed install ends
  // the run at once and the install does not overlap a measurement.
  if (want('lighthouse')) ensureBrowserTools(log);

  if (want('startup') || want('lighthouse')) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hcp-bench-demo-'));
    const { result, server } = await startup(dataDir);
    report.startup = result;
    try {
      if (want('lighthouse')) report.lighthouse = await runLighthouse(server.origin, config.lighthouseRuns, log);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  if (want('api') || want('feed') || want('soak')) {
    let pgServer: PostgresServer | null = null;
    try {
      for (const kind of config.dbs) {
        if (kind === 'postgres' && !pgServer) {
          const { ensurePostgres } = (await import(
            pathToFileURL(path.join(root, 'scripts/ensure-postgres.mjs')).href
          )) as {
            ensurePostgres(): void;
          };
          ensurePostgres();
          pgServer = await startPostgresServer();
          log(`postgres: server on port ${pgServer.port}`);
        }
        // PostgreSQL twice, each on a database of its own: one server process (as the targets were first measured)
        // and as many as `npm start` runs with DATABASE_URL.
        const runs = kind === 'postgres' ? [...new Set([1, config.pgProcesses])] : [1];
        for (const processes of runs) report.dbs.push(await benchDatabase(kind, pgServer, processes));
      }
    } finally {
      pgServer?.destroy();
    }
  }

  if (want('uploads')) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hcp-bench-uploads-'));
    try {
      report.uploads = await uploadsBench(
        async (extra, nodeArgs) => {
          const s = await startServer({ DATA_DIR: dataDir, SEED_JOBS: '0', SEED_DEMO: 'false', ...extra }, nodeArgs);
          return { ...s, alive: () => s.proc.exitCode === null && s.proc.signalCode === null };
        },
        log,
        config.quick,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  report.loadAfter = os.loadavg();
  report.totalSeconds = Math.round((performance.now() - t0) / 1000);
  // --merge: parts not run this time keep the results of the last run (docs/performance.json).
  const raw = config.out.replace(/\.md$/, '.json');
  const stamp = `${started.toISOString().slice(0, 16).replace('T', ' ')} UTC (load ${loadBefore.map((x) => x.toFixed(1)).join(' / ')})`;
  const thisRun = Object.fromEntries(
    config.parts.map((p) => [`${p}${['api', 'feed', 'soak'].includes(p) ? ` (${config.dbs.join(', ')})` : ''}`, stamp]),
  );
  if (args.includes('--merge') && existsSync(raw)) {
    const last = JSON.parse(readFileSync(raw, 'utf8')) as Report;
    if (!want('startup') && !want('lighthouse')) report.startup = last.startup;
    else if (!want('startup')) report.startup ??= last.startup;
    if (!want('lighthouse')) report.lighthouse = last.lighthouse;
    if (!want('uploads')) report.uploads = last.uploads;
    // Databases not run keep their results; a database run again keeps the parts not run this time.
    const sameRun = (a: DbResult, b: DbResult) =>
      a.db === b.db && (a.serverProcesses ?? 1) === (b.serverProcesses ?? 1);
    for (const old of last.dbs) {
      const now = report.dbs.find((d) => sameRun(d, old));
      if (!now) report.dbs.push(old);
      else {
        if (!want('api'))
          Object.assign(now, {
            api: old.api,
            rssAfterStartMiB: old.rssAfterStartMiB,
            rssAfterLoadMiB: old.rssAfterLoadMiB,
          });
        now.feed ??= old.feed;
        now.soak ??= old.soak;
      }
    }
    report.dbs.sort((a, b) => a.db.localeCompare(b.db) || (a.serverProcesses ?? 1) - (b.serverProcesses ?? 1));
    report.partRuns = { ...(last.partRuns ?? {}), ...thisRun };
    report.merged = Object.entries(report.partRuns)
      .map(([part, when]) => `${part}: ${when}`)
      .join('; ');
  } else report.partRuns = thisRun;
  writeFileSync(raw, `${JSON.stringify(report, null, 1)}\n`);
  writeReport(report, config.out);
  log(`wrote ${path.relative(root, config.out)} (${report.totalSeconds} s in all)`);
}

export type { LighthouseRow };

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
