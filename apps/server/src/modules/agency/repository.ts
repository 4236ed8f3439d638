import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { agencyApiKeys } from './schema.ts';

// ---- API keys
export async function insertKey(db: DbOrTx, values: typeof agencyApiKeys.$inferInsert) {
  await db.insert(agencyApiKeys).values(values);
}
export async function findKey(db: DbOrTx, id: string) {
  const [row] = await db.select().from(agencyApiKeys).where(eq(agencyApiKeys.id, id)).limit(1);
  return row;
}
export async function touchKey(db: DbOrTx, id: string, at: Date) {
  await db.update(agencyApiKeys).set({ lastUsedAt: at }).where(eq(agencyApiKeys.id, id));
}
export async function revokeKey(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(agencyApiKeys)
    .set({ revokedAt: at })
    .where(and(eq(agencyApiKeys.id, id), isNull(agencyApiKeys.revokedAt)))
    .returning({ id: agencyApiKeys.id });
  return rows.length === 1;
}
export async function listKeys(db: DbOrTx) {
  return db
    .select({
      id: agencyApiKeys.id,
      name: agencyApiKeys.name,
      scopes: agencyApiKeys.scopes,
      createdAt: agencyApiKeys.createdAt,
      revokedAt: agencyApiKeys.revokedAt,
      lastUsedAt: agencyApiKeys.lastUsedAt,
    })
    .from(agencyApiKeys)
    .orderBy(asc(agencyApiKeys.createdAt));
}
