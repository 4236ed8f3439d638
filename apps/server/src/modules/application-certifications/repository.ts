import { and, count, desc, eq, inArray, max, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { hcpCertifications } from '../../db/schema/index.ts';

export async function list(db: DbOrTx, userId: number) {
  return db
    .select()
    .from(hcpCertifications)
    .where(eq(hcpCertifications.userId, userId))
    .orderBy(desc(hcpCertifications.createdOrder), desc(hcpCertifications.id));
}
export async function find(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(hcpCertifications)
    .where(and(eq(hcpCertifications.id, id), eq(hcpCertifications.userId, userId)))
    .limit(1);
  return row;
}
export async function stats(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ n: count(), maxOrder: max(hcpCertifications.createdOrder) })
    .from(hcpCertifications)
    .where(eq(hcpCertifications.userId, userId));
  return { n: Number(row?.n ?? 0), maxOrder: Number(row?.maxOrder ?? 0) };
}
export type CertValues = Omit<
  typeof hcpCertifications.$inferInsert,
  'id' | 'userId' | 'createdAt' | 'updatedAt' | 'verified'
>;
export async function insert(db: DbOrTx, userId: number, v: CertValues) {
  const [row] = await db
    .insert(hcpCertifications)
    .values({ ...v, userId })
    .returning({ id: hcpCertifications.id });
  return row!.id;
}
export async function update(db: DbOrTx, userId: number, id: number, v: Partial<CertValues>) {
  await db
    .update(hcpCertifications)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(hcpCertifications.id, id), eq(hcpCertifications.userId, userId)));
}
export async function remove(db: DbOrTx, userId: number, id: number) {
  await db.delete(hcpCertifications).where(and(eq(hcpCertifications.id, id), eq(hcpCertifications.userId, userId)));
}

/** Sets the agency's verification of the clinician's certifications; answers the ids whose flag changed. */
export async function setVerified(db: DbOrTx, userId: number, ids: number[], verified: boolean) {
  if (ids.length === 0) return [];
  const rows = await db
    .update(hcpCertifications)
    .set({ verified, updatedAt: new Date() })
    .where(
      and(
        eq(hcpCertifications.userId, userId),
        inArray(hcpCertifications.id, ids),
        ne(hcpCertifications.verified, verified),
      ),
    )
    .returning({ id: hcpCertifications.id });
  return rows.map((r) => r.id);
}
