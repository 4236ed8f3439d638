import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
