import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FacilityRow, JobResults, JobRow } from '@hcp/contracts';
import type { AppContext } from '../src/context.ts';
import { openDatabase, shippedMigrations, type Database } from '../src/db/client.ts';
import { createApiKey } from '../src/modules/agency/index.ts';
import { LIMITS } from '../src/modules/platform/rate-limit/service.ts';
import { addWebhook } from '../src/modules/platform/index.ts';
import { runCli } from '../src/ops/cli.ts';
import { facilityRow, jobRow } from './agency-factories.ts';
import { startPostgresServer, type PostgresServer } from './postgres-server.ts';
import { SmtpSink, until } from './smtp-sink.ts';
import { startServer, type ServerProcess } from './spawn-server.ts';
import { TestReceiver } from './webhook-receiver.ts';
import { startS3Server, type S3TestServer } from './s3-server.ts';
import { pdfBytes } from './dropbox-factories.ts';

/**
 * Two real server processes (nodes A and B: src/server.ts as `npm start` runs it, each with a data dir of its own,
 * as on two machines) on one PostgreSQL server, started at the same moment. What one node commits, the other serves:
 * job changes reach the other's search and job details within a second (the change feed), a login lockout is one for
 * both, every mail and webhook call goes out exactly once with both outbox workers running, a logout on one is a
 * logout on both, and a file stored through one (in one S3 bucket, served by a local S3-protocol server) is read
 * through the other. Last, `npm start`'s supervisor with WEB_CONCURRENCY=2 runs two processes that both answer.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const supervisorUrl = pathToFileURL(path.resolve(serverDir, '../../scripts/supervisor.mjs')).href;
/** How soon a change committed through one node is served by the other. */
const PROPAGATION_MS = 1_000;
const SEEDED_JOBS = 300;

let pg: PostgresServer;
let s3: S3TestServer;
let bucket: string;
let database: Database;
const smtp = new SmtpSink();
const receiver = new TestReceiver();
const dirs: string[] = [];
let a: ServerProcess;
let b: ServerProcess;
let cluster: Awaited<ReturnType<typeof startCluster>>;
let env: Record<string, string>;
let agencyKey: string;
/** Events recorded before the webhook receiver was added (the demo seed's) have no delivery to it. */
let eventsBefore = 0;

const newDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hcp-node-'));
  dirs.push(dir);
  return dir;
};

/**
 * `npm start`'s supervisor (scripts/start.mjs asks workerCount for the number of processes) with WEB_CONCURRENCY=2,
 * running the server from its sources, on a port of its own that both processes share.
 */
