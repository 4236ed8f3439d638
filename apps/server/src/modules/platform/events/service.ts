import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { eventOutbox, webhookEndpoints } from '../schema.ts';
import { enqueueDeliveries } from '../outbox/queue.ts';

/** The events the agency hears about (docs/integration.md lists their payloads). */
export const EVENT_TYPES = [
  'clinician.signed_up',
  'application.submitted',
  'job.applied',
  'contract.signed',
  'document.uploaded',
  'timesheet.submitted',
  'referral.made',
  'reference.answered',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface NewEvent {
  type: EventType;
  userId: number | null;
  payload: Record<string, unknown>;
}

/**
 * Writes an event to the event log and queues one outbox delivery per active webhook endpoint
 * subscribed to its type. Call it with the transaction of the change itself, so the event exists
 * exactly when the change does. A clinician's deliveries to one receiver share an order key: the
 * outbox sends them one at a time, in event order.
 */
export async function recordEvent(tx: DbOrTx, event: NewEvent): Promise<number> {
  const [row] = await tx
    .insert(eventOutbox)
    .values({ type: event.type, userId: event.userId, payload: event.payload })
    .returning({ id: eventOutbox.id });
  const id = row!.id;
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.active, true),
        sql`(${webhookEndpoints.eventTypes} is null or ${webhookEndpoints.eventTypes} @> jsonb_build_array(${event.type}::text))`,
      ),
    );
  await enqueueDeliveries(
    tx,
    endpoints.map((e) => ({
      kind: 'webhook' as const,
      idempotencyKey: `webhook:${id}:${e.id}`,
      payload: { eventId: id, endpointId: e.id },
      orderKey: event.userId === null ? null : `webhook:${e.id}:user:${event.userId}`,
    })),
  );
  return id;
}

/** Events after a cursor, oldest first (the agency's event feed). */
export async function eventsAfter(db: DbOrTx, after: number, limit: number) {
  return db.select().from(eventOutbox).where(gt(eventOutbox.id, after)).orderBy(asc(eventOutbox.id)).limit(limit);
}

/** Whether an event of this type was ever recorded for the clinician (an event that must happen once). */
export async function hasEvent(db: DbOrTx, userId: number, type: EventType): Promise<boolean> {
  const rows = await db
    .select({ id: eventOutbox.id })
    .from(eventOutbox)
    .where(and(eq(eventOutbox.userId, userId), eq(eventOutbox.type, type)))
    .limit(1);
  return rows.length > 0;
}
