import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyServerOptions } from 'fastify';
import type { ErrorCode } from '@hcp/contracts';
import { allErrors } from '@hcp/contracts/endpoint';
import { findEndpoint } from '@hcp/contracts/endpoints/index';
import { buildApp, type BuiltApp } from '../src/app.ts';
import type { FileWorker } from '../src/lib/file-worker/pool.ts';
import { openDatabase } from '../src/db/client.ts';
import { seedReference, seedJobs } from '../src/db/seed/index.ts';
import { loadEnv, type Env } from '../src/env.ts';
import { ephemeralSecrets } from '../src/lib/secrets.ts';
import { hashPassword } from '../src/lib/crypto.ts';
import { mailOutbox, users } from '../src/db/schema/index.ts';
import { eq, sql } from 'drizzle-orm';
import { startS3Server, type S3TestServer } from './s3-server.ts';

/** The dev routes' key of every test app (what the start banner prints for `npm start`). */
export const TEST_DEV_SECRET = randomBytes(18).toString('base64url');
/** Headers a dev-route call needs besides coming straight from loopback. */
export const devHeaders = { 'x-dev-secret': TEST_DEV_SECRET };

export interface TestApp extends BuiltApp {
  close(): Promise<void>;
  env: Env;
  /**
   * Refusals the app answered with a code its endpoint's definition does not list for that status
   * (`METHOD /path status code`): the suites that send every kind of request check it stays empty.
   */
  undeclaredRefusals: string[];
}

export interface TestAppOptions {
  /** Environment overrides; an undefined value removes a default (as an unset variable). */
  env?: Record<string, string | undefined>;
  /** Demo jobs to generate (0 = none). */
  jobs?: number;
  now?: () => Date;
  /** Fastify logger options (default: silent). */
  logger?: FastifyServerOptions['logger'];
  /** A built web app to serve (default: none). */
  webDist?: string;
  /** The file worker pool (default: the production one, started on first use). */
  files?: FileWorker;
  /**
   * Where stored files go: a local directory in the app's data dir, or a fresh bucket on an S3 server
   * (s3rver, test/s3-server.ts) through STORAGE_URL. Default: TEST_STORAGE, else local (the server-s3 test
   * project runs the upload suites with TEST_STORAGE=s3).
   */
  storage?: 'local' | 's3';
}

/** One S3 test server per test process, started with the first app that needs it, stopped with the last. */
let s3: { server: Promise<S3TestServer>; users: number } | null = null;

async function s3Storage(): Promise<{ env: Record<string, string>; release(): Promise<void> }> {
  s3 ??= { server: startS3Server(), users: 0 };
  const shared = s3;
  shared.users += 1;
  const server = await shared.server;
  const bucket = await server.createBucket();
  return {
    env: server.env(bucket, 'portal/files'),
    async release() {
      shared.users -= 1;
      if (shared.users > 0) return;
      if (s3 === shared) s3 = null;
      await server.stop();
    },
  };
}

/**
 * A fresh app on its own database: in-memory PGlite by default, or a throwaway database on the
 * PostgreSQL server named by TEST_DATABASE_URL (the CI pass), so test files never share state.
 */
