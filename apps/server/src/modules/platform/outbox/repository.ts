import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { outboxDeliveries } from '../schema.ts';

export const OUTBOX_KINDS = ['mail', 'webhook'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];
export const OUTBOX_STATUSES = ['pending', 'sent', 'dead'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export interface NewDelivery {
  kind: OutboxKind;
  idempotencyKey: string;
  payload: Record<string, unknown>;
  orderKey?: string | null;
}

export type DeliveryRow = typeof outboxDeliveries.$inferSelect;

/** A row reserved by one worker until its lease ends. `attempts` already counts this attempt. */
export interface ClaimedDelivery {
  id: number;
  kind: OutboxKind;
  payload: Record<string, unknown>;
  attempts: number;
}

/** Inserts the deliveries whose idempotency key is new; answers the ids of those inserted. */
export async function insertDeliveries(db: DbOrTx, items: NewDelivery[]): Promise<number[]> {
  if (items.length === 0) return [];
  const rows = await db
    .insert(outboxDeliveries)
    .values(
      items.map((i) => ({
        kind: i.kind,
        idempotencyKey: i.idempotencyKey,
        payload: i.payload,
        orderKey: i.orderKey ?? null,
      })),
    )
    .onConflictDoNothing({ target: outboxDeliveries.idempotencyKey })
    .returning({ id: outboxDeliveries.id });
  return rows.map((r) => r.id);
}

/**
 * Reserves up to `limit` due rows: pending, due, not leased by a live worker, the oldest of their order
 * key, and of a kind this worker sends (with the kind's own readiness condition on the row alias `o`,
 * e.g. the webhook receiver is enabled). FOR UPDATE SKIP LOCKED lets several workers claim side by side
 * without waiting on or taking each other's rows; the lease keeps a claimed row theirs after commit.
 */
export async function claimDue(
  db: DbOrTx,
  opts: { now: Date; leaseEnd: Date; limit: number; kinds: { kind: OutboxKind; ready?: SQL }[] },
): Promise<ClaimedDelivery[]> {
  const now = opts.now.toISOString();
  const kindFilter = sql.join(
    opts.kinds.map((k) => (k.ready ? sql`(o.kind = ${k.kind} and ${k.ready})` : sql`o.kind = ${k.kind}`)),
    sql` or `,
  );
  const res = await db.execute(sql`
    with due as (
      select o.id from outbox_deliveries o
      where o.status = 'pending' and o.next_attempt_at <= ${now}
        and (o.locked_until is null or o.locked_until <= ${now})
        and (${kindFilter})
        and (o.order_key is null or not exists (
          select 1 from outbox_deliveries p
          where p.order_key = o.order_key and p.status = 'pending' and p.id < o.id))
      order by o.id
      limit ${opts.limit}
      for update of o skip locked
    )
    update outbox_deliveries w set locked_until = ${opts.leaseEnd.toISOString()}, attempts = w.attempts + 1
    from due where w.id = due.id
    returning w.id, w.kind, w.payload, w.attempts`);
  const rows = ((res as unknown as { rows?: unknown[] }).rows ?? res) as {
    id: number | string;
    kind: OutboxKind;
    payload: Record<string, unknown> | string;
    attempts: number | string;
  }[];
  return rows
    .map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as Record<string, unknown>) : r.payload,
      attempts: Number(r.attempts),
    }))
    .sort((a, b) => a.id - b.id);
}

/** Records a sent row. A worker whose lease ran out still records it: the send happened. */
export async function markSent(db: DbOrTx, id: number, at: Date, statusCode: number | null): Promise<void> {
  await db
    .update(outboxDeliveries)
    .set({ status: 'sent', sentAt: at, lockedUntil: null, lastError: null, lastStatusCode: statusCode })
    .where(and(eq(outboxDeliveries.id, id), eq(outboxDeliveries.status, 'pending')));
}

