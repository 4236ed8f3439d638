import { EVENT_TYPES } from '@hcp/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import { enqueueDeliveries } from '../outbox/queue.ts';
import * as repo from './repository.ts';

// The event types are part of the agency API's contract (the event log, the webhooks, the dev call that adds one).
export { EVENT_TYPES };
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
  const id = await repo.insertEvent(tx, { type: event.type, userId: event.userId, payload: event.payload });
  const endpointIds = await repo.activeEndpointIds(tx, event.type);
  await enqueueDeliveries(
    tx,
    endpointIds.map((endpointId) => ({
      kind: 'webhook' as const,
      idempotencyKey: `webhook:${id}:${endpointId}`,
      payload: { eventId: id, endpointId },
      orderKey: event.userId === null ? null : `webhook:${endpointId}:user:${event.userId}`,
    })),
  );
  return id;
}

/** Events after a cursor, oldest first (the agency's event feed). */
export function eventsAfter(db: DbOrTx, after: number, limit: number) {
  return repo.eventsAfter(db, after, limit);
}

/** Whether an event of this type was ever recorded for the clinician (an event that must happen once). */
export function hasEvent(db: DbOrTx, userId: number, type: EventType): Promise<boolean> {
  return repo.hasEvent(db, userId, type);
}
