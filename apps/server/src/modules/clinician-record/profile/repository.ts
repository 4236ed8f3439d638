import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  employmentHistories,
  hcpCertifications,
  hcpDegrees,
  hcpIdentifications,
  hcpLicenses,
  hcpReferences,
  permanentAddresses,
} from '../schema.ts';
import { users } from '../../identity/schema.ts';
import { professions, specialties, states } from '../../reference-data/schema.ts';

export async function biodata(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      email: users.email,
      dob: hcpIdentifications.dateOfBirth,
      country: permanentAddresses.country,
      streetAddress: permanentAddresses.streetAddress,
      city: permanentAddresses.city,
      stateName: states.name,
      province: permanentAddresses.province,
      zipCode: permanentAddresses.zipCode,
      postalCode: permanentAddresses.postalCode,
    })
    .from(users)
    .leftJoin(hcpIdentifications, eq(hcpIdentifications.userId, users.id))
    .leftJoin(permanentAddresses, eq(permanentAddresses.userId, users.id))
    .leftJoin(states, eq(states.id, permanentAddresses.stateId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function licenses(db: DbOrTx, userId: number) {
  return db
    .select({ l: hcpLicenses, stateName: states.name })
    .from(hcpLicenses)
    .leftJoin(states, eq(states.id, hcpLicenses.stateId))
    .where(and(eq(hcpLicenses.userId, userId), eq(hcpLicenses.hasLicense, true)))
    .orderBy(asc(hcpLicenses.id));
}

export async function degrees(db: DbOrTx, userId: number) {
  return db.select().from(hcpDegrees).where(eq(hcpDegrees.userId, userId)).orderBy(asc(hcpDegrees.id));
}

export async function employment(db: DbOrTx, userId: number) {
  return db
    .select({
      e: employmentHistories,
      stateName: states.name,
      stateAbbr: states.abbreviation,
      professionName: professions.name,
    })
    .from(employmentHistories)
    .leftJoin(states, eq(states.id, employmentHistories.stateId))
    .leftJoin(professions, eq(professions.id, employmentHistories.professionId))
    .where(eq(employmentHistories.userId, userId))
    .orderBy(asc(employmentHistories.id));
}

export async function allSpecialties(db: DbOrTx) {
  return db.select({ id: specialties.id, name: specialties.name }).from(specialties);
}

export async function certifications(db: DbOrTx, userId: number) {
  return db
    .select()
    .from(hcpCertifications)
    .where(eq(hcpCertifications.userId, userId))
    .orderBy(asc(hcpCertifications.id));
}

export async function references(db: DbOrTx, userId: number) {
  return db
    .select({
      r: hcpReferences,
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

export async function ownedRecord(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select({ id: employmentHistories.id, typeId: employmentHistories.employmentTypeId })
    .from(employmentHistories)
    .where(and(eq(employmentHistories.id, id), eq(employmentHistories.userId, userId)))
    .limit(1);
  return row;
}

/** Adding a profile reference waits for another one of the same clinician (a second tab, a repeated save). */
const PROFILE_REFERENCES_LOCK = 18_104;
export async function lockProfileReferences(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PROFILE_REFERENCES_LOCK}, ${userId})`);
}

/** Who the clinician already named as a reference (application and profile alike). */
export async function referencePeople(db: DbOrTx, userId: number) {
  return db
    .select({ firstName: hcpReferences.firstName, lastName: hcpReferences.lastName, email: hcpReferences.email })
    .from(hcpReferences)
    .where(eq(hcpReferences.userId, userId));
}

export async function countProfileReferences(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(hcpReferences)
    .where(and(eq(hcpReferences.userId, userId), isNull(hcpReferences.referenceNumber)));
  return Number(row?.n ?? 0);
}

export async function insertReference(db: DbOrTx, v: typeof hcpReferences.$inferInsert) {
  const [row] = await db.insert(hcpReferences).values(v).returning({ id: hcpReferences.id });
  return row!.id;
}
