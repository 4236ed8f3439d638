/**
 * Job search benchmark (npm run bench): 100,000 generated jobs, mixed realistic queries at 32 keep-alive
 * connections, on PGlite (in process) and on PostgreSQL (through scripts/with-postgres.sh), with a bare
 * node:http server answering the same bytes as the ceiling. Writes docs/performance.md.
 *
 *   npm run bench                 both databases (PostgreSQL is started by scripts/with-postgres.sh)
 *   npm run bench -- --pglite     PGlite only
 *   npm run bench -- --pg         PostgreSQL only (needs TEST_DATABASE_URL; used by the full run)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { seedJobs, seedReference } from '../apps/server/src/db/seed/index.ts';
import { loadEnv } from '../apps/server/src/env.ts';
import { ephemeralSecrets } from '../apps/server/src/lib/secrets.ts';
import { mulberry32 } from '../apps/server/src/db/seed/generate-jobs.ts';

interface LoadJob {
  origin: string;
  paths: string[];
  connections: number;
  warmupMs: number;
  durationMs: number;
}
interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  latenciesMs: number[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
const WARMUP_MS = 2000;

interface Row {
  db: string;
  scenario: string;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  requests: number;
}

function pct(sorted: number[], p: number) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function load(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL('./load.mjs', import.meta.url), { workerData: job });
    w.once('message', (m: LoadResult) => {
      resolve(m);
      void w.terminate();
    });
    w.once('error', reject);
  });
}

/** Sends every path once (4 at a time) so a cached scenario measures the cache, not its filling. */
async function prime(origin: string, paths: string[]) {
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < paths.length) await (await fetch(`${origin}${paths[next++]}`)).arrayBuffer();
    }),
  );
}

async function measure(db: string, scenario: string, origin: string, paths: string[]): Promise<Row> {
  const r = await load({ origin, paths, connections: CONNECTIONS, warmupMs: WARMUP_MS, durationMs: DURATION_MS });
  const sorted = r.latenciesMs.sort((a, b) => a - b);
  const row: Row = {
    db,
    scenario,
    reqPerSec: Math.round(r.requests / r.seconds),
    p50: +pct(sorted, 50).toFixed(2),
    p95: +pct(sorted, 95).toFixed(2),
    p99: +pct(sorted, 99).toFixed(2),
    errors: r.errors,
    requests: r.requests,
  };
  console.log(`${db.padEnd(10)} ${scenario.padEnd(34)} ${String(row.reqPerSec).padStart(7)} req/s  p50 ${row.p50} ms  p95 ${row.p95} ms  p99 ${row.p99} ms  errors ${row.errors}`);
  return row;
}

/** Realistic searches: mostly nurses, a few specialties, states or cities with a radius, shift filters and sorts. */
function searchPaths(options: { cities: { id: string }[]; states: { id: number; isCompact: boolean }[]; disciplines: { id: number; specialtyIds: number[]; webOrder: number | null }[] }, count: number, seed: number, unique: boolean): string[] {
  const rnd = mulberry32(seed);
  const pickOne = <T,>(a: readonly T[]) => a[Math.floor(rnd() * a.length)]!;
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
      for (let s = 0; s < n; s++) p.append('cityIds', `${pickOne(options.cities).id}_${25 * (1 + Math.floor(rnd() * 8))}`);
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

async function benchDatabase(kind: 'pglite' | 'postgres'): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hcp-bench-'));
  let database: Database;
  let drop: (() => Promise<void>) | null = null;
  if (kind === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set (run through scripts/with-postgres.sh)');
    const name = `hcp_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString(), poolSize: 16 });
    drop = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    database = await openDatabase({});
  }
  const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', NODE_ENV: 'production' });
  const built = await buildApp({ env, database, secrets: ephemeralSecrets(), webDist: null, logger: false });
  const t0 = Date.now();
  await seedReference(built.ctx);
  await seedJobs(built.ctx, JOBS, 42);
  console.log(`${kind}: seeded ${JOBS} jobs in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (kind === 'postgres') await database.db.execute('analyze');
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (built.app.server.address() as { port: number }).port;
  const origin = `http://127.0.0.1:${port}`;
  const options = (await (await fetch(`${origin}/core/api/jobsearch/SearchOptions`)).json()) as Parameters<typeof searchPaths>[0];
  const rows: Row[] = [];
  const mixed = searchPaths(options, 300, 7, false);
  await prime(origin, mixed);
  rows.push(await measure(kind, 'search, 300 mixed queries (cached)', origin, mixed));
  rows.push(await measure(kind, 'search, unique queries (uncached)', origin, searchPaths(options, 20_000, 11, true)));
  const ids = Array.from({ length: 2000 }, (_, i) => `/core/api/jobsearch/jobDetails?jobId=${1 + ((i * 7919) % JOBS)}`);
  rows.push(await measure(kind, 'job details (random ids)', origin, ids));
  if (kind === 'pglite') {
    // The ceiling: a bare node:http server answering the bytes of one cached search.
    const body = Buffer.from(await (await fetch(`${origin}${mixed[0]}`)).arrayBuffer());
    const bare = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
    });
    bare.keepAliveTimeout = 30_000;
    await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
    const bp = (bare.address() as { port: number }).port;
    rows.push(await measure('node:http', `ceiling (same ${(body.length / 1024).toFixed(0)} KB bytes)`, `http://127.0.0.1:${bp}`, ['/']));
    await new Promise((r) => bare.close(r));
  }
  await built.app.close();
  await database.close();
  if (drop) await drop();
  rmSync(dataDir, { recursive: true, force: true });
  return rows;
}

