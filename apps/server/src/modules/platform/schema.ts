import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Fixed-window counters shared by every server process on one database. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Every mail the portal sends; SMTP delivery marks sentAt. Tests and /dev/outbox read it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    kind: text('kind').notNull(),
    meta: jsonb('meta'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When SMTP accepted it (the delivery state itself is the outbox row, kind 'mail'). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_to_idx').on(sql`lower(${t.toAddress})`)],
);

/**
 * The event log: every change the agency must hear about is written here in the same transaction as
 * the change itself (modules/events/service.ts recordEvent), with one outbox delivery per subscribed
 * receiver (outbox_deliveries, kind 'webhook'). The id orders events.
 */
export const eventOutbox = pgTable(
  'event_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    /** The clinician the event is about (no FK: events outlive accounts). */
    userId: integer('user_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_outbox_user_idx').on(t.userId, t.id), index('event_outbox_type_idx').on(t.type, t.id)],
);

/** Webhook receivers registered by an operator with the CLI; the secret is AES-GCM encrypted. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    url: text('url').notNull(),
    secretEnc: text('secret_enc').notNull(),
    /** null = every event type. */
    eventTypes: jsonb('event_types').$type<string[] | null>(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('webhook_endpoints_url_ck', sql`${t.url} ~ '^https?://'`)],
);

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