async function startCluster(env: Record<string, string>) {
  const port = await new Promise<number>((resolve) => {
    const probe = http.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  const proc = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { supervise, workerCount } from ${JSON.stringify(supervisorUrl)};
       supervise({ exec: 'src/server.ts', execArgv: ['--import', 'tsx'], workers: workerCount() });`,
    ],
    {
      cwd: serverDir,
      env: { ...process.env, ...env, WEB_CONCURRENCY: '2', PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => proc.on('exit', (code) => r(code)));
  const running = until(
    () => /HCP portal is running at/.test(out) && /process 2 of 2 is running at/.test(out),
    'both server processes of the supervisor listening',
    110_000,
  );
  await Promise.race([
    running,
    exited.then((code) => Promise.reject(new Error(`supervisor exited (${code}): ${out}`))),
  ]);
  return {
    port,
    output: () => out,
    async stop() {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      return exited;
    },
  };
}

beforeAll(async () => {
  [pg, s3] = await Promise.all([startPostgresServer(), startS3Server()]);
  bucket = await s3.createBucket();
  await smtp.start();
  await receiver.start();
  env = {
    DATABASE_URL: pg.url,
    SMTP_URL: smtp.url,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    // Behind a proxy each call below comes from a client address of its own (the per-address limits stay out of it).
    TRUST_PROXY: 'true',
    SEED_DEMO: 'true',
    SEED_JOBS: String(SEEDED_JOBS),
    // Every node stores its files in the one bucket (each keeps a data dir of its own, as on separate machines).
    ...s3.env(bucket),
  };
  // Four processes at once on an empty database (A, B, and the supervisor's two on one data dir): one migrates and
  // seeds, the others wait for it and find it done.
  [a, b, cluster] = await Promise.all([
    startServer({ ...env, DATA_DIR: newDir() }),
    startServer({ ...env, DATA_DIR: newDir() }),
    // Each request a process answers is logged with its process id.
    startCluster({ ...env, DATA_DIR: newDir(), LOG_LEVEL: 'info' }),
  ]);
  database = await openDatabase({ databaseUrl: pg.url, poolSize: 2 });
  const ctx = {
    db: database.db,
    secrets: { dataKey: Buffer.from(env.DATA_ENCRYPTION_KEY!, 'hex') },
  } as unknown as AppContext;
  const { last } = await one<{ last: number }>(sql`select coalesce(max(id), 0)::int as last from event_outbox`);
  eventsBefore = last;
  // As `npm run ops -- webhooks:add` and `keys:create` do.
  receiver.secret = (await addWebhook(ctx, receiver.url, null)).secret;
  agencyKey = (await createApiKey(database.db, 'ATS', ['jobs:read', 'jobs:write'])).key;
}, 150_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop(), cluster?.stop()]);
  await database?.close();
  await receiver.stop();
  await smtp.stop();
  pg?.destroy();
  await s3?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

let client = 0;
/** One call to a node, from a client address of its own. */
async function call(
  node: ServerProcess,
  method: string,
  url: string,
  opts: { json?: unknown; form?: Record<string, string>; token?: string } = {},
) {
  const headers: Record<string, string> = { 'x-forwarded-for': `203.0.113.${(client++ % 250) + 1}` };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  }
  const res = await fetch(`${node.url}/core/api/${url}`, { method, headers, body });
  return { status: res.status, text: await res.text() };
}

async function ok(node: ServerProcess, method: string, url: string, opts: Parameters<typeof call>[3] = {}) {
  const res = await call(node, method, url, opts);
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${res.text}`);
  return res.text;
}

let people = 0;
async function signUp(node: ServerProcess) {
  const email = `node.${++people}.${randomBytes(3).toString('hex')}@example.com`;
  const password = 'Two-Nodes-Harbor-7';
  const token = await ok(node, 'POST', 'auth/HcpSignUp', {
    json: {
      EmailAddress: email,
      PhoneNumber: '5125550100',
      FirstName: 'Two',
      LastName: `Nodes${people}`,
      ProfessionId: 13,
      WebPassword: password,
    },
  });
  return { email, password, token };
}

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0]!;

/**
 * Asks `node` again and again until `check` holds of its answer, failing once `deadline` has passed (no sleeps:
 * each ask waits for the answer before the next). Answers how long after `since` it held.
 */
async function servedBy(node: ServerProcess, url: string, check: (body: string) => boolean, since: number) {
  for (;;) {
    const res = await call(node, 'GET', url);
    if (res.status === 200 && check(res.text)) return Date.now() - since;
    if (Date.now() - since > PROPAGATION_MS)
      throw new Error(
        `not served by ${node.url} within ${PROPAGATION_MS} ms: ${url} answered ${res.text.slice(0, 300)}`,
      );
  }
}

