import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, form, resetLinkFor, signUp, type TestApp } from '../../../../test/build.ts';
import { SmtpSink, until } from '../../../../test/smtp-sink.ts';
import { mailOutbox, outboxDeliveries } from '../../../db/schema/index.ts';
import { mailSender } from '../mail/delivery.ts';
import { listOutbox, retryDeliveries } from './service.ts';
import { OutboxWorker, outboxWorker, retryDelayMs } from './worker.ts';

/**
 * Mail through the one outbox against a real SMTP server (smtp-server in this process) that goes down
 * and comes back on the same port. The app's worker runs with a short retry delay; the tests poll with
 * a deadline instead of sleeping.
 */

let t: TestApp;
const sink = new SmtpSink();
/** The injected clock runs with real time plus an offset the tests move forward (lease expiry). */
let offset = 0;
let worker: OutboxWorker;

beforeAll(async () => {
  await sink.start();
  t = await buildTestApp({ env: { SMTP_URL: sink.url, DEV_OUTBOX: 'true' }, now: () => new Date(Date.now() + offset) });
  // The app's own worker (the one the after-commit nudge uses), with retries every few milliseconds.
  worker = outboxWorker(t.ctx, { retryBaseMs: 20, retryMaxMs: 200 });
});
afterAll(async () => {
  await sink.stop();
  await t.close();
});
beforeEach(async () => {
  sink.refuse = null;
  await sink.start(); // after a test that stopped it
  // Nothing of an earlier test may still be due.
  await worker.deliverDue();
});

async function requestReset(email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/core/api/auth/ResetPasswordRequest',
    ...form({ webUserName: email }),
  });
  expect(res.statusCode).toBe(200);
  await t.drain();
}

/** The outbox row of the newest mail of a kind to an address. */
async function outboxRowOf(email: string, kind: string) {
  const [mail] = await t.ctx.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, kind)))
    .orderBy(sql`${mailOutbox.id} desc`)
    .limit(1);
  const [row] = await t.ctx.db
    .select()
    .from(outboxDeliveries)
    .where(sql`${outboxDeliveries.kind} = 'mail' and ${outboxDeliveries.payload} ->> 'mailId' = ${String(mail!.id)}`);
  return row!;
}

async function queueMail(to: string, extra: { idempotencyKey?: string } = {}) {
  await t.ctx.db.transaction((tx) =>
    t.ctx.mailer.queue({ to, subject: 'Your timesheet', text: 'Hello', kind: 'pay-period-locked', ...extra }, tx),
  );
}

