import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { employmentHistories, hcpReferences } from '../schema.ts';
import { professionSpecialties, professions, specialties, states } from '../../reference-data/schema.ts';

export type EmploymentValues = Omit<
  typeof employmentHistories.$inferInsert,
  'id' | 'userId' | 'createdAt' | 'updatedAt' | 'isVerified'
>;

export async function listRecords(db: DbOrTx, userId: number) {
  return db
    .select()
    .from(employmentHistories)
    .where(eq(employmentHistories.userId, userId))
    .orderBy(asc(employmentHistories.id));
}
export async function findRecord(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(employmentHistories)
    .where(and(eq(employmentHistories.id, id), eq(employmentHistories.userId, userId)))
    .limit(1);
  return row;
}
export async function countRecords(db: DbOrTx, userId: number) {
  const [row] = await db.select({ n: count() }).from(employmentHistories).where(eq(employmentHistories.userId, userId));
  return Number(row?.n ?? 0);
}
export async function insertRecord(db: DbOrTx, userId: number, v: EmploymentValues) {
  const [row] = await db
    .insert(employmentHistories)
    .values({ ...v, userId })
    .returning({ id: employmentHistories.id });
  return row!.id;
}
export async function updateRecord(db: DbOrTx, userId: number, id: number, v: EmploymentValues) {
  await db
    .update(employmentHistories)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(employmentHistories.id, id), eq(employmentHistories.userId, userId)));
}
export async function deleteRecord(db: DbOrTx, userId: number, id: number) {
  await db
    .delete(employmentHistories)
    .where(and(eq(employmentHistories.id, id), eq(employmentHistories.userId, userId)));
}
export async function referencesUsing(db: DbOrTx, historyId: number) {
  const [row] = await db.select({ n: count() }).from(hcpReferences).where(eq(hcpReferences.historyId, historyId));
  return Number(row?.n ?? 0);
}

export async function optionData(db: DbOrTx) {
  const [profs, links, specs, sts] = await Promise.all([
    db.select().from(professions).orderBy(asc(professions.name)),
    db.select().from(professionSpecialties),
    db.select({ id: specialties.id, name: specialties.name }).from(specialties),
    db
      .select({ stateId: states.id, name: states.name, abbreviation: states.abbreviation })
      .from(states)
      .orderBy(asc(states.name)),
  ]);
  return { profs, links, specs, sts };
}

export async function stateAbbreviations(db: DbOrTx) {
  return db.select({ stateId: states.id, abbreviation: states.abbreviation }).from(states);
}

export async function stateExists(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: states.id }).from(states).where(eq(states.id, id)).limit(1);
  return !!row;
}
export async function professionSpecialtyIds(db: DbOrTx, professionId: number): Promise<number[] | null> {
  const [p] = await db
    .select({ id: professions.id })
    .from(professions)
    .where(eq(professions.id, professionId))
    .limit(1);
  if (!p) return null;
  const rows = await db
    .select({ id: professionSpecialties.specialtyId })
    .from(professionSpecialties)
    .where(eq(professionSpecialties.professionId, professionId));
  return rows.map((r) => r.id);
}

export async function listReferences(db: DbOrTx, userId: number) {
  return db
    .select({
      ref: hcpReferences,
      facility: employmentHistories.facilityName,
      facilityCity: employmentHistories.city,
      facilityState: states.abbreviation,
    })
    .from(hcpReferences)
    .innerJoin(employmentHistories, eq(employmentHistories.id, hcpReferences.historyId))
    .leftJoin(states, eq(states.id, employmentHistories.stateId))
    .where(eq(hcpReferences.userId, userId))
    .orderBy(asc(hcpReferences.referenceNumber), asc(hcpReferences.id));
}
export async function recordsByIds(db: DbOrTx, userId: number, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: employmentHistories.id, typeId: employmentHistories.employmentTypeId })
    .from(employmentHistories)
    .where(and(eq(employmentHistories.userId, userId), inArray(employmentHistories.id, ids)));
}
export type ReferenceValues = Omit<typeof hcpReferences.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;
export async function upsertNumberedReference(db: DbOrTx, userId: number, v: ReferenceValues) {
  const [existing] = await db
    .select({ id: hcpReferences.id })
    .from(hcpReferences)
    .where(and(eq(hcpReferences.userId, userId), eq(hcpReferences.referenceNumber, v.referenceNumber!)))
    .limit(1);
  if (existing) {
    await db
      .update(hcpReferences)
      .set({ ...v, updatedAt: new Date() })
      .where(eq(hcpReferences.id, existing.id));
    return existing.id;
  }
  const [row] = await db
    .insert(hcpReferences)
    .values({ ...v, userId })
    .returning({ id: hcpReferences.id });
  return row!.id;
}

/** Sets the agency's verification of the clinician's records; answers the ids whose flag changed. */
export async function setVerified(db: DbOrTx, userId: number, ids: number[], verified: boolean) {
  if (ids.length === 0) return [];
  const rows = await db
    .update(employmentHistories)
    .set({ isVerified: verified, updatedAt: new Date() })
    .where(
      and(
        eq(employmentHistories.userId, userId),
        inArray(employmentHistories.id, ids),
        ne(employmentHistories.isVerified, verified),
      ),
    )
    .returning({ id: employmentHistories.id });
  return rows.map((r) => r.id);
}
