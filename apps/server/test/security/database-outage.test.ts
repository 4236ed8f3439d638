import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { AppContext } from '../../src/context.ts';
import { openDatabase, shippedMigrations } from '../../src/db/client.ts';
import { addWebhook } from '../../src/modules/platform/events/webhooks.ts';
import { loadEnv } from '../../src/env.ts';
import { ephemeralSecrets } from '../../src/lib/secrets.ts';
import { startPostgresServer, type PostgresServer } from '../postgres-server.ts';
import { SmtpSink, until } from '../smtp-sink.ts';
import { startServer, type ServerProcess } from '../spawn-server.ts';
import { TestReceiver } from '../webhook-receiver.ts';

/**
 * The database going away (ASVS V16.5, V13.2; API4): with PostgreSQL stopped or frozen, requests get a
 * 503 with Retry-After instead of hanging, liveness still answers, readiness says why, the process
 * stays up, and it recovers by itself when the database returns. Readiness also requires every
 * shipped migration to be applied. The outbox worker of the process lives through the outage and sends
 * what waited once the database is back.
 */

let pg: PostgresServer;
let server: ServerProcess;
let token: string;
const smtp = new SmtpSink();
const receiver = new TestReceiver();
const dataKey = randomBytes(32);
const dataDir = mkdtempSync(path.join(tmpdir(), 'hcp-outage-'));
/** A hang guard, not a timing assertion: a request still unanswered after this long is a hang. */
const HANG = 25_000;

beforeAll(async () => {
  pg = await startPostgresServer({ durable: true });
  await smtp.start();
  server = await startServer({
    DATABASE_URL: pg.url,
    DATA_DIR: dataDir,
    DATABASE_QUERY_TIMEOUT_MS: '2000',
    SMTP_URL: smtp.url,
    DATA_ENCRYPTION_KEY: dataKey.toString('hex'),
  });
  const res = await call('POST', '/core/api/auth/HcpSignUp', {
    EmailAddress: 'outage@example.com',
    PhoneNumber: '5125550100',
    FirstName: 'Out',
    LastName: 'Age',
    ProfessionId: 13,
    WebPassword: 'Steady-Harbor-42',
  });
  expect(res.status).toBe(200);
  token = res.text;
}, 120_000);

afterAll(async () => {
  try {
    pg?.thaw();
  } catch {
    // not running
  }
  await server?.stop('SIGTERM');
  await smtp.stop();
  await receiver.stop();
  pg?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(method: string, url: string, body?: unknown, auth = false) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    signal: AbortSignal.timeout(HANG),
    headers: {
      ...(auth ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined
        ? {}
        : { 'content-type': typeof body === 'string' ? 'application/x-www-form-urlencoded' : 'application/json' }),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), text: await res.text() };
}

const requests: [string, string, unknown, boolean][] = [
  ['GET', '/core/api/HcpApiUser/userInfo', undefined, true],
  ['GET', '/core/api/HcpProfileData/getProfile', undefined, true],
  ['POST', '/core/api/auth/HcpLogin', 'username=outage%40example.com&password=Steady-Harbor-42', false],
  [
    'POST',
    '/core/api/HcpPermanentAddress/permanentAddress',
    {
      country: 'United States',
      streetAddress: '1 Main St',
      city: 'Austin',
      state: 'Texas',
      zipCode: '78701',
      province: null,
      postalCode: null,
    },
    true,
  ],
  ['GET', '/core/api/Disciplines', undefined, false],
];

async function expectUnavailable() {
  for (const [method, url, body, auth] of requests) {
    const res = await call(method, url, body, auth);
    if (url === '/core/api/Disciplines' && res.status === 200) continue; // reference data is cached in memory
    expect(res.status, `${method} ${url}: ${res.text.slice(0, 200)}`).toBe(503);
    expect(JSON.parse(res.text)).toMatchObject({ status: 503, code: 'unavailable' });
    expect(Number(res.retryAfter)).toBeGreaterThan(0);
  }
  expect((await call('GET', '/core/api/health/live')).status).toBe(200);
  const ready = await call('GET', '/core/api/health/ready');
  expect(ready.status).toBe(503);
  expect(JSON.parse(ready.text)).toMatchObject({ status: 'unavailable', databaseReachable: false });
  expect(server.proc.exitCode).toBeNull();
}

async function expectRecovered() {
  // No restart: the same process reconnects by itself once the database is back.
  let ready = await call('GET', '/core/api/health/ready');
  for (let i = 0; i < 60 && ready.status !== 200; i++) {
    await new Promise((r) => setTimeout(r, 500));
    ready = await call('GET', '/core/api/health/ready');
  }
  expect(ready.status).toBe(200);
  for (const [method, url, body, auth] of requests)
    expect((await call(method, url, body, auth)).status, `${method} ${url}`).toBe(200);
}

