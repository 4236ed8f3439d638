import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auth, buildTestApp, signUp, type TestApp } from '../../../../test/build.ts';
import { TestReceiver } from '../../../../test/webhook-receiver.ts';
import { outboxDeliveries, webhookEndpoints } from '../../../db/schema/index.ts';
import { OutboxWorker } from '../outbox/worker.ts';
import { recordEvent } from './service.ts';
import { addWebhook, listFailedDeliveries, replayDeliveries, signPayload, verifySignature } from './webhooks.ts';

let t: TestApp;
/** The injected clock runs with real time plus an offset the tests move forward. */
let offset = 0;
const receiver = new TestReceiver();
let endpointId = 0;

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(Date.now() + offset) });
  await receiver.start();
});
afterAll(async () => {
  await receiver.stop();
  await t.close();
});
beforeEach(async () => {
  // A fresh endpoint per test; older ones are switched off.
  await t.ctx.db.update(webhookEndpoints).set({ active: false });
  const hook = await addWebhook(t.ctx, receiver.url, null);
  endpointId = hook.id;
  receiver.secret = hook.secret;
  receiver.received = [];
  receiver.mode = 'ok';
});

const advance = (ms: number) => {
  offset += ms;
};

async function makeEvents(perUser: number, users: number): Promise<{ ids: number[]; byUser: Map<number, number[]> }> {
  const ids: number[] = [];
  const byUser = new Map<number, number[]>();
  for (let u = 0; u < users; u++) {
    const userId = 100_000 + Math.floor(Math.random() * 1_000_000);
    for (let i = 0; i < perUser; i++) {
      const id = await t.ctx.db.transaction((tx) =>
        recordEvent(tx, { type: 'referral.made', userId, payload: { n: i } }),
      );
      ids.push(id);
      byUser.set(userId, [...(byUser.get(userId) ?? []), id]);
    }
  }
  return { ids, byUser };
}

/** The outbox rows of webhook deliveries to one endpoint. */
const webhookRow = (endpoint: number) =>
  sql`${outboxDeliveries.kind} = 'webhook' and ${outboxDeliveries.payload} ->> 'endpointId' = ${String(endpoint)}`;

function countsById() {
  const m = new Map<number, number>();
  for (const r of receiver.received) m.set(r.eventId, (m.get(r.eventId) ?? 0) + 1);
  return m;
}

async function drainAll(worker: OutboxWorker, rounds = 30) {
  for (let i = 0; i < rounds; i++) {
    await worker.deliverDue();
    const [row] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outboxDeliveries)
      .where(sql`${webhookRow(endpointId)} and ${outboxDeliveries.status} = 'pending'`);
    if (row!.n === 0) return;
    advance(3_600_000);
  }
}

describe('webhook signatures', () => {
  it('signs the timestamp and body with HMAC-SHA256', () => {
    const header = signPayload('whsec_x', '{"a":1}', 1_700_000_000);
    expect(header).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature('whsec_x', '{"a":1}', header, 1_700_000_100)).toBe(true);
    expect(verifySignature('whsec_x', '{"a":2}', header, 1_700_000_100)).toBe(false);
    expect(verifySignature('whsec_y', '{"a":1}', header, 1_700_000_100)).toBe(false);
    expect(verifySignature('whsec_x', '{"a":1}', header, 1_700_001_000)).toBe(false);
  });
});

