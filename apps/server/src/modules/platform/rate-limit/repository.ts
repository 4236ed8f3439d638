import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rateLimitHits } from '../schema.ts';

/**
 * Takes one unit of the window in a single statement: the row is created at 1 or raised by one only
 * while it is below `max`, so any number of concurrent callers on any number of processes get at most
 * `max` units between them. Answers the new count, or null when the window is used up.
 */
export async function takeHit(db: DbOrTx, key: string, windowStart: Date, max: number): Promise<number | null> {
  const rows = await db
    .insert(rateLimitHits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { count: sql`${rateLimitHits.count} + 1` },
      setWhere: sql`${rateLimitHits.count} < ${max}`,
    })
    .returning({ count: rateLimitHits.count });
  return rows[0]?.count ?? null;
}

/** Gives one unit back to the window it was taken from (never below zero). */
export async function returnHit(db: DbOrTx, key: string, windowStart: Date): Promise<void> {
  await db
    .update(rateLimitHits)
    .set({ count: sql`${rateLimitHits.count} - 1` })
    .where(and(eq(rateLimitHits.key, key), eq(rateLimitHits.windowStart, windowStart), gt(rateLimitHits.count, 0)));
}

export async function deleteOlderThan(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, before));
}
