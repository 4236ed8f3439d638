/** Writes docs/performance.md from one bench run. */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApiRow, DbResult, StartupResult, config as Config } from './run.ts';
import { pinnedToolVersions } from './browser-tools.ts';
import type { LighthouseRow } from './lighthouse.ts';
import type { UploadsResult } from './uploads.ts';

export interface Report {
  started: Date;
  config: typeof Config;
  loadBefore: number[];
  loadAfter?: number[];
  totalSeconds?: number;
  startup?: StartupResult;
  dbs: DbResult[];
  lighthouse: LighthouseRow[];
  uploads?: UploadsResult;
  /** Set when some parts come from an earlier run (--merge). */
  merged?: string;
  /** When each part was measured (merged reports hold parts of several runs). */
  partRuns?: Record<string, string>;
}

const here = path.dirname(fileURLToPath(import.meta.url));

function version(cmd: string): string {
  try {
    return execFileSync('bash', ['-c', `${cmd} 2>/dev/null`], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

const f = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(n < 10 ? 2 : 1));
const load = (l?: number[]) => (l ? l.map((x) => x.toFixed(1)).join(' / ') : '–');
const mark = (ok: boolean) => (ok ? 'met' : '**not met**');

/** How a database's results are named: PostgreSQL is measured with one server process and as `npm start` runs it. */
export function dbLabel(d: Pick<DbResult, 'db' | 'serverProcesses'>): string {
  if (d.db !== 'postgres') return 'PGlite';
  const n = d.serverProcesses ?? 1;
  return n > 1 ? `PostgreSQL, ${n} server processes (npm start)` : 'PostgreSQL, one server process';
}

function apiTable(rows: ApiRow[]): string {
  const head =
    '| Scenario | conns | req/s | p50 ms | p95 ms | p99 ms | errors | ceiling req/s | ceiling p95 ms | ratio |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|';
  return [
    head,
    ...rows.map(
      (r) =>
        `| ${r.scenario} (${(r.bytes / 1024).toFixed(1)} KB ${r.encoding}) | ${r.connections} | ${r.app.reqPerSec} | ${f(r.app.p50)} | ${f(r.app.p95)} | ${f(r.app.p99)} | ${r.app.errors} | ${r.ceiling.reqPerSec} | ${f(r.ceiling.p95)} | ${(r.app.reqPerSec / Math.max(1, r.ceiling.reqPerSec)).toFixed(2)} |`,
    ),
  ].join('\n');
}

interface Target {
  what: string;
  target: string;
  measured: string;
  ok: boolean;
}

function targets(r: Report): Target[] {
  const out: Target[] = [];
  const at = (db: string, key: string, c = 32) =>
    r.dbs.find((d) => d.db === db)?.api.find((a) => a.key === key && a.connections === c);
  for (const d of r.dbs.filter((x) => x.db === 'postgres' && x.api.length)) {
    const label = dbLabel(d);
    const row32 = (key: string) => d.api.find((a) => a.key === key && a.connections === 32);
    const rep = row32('search-repeated');
    if (rep) {
      out.push({
        what: `${label}, repeated search, 32 conns: p95`,
        target: '< 25 ms',
        measured: `${f(rep.app.p95)} ms`,
        ok: rep.app.p95 < 25,
      });
      const ratio = rep.app.reqPerSec / Math.max(1, rep.ceiling.reqPerSec);
      out.push({
        what: `${label}, repeated search, 32 conns: share of the ceiling`,
        target: '>= 0.5',
        measured: ratio.toFixed(2),
        ok: ratio >= 0.5,
      });
    }
    const cold = row32('search-cold');
    if (cold)
      out.push({
        what: `${label}, cold search, 32 conns: p95`,
        target: '< 25 ms',
        measured: `${f(cold.app.p95)} ms`,
        ok: cold.app.p95 < 25,
      });
    for (const key of ['job-details', 'job-details-cold', 'dashboard-offers', 'dashboard-submissions', 'user-info']) {
      const row = row32(key);
      if (row)
        out.push({
          what: `${label}, ${row.scenario}, 32 conns: p95`,
          target: '< 15 ms',
          measured: `${f(row.app.p95)} ms`,
          ok: row.app.p95 < 15,
        });
    }
    const errors = d.api.reduce((a, x) => a + x.app.errors, 0);
    out.push({ what: `${label}, every scenario: errors`, target: '0', measured: String(errors), ok: errors === 0 });
  }
  for (const key of ['search-repeated', 'search-cold']) {
    const row = at('pglite', key);
    if (row)
      out.push({
        what: `PGlite, ${row.scenario}, 32 conns: p95`,
        target: '< 100 ms',
        measured: `${f(row.app.p95)} ms`,
        ok: row.app.p95 < 100,
      });
  }
  const pgliteOffers = at('pglite', 'dashboard-offers');
  if (pgliteOffers)
    out.push({
      what: `PGlite, ${pgliteOffers.scenario}, 32 conns: p95`,
      target: '< 50 ms',
      measured: `${f(pgliteOffers.app.p95)} ms`,
      ok: pgliteOffers.app.p95 < 50,
    });
  for (const d of r.dbs) {
    if (!d.feed) continue;
    out.push({
      what: `${dbLabel(d)}: feed import of ${d.feed.jobs.toLocaleString('en-US')} jobs`,
      target: '< 60 s',
      measured: `${d.feed.first.seconds} s`,
      ok: d.feed.first.seconds < 60,
    });
    out.push({
      what: `${dbLabel(d)}: re-import with 1% changed`,
      target: '< 10 s',
      measured: `${d.feed.again.seconds} s`,
      ok: d.feed.again.seconds < 10,
    });
    const p95 = Math.max(d.feed.searchDuringFirst.p95, d.feed.searchDuringAgain.p95);
    out.push({
      what: `${dbLabel(d)}: search p95 while importing (${d.feed.searchConnections} conns)`,
      target: '< 40 ms',
      measured: `${f(p95)} ms`,
      ok: p95 < 40,
    });
  }
  if (r.startup) {
    // The embedded server as `npm start` runs it with the default demo data: after the first start (which seeds) and
    // after a restart on the same data, once start-up is over; the peak on the way is shown beside it.
    const rss = Math.max(r.startup.rssAfterStartMiB, r.startup.rssAfterRestartMiB);
    const peak = r.startup.peakAfterStartMiB
      ? ` (peak ${r.startup.peakAfterStartMiB} / ${r.startup.peakAfterRestartMiB} MiB)`
      : '';
    out.push({
      what: 'npm start with the demo data (embedded database): RSS after start and after a restart',
      target: '< 400 MiB',
      measured: `${r.startup.rssAfterStartMiB} / ${r.startup.rssAfterRestartMiB} MiB${peak}`,
      ok: rss < 400,
    });
  }
  for (const d of r.dbs) {
    if (!d.soak) continue;
    out.push({
      what: `${dbLabel(d)}: RSS growth over the ${d.soak.minutes}-minute soak`,
      target: '< 10%',
      measured: `${d.soak.growthPercent}%`,
      ok: d.soak.growthPercent < 10,
    });
  }
  if (r.uploads) {
    const u = r.uploads;
    out.push({
      what: `Event-loop delay p99 during ${u.legit.parallel} parallel uploads of ${u.legit.pages}-page PDFs`,
      target: '< 50 ms',
      measured: `${f(u.legit.eventLoop.p99)} ms`,
      ok: u.legit.eventLoop.p99 < 50,
    });
    out.push({
      what: 'Health probes answered during two hostile PDF uploads',
      target: 'all',
      measured: `${u.hostile.probes.answered} of ${u.hostile.probes.sent}`,
      ok: u.hostile.probes.answered === u.hostile.probes.sent,
    });
    out.push({
      what: 'Server up after a huge-canvas PNG upload',
      target: 'yes',
      measured: u.hugeImage.serverUpAfter ? 'yes' : 'no',
      ok: u.hugeImage.serverUpAfter,
    });
  }
  for (const l of r.lighthouse) {
    if (l.error) {
      out.push({ what: `Lighthouse ${l.url}`, target: 'a measured load', measured: `failed (${l.error})`, ok: false });
      continue;
    }
    out.push({
      what: `Lighthouse ${l.url}: performance`,
      target: '>= 95',
      measured: String(l.score),
      ok: l.score >= 95,
    });
    out.push({
      what: `Lighthouse ${l.url}: LCP`,
      target: '< 1.5 s',
      measured: `${(l.lcpMs / 1000).toFixed(2)} s`,
      ok: l.lcpMs < 1500,
    });
    out.push({ what: `Lighthouse ${l.url}: TBT`, target: '< 100 ms', measured: `${l.tbtMs} ms`, ok: l.tbtMs < 100 });
    out.push({ what: `Lighthouse ${l.url}: CLS`, target: '< 0.05', measured: String(l.cls), ok: l.cls < 0.05 });
  }
  return out;
}

function uploadsSection(u: UploadsResult): string[] {
  const l = u.legit;
  const h = u.hostile;
  const loop = (e: UploadsResult['legit']['eventLoop'] | null) =>
    e ? `p50 ${f(e.p50)} / p99 ${f(e.p99)} / max ${f(e.max)} ms` : 'not measured (server gone)';
  return [
    '## Uploads (previews rendered while the API answers)',
    '',
    `The built server with \`--import bench/event-loop-probe.mjs\` (its own event-loop delay, \`monitorEventLoopDelay\` at 5 ms resolution: the figures include that interval); health probes \`GET /core/api/health/live\` every 25 ms, each given 2 s.`,
    '',
    '| Phase | Uploads | Answers | Upload time | Server event-loop delay | Health probes answered | Probe p99 / max ms |',
    '|---|---|---|---|---|---:|---|',
    `| ${l.parallel} parallel uploads of a ${l.pages}-page scanned PDF (${(l.pdfBytes / 2 ** 20).toFixed(1)} MB), ${l.rounds} round(s) | ${l.parallel * l.rounds} | ${Object.entries(
      l.statuses,
    )
      .map(([k, v]) => `${v}× ${k}`)
      .join(
        ', ',
      )}; ${l.previews} with a preview | p50 ${l.uploadMs.p50} ms, max ${l.uploadMs.max} ms | ${loop(l.eventLoop)} | ${l.probes.answered} of ${l.probes.sent} | ${f(l.probes.p99Ms)} / ${f(l.probes.maxMs)} |`,
    `| 2 uploads of a ${h.pdfBytes}-byte PDF painting one form 1,500 times (20 s window) | ${h.uploads} | ${Object.entries(
      h.statuses,
    )
      .map(([k, v]) => `${v}× ${k}`)
      .join(
        ', ',
      )} | ${h.uploadMs.join(' ms, ')} ms | ${loop(h.eventLoop)} | ${h.probes.answered} of ${h.probes.sent} | ${f(h.probes.p99Ms)} / ${f(h.probes.maxMs)} |`,
    `| 1 upload of a ${u.hugeImage.bytes}-byte PNG declaring 40000 × 30000 pixels | 1 | ${u.hugeImage.status} | | | server up afterwards: ${u.hugeImage.serverUpAfter ? 'yes' : '**no**'} | |`,
    '',
  ];
}

export function writeReport(r: Report, file: string): void {
  const c = r.config;
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const pg = version('$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n1)/postgres --version');
  const chromium = version('/usr/bin/chromium --version');
  const lines: string[] = [];
  lines.push('# Performance', '');
  lines.push(
    `Command: \`npm run bench${c.quick ? ' -- --quick' : ''}\` (bench/run.ts; options in its header). ${r.merged ? 'Last invocation' : 'Date'}: ${new Date(r.started).toISOString().slice(0, 16).replace('T', ' ')} UTC; ${r.totalSeconds ?? '?'} s${r.merged ? ' (that invocation)' : ' in all'}.`,
    `Machine: ${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Linux ${os.release()}, Node ${process.version}, ${pg}, ${chromium}.`,
    `Load average (1/5/15 min) before ${r.merged ? 'that invocation' : 'the run'}: ${load(r.loadBefore)}; after: ${load(r.loadAfter)}. ${
      (r.loadBefore[0] ?? 0) > 1.5
        ? 'The machine was shared with other work during the run: the numbers are a floor.'
        : ''
    }`,
    '',
    `Setup: ${c.jobs.toLocaleString('en-US')} generated jobs and ${c.clinicians.toLocaleString('en-US')} clinicians (every tenth with submissions, offers, contracts and pay periods; ${c.activeClinicians} of them signed in for the load),`,
    'the built server (`apps/server/dist/server.js`, all plugins, LOG_LEVEL=warn, FEATURE_TIMESHEETS=true): one process on PGlite; on PostgreSQL twice, each on a freshly seeded',
    `database: one process, then as \`npm start\` runs it with DATABASE_URL (the supervisor's ${c.pgProcesses ?? 1} processes, WEB_CONCURRENCY's default being the core count, sharing the port); a Node load generator`,
    `(undici, keep-alive, \`accept-encoding: br, gzip\` like a browser) in a worker thread; per run ${c.warmupSeconds} s warm-up then ${c.seconds} s measured at each of ${c.connections.join(', ')} connections.`,
    'Beside every run, the ceiling: a bare node:http server in its own process(es, as many as the app ran) answering the same status, headers and bytes as the app did for that request;',
    '*ratio* = app req/s ÷ ceiling req/s.',
    ...(r.merged ? ['', `Merged report (parts rerun with \`--merge\`), each part measured at: ${r.merged}.`] : []),
    '',
  );

  const t = targets(r);
  if (t.length) {
    lines.push('## Targets', '', '| What | Target | Measured | |', '|---|---|---:|---|');
    for (const x of t) lines.push(`| ${x.what} | ${x.target} | ${x.measured} | ${mark(x.ok)} |`);
    lines.push('');
  }

  for (const d of r.dbs) {
    lines.push(`## API on ${d.db === 'postgres' ? dbLabel(d) : 'PGlite (embedded)'}`, '');
    lines.push(
      `Data: ${Object.entries(d.counts)
        .map(([k, v]) => `${v.toLocaleString('en-US')} ${k}`)
        .join(
          ', ',
        )}; seeded in ${d.seedSeconds} s. ${d.serverProcesses && d.serverProcesses > 1 ? `${d.serverProcesses} server processes (and ${d.serverProcesses} for the ceiling); their RSS` : 'Server RSS'} after start ${d.rssAfterStartMiB} MiB, after the API runs ${d.rssAfterLoadMiB} MiB.`,
      '',
    );
    if (d.api.length) lines.push(apiTable(d.api), '');
  }
  lines.push(
    'Scenarios: *repeated search*: 300 realistic searches (60% Registered Nurse, 0-2 specialties, states, all compact states or 1-2 cities with a radius,',
    'shift filters, the four sorts), each sent once before measuring. *Cold search*: unique searches (page and page size varied too) that miss the answer',
    'caches and run the search over the in-memory index. *Job details*: anonymous; *repeated*: 5,000 random ids, each asked once before measuring',
    "(answered from the kept answer bytes); *not asked before*: ids no run asked, so every request reads the database. *Dashboard* calls: the signed-in clinicians' own rows",
    '(bearer token, live session checked on every call); the offers and submissions cards are kept per clinician under their placement version',
    '(decision 0354): the 1-connection run meets most of the 1,000 clinicians for the first time (the joins run), the later runs mostly answer from kept cards after one version read.',
    '*Login*: form login of different clinicians (argon2id verify, new session).',
    '*Shift save*: Timesheets/createShift changing an existing shift of the open pay period (each clinician their own).',
    '',
  );

  const feeds = r.dbs.filter((d) => d.feed);
  if (feeds.length) {
    lines.push('## Feed import', '');
    lines.push(
      '| Database | Run | Jobs | Seconds | Jobs/s | Inserted | Updated | Unchanged | Rejected | Search req/s meanwhile | Search p50 / p95 / p99 ms | Search errors |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|',
    );
    for (const d of feeds) {
      const x = d.feed!;
      for (const [name, run, s] of [
        ['first import', x.first, x.searchDuringFirst],
        ['re-import, 1% changed', x.again, x.searchDuringAgain],
      ] as const)
        lines.push(
          `| ${dbLabel(d)} | ${name} | ${x.jobs.toLocaleString('en-US')} | ${run.seconds} | ${Math.round(x.jobs / run.seconds)} | ${run.inserted} | ${run.updated} | ${run.unchanged} | ${run.rejected} | ${s.reqPerSec} | ${f(s.p50)} / ${f(s.p95)} / ${f(s.p99)} | ${s.errors} |`,
        );
    }
    lines.push(
      '',
      `The agency API (\`POST /core/api/agency/jobs/batch\`, ${feeds[0]!.feed!.batches} batches of ${Math.ceil(feeds[0]!.feed!.jobs / feeds[0]!.feed!.batches).toLocaleString('en-US')} jobs, one after another) into the database above (which already holds the seeded jobs);`,
      `meanwhile ${feeds[0]!.feed!.searchConnections} connections send the repeated-search mix (every batch changes jobs, so the answer caches start over after each).`,
      '',
    );
  }

  if (r.uploads) lines.push(...uploadsSection(r.uploads));

  lines.push('## Memory', '');
  if (r.startup)
    lines.push(
      `- \`npm start\` with the embedded database and the default demo data (${r.startup.jobs.toLocaleString('en-US')} Registered Nurse jobs of ${'2,000'} generated): RSS ${r.startup.rssAfterStartMiB} MiB after the first start, ${r.startup.rssAfterRestartMiB} MiB after a restart, read once start-up is over${r.startup.peakAfterStartMiB ? `; peak on the way ${r.startup.peakAfterStartMiB} / ${r.startup.peakAfterRestartMiB} MiB (V8 optimising PGlite's SQL parser for a few seconds, docs/decisions/0361)` : ''}.`,
    );
  for (const d of r.dbs)
    lines.push(
      `- ${dbLabel(d)} bench server (data above): RSS ${d.rssAfterStartMiB} MiB after start, ${d.rssAfterLoadMiB} MiB after the API runs.`,
    );
  for (const d of r.dbs) {
    if (!d.soak) continue;
    const s = d.soak;
    lines.push(
      `- Soak on ${dbLabel(d)}: ${s.minutes} min of the mixed load (searches 50%, job details 20%, dashboard calls 25%, shift saves 5%) at ${s.connections} connections:`,
      `  ${s.stats.requests.toLocaleString('en-US')} requests, ${s.stats.reqPerSec} req/s, p50/p95/p99 ${f(s.stats.p50)}/${f(s.stats.p95)}/${f(s.stats.p99)} ms, ${s.stats.errors} errors.`,
      `  RSS ${s.baselineMiB} MiB after the first tenth of the run, ${s.endMiB} MiB over the last tenth (max ${s.maxMiB} MiB): growth ${s.growthPercent}%.`,
      `  Samples (s: MiB): ${s.samples
        .filter((_, i, a) => i % Math.max(1, Math.floor(a.length / 12)) === 0 || i === a.length - 1)
        .map((x) => `${x.atSeconds}: ${x.rssMiB}`)
        .join(', ')}.`,
    );
  }
  lines.push('');

  if (r.startup) {
    lines.push(
      '## Start-up',
      '',
      `\`npm start\` (already built) to the first answered request (\`GET /core/api/health/live\` polled every 10 ms), embedded database:`,
      `- first start on an empty data directory (migrations, reference data, ${'2,000'} demo jobs, demo clinicians and their documents): ${(r.startup.firstStartMs / 1000).toFixed(2)} s`,
      `- restart on the same data: ${(r.startup.restartMs / 1000).toFixed(2)} s`,
      '',
    );
  }

  if (r.lighthouse.length) {
    lines.push(
      '## Lighthouse',
      '',
      `Lighthouse ${pinnedToolVersions().lighthouse ?? 'unknown'} (mobile emulation, simulated slow 4G and 4x CPU slowdown: its defaults), performance category,`,
      `on the \`npm start\` server with the demo data; ${r.lighthouse[0]!.runs} run(s) per page, the median score's run shown. Map tiles blocked, no host but 127.0.0.1 resolvable.`,
      '',
      '| Page | Score | FCP ms | LCP ms | TBT ms | CLS | Speed index ms | Transfer KiB | LCP element |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---|',
      ...r.lighthouse.map(
        (l) =>
          `| ${l.page} \`${l.url.replace(/\/\d+$/, '/{jobId}')}\` | ${l.score} | ${l.fcpMs} | ${l.lcpMs} | ${l.tbtMs} | ${l.cls} | ${l.speedIndexMs} | ${l.transferKiB} | \`${l.lcpElement.replace(/\|/g, '\\|')}\` |`,
      ),
      '',
      `Lighthouse's benchmark index of this machine: ${r.lighthouse[0]!.benchmarkIndex} (its CPU slowdown assumes a fast desktop, so on a slower or loaded machine TBT and LCP read high).`,
      '',
    );
  }

  const notes = path.join(here, 'notes.md');
  if (existsSync(notes)) lines.push(readFileSync(notes, 'utf8').trim(), '');
  writeFileSync(file, lines.join('\n'));
}
