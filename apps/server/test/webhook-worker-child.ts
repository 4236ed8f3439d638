// A delivery worker in its own process, for the kill test (delivery-restart.test.ts): it opens the
// embedded database in WORKER_DB_DIR and sends due deliveries until it is killed.
import pino from 'pino';
import { openDatabase } from '../src/db/client.ts';
import type { AppContext } from '../src/context.ts';
import { OutboxWorker } from '../src/modules/platform/outbox/worker.ts';

const database = await openDatabase({ pgliteDir: process.env.WORKER_DB_DIR! });
const ctx = {
  db: database.db,
  secrets: { dataKey: Buffer.from(process.env.WORKER_DATA_KEY!, 'hex'), jwtSecret: Buffer.alloc(0) },
  now: () => new Date(),
  log: pino({ level: 'silent' }),
} as unknown as AppContext;
const worker = new OutboxWorker(ctx, { batchSize: 2, leaseMs: 60_000 });
// Never outlive the test process.
process.on('disconnect', () => process.exit(0));
process.send?.('ready');
for (;;) {
  await worker.deliverDue(1);
  await new Promise((r) => setTimeout(r, 20));
}