describe('two nodes on one PostgreSQL', () => {
  it('started at the same moment: the migrations and the demo seed ran once, and both answer', async () => {
    for (const node of [a, b]) expect((await call(node, 'GET', 'health/ready')).status).toBe(200);
    expect(a.output() + b.output() + cluster.output()).not.toMatch(/Failed to start|exited/);
    const { applied } = await one<{ applied: number }>(
      sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
    );
    expect(applied).toBe(shippedMigrations().length);
    const { jobs } = await one<{ jobs: number }>(sql`select count(*)::int as jobs from jobs`);
    expect(jobs).toBe(SEEDED_JOBS);
    const { demo } = await one<{ demo: number }>(
      sql`select count(*)::int as demo from users where email = 'demo.nurse@example.com'`,
    );
    expect(demo).toBe(1);
    // Either node signs the demo clinician in.
    for (const node of [a, b])
      await ok(node, 'POST', 'auth/HcpLogin', {
        form: { username: 'demo.nurse@example.com', password: 'Demo-Travel-2026' },
      });
  });

  it(`a job change committed through node A is in node B's search and job details within ${PROPAGATION_MS} ms`, async () => {
    const [pair] = await rows<{ professionId: number; specialtyId: number }>(
      sql`select profession_id as "professionId", specialty_id as "specialtyId" from jobs where is_available limit 1`,
    );
    const search = `jobsearch/jobs?disciplineId=${pair!.professionId}&specialtyIds=${pair!.specialtyId}&pageSize=100`;
    const results = (body: string) => JSON.parse(body) as JobResults;
    const run = randomBytes(3).toString('hex');
    const facility: FacilityRow = facilityRow({ externalId: `FAC-${run}`, name: `Two Nodes Hospital ${run}` });
    const job: JobRow = jobRow(pair!, { externalId: `JOB-${run}`, facilityExternalId: facility.externalId });
    const listed = (body: string) => results(body).jobList.find((j) => j.hospitalName === facility.name);
    // Both nodes have their index and answers cached before the change.
    for (const node of [a, b]) expect(listed(await ok(node, 'GET', search))).toBeUndefined();
    const key = { token: agencyKey };
    const timings: Record<string, number> = {};

    // The agency's jobs feed, through A.
    await ok(a, 'POST', 'agency/jobs/batch', { ...key, json: { facilities: [facility], jobs: [job] } });
    timings.feed = await servedBy(b, search, (body) => listed(body) !== undefined, Date.now());
    const jobId = listed(await ok(b, 'GET', search))!.jobId;
    const details = `jobsearch/jobDetails?jobId=${jobId}`;
    const pay = (body: string) => (JSON.parse(body) as { hourlyRate: number }).hourlyRate;
    expect(pay(await ok(b, 'GET', details))).toBe(job.hourlyRate);

    // One job upserted through A: B's cached details and search follow.
    const gross = listed(await ok(b, 'GET', search))!.grossWeeklyPay;
    const raised = { ...job, hourlyRate: 30, regularPayPerWeek: 1080 };
    let since = Date.now();
    await ok(a, 'PUT', `agency/jobs/${job.externalId}`, { ...key, json: { job: raised } });
    timings.upsert = await servedBy(b, details, (body) => pay(body) === 30, since);
    await servedBy(b, search, (body) => listed(body)!.grossWeeklyPay > gross, since);

    // The operator's CLI (a process of its own that never serves) imports a change: both nodes follow.
    const file = path.join(newDir(), 'feed.json');
    writeFileSync(file, JSON.stringify({ jobs: [{ ...raised, positions: 7 }] }));
    const out: string[] = [];
    const code = await runCli(['jobs:import', file], {
      out: (l) => out.push(l),
      err: (l) => out.push(l),
      env: { ...env, DATA_DIR: newDir(), LOG_LEVEL: 'silent' },
    });
    expect(code, out.join('\n')).toBe(0);
    // From the CLI's end (it committed a little before).
    since = Date.now();
    for (const node of [a, b]) await servedBy(node, search, (body) => listed(body)?.availablePositions === 7, since);
    timings.cli = Date.now() - since;

    // Closed through B: gone from A's search.
    since = Date.now();
    await ok(b, 'POST', `agency/jobs/${job.externalId}/close`, key);
    timings.close = await servedBy(a, search, (body) => listed(body) === undefined, since);
    console.log(`change feed: committed on one node, served by the other after (ms) ${JSON.stringify(timings)}`);
  }, 30_000);

  it(`one login lockout for both nodes: ${LIMITS.loginFailuresPerAccount.max} wrong passwords spread over A and B lock the account on both`, async () => {
    const limit = LIMITS.loginFailuresPerAccount;
    const windowOf = () => Math.floor(Date.now() / (limit.windowSeconds * 1000));
    // The windows are fixed: should one end during the attempt, the count starts over and the attempt is made again.
    for (let attempt = 0; ; attempt++) {
      const started = windowOf();
      const who = await signUp(a);
      const login = (node: ServerProcess, password: string) =>
        call(node, 'POST', 'auth/HcpLogin', { form: { username: who.email, password } });
      try {
        for (let i = 0; i < limit.max; i++) expect((await login(i % 2 ? b : a, `Wrong-Guess-${i}`)).status).toBe(401);
        for (const node of [a, b]) {
          expect((await login(node, 'Wrong-Guess-again')).status).toBe(429);
          // Even the right password waits, on either node.
          const right = await login(node, who.password);
          expect(right.status).toBe(429);
          expect(JSON.parse(right.text)).toMatchObject({ code: 'rate_limited' });
        }
        return;
      } catch (e) {
        if (attempt > 0 || windowOf() === started) throw e;
      }
    }
  });

  it('a logout through A ends the session on B at once; a password change through B ends the others on A', async () => {
    const who = await signUp(a);
    for (const node of [a, b]) expect((await call(node, 'GET', 'HcpApiUser/userInfo', who)).status).toBe(200);
    expect((await call(a, 'POST', 'auth/Logout', who)).status).toBe(204);
    for (const node of [b, a]) expect((await call(node, 'GET', 'HcpApiUser/userInfo', who)).status).toBe(401);

    // Two sessions of one clinician, one signed in on each node: a reset of the password through B ends both.
    const other = await signUp(b);
    const second = await ok(a, 'POST', 'auth/HcpLogin', { form: { username: other.email, password: other.password } });
    await ok(b, 'POST', 'auth/ResetPasswordRequest', { form: { webUserName: other.email } });
    // The reset mail is queued after the answer.
    let mail: { text: string } | undefined;
    await until(async () => {
      [mail] = await rows<{ text: string }>(
        sql`select text_body as text from mail_outbox where to_address = ${other.email} and kind = 'password-reset'`,
      );
      return mail !== undefined;
    }, 'the reset mail');
    const link = decodeURIComponent(/rpg=([A-Za-z0-9_%-]+)/.exec(mail!.text)![1]!);
    await ok(b, 'POST', 'auth/UpdateHcpUserPassword', {
      form: { resetGuid: link, newPassword: 'Brand-New-Lantern-9' },
    });
    for (const [node, token] of [
      [a, second],
      [b, other.token],
      [a, other.token],
    ] as const)
      expect((await call(node, 'GET', 'HcpApiUser/userInfo', { token })).status).toBe(401);
  });

  it("an offer extended or ended through A is on or off the clinician's dashboard on B at once, kept answers or not", async () => {
    const who = await signUp(b);
    const pipelineKey = { token: (await createApiKey(database.db, 'ATS pipeline', ['read', 'write'])).key };
    const { id: userId } = await one<{ id: number }>(sql`select id from users where email = ${who.email}`);
    const { id: jobId } = await one<{ id: number }>(
      sql`select id from jobs where is_available and id not in (select job_id from submissions where user_id = ${userId}) limit 1`,
    );
    const { id: submissionId } = await one<{ id: number }>(
      sql`insert into submissions (user_id, job_id) values (${userId}, ${jobId}) returning id`,
    );
    const offersOnB = async () =>
      (
        JSON.parse(
          await ok(b, 'GET', 'HcpJobOffers/getHcpDashboardOffersAndOnboardingContracts', { token: who.token }),
        ) as { submissionOffers: { submissionId: number }[] }
      ).submissionOffers.map((o) => o.submissionId);
    // Asked twice on B, so B answers from what it kept.
    expect(await offersOnB()).toEqual([]);
    expect(await offersOnB()).toEqual([]);
    await ok(a, 'POST', `agency/submissions/${submissionId}/offer`, pipelineKey);
    expect(await offersOnB()).toEqual([submissionId]);
    expect(await offersOnB()).toEqual([submissionId]);
    await ok(a, 'POST', `agency/submissions/${submissionId}/close`, { ...pipelineKey, json: { status: 'closed' } });
    expect(await offersOnB()).toEqual([]);
  });

  it('every mail and every webhook call goes out exactly once with both nodes delivering, events in order per clinician', async () => {
    // Clinicians act through both nodes at once: sign-ups, referrals, password resets.
    await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const here = i % 2 ? b : a;
        const there = i % 2 ? a : b;
        const who = await signUp(here);
        for (let r = 0; r < 3; r++)
          await ok(there, 'POST', 'HcpReferral/saveReferral', {
            token: who.token,
            json: { FirstName: `Friend${r}`, LastName: 'Referred', PhoneNumber: '5125550111', DisciplineId: 13 },
          });
        await ok(there, 'POST', 'auth/ResetPasswordRequest', { form: { webUserName: who.email } });
      }),
    );
    // Until both nodes' workers have sent everything (every row marked sent: no later pass can send it again).
    await until(
      async () => {
        const [left] = await rows<{ n: number }>(
          sql`select count(*)::int as n from outbox_deliveries where status <> 'sent'`,
        );
        return left!.n === 0;
      },
      'every delivery sent',
      30_000,
    );
    const mails = await rows<{ n: number }>(sql`select count(*)::int as n from outbox_deliveries where kind = 'mail'`);
    expect(smtp.received).toHaveLength(mails[0]!.n);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(smtp.received.length);

    const events = (
      await rows<{ id: string; userId: number | null }>(
        sql`select id, user_id as "userId" from event_outbox where id > ${eventsBefore} order by id`,
      )
    ).map((e) => ({ id: Number(e.id), userId: e.userId }));
    // A sign-up and three referrals each at least.
    expect(events.length).toBeGreaterThanOrEqual(8 * 4);
    const counts = new Map<number, number>();
    for (const r of receiver.received) counts.set(r.eventId, (counts.get(r.eventId) ?? 0) + 1);
    expect(events.filter((e) => counts.get(e.id) !== 1)).toEqual([]);
    expect(receiver.received).toHaveLength(events.length);
    expect(receiver.received.every((r) => r.signatureOk)).toBe(true);
    for (const userId of new Set(events.map((e) => e.userId)))
      expect(receiver.received.filter((r) => r.userId === userId).map((r) => r.eventId)).toEqual(
        events.filter((e) => e.userId === userId).map((e) => e.id),
      );
  }, 60_000);

  it('a file stored through node A is in the bucket and read back through node B, byte for byte', async () => {
    const who = await signUp(a);
    const bytes = pdfBytes(`two nodes ${randomBytes(4).toString('hex')}`);
    const up = JSON.parse(
      await ok(a, 'POST', 'Document/uploadDocument', {
        token: who.token,
        json: { file: bytes.toString('base64'), fileType: 'pdf' },
      }),
    ) as { filePath: string };
    await ok(a, 'POST', 'HcpCredentialsDropbox/attachDocument', {
      token: who.token,
      json: { filepath: up.filePath, documentTitle: 'RN License' },
    });
    // Not on either node's disk: in the bucket.
    const keys = (await s3.storage(bucket).list('uploads')).map((f) => f.key);
    expect(keys).toContain(up.filePath);
    const res = await fetch(
      `${b.url}/core/api/Document/getDocumentAttachment?filePath=${encodeURIComponent(up.filePath)}`,
      {
        headers: { authorization: `Bearer ${who.token}`, 'x-forwarded-for': '203.0.113.251' },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/pdf/);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    // Listed on B as well.
    const listed = await ok(b, 'GET', 'HcpCredentialsDropbox/getUploadedDropboxDocuments', { token: who.token });
    expect(listed).toContain('RN License');
  });

  it('`npm start` with WEB_CONCURRENCY=2 on DATABASE_URL runs two server processes, and both answer', async () => {
    const pids = [...cluster.output().matchAll(/server process (\d+) started \(\d of 2\)/g)].map((m) => Number(m[1]));
    expect(pids).toHaveLength(2);
    // New connections, a few at a time, until each process has answered one (the kernel hands them out).
    const answeredBy = () =>
      new Set(
        cluster
          .output()
          .split('\n')
          .filter((l) => l.includes('"request completed"'))
          .map((l) => (JSON.parse(l) as { pid: number }).pid),
      );
    for (let round = 0; answeredBy().size < 2 && round < 50; round++)
      await Promise.all(
        Array.from(
          { length: 6 },
          () =>
            new Promise<void>((resolve, reject) => {
              http
                .get({ host: '127.0.0.1', port: cluster.port, path: '/core/api/health/ready', agent: false }, (res) => {
                  if (res.statusCode !== 200) reject(new Error(`health/ready answered ${res.statusCode}`));
                  res.resume().on('end', resolve);
                })
                .on('error', reject);
            }),
        ),
      );
    expect([...answeredBy()].sort()).toEqual([...pids].sort());
    // Neither process died and was started again meanwhile.
    expect(cluster.output()).not.toMatch(/exited/);
    expect(await cluster.stop()).toBe(0);
  });
});