function table(rows: Row[]): string {
  const head = '| Database | Scenario | req/s | p50 ms | p95 ms | p99 ms | errors |\n|---|---|---:|---:|---:|---:|---:|';
  return [head, ...rows.map((r) => `| ${r.db} | ${r.scenario} | ${r.reqPerSec} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} |`)].join('\n');
}

async function main() {
  const args = process.argv.slice(2);
  const resultFile = process.env.BENCH_RESULT_FILE;
  if (args.includes('--pg')) {
    const rows = await benchDatabase('postgres');
    if (resultFile) writeFileSync(resultFile, JSON.stringify(rows));
    return;
  }
  const started = new Date();
  const rows = await benchDatabase('pglite');
  if (!args.includes('--pglite')) {
    const file = path.join(os.tmpdir(), `hcp-bench-pg-${process.pid}.json`);
    const r = spawnSync('bash', [path.join(root, 'scripts/with-postgres.sh'), process.execPath, '--import', 'tsx', path.join(here, 'run.ts'), '--pg'], {
      stdio: 'inherit',
      cwd: here,
      env: { ...process.env, BENCH_RESULT_FILE: file },
    });
    if (r.status === 0) {
      rows.push(...(JSON.parse(readFileSync(file, 'utf8')) as Row[]));
      rmSync(file, { force: true });
    } else {
      console.error('The PostgreSQL run failed; only PGlite results are written.');
    }
  }
  let pgVersion: string;
  try {
    pgVersion = execFileSync('bash', ['-c', '$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n1)/postgres --version'], { encoding: 'utf8' }).trim();
  } catch {
    pgVersion = 'unknown';
  }
  const md = `# Performance

## Job search benchmark

Command: \`npm run bench\` (bench/run.ts). Date: ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC.
Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, ${pgVersion}, PGlite in process.
The machine was shared with other work while the benchmark ran, so the numbers are a floor, not a ceiling.

Setup: ${JOBS.toLocaleString('en-US')} generated jobs (the seed generator), the real app (Fastify, all plugins) on 127.0.0.1,
a Node load generator (undici, keep-alive) in a worker thread with ${CONNECTIONS} connections, ${WARMUP_MS / 1000} s warm-up then ${DURATION_MS / 1000} s measured per scenario.

- *search, 300 mixed queries (cached)*: 300 realistic searches (60% Registered Nurse, 0-2 specialties, states, all compact states or
  1-2 cities with a radius, shift filters, the four sorts), each sent once before measuring; then served from the response cache.
- *search, unique queries (uncached)*: 20,000 searches with varied page and page size, so nearly every request misses the response
  cache and runs the search (matching and sorting over the in-memory search index of the profession, cards built from it).
- *job details*: random job ids (one query with joins).
- *ceiling*: a bare node:http server answering the same bytes as one cached search: the most this machine and load generator can do.

${table(rows)}

Goal: p95 under 25 ms on PostgreSQL at 32 connections for the mixed search.
`;
  writeFileSync(path.join(root, 'docs/performance.md'), md);
  console.log('\nWrote docs/performance.md');
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
