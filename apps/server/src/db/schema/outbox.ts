import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The one durable outbox of everything the portal sends out (mails and webhook calls). A row is written
 * in the transaction of the change that causes it, and a worker (modules/outbox) claims due rows with
 * FOR UPDATE SKIP LOCKED and a lease, sends them, and records the outcome: sent, retried later with
 * backoff, or dead (a dead letter an operator lists and retries with `npm run ops`).
 */
export const outboxDeliveries = pgTable(
  'outbox_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** 'mail' | 'webhook': which sender handles the row. */
    kind: text('kind').notNull(),
    /** Unique per thing to send: enqueueing it again (a retried request, a replayed event) adds nothing. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** What the sender needs to find the thing (ids only, never personal data): {mailId, messageId} or {eventId, endpointId}. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Rows with the same key go out one at a time, oldest first (a clinician's events to one receiver). */
    orderKey: text('order_key'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker's lease: while in the future, no other worker takes the row. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The receiver's answer code of the last attempt (HTTP status, SMTP reply code). */
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('outbox_deliveries_idempotency_uq').on(t.idempotencyKey),
    index('outbox_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('outbox_deliveries_order_idx')
      .on(t.orderKey, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('outbox_deliveries_status_idx').on(t.status, t.kind, t.id),
    check('outbox_deliveries_kind_ck', sql`${t.kind} in ('mail','webhook')`),
    check('outbox_deliveries_status_ck', sql`${t.status} in ('pending','sent','dead')`),
  ],
);