describe('webhook delivery', () => {
  it('delivers the events of real changes, signed, once each', async () => {
    const u = await signUp(t);
    const r = await t.app.inject({
      method: 'POST',
      url: '/core/api/HcpReferral/saveReferral',
      headers: auth(u.token),
      payload: { FirstName: 'A', LastName: 'B', PhoneNumber: '5125550100', DisciplineId: 13 },
    });
    expect(r.statusCode).toBe(200);
    await new OutboxWorker(t.ctx).deliverDue();
    const mine = receiver.received.filter((x) => x.userId === u.userId);
    expect(mine.map((x) => x.type)).toEqual(['clinician.signed_up', 'referral.made']);
    expect(mine.every((x) => x.signatureOk)).toBe(true);
  });

  it('keeps per-clinician order across retries', async () => {
    const { byUser } = await makeEvents(4, 3);
    const [first] = [...byUser.values()][0]!;
    receiver.failOnce.add(first!);
    await drainAll(new OutboxWorker(t.ctx));
    for (const [userId, ids] of byUser) {
      expect(receiver.received.filter((x) => x.userId === userId).map((x) => x.eventId)).toEqual(ids);
    }
    expect([...countsById().values()].every((n) => n === 1)).toBe(true);
  });

  it('survives a receiver outage and a stopped worker: every event arrives exactly once', async () => {
    const { ids } = await makeEvents(5, 6);
    const worker = new OutboxWorker(t.ctx, { batchSize: 4 });
    // Some go through, then the receiver goes away entirely (connection refused).
    const firstBatch = await worker.claim(4);
    for (const c of firstBatch) await worker.send(c);
    const port = receiver.port;
    await receiver.stop();
    await worker.deliverDue(3);
    // A worker claims a batch and dies before sending (its lease is left behind).
    advance(3_600_000);
    const orphaned = await new OutboxWorker(t.ctx, { leaseMs: 60_000 }).claim(5);
    expect(orphaned.length).toBeGreaterThan(0);
    // The receiver comes back on the same address; a new worker (a restarted process) carries on.
    await receiver.start(port);
    advance(61_000);
    await drainAll(new OutboxWorker(t.ctx));
    const counts = countsById();
    expect(ids.every((id) => counts.get(id) === 1)).toBe(true);
    expect(receiver.received.every((r) => r.signatureOk)).toBe(true);
  });

  it('two workers side by side deliver each event once', async () => {
    const { ids } = await makeEvents(3, 10);
    const a = new OutboxWorker(t.ctx, { batchSize: 5 });
    const b = new OutboxWorker(t.ctx, { batchSize: 5 });
    for (let i = 0; i < 10; i++) await Promise.all([a.deliverDue(), b.deliverDue()]);
    const counts = countsById();
    expect(ids.every((id) => counts.get(id) === 1)).toBe(true);
  });

  it('gives up after the last attempt, shows the failure and replays it', async () => {
    const { ids } = await makeEvents(1, 1);
    receiver.mode = 'fail';
    const worker = new OutboxWorker(t.ctx, { maxAttempts: 3 });
    for (let i = 0; i < 4; i++) {
      await worker.deliverDue();
      advance(3_600_000);
    }
    const failed = (await listFailedDeliveries(t.ctx)).filter((f) => f.eventId === ids[0]);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ attempts: 3, lastStatusCode: 503, lastError: 'HTTP 503' });
    receiver.mode = 'ok';
    expect(await replayDeliveries(t.ctx, [failed[0]!.id])).toBe(1);
    await worker.deliverDue();
    expect(countsById().get(ids[0]!)).toBe(1);
    const [row] = await t.ctx.db.select().from(outboxDeliveries).where(eq(outboxDeliveries.id, failed[0]!.id));
    expect(row!.status).toBe('sent');
  });
});

describe('receivers that redirect', () => {
  it('are not followed: a 3xx is a failed attempt, retried later, and the other address gets nothing', async () => {
    const redirector = createServer((_req, res) => {
      res.statusCode = 307;
      res.setHeader('location', receiver.url);
      res.end();
    });
    await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
    try {
      await t.ctx.db.update(webhookEndpoints).set({ active: false });
      const hook = await addWebhook(
        t.ctx,
        `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/hooks`,
        null,
      );
      const id = await t.ctx.db.transaction((tx) =>
        recordEvent(tx, { type: 'referral.made', userId: 424_242, payload: { n: 1 } }),
      );
      await new OutboxWorker(t.ctx).deliverDue();
      expect(receiver.received.filter((r) => r.eventId === id)).toEqual([]);
      const [row] = await t.ctx.db
        .select()
        .from(outboxDeliveries)
        .where(sql`${webhookRow(hook.id)} and ${outboxDeliveries.payload} ->> 'eventId' = ${String(id)}`);
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    } finally {
      redirector.close();
    }
  });
});
