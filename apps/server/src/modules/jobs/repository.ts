import { and, between, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { facilities, favoriteJobs, jobs, professions, specialties, states, submissions, users } from '../../db/schema/index.ts';

export interface CandidateFilter {
  disciplineId: number;
  specialtyIds: number[];
  shiftCategoryExclude: number | null;
  shiftsBetween: [number, number] | null;
  stateIds: number[];
  /** Latitude/longitude boxes around the chosen cities (already widened to the close-match radius). */
  boxes: { minLat: number; maxLat: number; minLng: number; maxLng: number }[];
}

export interface Candidate {
  id: number;
  specialtyId: number;
  shiftsPerWeek: number;
  shiftCategory: number;
  stateId: number;
  lat: number | null;
  lng: number | null;
  grade: number | null;
  grossWeeklyPay: number;
  availablePositions: number;
}

/** One query: the available jobs that can match, with only the columns matching and sorting need. */
export async function searchCandidates(db: DbOrTx, f: CandidateFilter): Promise<Candidate[]> {
  const where: SQL[] = [eq(jobs.isAvailable, true), eq(jobs.professionId, f.disciplineId)];
  if (f.specialtyIds.length) where.push(inArray(jobs.specialtyId, f.specialtyIds));
  if (f.shiftCategoryExclude !== null) where.push(ne(jobs.shiftCategory, f.shiftCategoryExclude));
  if (f.shiftsBetween) where.push(between(jobs.shiftsPerWeek, f.shiftsBetween[0], f.shiftsBetween[1]));
  const loc: SQL[] = [];
  if (f.stateIds.length) loc.push(inArray(jobs.stateId, f.stateIds));
  for (const b of f.boxes) {
    loc.push(and(between(jobs.lat, b.minLat, b.maxLat), between(jobs.lng, b.minLng, b.maxLng))!);
  }
  if (f.stateIds.length || f.boxes.length) where.push(loc.length ? or(...loc)! : sql`false`);
  return db
    .select({
      id: jobs.id,
      specialtyId: jobs.specialtyId,
      shiftsPerWeek: jobs.shiftsPerWeek,
      shiftCategory: jobs.shiftCategory,
      stateId: jobs.stateId,
      lat: jobs.lat,
      lng: jobs.lng,
      grade: jobs.grade,
      grossWeeklyPay: jobs.grossWeeklyPay,
      availablePositions: jobs.availablePositions,
    })
    .from(jobs)
    .where(and(...where));
}

const cardColumns = {
  jobId: jobs.id,
  profession: professions.name,
  specialty: specialties.name,
  hospitalName: facilities.name,
  hospitalCity: facilities.city,
  hospitalState: states.abbreviation,
  shift: jobs.shift,
  shiftCategory: jobs.shiftCategory,
  grade: jobs.grade,
  grossWeeklyPay: jobs.grossWeeklyPay,
  availablePositions: jobs.availablePositions,
  isAvailable: jobs.isAvailable,
};

/** The card fields of the given jobs (one query, order not guaranteed). */
export async function jobCards(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select(cardColumns)
    .from(jobs)
    .innerJoin(facilities, eq(facilities.id, jobs.facilityId))
    .innerJoin(states, eq(states.id, facilities.stateId))
    .innerJoin(professions, eq(professions.id, jobs.professionId))
    .innerJoin(specialties, eq(specialties.id, jobs.specialtyId))
    .where(inArray(jobs.id, ids));
}

export async function jobDetails(db: DbOrTx, jobId: number, userId: number | null) {
  const [row] = await db
    .select({
      job: jobs,
      profession: professions.name,
      specialty: specialties.name,
      facility: facilities,
      state: states.abbreviation,
      favorited: userId
        ? sql<boolean>`exists (select 1 from ${favoriteJobs} where ${favoriteJobs.jobId} = ${jobs.id} and ${favoriteJobs.userId} = ${userId})`
        : sql<boolean>`false`,
      interested: userId
        ? sql<boolean>`exists (select 1 from ${submissions} where ${submissions.jobId} = ${jobs.id} and ${submissions.userId} = ${userId} and ${submissions.isInterested})`
        : sql<boolean>`false`,
    })
    .from(jobs)
    .innerJoin(facilities, eq(facilities.id, jobs.facilityId))
    .innerJoin(states, eq(states.id, facilities.stateId))
    .innerJoin(professions, eq(professions.id, jobs.professionId))
    .innerJoin(specialties, eq(specialties.id, jobs.specialtyId))
    .where(eq(jobs.id, jobId));
  return row;
}

export async function jobState(db: DbOrTx, jobId: number) {
  const [row] = await db.select({ id: jobs.id, isAvailable: jobs.isAvailable }).from(jobs).where(eq(jobs.id, jobId));
  return row;
}

export async function addFavorite(db: DbOrTx, userId: number, jobId: number) {
  await db.insert(favoriteJobs).values({ userId, jobId }).onConflictDoNothing();
}
export async function removeFavorite(db: DbOrTx, userId: number, jobId: number) {
  await db.delete(favoriteJobs).where(and(eq(favoriteJobs.userId, userId), eq(favoriteJobs.jobId, jobId)));
}

export async function favoriteCards(db: DbOrTx, userId: number) {
  return db
    .select(cardColumns)
    .from(favoriteJobs)
    .innerJoin(jobs, eq(jobs.id, favoriteJobs.jobId))
    .innerJoin(facilities, eq(facilities.id, jobs.facilityId))
    .innerJoin(states, eq(states.id, facilities.stateId))
    .innerJoin(professions, eq(professions.id, jobs.professionId))
    .innerJoin(specialties, eq(specialties.id, jobs.specialtyId))
    .where(eq(favoriteJobs.userId, userId))
    .orderBy(desc(favoriteJobs.createdAt), desc(jobs.id));
}

export async function applicationComplete(db: DbOrTx, userId: number): Promise<boolean | undefined> {
  const [row] = await db.select({ c: users.applicationComplete }).from(users).where(eq(users.id, userId));
  return row?.c;
}

export async function insertSubmission(db: DbOrTx, values: typeof submissions.$inferInsert): Promise<boolean> {
  const rows = await db.insert(submissions).values(values).onConflictDoNothing().returning({ id: submissions.id });
  return rows.length > 0;
}
