import { and, count, desc, eq, inArray, max, ne, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { hcpCertifications } from '../schema.ts';

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
/** Advisory lock class of one clinician's certifications (the second key is the user id). */
const CERTIFICATIONS_LOCK = 18_102;

/** Serialises one clinician's certification writes until the transaction ends, so the caps hold under races. */
export async function lockCertifications(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CERTIFICATIONS_LOCK}, ${userId})`);
}

/** Bytes of the clinician's certification files, leaving out one certification (whose file is being replaced). */
export async function fileBytes(db: DbOrTx, userId: number, exceptId?: number): Promise<number> {
  const [row] = await db
    .select({ bytes: sum(hcpCertifications.fileSizeBytes) })
    .from(hcpCertifications)
    .where(
      exceptId === undefined
        ? eq(hcpCertifications.userId, userId)
        : and(eq(hcpCertifications.userId, userId), ne(hcpCertifications.id, exceptId)),
    );
  return Number(row?.bytes ?? 0);
}

/** Of these storage keys, the ones a certification still references (the orphan-file sweep asks). */
export async function referencedKeys(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: hcpCertifications.fileKey })
    .from(hcpCertifications)
    .where(inArray(hcpCertifications.fileKey, keys));
  return new Set(rows.map((r) => r.key!));
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