describe('health', () => {
  it('readiness reports the database and that every shipped migration is applied', async () => {
    const res = await call('GET', '/core/api/health/ready');
    expect(res.status).toBe(200);
    const shipped = shippedMigrations();
    expect(JSON.parse(res.text)).toEqual({
      status: 'ready',
      database: 'postgres',
      databaseReachable: true,
      migrations: { applied: shipped.length, expected: shipped.length, latest: shipped.at(-1)!.tag },
    });
  });

  it('readiness is 503 while a migration of this code is missing from the database', async () => {
    const database = await openDatabase({ databaseUrl: pg.url, poolSize: 1 });
    const built = await buildApp({
      env: loadEnv({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
      database,
      secrets: ephemeralSecrets(),
      logger: false,
    });
    try {
      const last = shippedMigrations().at(-1)!;
      await database.db.execute(
        sql.raw(`update drizzle.__drizzle_migrations set created_at = 1 where created_at = ${last.when}`),
      );
      const res = await built.app.inject({ method: 'GET', url: '/core/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().migrations).toMatchObject({
        applied: shippedMigrations().length - 1,
        expected: shippedMigrations().length,
      });
      await database.db.execute(
        sql.raw(`update drizzle.__drizzle_migrations set created_at = ${last.when} where created_at = 1`),
      );
      expect((await built.app.inject({ method: 'GET', url: '/core/api/health/ready' })).statusCode).toBe(200);
    } finally {
      await built.app.close();
      await database.close();
    }
  });
});

describe('the database unreachable', () => {
  it('stopped: every request answers 503 with Retry-After, the process stays up and recovers when it returns', async () => {
    expect((await call('GET', '/core/api/HcpApiUser/userInfo', undefined, true)).status).toBe(200);
    pg.stop();
    await expectUnavailable();
    pg.start();
    await expectRecovered();
  }, 120_000);

  it('frozen (connections open, nothing answers): requests give up after the query timeout with 503, then recover', async () => {
    pg.freeze();
    try {
      await expectUnavailable();
    } finally {
      pg.thaw();
    }
    await expectRecovered();
  }, 120_000);
});

describe('the outbox through an outage', () => {
  it('the worker keeps running while the database is stopped, and sends what waited once it is back: the mail once, new events too', async () => {
    // A webhook receiver for sign-ups, registered as `npm run ops -- webhooks:add` does.
    await receiver.start();
    const database = await openDatabase({ databaseUrl: pg.url, poolSize: 1 });
    const outboxOf = async (kind: string) => {
      const res = await database.db.execute(
        sql`select status, attempts, last_error from outbox_deliveries where kind = ${kind} order by id desc limit 1`,
      );
      return (res as unknown as { rows: { status: string; attempts: number; last_error: string | null }[] }).rows[0];
    };
    try {
      const hook = await addWebhook({ db: database.db, secrets: { dataKey } } as unknown as AppContext, receiver.url, [
        'clinician.signed_up',
      ]);
      receiver.secret = hook.secret;
      // A password reset while SMTP is down: its first attempt fails and it waits for a retry.
      await smtp.stop();
      expect(
        (await call('POST', '/core/api/auth/ResetPasswordRequest', 'webUserName=outage%40example.com')).status,
      ).toBe(200);
      // Recorded as failed, not only claimed (a claim counts the attempt before the send): an attempt still
      // connecting would reach the restarted SMTP server below and then meet the stopped database.
      await until(
        async () => {
          const row = await outboxOf('mail');
          return row?.attempts === 1 && row.last_error !== null;
        },
        'a failed first attempt',
        HANG,
      );
      expect(await outboxOf('mail')).toMatchObject({ status: 'pending' });
      await smtp.start();

      // The database goes away: the worker's passes fail (logged), the process stays up.
      const logBefore = server.output().length;
      pg.stop();
      await expectUnavailable();
      await until(
        () => /"task":"outbox-delivery"/.test(server.output().slice(logBefore)),
        'a failed outbox pass in the log',
        HANG,
      );
      expect(server.proc.exitCode).toBeNull();
      pg.start();
      await expectRecovered();

      // Nothing nudges the waiting mail: the background loop sends it, once.
      await until(() => smtp.to('outage@example.com').length > 0, 'the reset mail after the outage', 60_000, 200);
      // A sign-up after the outage: its event reaches the receiver through the same loop.
      const signUp = await call('POST', '/core/api/auth/HcpSignUp', {
        EmailAddress: 'after.outage@example.com',
        PhoneNumber: '5125550100',
        FirstName: 'After',
        LastName: 'Outage',
        ProfessionId: 13,
        WebPassword: 'Steady-Harbor-42',
      });
      expect(signUp.status).toBe(200);
      await until(
        () => receiver.received.some((r) => r.type === 'clinician.signed_up'),
        'the sign-up event',
        HANG,
        100,
      );
      await until(async () => (await outboxOf('mail'))?.status === 'sent', 'the mail marked sent', HANG);
      expect(smtp.to('outage@example.com')).toHaveLength(1);
      expect(receiver.received.filter((r) => r.type === 'clinician.signed_up')).toHaveLength(1);
      expect(receiver.received[0]!.signatureOk).toBe(true);
    } finally {
      await database.close();
    }
  }, 180_000);
});
