import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { eventOutbox, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { decryptField } from '../../lib/crypto.ts';
import { signPayload } from './webhooks.ts';

export interface DeliveryOptions {
  /** How long a claimed delivery is reserved for this worker (longer than a request may take). */
  leaseMs?: number;
  timeoutMs?: number;
  maxAttempts?: number;
  batchSize?: number;
}

/** Retry n waits 10 s x 2^(n-1), at most an hour: 10 s, 20 s, 40 s, ... about 17 hours over 12 attempts. */
export function backoffMs(attempts: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

interface Claimed {
  id: number;
  event_id: number;
  endpoint_id: number;
  attempts: number;
}

/**
 * The webhook delivery worker. A pass claims due deliveries with FOR UPDATE SKIP LOCKED and a lease
 * (so several processes on one PostgreSQL never send the same delivery at once), sends them signed,
 * and records the outcome. Per clinician and endpoint, a delivery waits while an earlier one is
 * pending, so events arrive in order. A crash mid-way leaves the lease to expire: at-least-once.
 */
export class WebhookWorker {
  private readonly leaseMs: number;
  private readonly timeoutMs: number;
  private readonly maxAttempts: number;
  private readonly batchSize: number;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly ctx: AppContext,
    opts: DeliveryOptions = {},
  ) {
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.maxAttempts = opts.maxAttempts ?? 12;
    this.batchSize = opts.batchSize ?? 50;
  }

  /** Reserves up to `limit` due deliveries for this worker. */
  async claim(limit = this.batchSize): Promise<Claimed[]> {
    const now = this.ctx.now();
    const leaseEnd = new Date(now.getTime() + this.leaseMs);
    const res = await this.ctx.db.execute(sql`
      with due as (
        select d.id from webhook_deliveries d
        join webhook_endpoints e on e.id = d.endpoint_id and e.active
        where d.status = 'pending' and d.next_attempt_at <= ${now.toISOString()}
          and (d.locked_until is null or d.locked_until <= ${now.toISOString()})
          and not exists (
            select 1 from webhook_deliveries p
            where p.endpoint_id = d.endpoint_id and p.user_id = d.user_id
              and p.status = 'pending' and p.event_id < d.event_id)
        order by d.event_id
        limit ${limit}
        for update of d skip locked
      )
      update webhook_deliveries w set locked_until = ${leaseEnd.toISOString()}, attempts = w.attempts + 1
      from due where w.id = due.id
      returning w.id, w.event_id, w.endpoint_id, w.attempts`);
    const rows = ((res as unknown as { rows?: Claimed[] }).rows ?? (res as unknown as Claimed[])) as Claimed[];
    return rows.map((r) => ({
      id: Number(r.id),
      event_id: Number(r.event_id),
      endpoint_id: Number(r.endpoint_id),
      attempts: Number(r.attempts),
    }));
  }

  /** Sends one claimed delivery and records the outcome. */
  async send(c: Claimed): Promise<'delivered' | 'retry' | 'failed'> {
    const [event] = await this.ctx.db.select().from(eventOutbox).where(eq(eventOutbox.id, c.event_id)).limit(1);
    const [endpoint] = await this.ctx.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, c.endpoint_id))
      .limit(1);
    if (!event || !endpoint) {
      await this.ctx.db
        .update(webhookDeliveries)
        .set({ status: 'failed', lastError: 'event or endpoint missing', lockedUntil: null })
        .where(eq(webhookDeliveries.id, c.id));
      return 'failed';
    }
    const body = JSON.stringify({
      id: event.id,
      type: event.type,
      occurredAt: event.createdAt.toISOString(),
      userId: event.userId,
      data: event.payload,
    });
    const t = Math.floor(this.ctx.now().getTime() / 1000);
    let status: number | null = null;
    let error: string | null = null;
    try {
      const secret = decryptField(this.ctx.secrets.dataKey, endpoint.secretEnc);
      const res = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'hcp-portal-webhooks/1',
          'x-hcp-event-id': String(event.id),
          'x-hcp-event-type': event.type,
          'x-hcp-delivery-id': String(c.id),
          'x-hcp-delivery-attempt': String(c.attempts),
          'x-hcp-signature': signPayload(secret, body, t),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = res.status;
      await res.body?.cancel().catch(() => {});
      if (status < 200 || status >= 300) error = `HTTP ${status}`;
    } catch (e) {
      error = e instanceof Error ? `${e.name}: ${e.message}`.slice(0, 500) : 'request failed';
    }
    const now = this.ctx.now();
    if (!error) {
      await this.ctx.db
        .update(webhookDeliveries)
        .set({ status: 'delivered', deliveredAt: now, lockedUntil: null, lastStatusCode: status, lastError: null })
        .where(eq(webhookDeliveries.id, c.id));
      return 'delivered';
    }
    const dead = c.attempts >= this.maxAttempts;
    await this.ctx.db
      .update(webhookDeliveries)
      .set({
        status: dead ? 'failed' : 'pending',
        nextAttemptAt: new Date(now.getTime() + backoffMs(c.attempts)),
        lockedUntil: null,
        lastStatusCode: status,
        lastError: error,
      })
      .where(eq(webhookDeliveries.id, c.id));
    return dead ? 'failed' : 'retry';
  }

  /** One pass: claim and send until nothing is due. Overlapping calls share the running pass. */
  async deliverDue(maxRounds = 100): Promise<{ delivered: number; retried: number; failed: number }> {
    if (this.running) await this.running;
    const totals = { delivered: 0, retried: 0, failed: 0 };
    const run = (async () => {
      for (let round = 0; round < maxRounds; round++) {
        const claimed = await this.claim();
        if (claimed.length === 0) break;
        // Different clinicians in parallel (a claim holds at most one delivery per clinician and endpoint).
        const results = await Promise.all(claimed.map((c) => this.send(c)));
        for (const r of results) totals[r === 'delivered' ? 'delivered' : r === 'retry' ? 'retried' : 'failed']++;
        if (results.every((r) => r !== 'delivered')) break;
      }
    })();
    this.running = run;
    try {
      await run;
    } finally {
      this.running = null;
    }
    return totals;
  }
}

const workers = new WeakMap<AppContext, WebhookWorker>();
/** The worker of one app context (the background task reuses it so passes never overlap). */
export function webhookWorker(ctx: AppContext): WebhookWorker {
  let w = workers.get(ctx);
  if (!w) {
    w = new WebhookWorker(ctx);
    workers.set(ctx, w);
  }
  return w;
}
