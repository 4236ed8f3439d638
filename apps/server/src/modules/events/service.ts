import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { eventOutbox } from '../../db/schema/index.ts';

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
 * Writes an event to the outbox and queues one delivery per active webhook endpoint subscribed to
 * its type. Call it with the transaction of the change itself, so the event exists exactly when the
 * change does.
 */
export async function recordEvent(tx: DbOrTx, event: NewEvent): Promise<number> {
  const [row] = await tx
    .insert(eventOutbox)
    .values({ type: event.type, userId: event.userId, payload: event.payload })
    .returning({ id: eventOutbox.id });
  const id = row!.id;
  await tx.execute(sql`
    insert into webhook_deliveries (event_id, endpoint_id, user_id)
    select ${id}, e.id, ${event.userId}::integer from webhook_endpoints e
    where e.active and (e.event_types is null or e.event_types @> jsonb_build_array(${event.type}::text))`);
  return id;
}