export async function buildTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hcp-test-'));
  const onS3 = (opts.storage ?? (process.env.TEST_STORAGE === 's3' ? 's3' : 'local')) === 's3';
  const bucket = onS3 ? await s3Storage() : null;
  const env = loadEnv({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DEV_OUTBOX: 'true',
    DEV_SECRET: TEST_DEV_SECRET,
    ...bucket?.env,
    ...opts.env,
  });
  const throwaway = await createThrowawayDatabase();
  const databaseUrl = throwaway?.url;
  const database = await openDatabase({ databaseUrl, poolSize: 5 });
  const built = await buildApp({
    env,
    database,
    secrets: ephemeralSecrets(),
    webDist: opts.webDist ?? null,
    now: opts.now,
    logger: opts.logger ?? false,
    files: opts.files,
  });
  await seedReference(built.ctx);
  if (opts.jobs) await seedJobs(built.ctx, opts.jobs, 42);
  const undeclaredRefusals = noteUndeclaredRefusals(built);
  await built.app.ready();
  return {
    ...built,
    env,
    undeclaredRefusals,
    async close() {
      await built.drain();
      await built.app.close();
      await database.close();
      if (throwaway) await throwaway.drop();
      await bucket?.release();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Notes every refusal whose code the definition of the route that answered it does not list for its status. */
function noteUndeclaredRefusals(built: BuiltApp): string[] {
  const notes: string[] = [];
  built.app.addHook('onSend', async (request, reply, payload) => {
    const def = request.routeOptions.url ? findEndpoint(request.method, request.routeOptions.url) : undefined;
    if (!def || reply.statusCode < 400 || typeof payload !== 'string') return payload;
    let code: unknown;
    try {
      code = (JSON.parse(payload) as { code?: unknown }).code;
    } catch {
      code = undefined;
    }
    const listed = allErrors(def)[reply.statusCode as keyof ReturnType<typeof allErrors>] ?? [];
    if (!listed.includes(code as ErrorCode))
      notes.push(`${def.method} ${def.path} ${reply.statusCode} ${String(code)}`);
    return payload;
  });
  return notes;
}

let counter = 0;

/** Signs up a clinician through the API and answers their token. */
/** Signs up a new clinician; `campaign` is the sign-up call's query (the visit's utm_* parameters). */
export async function signUp(
  t: TestApp,
  overrides: Partial<Record<string, unknown>> = {},
  campaign: Record<string, string> = {},
) {
  counter += 1;
  const email = (overrides.EmailAddress as string) ?? `nurse${counter}.${randomBytes(3).toString('hex')}@example.com`;
  const password = (overrides.WebPassword as string) ?? 'Correct-Horse-42';
  const res = await t.app.inject({
    method: 'POST',
    url: '/core/api/auth/HcpSignUp',
    query: campaign,
    payload: {
      EmailAddress: email,
      PhoneNumber: '5125550100',
      FirstName: 'Test',
      LastName: `Nurse${counter}`,
      ProfessionId: 13,
      ReferralId: 121,
      WebPassword: password,
      ...overrides,
    },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const token = res.body;
  const info = await t.app.inject({ method: 'GET', url: '/core/api/HcpApiUser/userInfo', headers: auth(token) });
  void info;
  const [row] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { token, email, password, userId: row!.id };
}

/** A clinician whose application is complete (for screens that need it). */
export async function signUpComplete(t: TestApp) {
  const u = await signUp(t);
  await t.ctx.db
    .update(users)
    .set({ applicationComplete: true, eligibleForSubmission: true })
    .where(eq(users.id, u.userId));
  return u;
}

export function auth(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** An urlencoded form body for inject() (the spec's auth calls post forms). */
export function form(fields: Record<string, string>) {
  return {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

/** The spec's form login (`POST auth/HcpLogin`, urlencoded username and password). */
export function formLogin(t: TestApp, username: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/core/api/auth/HcpLogin', ...form({ username, password }) });
}

/** The spec's reset request (`POST auth/ResetPasswordRequest`, urlencoded webUserName), from a given client address. */
export function requestReset(t: TestApp, webUserName: string, remoteAddress = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/core/api/auth/ResetPasswordRequest',
    remoteAddress,
    ...form({ webUserName }),
  });
}

/** Sets a new password with a reset link's guid (`POST auth/UpdateHcpUserPassword`). */
export function resetPassword(t: TestApp, resetGuid: string, newPassword: string) {
  return t.app.inject({
    method: 'POST',
    url: '/core/api/auth/UpdateHcpUserPassword',
    ...form({ resetGuid, newPassword }),
  });
}

/** The reset token of the newest password-reset mail to an address (the outbox drained first). */
export async function resetLinkFor(t: TestApp, email: string): Promise<string> {
  await t.drain();
  const [mail] = await t.ctx.db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.toAddress}) = ${email.toLowerCase()} and ${mailOutbox.kind} = 'password-reset'`)
    .orderBy(sql`${mailOutbox.id} desc`)
    .limit(1);
  if (!mail) throw new Error(`no reset mail to ${email}`);
  return decodeURIComponent(/rpg=([A-Za-z0-9_%-]+)/.exec(mail.textBody)![1]!);
}

export { hashPassword };

/** With TEST_DATABASE_URL (the CI PostgreSQL pass), a fresh database on that server; undefined = use PGlite. */
export async function createThrowawayDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return undefined;
  const name = `hcp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