/**
 * Records a failed attempt: back to pending at `nextAttemptAt`, or dead. Only the holder of the latest
 * claim may (`attempts` is the fencing token): a late answer of a worker whose lease ran out and whose
 * row another worker claimed since changes nothing.
 */
export async function markFailed(
  db: DbOrTx,
  id: number,
  attempts: number,
  outcome: { dead: boolean; nextAttemptAt: Date; error: string; statusCode: number | null },
): Promise<void> {
  await db
    .update(outboxDeliveries)
    .set({
      status: outcome.dead ? 'dead' : 'pending',
      nextAttemptAt: outcome.nextAttemptAt,
      lockedUntil: null,
      lastError: outcome.error,
      lastStatusCode: outcome.statusCode,
    })
    .where(
      and(eq(outboxDeliveries.id, id), eq(outboxDeliveries.attempts, attempts), eq(outboxDeliveries.status, 'pending')),
    );
}

export async function listDeliveries(
  db: DbOrTx,
  opts: { statuses: readonly OutboxStatus[]; kind?: OutboxKind; limit: number },
): Promise<DeliveryRow[]> {
  const where = and(
    inArray(outboxDeliveries.status, [...opts.statuses]),
    opts.kind ? eq(outboxDeliveries.kind, opts.kind) : undefined,
  );
  return db.select().from(outboxDeliveries).where(where).orderBy(desc(outboxDeliveries.id)).limit(opts.limit);
}

export async function findDeliveries(db: DbOrTx, ids: number[]): Promise<DeliveryRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(outboxDeliveries).where(inArray(outboxDeliveries.id, ids));
}

export interface DeliveryCounts {
  kind: OutboxKind;
  status: OutboxStatus;
  n: number;
  /** Pending rows that failed at least once (waiting for a retry). */
  failing: number;
}

export async function countDeliveries(db: DbOrTx): Promise<DeliveryCounts[]> {
  return db
    .select({
      kind: sql<OutboxKind>`${outboxDeliveries.kind}`,
      status: sql<OutboxStatus>`${outboxDeliveries.status}`,
      n: sql<number>`count(*)::int`,
      failing: sql<number>`(count(*) filter (where ${outboxDeliveries.lastError} is not null))::int`,
    })
    .from(outboxDeliveries)
    .groupBy(outboxDeliveries.kind, outboxDeliveries.status);
}

/** Counts of one kind grouped by a payload field and status (e.g. webhook deliveries per receiver). */
export async function countByPayloadField(
  db: DbOrTx,
  kind: OutboxKind,
  field: string,
): Promise<{ value: string; status: OutboxStatus; n: number }[]> {
  const value = sql<string>`${outboxDeliveries.payload} ->> ${field}`;
  return (
    db
      .select({ value, status: sql<OutboxStatus>`${outboxDeliveries.status}`, n: sql<number>`count(*)::int` })
      .from(outboxDeliveries)
      .where(eq(outboxDeliveries.kind, kind))
      // By position: the field is a bound parameter, and PostgreSQL does not match two parameters as one expression.
      .groupBy(sql`1`, sql`2`)
  );
}

/**
 * Queues rows again with fresh attempts, due now: the given ids when their status is one of
 * `statuses`, or every row of those statuses (of one kind when given).
 */
export async function requeue(
  db: DbOrTx,
  target: { ids: number[] } | { all: true; kind?: OutboxKind },
  statuses: readonly OutboxStatus[],
  now: Date,
): Promise<number[]> {
  const which =
    'ids' in target
      ? inArray(outboxDeliveries.id, target.ids.length ? target.ids : [-1])
      : target.kind
        ? eq(outboxDeliveries.kind, target.kind)
        : undefined;
  const rows = await db
    .update(outboxDeliveries)
    .set({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      lockedUntil: null,
      lastError: null,
      lastStatusCode: null,
      sentAt: null,
    })
    .where(and(which, inArray(outboxDeliveries.status, [...statuses])))
    .returning({ id: outboxDeliveries.id });
  return rows.map((r) => r.id);
}
