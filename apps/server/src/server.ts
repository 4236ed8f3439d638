import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { acquireDataDirLock } from './lib/data-dir-lock.ts';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { seed } from './db/seed/index.ts';
import { EnvError, loadEnv, type Env } from './env.ts';
import { loadSecrets } from './lib/secrets.ts';
import { DEMO_LOGIN } from './modules/identity/index.ts';
import { startBackgroundJobs } from './jobs.ts';
import { makeDataDirPrivate, PRIVATE_UMASK } from './lib/private-files.ts';
import { removeStaleUploadTemps } from './lib/streamed-upload.ts';

async function main() {
  // Everything this process creates (stored files, the embedded database's files, secrets, locks) is private
  // to its user: the data dir holds SSNs, credentials and signed contracts.
  process.umask(PRIVATE_UMASK);
  let loaded: Env;
  try {
    loaded = loadEnv();
  } catch (e) {
    if (e instanceof EnvError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const dataDir = path.resolve(loaded.DATA_DIR);
  const env: Env = { ...loaded, DATA_DIR: dataDir };
  const here = path.dirname(fileURLToPath(import.meta.url));
  const webDist = env.WEB_DIST ? path.resolve(env.WEB_DIST) : path.resolve(here, '../../web/dist');

  mkdirSync(dataDir, { recursive: true });
  const pgliteDir = env.DATABASE_URL ? undefined : path.join(dataDir, 'pgdata');
  const settingUp = env.HCP_SETUP_ONLY === '1';
  if (pgliteDir && !settingUp && !existsSync(path.join(pgliteDir, 'PG_VERSION'))) await setUpInAChildProcess();
  // PGlite is single-process: the lock lets `npm run ops` refuse to open the same data dir meanwhile.
  const releaseLock = env.DATABASE_URL ? () => {} : acquireDataDirLock(dataDir);
  process.on('exit', releaseLock);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    queryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS || undefined,
    pgliteDir,
  });
  const secrets = loadSecrets(dataDir, env);
  const built = await buildApp({ env, database, secrets, webDist });
  const { app, ctx } = built;
  // Processes on other machines have data dirs of their own: they would generate other keys, and refuse this one's
  // tokens and be unable to read the fields it encrypted.
  if (env.DATABASE_URL && (!env.JWT_SECRET || !env.DATA_ENCRYPTION_KEY) && (env.HCP_WORKER ?? '1/1').startsWith('1/'))
    app.log.warn(
      `JWT_SECRET and DATA_ENCRYPTION_KEY are kept in ${path.join(dataDir, 'secrets.json')}: give every server on ` +
        'other machines using this database the same values (docs/operations.md, "Several processes and machines")',
    );
  const notPrivate = await makeDataDirPrivate(dataDir);
  if (notPrivate.length)
    app.log.warn(
      { count: notPrivate.length, entries: notPrivate.slice(0, 10) },
      'some data dir entries could not be made private (owned by another user?)',
    );

  const staleTemps = await removeStaleUploadTemps(dataDir);
  if (staleTemps) app.log.info({ count: staleTemps }, 'removed upload temp files left by an earlier process');

  // Before the first answer: every change another process commits from now on reaches this one's caches.
  await ctx.changes.listen();
  // Several processes may start at once on one database: one seeds, the others wait and then find it seeded.
  await database.exclusive(
    'seed',
    () => seed(ctx, { demo: env.SEED_DEMO, jobs: env.SEED_JOBS, randomSeed: env.SEED_RANDOM }),
    { wait: true },
  );
  if (settingUp) {
    await database.close();
    process.exit(0);
  }
  const stopJobs = startBackgroundJobs(ctx);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown: requests still open after 15 s; exiting without them');
      process.exit(1);
    }, 15_000);
    force.unref();
    // Node's close() hangs up the keep-alive connections idle at that moment and waits for the others; one whose
    // request was still being answered would then stay open after its answer until the client hung up (a minute
    // and more for keep-alive clients), leaving this process to the timer above and exit code 1.
    const hangUpIdle = setInterval(() => app.server.closeIdleConnections(), 50);
    try {
      stopJobs();
      await app.close().finally(() => clearInterval(hangUpIdle));
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const shownHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  const url = env.PUBLIC_URL ?? `http://${shownHost}:${port}`;
  // Several processes of one supervisor: the first prints the banner, the others a line each.
  const [index, count] = (env.HCP_WORKER ?? '1/1').split('/');
  if (index !== '1') {
    process.stdout.write(`  HCP portal process ${index} of ${count} is running at ${url}\n`);
    return;
  }
  const lines = [
    '',
    `  HCP portal is running at ${url}`,
    `  API docs: ${url}/core/api/docs`,
    `  Database: ${database.kind === 'pglite' ? `embedded (${path.join(dataDir, 'pgdata')})` : 'PostgreSQL server'}`,
    ...(count !== '1' ? [`  Processes: ${count} (WEB_CONCURRENCY)`] : []),
    ...(env.SEED_DEMO ? [`  Demo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`] : []),
    // The key goes in the link's #fragment, which browsers never send to a server or a proxy log.
    ...(env.DEV_OUTBOX
      ? [
          `  Mail outbox: ${url}/dev/outbox#key=${env.DEV_SECRET}`,
          `  Dev routes key (X-Dev-Secret header): ${env.DEV_SECRET}`,
        ]
      : []),
    ...(env.HCP_MODE === 'production' ? ['  Mode: production (no dev routes, no demo data)'] : []),
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

/**
 * A new embedded database is created, migrated and given its demo data by a short-lived copy of this process, which
 * then exits: that work grows PGlite's WebAssembly memory and the heap by a few hundred MiB that a process keeps once
 * it has them, so the server then starts with the memory of any later start.
 */
async function setUpInAChildProcess(): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: { ...process.env, HCP_SETUP_ONLY: '1' },
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`setting up the embedded database failed (exit code ${code})`);
}

main().catch((err: unknown) => {
  console.error('Failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
