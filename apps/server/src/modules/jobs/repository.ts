import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { memoize } from '../../lib/cache.ts';
import { submissions } from '../placements/schema.ts';
import { professions, specialties, states } from '../reference-data/schema.ts';
import { facilities, favoriteJobs, jobs } from './schema.ts';

export interface Candidate {
  id: number;
  professionId: number;
  specialtyId: number;
  shiftsPerWeek: number;
  shiftCategory: number;
  stateId: number;
  lat: number | null;
  lng: number | null;
  grade: number | null;
  grossWeeklyPay: number;
  availablePositions: number;
  facilityId: number;
  shift: string;
}

/** Name, city and state of every facility (a few hundred rows), for the cards of the in-memory index. */
export async function facilityCardInfo(db: DbOrTx) {
  return db
    .select({ id: facilities.id, name: facilities.name, city: facilities.city, state: states.abbreviation })
    .from(facilities)
    .innerJoin(states, eq(states.id, facilities.stateId));
}

const candidateColumns = {
  id: jobs.id,
  professionId: jobs.professionId,
  specialtyId: jobs.specialtyId,
  shiftsPerWeek: jobs.shiftsPerWeek,
  shiftCategory: jobs.shiftCategory,
  stateId: jobs.stateId,
  lat: jobs.lat,
  lng: jobs.lng,
  grade: jobs.grade,
  grossWeeklyPay: jobs.grossWeeklyPay,
  availablePositions: jobs.availablePositions,
  facilityId: jobs.facilityId,
  shift: jobs.shift,
};

/** The index rows of the given jobs that are available (the others leave the index). */
export async function searchIndexRowsByIds(db: DbOrTx, ids: number[]): Promise<Candidate[]> {
  const out: Candidate[] = [];
  for (let i = 0; i < ids.length; i += 5000) {
    const part = ids.slice(i, i + 5000);
    out.push(
      ...(await db
        .select(candidateColumns)
        .from(jobs)
        .where(and(eq(jobs.isAvailable, true), inArray(jobs.id, part)))),
    );
  }
  return out;
}

/** One query: the columns matching and sorting need, for every available job (the in-memory search index). */
export async function searchIndexRows(db: DbOrTx): Promise<Candidate[]> {
  return db.select(candidateColumns).from(jobs).where(eq(jobs.isAvailable, true)).orderBy(jobs.id);
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

function detailsQuery(db: DbOrTx, withUser: boolean) {
  const userId = sql.placeholder('userId');
  return db
    .select({
      job: jobs,
      profession: professions.name,
      specialty: specialties.name,
      facility: facilities,
      state: states.abbreviation,
      favorited: withUser
        ? sql<boolean>`exists (select 1 from ${favoriteJobs} where ${favoriteJobs.jobId} = ${jobs.id} and ${favoriteJobs.userId} = ${userId})`
        : sql<boolean>`false`,
      interested: withUser
        ? sql<boolean>`exists (select 1 from ${submissions} where ${submissions.jobId} = ${jobs.id} and ${submissions.userId} = ${userId} and ${submissions.isInterested})`
        : sql<boolean>`false`,
    })
    .from(jobs)
    .innerJoin(facilities, eq(facilities.id, jobs.facilityId))
    .innerJoin(states, eq(states.id, facilities.stateId))
    .innerJoin(professions, eq(professions.id, jobs.professionId))
    .innerJoin(specialties, eq(specialties.id, jobs.specialtyId))
    .where(eq(jobs.id, sql.placeholder('jobId')));
}

const prepareDetails = (db: DbOrTx, withUser: boolean) =>
  detailsQuery(db, withUser).prepare(withUser ? 'job_details_user' : 'job_details');
/** Built once per database handle: the SQL text is made once, and PostgreSQL plans it once per connection. */
const detailsStatements = memoize((db: DbOrTx) => ({
  anonymous: prepareDetails(db, false),
  signedIn: prepareDetails(db, true),
}));

export async function jobDetails(db: DbOrTx, jobId: number, userId: number | null) {
  const s = detailsStatements(db);
  const [row] = userId ? await s.signedIn.execute({ jobId, userId }) : await s.anonymous.execute({ jobId });
  return row;
}

export async function jobState(db: DbOrTx, jobId: number) {
  const [row] = await db
    .select({ id: jobs.id, isAvailable: jobs.isAvailable, startDate: jobs.startDate })
    .from(jobs)
    .where(eq(jobs.id, jobId));
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
