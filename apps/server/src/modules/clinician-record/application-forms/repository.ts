import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { backgroundAnswers, hcpDegrees, hcpIdentifications, hcpLicenses, permanentAddresses } from '../schema.ts';
import { users } from '../../identity/schema.ts';
import { professions, states } from '../../reference-data/schema.ts';

export type BackgroundRow = typeof backgroundAnswers.$inferInsert;

export async function getBackground(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(backgroundAnswers).where(eq(backgroundAnswers.userId, userId)).limit(1);
  return row;
}
export async function upsertBackground(db: DbOrTx, row: BackgroundRow) {
  const { userId, ...rest } = row;
  void userId;
  await db
    .insert(backgroundAnswers)
    .values(row)
    .onConflictDoUpdate({ target: backgroundAnswers.userId, set: { ...rest, updatedAt: new Date() } });
}

export async function allStates(db: DbOrTx) {
  return db.select().from(states).orderBy(asc(states.name));
}

export async function getAddress(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      country: permanentAddresses.country,
      streetAddress: permanentAddresses.streetAddress,
      city: permanentAddresses.city,
      stateName: states.name,
      province: permanentAddresses.province,
      zipCode: permanentAddresses.zipCode,
      postalCode: permanentAddresses.postalCode,
    })
    .from(permanentAddresses)
    .leftJoin(states, eq(states.id, permanentAddresses.stateId))
    .where(eq(permanentAddresses.userId, userId))
    .limit(1);
  return row;
}
export async function upsertAddress(db: DbOrTx, row: typeof permanentAddresses.$inferInsert) {
  const { userId, ...rest } = row;
  void userId;
  await db
    .insert(permanentAddresses)
    .values(row)
    .onConflictDoUpdate({ target: permanentAddresses.userId, set: { ...rest, updatedAt: new Date() } });
}

export async function userProfession(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ isAllied: professions.isAllied })
    .from(users)
    .innerJoin(professions, eq(professions.id, users.professionId))
    .where(eq(users.id, userId));
  return row;
}

export async function getPrimaryLicense(db: DbOrTx, userId: number) {
  const [row] = await db
    .select()
    .from(hcpLicenses)
    .where(and(eq(hcpLicenses.userId, userId), eq(hcpLicenses.isPrimary, true)))
    .limit(1);
  return row;
}
export async function upsertPrimaryLicense(
  db: DbOrTx,
  userId: number,
  values: Omit<typeof hcpLicenses.$inferInsert, 'userId'>,
) {
  const existing = await getPrimaryLicense(db, userId);
  if (existing)
    await db
      .update(hcpLicenses)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(hcpLicenses.id, existing.id));
  else await db.insert(hcpLicenses).values({ ...values, userId, isPrimary: true });
}

export async function findState(db: DbOrTx, stateId: number) {
  const [row] = await db.select().from(states).where(eq(states.id, stateId)).limit(1);
  return row;
}

export async function getIdentification(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(hcpIdentifications).where(eq(hcpIdentifications.userId, userId)).limit(1);
  return row;
}
export async function upsertIdentification(
  db: DbOrTx,
  userId: number,
  ssnEncrypted: string | null,
  dateOfBirth: string,
) {
  if (ssnEncrypted === null) {
    await db
      .update(hcpIdentifications)
      .set({ dateOfBirth, updatedAt: new Date() })
      .where(eq(hcpIdentifications.userId, userId));
    return;
  }
  await db
    .insert(hcpIdentifications)
    .values({ userId, ssnEncrypted, dateOfBirth })
    .onConflictDoUpdate({
      target: hcpIdentifications.userId,
      set: { ssnEncrypted, dateOfBirth, updatedAt: new Date() },
    });
}

export async function listDegrees(db: DbOrTx, userId: number) {
  return db.select().from(hcpDegrees).where(eq(hcpDegrees.userId, userId)).orderBy(asc(hcpDegrees.id));
}
export async function findDegree(db: DbOrTx, userId: number, degreeId: number) {
  const [row] = await db
    .select()
    .from(hcpDegrees)
    .where(and(eq(hcpDegrees.id, degreeId), eq(hcpDegrees.userId, userId)))
    .limit(1);
  return row;
}
export async function countDegrees(db: DbOrTx, userId: number) {
  const [row] = await db.select({ n: count() }).from(hcpDegrees).where(eq(hcpDegrees.userId, userId));
  return Number(row?.n ?? 0);
}
export type DegreeValues = Omit<typeof hcpDegrees.$inferInsert, 'id' | 'userId'>;
export async function insertDegree(db: DbOrTx, userId: number, v: DegreeValues) {
  const [row] = await db
    .insert(hcpDegrees)
    .values({ ...v, userId })
    .returning({ id: hcpDegrees.id });
  return row!.id;
}
export async function updateDegree(db: DbOrTx, userId: number, degreeId: number, v: DegreeValues) {
  await db
    .update(hcpDegrees)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(hcpDegrees.id, degreeId), eq(hcpDegrees.userId, userId)));
}
export async function deleteDegree(db: DbOrTx, userId: number, degreeId: number) {
  await db.delete(hcpDegrees).where(and(eq(hcpDegrees.id, degreeId), eq(hcpDegrees.userId, userId)));
}

/** Sets the agency's verification of the clinician's degrees; answers the ids whose flag changed. */
export async function setDegreesVerified(db: DbOrTx, userId: number, ids: number[], verified: boolean) {
  if (ids.length === 0) return [];
  const rows = await db
    .update(hcpDegrees)
    .set({ verified, updatedAt: new Date() })
    .where(and(eq(hcpDegrees.userId, userId), inArray(hcpDegrees.id, ids), ne(hcpDegrees.verified, verified)))
    .returning({ id: hcpDegrees.id });
  return rows.map((r) => r.id);
}

/** Whether an SSN is on file (never the SSN itself). */
export async function hasSsn(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: hcpIdentifications.userId })
    .from(hcpIdentifications)
    .where(eq(hcpIdentifications.userId, userId))
    .limit(1);
  return !!row;
}
