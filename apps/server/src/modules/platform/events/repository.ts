import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { eventOutbox, webhookEndpoints } from '../schema.ts';

export type EventRow = typeof eventOutbox.$inferSelect;
export type EndpointRow = typeof webhookEndpoints.$inferSelect;

// ---- the event log

export async function insertEvent(
  db: DbOrTx,
  event: { type: string; userId: number | null; payload: Record<string, unknown> },
): Promise<number> {
  const [row] = await db.insert(eventOutbox).values(event).returning({ id: eventOutbox.id });
  return row!.id;
}

export async function findEvent(db: DbOrTx, id: number): Promise<EventRow | undefined> {
  const [row] = await db.select().from(eventOutbox).where(eq(eventOutbox.id, id)).limit(1);
  return row;
}

/** The types of the given events, by id (events removed since are missing). */
export async function eventTypes(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: eventOutbox.id, type: eventOutbox.type })
    .from(eventOutbox)
    .where(inArray(eventOutbox.id, ids));
  return new Map(rows.map((r) => [r.id, r.type]));
}

export async function eventsAfter(db: DbOrTx, after: number, limit: number): Promise<EventRow[]> {
  return db.select().from(eventOutbox).where(gt(eventOutbox.id, after)).orderBy(asc(eventOutbox.id)).limit(limit);
}

export async function hasEvent(db: DbOrTx, userId: number, type: string): Promise<boolean> {
  const rows = await db
    .select({ id: eventOutbox.id })
    .from(eventOutbox)
    .where(and(eq(eventOutbox.userId, userId), eq(eventOutbox.type, type)))
    .limit(1);
  return rows.length > 0;
}

// ---- webhook receivers

/** The active receivers subscribed to an event type (null event types: every type). */
export async function activeEndpointIds(db: DbOrTx, type: string): Promise<number[]> {
  const rows = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.active, true),
        sql`(${webhookEndpoints.eventTypes} is null or ${webhookEndpoints.eventTypes} @> jsonb_build_array(${type}::text))`,
      ),
    );
  return rows.map((r) => r.id);
}

export async function findEndpoint(db: DbOrTx, id: number): Promise<EndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1);
  return row;
}

export async function insertEndpoint(
  db: DbOrTx,
  values: { url: string; secretEnc: string; eventTypes: string[] | null },
): Promise<number> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning({ id: webhookEndpoints.id });
  return row!.id;
}

export async function listEndpoints(db: DbOrTx) {
  return db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      eventTypes: webhookEndpoints.eventTypes,
      active: webhookEndpoints.active,
      createdAt: webhookEndpoints.createdAt,
    })
    .from(webhookEndpoints)
    .orderBy(asc(webhookEndpoints.id));
}

/** False when there is no such receiver. */
export async function setEndpointActive(db: DbOrTx, id: number, active: boolean): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ active })
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  return rows.length === 1;
}
