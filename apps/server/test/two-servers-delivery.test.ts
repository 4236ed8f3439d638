import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { addWebhook } from '../src/modules/platform/events/webhooks.ts';
import { startPostgresServer, type PostgresServer } from './postgres-server.ts';
import { SmtpSink } from './smtp-sink.ts';
import { TestReceiver } from './webhook-receiver.ts';

/**
 * Two real server processes (src/server.ts, as `npm start` runs it) on one PostgreSQL server, both
 * running the outbox worker every 2 seconds (and right after each commit that queued mail), while
 * clinicians act through both of them: every event reaches the receiver exactly once, in order per
 * clinician, and every mail reaches the SMTP server exactly once (SKIP LOCKED claims with a lease).
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dirs: string[] = [];
const children: ChildProcess[] = [];
const receiver = new TestReceiver();
const smtp = new SmtpSink();
let pg: PostgresServer | null = null;
let database: Database | null = null;

afterAll(async () => {
  for (const c of children) {
    if (c.exitCode === null) {
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGTERM');
      await exited;
    }
  }
  await database?.close();
  await receiver.stop();
  await smtp.stop();
  pg?.destroy();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function startServer(env: Record<string, string>): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hcp-two-'));
  dirs.push(dataDir);
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      SEED_JOBS: '0',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(proc);
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.on('exit', (code) => reject(new Error(`server exited early (${code}): ${out}`)));
  });
}

async function post(base: string, url: string, body: unknown, token?: string) {
  const res = await fetch(`${base}/core/api/${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text}`);
  return text;
}

describe('two server processes on one PostgreSQL', () => {
  it('deliver every event and every mail exactly once, events in order per clinician', async () => {
    pg = await startPostgresServer();
    await smtp.start();
    const dataKey = randomBytes(32);
    const env = {
      SMTP_URL: smtp.url,
      DATABASE_URL: pg.url,
      DATA_ENCRYPTION_KEY: dataKey.toString('hex'),
      JWT_SECRET: randomBytes(48).toString('base64url'),
    };
    // The first process migrates; then the receiver is registered (as `npm run ops -- webhooks:add` does).
    const a = await startServer(env);
    await receiver.start();
    receiver.delayMs = 25;
    database = await openDatabase({ databaseUrl: pg.url, poolSize: 2 });
    const ctx = { db: database.db, secrets: { dataKey, jwtSecret: new Uint8Array() } } as unknown as AppContext;
    const hook = await addWebhook(ctx, receiver.url, null);
    receiver.secret = hook.secret;
    const b = await startServer(env);

    // Clinicians sign up and refer friends through both processes at once.
    const run = randomBytes(3).toString('hex');
    const emails = Array.from({ length: 16 }, (_, i) => `two.${run}.${i}@example.com`);
    await Promise.all(
      Array.from({ length: 16 }, async (_, i) => {
        const base = i % 2 ? b : a;
        const token = await post(base, 'auth/HcpSignUp', {
          EmailAddress: emails[i],
          PhoneNumber: '5125550100',
          FirstName: 'Two',
          LastName: `Servers${i}`,
          ProfessionId: 13,
          WebPassword: 'Quiet-Harbor-7719',
        });
        for (let r = 0; r < 3; r++)
          await post(
            i % 2 ? a : b,
            'HcpReferral/saveReferral',
            {
              FirstName: `Friend${r}`,
              LastName: 'Referred',
              PhoneNumber: '5125550111',
              DisciplineId: 13,
              SpecialtyId: 0,
            },
            token,
          );
        // A password reset through the other process: its mail is queued there and nudged at once.
        await post(i % 2 ? a : b, 'auth/ResetPasswordRequest', { webUserName: emails[i] });
      }),
    );
    const expected = await database.db.execute(sql`select id, user_id from event_outbox order by id`);
    const events = (expected as unknown as { rows: { id: number | string; user_id: number }[] }).rows.map((e) => ({
      id: Number(e.id),
      userId: Number(e.user_id),
    }));
    expect(events).toHaveLength(16 * 4);

    // Both processes deliver until nothing is left to send (the reset mails are queued after the answers).
    const deadline = Date.now() + 90_000;
    for (;;) {
      const res = await database.db.execute(
        sql`select count(*)::int as n, count(*) filter (where kind = 'mail')::int as mails from outbox_deliveries where status <> 'sent'`,
      );
      const { n: left, mails } = (res as unknown as { rows: { n: number; mails: number }[] }).rows[0]!;
      const queuedMails = emails.filter((e) => smtp.to(e).length > 0).length;
      if (Number(left) === 0 && queuedMails === emails.length) break;
      if (Date.now() > deadline)
        throw new Error(`${left} deliveries (${mails} mails) still pending, ${queuedMails} mails arrived`);
      await new Promise((r) => setTimeout(r, 200));
    }
    // Every row is marked sent, so no later pass can send it again: what arrived is final.
    expect(emails.map((e) => smtp.to(e).length)).toEqual(emails.map(() => 1));
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(smtp.received.length);

    const counts = new Map<number, number>();
    for (const r of receiver.received) counts.set(r.eventId, (counts.get(r.eventId) ?? 0) + 1);
    expect(events.filter((e) => counts.get(e.id) !== 1)).toEqual([]);
    expect(receiver.received).toHaveLength(events.length);
    expect(receiver.received.every((r) => r.signatureOk)).toBe(true);
    for (const userId of new Set(events.map((e) => e.userId))) {
      const arrived = receiver.received.filter((r) => r.userId === userId).map((r) => r.eventId);
      expect(arrived).toEqual(events.filter((e) => e.userId === userId).map((e) => e.id));
    }
  }, 180_000);
});
