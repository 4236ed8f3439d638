import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { contracts, offers, signatureAudit } from '../../../db/schema/index.ts';

/** Holds the caller's contract row until the transaction ends (a sign reads its terms under this lock). */
export async function lockContract(db: DbOrTx, contractId: number, userId: number) {
  const [row] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.id, contractId), eq(contracts.userId, userId)))
    .for('update');
  return !!row;
}

/**
 * Signs a contract only if it is still waiting for a signature: the conditional update is what makes a
 * second or concurrent sign change nothing. An offer-stage contract moves to onboarding and its offer is accepted.
 */
export async function markSigned(
  db: DbOrTx,
  args: { contractId: number; userId: number; documentMasterId: number; signedAt: Date; signedPdfKey: string },
) {
  const [row] = await db
    .update(contracts)
    .set({
      status: 'signed',
      signedAt: args.signedAt,
      signedPdfKey: args.signedPdfKey,
      stage: sql`case when ${contracts.stage} = 'offer' then 'onboarding' else ${contracts.stage} end`,
      updatedAt: args.signedAt,
    })
    .where(
      and(
        eq(contracts.id, args.contractId),
        eq(contracts.userId, args.userId),
        eq(contracts.documentMasterId, args.documentMasterId),
        eq(contracts.status, 'sent'),
      ),
    )
    .returning({ id: contracts.id, offerId: contracts.offerId, contractNum: contracts.contractNum });
  return row ?? null;
}

export async function acceptOffer(db: DbOrTx, offerId: number, at: Date) {
  await db
    .update(offers)
    .set({ status: 'accepted', updatedAt: at })
    .where(and(eq(offers.id, offerId), eq(offers.status, 'extended')));
}

export async function insertAudit(db: DbOrTx, row: typeof signatureAudit.$inferInsert) {
  await db.insert(signatureAudit).values(row);
}

export async function auditFor(db: DbOrTx, contractId: number) {
  return db.select().from(signatureAudit).where(eq(signatureAudit.contractId, contractId));
}

/** Of these storage keys, the ones a signed contract still references (the orphan-file sweep asks). */
export async function referencedKeys(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: contracts.signedPdfKey })
    .from(contracts)
    .where(inArray(contracts.signedPdfKey, keys));
  return new Set(rows.map((r) => r.key!));
}