describe('mail through the outbox', () => {
  it('is sent right after the commit when SMTP is up, once, with the Message-ID fixed when it was queued', async () => {
    const u = await signUp(t);
    await requestReset(u.email);
    // No worker pass of the test: the nudge after the commit sent it.
    const got = sink.to(u.email);
    expect(got).toHaveLength(1);
    const row = await outboxRowOf(u.email, 'password-reset');
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, lastStatusCode: 250 });
    expect(got[0]!.messageId).toBe(row.payload.messageId);
    expect(got[0]!.subject).toBe('Reset your TRS password');
    const [mail] = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, Number(row.payload.mailId)));
    expect(mail!.sentAt).not.toBeNull();
  });

  it('a password reset requested while SMTP is down arrives exactly once when SMTP is back', async () => {
    const u = await signUp(t);
    await sink.stop();
    await requestReset(u.email);
    // The first attempt failed (connection refused) and is waiting for a retry, not given up.
    const failed = await outboxRowOf(u.email, 'password-reset');
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(failed.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    expect(sink.to(u.email)).toHaveLength(0);
    // More attempts fail while it stays down.
    await until(async () => {
      await worker.deliverDue();
      return (await outboxRowOf(u.email, 'password-reset')).attempts >= 3;
    }, 'a few failed attempts while SMTP is down');

    await sink.start();
    await until(async () => {
      await worker.deliverDue();
      return sink.to(u.email).length > 0;
    }, 'the reset mail after SMTP came back');
    for (let i = 0; i < 3; i++) await worker.deliverDue();
    expect(sink.to(u.email)).toHaveLength(1);
    const sent = await outboxRowOf(u.email, 'password-reset');
    expect(sent.status).toBe('sent');
    expect(sink.to(u.email)[0]!.messageId).toBe(sent.payload.messageId);
    // The mailed link is the live one: it sets the new password.
    const guid = await resetLinkFor(t, u.email);
    expect(sink.to(u.email)[0]!.raw.replace(/=\r?\n/g, '')).toContain(encodeURIComponent(guid).replace(/=/g, '=3D'));
    const reset = await t.app.inject({
      method: 'POST',
      url: '/core/api/auth/UpdateHcpUserPassword',
      ...form({ resetGuid: guid, newPassword: 'Quiet-Lantern-58' }),
    });
    expect(reset.statusCode).toBe(200);
  });

  it('a crash after the send and before it is marked: sent again once after the lease, with the same Message-ID', async () => {
    const to = `crash.${Date.now()}@example.com`;
    await queueMail(to);
    // A worker claims it and the server takes the message; then its process dies before recording it.
    const dying = new OutboxWorker(t.ctx, { leaseMs: 30_000 });
    const [claimed] = await dying.claim(10);
    expect(claimed).toMatchObject({ kind: 'mail', attempts: 1 });
    expect(await mailSender.send(t.ctx, claimed!)).toMatchObject({ ok: true });
    expect(sink.to(to)).toHaveLength(1);
    // While its lease lasts, no other worker sends it.
    await worker.deliverDue();
    expect(sink.to(to)).toHaveLength(1);
    // The lease runs out: another worker sends it once more (at least once), then never again.
    offset += 31_000;
    await worker.deliverDue();
    for (let i = 0; i < 3; i++) await worker.deliverDue();
    const copies = sink.to(to);
    expect(copies).toHaveLength(2);
    expect(copies[1]!.messageId).toBe(copies[0]!.messageId);
    const [row] = await t.ctx.db.select().from(outboxDeliveries).where(eq(outboxDeliveries.id, claimed!.id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('two workers side by side send each mail once', async () => {
    const run = Date.now();
    const addresses = Array.from({ length: 24 }, (_, i) => `pair.${run}.${i}@example.com`);
    for (const a of addresses) await queueMail(a);
    const a = new OutboxWorker(t.ctx, { batchSize: 3 });
    const b = new OutboxWorker(t.ctx, { batchSize: 3 });
    await until(async () => {
      await Promise.all([a.deliverDue(), b.deliverDue(), a.deliverDue()]);
      return addresses.every((x) => sink.to(x).length > 0);
    }, 'every mail sent');
    expect(addresses.map((x) => sink.to(x).length)).toEqual(addresses.map(() => 1));
    expect(new Set(addresses.map((x) => sink.to(x)[0]!.messageId)).size).toBe(addresses.length);
  });

  it('queueing a mail again under the same idempotency key adds and sends nothing', async () => {
    const to = `again.${Date.now()}@example.com`;
    await queueMail(to, { idempotencyKey: `pay-period-locked:${to}` });
    await queueMail(to, { idempotencyKey: `pay-period-locked:${to}` });
    await worker.deliverDue();
    expect(sink.to(to)).toHaveLength(1);
    expect(await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to))).toHaveLength(1);
  });

  it('a refusal for good is a dead letter at once (no address in the error); retried after the fix, it is sent once', async () => {
    const to = `nobody.${Date.now()}@example.com`;
    sink.refuse = { code: 550, message: '5.1.1 <%s>: Recipient address rejected: no such mailbox' };
    await queueMail(to);
    const totals = await worker.deliverDue();
    expect(totals.dead).toBe(1);
    const [dead] = (await listOutbox(t.ctx, { statuses: ['dead'], kind: 'mail', limit: 10 })).filter((r) =>
      r.what.includes(to),
    );
    expect(dead).toMatchObject({ status: 'dead', attempts: 1, lastStatusCode: 550 });
    expect(dead!.lastError).toContain('Recipient address rejected');
    expect(dead!.lastError).not.toContain(to);
    // Dead letters stay put.
    offset += 3_600_000;
    await worker.deliverDue();
    expect(sink.to(to)).toHaveLength(0);
    sink.refuse = null;
    expect(await retryDeliveries(t.ctx, { ids: [dead!.id] })).toEqual([dead!.id]);
    await worker.deliverDue();
    await worker.deliverDue();
    expect(sink.to(to)).toHaveLength(1);
  });

  it('gives up after the last attempt while SMTP stays down, and sends the dead letter once when retried', async () => {
    const to = `down.${Date.now()}@example.com`;
    await sink.stop();
    await queueMail(to);
    const impatient = new OutboxWorker(t.ctx, { maxAttempts: 3, retryBaseMs: 1, retryMaxMs: 1 });
    await until(async () => {
      await impatient.deliverDue();
      const [row] = (await listOutbox(t.ctx, { statuses: ['dead'], kind: 'mail', limit: 5 })).filter((r) =>
        r.what.includes(to),
      );
      return row !== undefined;
    }, 'the mail to become a dead letter');
    const [row] = (await listOutbox(t.ctx, { statuses: ['dead'], kind: 'mail', limit: 5 })).filter((r) =>
      r.what.includes(to),
    );
    expect(row!.attempts).toBe(3);
    await sink.start();
    expect(await retryDeliveries(t.ctx, { all: true, kind: 'mail' })).toContain(row!.id);
    await worker.deliverDue();
    await worker.deliverDue();
    expect(sink.to(to)).toHaveLength(1);
  });
});

describe('retry delays', () => {
  it('double from the base up to the cap', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(retryDelayMs(12)).toBe(3_600_000);
    expect(retryDelayMs(3, 20, 50)).toBe(50);
  });
});
