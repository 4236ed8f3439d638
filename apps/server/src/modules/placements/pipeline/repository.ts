import { and, asc, desc, eq, gt, inArray, isNull, notInArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { memoize } from '../../../lib/cache.ts';
import { contracts, offers, placementVersions, submissions } from '../schema.ts';
import type { SessionRider } from '../../../types.ts';
import { users } from '../../identity/schema.ts';
import { facilities, jobs } from '../../jobs/schema.ts';
import { professions, specialties, states } from '../../reference-data/schema.ts';

const jobColumns = {
  jobId: jobs.id,
  profession: professions.name,
  specialty: specialties.name,
  facilityName: facilities.name,
  imageUrl: facilities.imageUrl,
  address1: facilities.address1,
  address2: facilities.address2,
  city: facilities.city,
  state: states.abbreviation,
  zip: facilities.zip,
  scrubColor: facilities.scrubColor,
  bedCount: facilities.bedCount,
  chartingSystems: facilities.chartingSystems,
  traumaLevel: facilities.traumaLevel,
  minimumRequirements: jobs.minimumRequirements,
  benefits: jobs.benefits,
  shift: jobs.shift,
  shiftCategory: jobs.shiftCategory,
  duration: jobs.durationWeeks,
  jobStartDate: jobs.startDate,
  grossWeeklyPay: jobs.grossWeeklyPay,
  hourlyRate: jobs.hourlyRate,
  weeklyMeals: jobs.weeklyMeals,
  weeklyLodging: jobs.weeklyLodging,
  bonuses: jobs.bonuses,
  availablePositions: jobs.availablePositions,
};

const contractColumns = {
  contractId: contracts.id,
  contractNum: contracts.contractNum,
  contractStatus: contracts.status,
  contractStage: contracts.stage,
  contractStart: contracts.startDate,
  contractEnd: contracts.endDate,
  signedAt: contracts.signedAt,
};

/** Submissions of one clinician with their offer and the offer's contract (newest first). */
export async function submissionRows(db: DbOrTx, userId: number, where?: SQL) {
  return submissionQuery(db, userId, where);
}
export type SubmissionRow = Awaited<ReturnType<typeof submissionRows>>[number];

function submissionQuery(db: DbOrTx, userId: number | Placeholder, where?: SQL) {
  return selectSubmissions(db)
    .where(where ? and(eq(submissions.userId, userId), where) : eq(submissions.userId, userId))
    .orderBy(desc(submissions.createdAt), desc(submissions.id));
}

/** Submissions of every clinician by id after a cursor (the agency's reads), oldest first. */
export async function submissionRowsAfter(db: DbOrTx, after: number, limit: number, where?: SQL) {
  return selectSubmissions(db)
    .where(where ? and(gt(submissions.id, after), where) : gt(submissions.id, after))
    .orderBy(asc(submissions.id))
    .limit(limit);
}

function selectSubmissions(db: DbOrTx) {
  return db
    .select({
      submissionId: submissions.id,
      submissionStatus: submissions.status,
      submissionUpdatedAt: submissions.updatedAt,
      userId: submissions.userId,
      userFirstName: users.firstName,
      userLastName: users.lastName,
      userEmail: users.email,
      jobExternalId: jobs.externalId,
      terms: contracts.terms,
      requestDate: submissions.createdAt,
      desiredStartDate: submissions.desiredStartDate,
      requestedTimeOff: submissions.requestedTimeOff,
      bestContactTime: submissions.bestContactTime,
      otherRequests: submissions.otherRequests,
      offerId: offers.id,
      offerStatus: offers.status,
      offerDate: offers.createdAt,
      ...jobColumns,
      ...contractColumns,
    })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .innerJoin(jobs, eq(jobs.id, submissions.jobId))
    .innerJoin(facilities, eq(facilities.id, jobs.facilityId))
    .innerJoin(professions, eq(professions.id, jobs.professionId))
    .innerJoin(specialties, eq(specialties.id, jobs.specialtyId))
    .innerJoin(states, eq(states.id, facilities.stateId))
    .leftJoin(offers, eq(offers.submissionId, submissions.id))
    .leftJoin(contracts, eq(contracts.offerId, offers.id));
}

/** Contracts of one clinician with their job, facility and (when any) submission. */
export async function contractRows(db: DbOrTx, userId: number, where?: SQL) {
  return contractQuery(db, userId, where);
}
export type ContractRow = Awaited<ReturnType<typeof contractRows>>[number];

function contractQuery(db: DbOrTx, userId: number | Placeholder, where?: SQL) {
  return selectContracts(db)
    .where(where ? and(eq(contracts.userId, userId), where) : eq(contracts.userId, userId))
    .orderBy(contracts.startDate, contracts.id);
}

/** Contracts of every clinician by id after a cursor (the agency's reads), oldest first. */
export async function contractRowsAfter(db: DbOrTx, after: number, limit: number, where?: SQL) {
  return selectContracts(db)
    .where(where ? and(gt(contracts.id, after), where) : gt(contracts.id, after))
    .orderBy(asc(contracts.id))
    .limit(limit);
}

/** One contract of any clinician (the agency's calls). */
export async function contractById(db: DbOrTx, contractId: number) {
  const [row] = await selectContracts(db).where(eq(contracts.id, contractId)).limit(1);
  return row;
}

function selectContracts(db: DbOrTx) {
  return db
    .select({
      ...jobColumns,
      ...contractColumns,
      terms: contracts.terms,
      signedPdfKey: contracts.signedPdfKey,
      documentMasterId: contracts.documentMasterId,
      submissionId: offers.submissionId,
      signerFirstName: users.firstName,
      signerLastName: users.lastName,
      signerEmail: users.email,
      signerPhone: users.phone,
      userId: contracts.userId,
      jobExternalId: jobs.externalId,
      offerId: contracts.offerId,
      createdAt: contracts.createdAt,
      sentAt: contracts.sentAt,
      onboardingCompletedAt: contracts.onboardingCompletedAt,
      startedAt: contracts.startedAt,
      endedAt: contracts.endedAt,
    })
    .from(contracts)
    .innerJoin(users, eq(users.id, contracts.userId))
    .innerJoin(jobs, eq(jobs.id, contracts.jobId))
    .innerJoin(facilities, eq(facilities.id, jobs.facilityId))
    .innerJoin(professions, eq(professions.id, jobs.professionId))
    .innerJoin(specialties, eq(specialties.id, jobs.specialtyId))
    .innerJoin(states, eq(states.id, facilities.stateId))
    .leftJoin(offers, eq(offers.id, contracts.offerId));
}

// ---- the agency's transitions: rows read FOR UPDATE inside the transaction that changes them

/** A submission with its offer and contract ids, its row locked until the transaction ends. */
export async function lockSubmission(db: DbOrTx, submissionId: number) {
  const [row] = await db
    .select({
      id: submissions.id,
      userId: submissions.userId,
      jobId: submissions.jobId,
      status: submissions.status,
      desiredStartDate: submissions.desiredStartDate,
    })
    .from(submissions)
    .where(eq(submissions.id, submissionId))
    .for('update');
  if (!row) return undefined;
  const [offer] = await db
    .select({ id: offers.id, status: offers.status })
    .from(offers)
    .where(eq(offers.submissionId, submissionId))
    .for('update');
  const [contract] = offer
    ? await db
        .select({ id: contracts.id, status: contracts.status, stage: contracts.stage })
        .from(contracts)
        .where(eq(contracts.offerId, offer.id))
        .for('update')
    : [];
  return { ...row, offer: offer ?? null, contract: contract ?? null };
}

export async function setSubmissionStatus(db: DbOrTx, submissionId: number, status: string, at: Date) {
  await db.update(submissions).set({ status, updatedAt: at }).where(eq(submissions.id, submissionId));
}

export async function setOfferStatus(db: DbOrTx, offerId: number, status: string, at: Date) {
  await db.update(offers).set({ status, updatedAt: at }).where(eq(offers.id, offerId));
}

/** A contract row, locked until the transaction ends. */
export async function lockContract(db: DbOrTx, contractId: number) {
  const [row] = await db.select().from(contracts).where(eq(contracts.id, contractId)).for('update');
  return row;
}

/** One submission of any clinician, with its job, offer and contract (the agency's calls). */
export async function submissionById(db: DbOrTx, submissionId: number) {
  const [row] = await selectSubmissions(db).where(eq(submissions.id, submissionId)).limit(1);
  return row;
}

export async function offerSubmission(db: DbOrTx, offerId: number) {
  return db.select({ submissionId: offers.submissionId }).from(offers).where(eq(offers.id, offerId)).for('update');
}

/**
 * What the dashboard's cards show of a job and its facility (no pay breakdown, terms, texts or clinician). The
 * profession, specialty and state come as ids: their names are in the reference data kept in memory, so these
 * joins need only the tables that hold the clinician's own rows, the job and its facility.
 */
const dashboardJobColumns = {
  jobId: jobs.id,
  professionId: jobs.professionId,
  specialtyId: jobs.specialtyId,
  facilityName: facilities.name,
  imageUrl: facilities.imageUrl,
  address1: facilities.address1,
  address2: facilities.address2,
  city: facilities.city,
  stateId: facilities.stateId,
  zip: facilities.zip,
  shift: jobs.shift,
  shiftCategory: jobs.shiftCategory,
  duration: jobs.durationWeeks,
  jobStartDate: jobs.startDate,
  grossWeeklyPay: jobs.grossWeeklyPay,
  availablePositions: jobs.availablePositions,
};

const dashboardSubmissionColumns = {
  ...dashboardJobColumns,
  submissionId: submissions.id,
  requestDate: submissions.createdAt,
  desiredStartDate: submissions.desiredStartDate,
  offerId: offers.id,
  offerStatus: offers.status,
  offerDate: offers.createdAt,
  contractId: contracts.id,
  contractNum: contracts.contractNum,
  contractStatus: contracts.status,
  contractStage: contracts.stage,
  contractStart: contracts.startDate,
  contractEnd: contracts.endDate,
};

/**
 * The dashboard's reads, prepared once per database handle (on PGlite too: db/pglite-statements.ts). Each starts
 * from the clinician's own rows by an indexed column, so the plan is the same with or without table statistics
 * (PGlite never gathers any): a filter on a column without an index (an offer's status) must never lead the plan.
 */
function dashboardStatements(db: DbOrTx) {
  const userId = sql.placeholder('userId');
  return {
    // Open offers only (extended, no contract yet or one still at the offer stage): the filter in SQL, so a
    // clinician with many submissions does not have every one joined and sent for the few offers shown. The
    // offer's own user_id (always the submission's) lets its index lead.
    offers: db
      .select(dashboardSubmissionColumns)
      .from(offers)
      .innerJoin(submissions, eq(submissions.id, offers.submissionId))
      .innerJoin(jobs, eq(jobs.id, submissions.jobId))
      .innerJoin(facilities, eq(facilities.id, jobs.facilityId))
      .leftJoin(contracts, eq(contracts.offerId, offers.id))
      .where(
        and(
          eq(offers.userId, userId),
          eq(submissions.userId, userId),
          eq(offers.status, 'extended'),
          or(isNull(contracts.id), eq(contracts.stage, 'offer')),
        ),
      )
      .orderBy(desc(submissions.createdAt), desc(submissions.id))
      .prepare('dashboard_offers'),
    submitted: db
      .select(dashboardSubmissionColumns)
      .from(submissions)
      .innerJoin(jobs, eq(jobs.id, submissions.jobId))
      .innerJoin(facilities, eq(facilities.id, jobs.facilityId))
      .leftJoin(offers, eq(offers.submissionId, submissions.id))
      .leftJoin(contracts, eq(contracts.offerId, offers.id))
      .where(and(eq(submissions.userId, userId), eq(submissions.status, 'submitted')))
      .orderBy(desc(submissions.createdAt), desc(submissions.id))
      .prepare('dashboard_submitted'),
    placements: db
      .select({
        ...dashboardJobColumns,
        contractId: contracts.id,
        contractNum: contracts.contractNum,
        contractStatus: contracts.status,
        contractStage: contracts.stage,
        contractStart: contracts.startDate,
        contractEnd: contracts.endDate,
      })
      .from(contracts)
      .innerJoin(jobs, eq(jobs.id, contracts.jobId))
      .innerJoin(facilities, eq(facilities.id, jobs.facilityId))
      .where(and(eq(contracts.userId, userId), inArray(contracts.stage, ['onboarding', 'working'])))
      .orderBy(contracts.startDate, contracts.id)
      .prepare('dashboard_placements'),
  };
}
const statements = memoize(dashboardStatements);

type Rows<K extends keyof ReturnType<typeof dashboardStatements>> = Awaited<
  ReturnType<ReturnType<typeof dashboardStatements>[K]['execute']>
>;

/**
 * The clinician's placement version, read in the session check's statement (the dashboard's cards ask for it on every
 * call): moved on by the database at the commit of every change to their submissions, offers or contracts (0 before
 * the first).
 */
export const placementVersionRider: SessionRider<number> = {
  name: 'placement_version',
  value: sql`coalesce((select ${placementVersions.version} from ${placementVersions} where ${placementVersions.userId} = ${sql.placeholder('userId')}), 0)`,
  parse: (raw) => Number(raw),
};

/** The clinician's open offers (newest first). */
export async function dashboardOfferRows(db: DbOrTx, userId: number): Promise<Rows<'offers'>> {
  return statements(db).offers.execute({ userId });
}
/** The clinician's submissions still waiting (status submitted), newest first. */
export async function dashboardSubmittedRows(db: DbOrTx, userId: number): Promise<Rows<'submitted'>> {
  return statements(db).submitted.execute({ userId });
}
/** The clinician's onboarding and working contracts. */
export async function dashboardPlacementRows(db: DbOrTx, userId: number): Promise<Rows<'placements'>> {
  return statements(db).placements.execute({ userId });
}

// ---- writes of submissions and offers (the agency's moves, applying for a job, demo data and test factories)

/** The new submission's id, or null when the clinician already applied for the job. */
export async function insertSubmission(db: DbOrTx, values: typeof submissions.$inferInsert): Promise<number | null> {
  const rows = await db.insert(submissions).values(values).onConflictDoNothing().returning({ id: submissions.id });
  return rows[0]?.id ?? null;
}

export async function createSubmission(
  db: DbOrTx,
  args: {
    userId: number;
    jobId: number;
    createdAt?: Date;
    desiredStartDate?: string | null;
    status?: 'submitted' | 'offered';
  },
) {
  const [row] = await db
    .insert(submissions)
    .values({
      userId: args.userId,
      jobId: args.jobId,
      desiredStartDate: args.desiredStartDate ?? null,
      bestContactTime: 'Weekday mornings',
      otherRequests: 'Block scheduling if possible',
      requestedTimeOff: [],
      status: args.status ?? 'submitted',
      createdAt: args.createdAt ?? new Date(),
    })
    .returning({ id: submissions.id });
  return row!.id;
}

export async function extendOffer(db: DbOrTx, submissionId: number, at = new Date()) {
  const [sub] = await db
    .update(submissions)
    .set({ status: 'offered', updatedAt: at })
    .where(eq(submissions.id, submissionId))
    .returning({ userId: submissions.userId });
  const [row] = await db
    .insert(offers)
    .values({ submissionId, userId: sub!.userId, createdAt: at })
    .returning({ id: offers.id });
  return row!.id;
}

export async function acceptOffer(db: DbOrTx, offerId: number, at: Date) {
  await db
    .update(offers)
    .set({ status: 'accepted', updatedAt: at })
    .where(and(eq(offers.id, offerId), eq(offers.status, 'extended')));
}

/** Available jobs of a profession the user has not applied for, lowest id first (deterministic demo picks). */
export async function pickJobs(db: DbOrTx, userId: number, professionId: number, count: number) {
  const taken = db.select({ id: submissions.jobId }).from(submissions).where(eq(submissions.userId, userId));
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.professionId, professionId), eq(jobs.isAvailable, true), notInArray(jobs.id, taken)))
    .orderBy(asc(jobs.id))
    .limit(count);
  return rows.map((r) => r.id);
}
