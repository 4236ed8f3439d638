import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../context.ts';
import { openDatabase } from '../../../db/client.ts';
import { TestReceiver } from '../../../../test/webhook-receiver.ts';
import { OutboxWorker } from '../outbox/worker.ts';
import { recordEvent } from './service.ts';
import { addWebhook } from './webhooks.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'hcp-worker-kill-'));
const receiver = new TestReceiver();
afterAll(async () => {
  await receiver.stop();
  rmSync(dir, { recursive: true, force: true });
});

function ctxOf(db: AppContext['db'], dataKey: Buffer, offsetMs = 0): AppContext {
  return {
    db,
    secrets: { dataKey, jwtSecret: Buffer.alloc(0) },
    now: () => new Date(Date.now() + offsetMs),
    log: pino({ level: 'silent' }),
  } as unknown as AppContext;
}

describe('a delivery worker process killed mid-way', () => {
  it('loses nothing: after a restart and a receiver outage every event arrives (at least once, duplicates only from the killed batch)', async () => {
    const dataKey = randomBytes(32);
    const dbDir = path.join(dir, 'pgdata');
    await receiver.start();
    // Slow receiver so the kill lands in the middle of the run.
    receiver.delayMs = 40;

    // 1. Queue 40 events of 8 clinicians for one receiver.
    let database = await openDatabase({ pgliteDir: dbDir });
    const hook = await addWebhook(ctxOf(database.db, dataKey), receiver.url, null);
    receiver.secret = hook.secret;
    const ids: number[] = [];
    for (let i = 0; i < 40; i++)
      ids.push(
        await database.db.transaction((tx) =>
          recordEvent(tx, { type: 'referral.made', userId: 1 + (i % 8), payload: { i } }),
        ),
      );
    await database.close();

    // 2. A worker process starts sending; it is killed (SIGKILL) once some have arrived.
    const child = fork(path.resolve(import.meta.dirname, '../../../../test/webhook-worker-child.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, WORKER_DB_DIR: dbDir, WORKER_DATA_KEY: dataKey.toString('hex') },
      stdio: 'ignore',
    });
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    const deadline = Date.now() + 60_000;
    while (receiver.received.length < 10 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGKILL');
    await exited;
    const beforeKill = receiver.received.length;
    expect(beforeKill).toBeGreaterThanOrEqual(10);
    expect(beforeKill).toBeLessThan(40);

    // 3. The receiver goes down too; a restarted worker (this process) finds it unreachable once the dead
    //    worker's leases run out, and schedules retries.
    const port = receiver.port;
    await receiver.stop();
    const arrivedBeforeOutage = receiver.received.length;
    database = await openDatabase({ pgliteDir: dbDir });
    let offset = 61_000;
    const worker = new OutboxWorker({
      ...ctxOf(database.db, dataKey),
      now: () => new Date(Date.now() + offset),
    } as AppContext);
    const during = await worker.deliverDue();
    expect(during.sent).toBe(0);
    expect(during.retried).toBeGreaterThan(0);

    // 4. The receiver is back on the same address: the retries deliver everything.
    await receiver.start(port);
    for (let i = 0; i < 20; i++) {
      offset += 3_600_000;
      await worker.deliverDue();
    }
    await database.close();
    expect(receiver.received.length).toBeGreaterThan(arrivedBeforeOutage);

    const counts = new Map<number, number>();
    for (const r of receiver.received) counts.set(r.eventId, (counts.get(r.eventId) ?? 0) + 1);
    expect(ids.every((id) => (counts.get(id) ?? 0) >= 1)).toBe(true);
    const duplicates = [...counts.values()].reduce((n, c) => n + (c - 1), 0);
    expect(duplicates).toBeLessThanOrEqual(2);
    expect(receiver.received.every((r) => r.signatureOk)).toBe(true);
    // Per clinician, first arrivals are in event order.
    for (let u = 1; u <= 8; u++) {
      const seen: number[] = [];
      for (const r of receiver.received) if (r.userId === u && !seen.includes(r.eventId)) seen.push(r.eventId);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
    }
  }, 120_000);
});
