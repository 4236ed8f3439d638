import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { employmentHistories, hcpReferences, referenceAnswers, referenceRequests } from '../schema.ts';
import { users } from '../../identity/schema.ts';
import { professions, specialties, states } from '../../reference-data/schema.ts';

/** The reference with what the request mail and the autofill need. */
export async function referenceDetails(db: DbOrTx, referenceId: number) {
  const [row] = await db
    .select({
      referenceId: hcpReferences.id,
      userId: hcpReferences.userId,
      refFirstName: hcpReferences.firstName,
      refLastName: hcpReferences.lastName,
      refTitle: hcpReferences.title,
      refEmail: hcpReferences.email,
      hcpFirstName: users.firstName,
      hcpLastName: users.lastName,
      hcpEmail: users.email,
      userProfessionId: users.professionId,
      employmentTypeId: employmentHistories.employmentTypeId,
      facilityName: employmentHistories.facilityName,
      city: employmentHistories.city,
      stateAbbr: states.abbreviation,
      startMonth: employmentHistories.startMonth,
      startYear: employmentHistories.startYear,
      endMonth: employmentHistories.endMonth,
      endYear: employmentHistories.endYear,
      professionId: employmentHistories.professionId,
      isCharge: employmentHistories.isCharge,
      specialtyIds: employmentHistories.specialtyIds,
    })
    .from(hcpReferences)
    .innerJoin(users, eq(users.id, hcpReferences.userId))
    .innerJoin(employmentHistories, eq(employmentHistories.id, hcpReferences.historyId))
    .leftJoin(states, eq(states.id, employmentHistories.stateId))
    .where(eq(hcpReferences.id, referenceId))
    .limit(1);
  return row;
}

export type ReferenceDetails = NonNullable<Awaited<ReturnType<typeof referenceDetails>>>;

/** Every reference of a clinician (the submission asks each referee). */
export async function referenceIdsOf(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: hcpReferences.id })
    .from(hcpReferences)
    .where(eq(hcpReferences.userId, userId))
    .orderBy(asc(hcpReferences.id));
  return rows.map((r) => r.id);
}

export async function professionName(db: DbOrTx, id: number) {
  const [row] = await db.select({ name: professions.name }).from(professions).where(eq(professions.id, id)).limit(1);
  return row?.name ?? null;
}
export async function specialtyNames(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: specialties.id, name: specialties.name })
    .from(specialties)
    .where(inArray(specialties.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)?.name).filter((n): n is string => !!n);
}

export async function requestsOf(db: DbOrTx, referenceId: number) {
  return db
    .select()
    .from(referenceRequests)
    .where(eq(referenceRequests.referenceId, referenceId))
    .orderBy(desc(referenceRequests.id));
}

/** Latest request of each reference (for the profile's status). */
export async function requestsOfMany(db: DbOrTx, referenceIds: number[]) {
  if (!referenceIds.length) return [];
  return db
    .select()
    .from(referenceRequests)
    .where(inArray(referenceRequests.referenceId, referenceIds))
    .orderBy(desc(referenceRequests.id));
}

export async function insertRequest(
  db: DbOrTx,
  v: { referenceId: number; guidHash: string; sentTo: string; createdAt: Date; expiresAt: Date },
) {
  const [row] = await db.insert(referenceRequests).values(v).returning({ id: referenceRequests.id });
  return row!.id;
}

export async function revokeOpenRequests(db: DbOrTx, referenceId: number, at: Date) {
  await db
    .update(referenceRequests)
    .set({ revokedAt: at })
    .where(
      and(
        eq(referenceRequests.referenceId, referenceId),
        isNull(referenceRequests.answeredAt),
        isNull(referenceRequests.revokedAt),
      ),
    );
}

export async function findRequestByHash(db: DbOrTx, guidHash: string) {
  const [row] = await db.select().from(referenceRequests).where(eq(referenceRequests.guidHash, guidHash)).limit(1);
  return row;
}

/** Marks the request answered only if nobody did first; answers whether this call won. */
export async function claimRequest(db: DbOrTx, requestId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(referenceRequests)
    .set({ answeredAt: at })
    .where(
      and(
        eq(referenceRequests.id, requestId),
        isNull(referenceRequests.answeredAt),
        isNull(referenceRequests.revokedAt),
      ),
    )
    .returning({ id: referenceRequests.id });
  return rows.length === 1;
}

export async function insertAnswer(db: DbOrTx, v: typeof referenceAnswers.$inferInsert) {
  await db.insert(referenceAnswers).values(v);
}

/**
 * Answers for the agency, oldest first after a cursor: what the reference giver submitted with the
 * clinician and the reference it belongs to (for the agency API's reads when it is merged).
 */
export async function referenceAnswersAfter(db: DbOrTx, afterId: number, limit: number) {
  return db
    .select({
      answer: referenceAnswers,
      clinicianId: hcpReferences.userId,
      clinicianEmail: users.email,
      referenceFirstName: hcpReferences.firstName,
      referenceLastName: hcpReferences.lastName,
      referenceEmail: referenceRequests.sentTo,
    })
    .from(referenceAnswers)
    .innerJoin(referenceRequests, eq(referenceRequests.id, referenceAnswers.requestId))
    .innerJoin(hcpReferences, eq(hcpReferences.id, referenceAnswers.referenceId))
    .innerJoin(users, eq(users.id, hcpReferences.userId))
    .where(gt(referenceAnswers.id, afterId))
    .orderBy(asc(referenceAnswers.id))
    .limit(limit);
}
