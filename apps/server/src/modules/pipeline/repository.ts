import { and, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  contracts,
  facilities,
  jobs,
  offers,
  professions,
  specialties,
  states,
  submissions,
  users,
} from '../../db/schema/index.ts';

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

function submissionQuery(db: DbOrTx, userId: number | Placeholder, where?: SQL) {
  return db
    .select({
      submissionId: submissions.id,
      submissionStatus: submissions.status,
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
    .innerJoin(jobs, eq(jobs.id, submissions.jobId))
    .innerJoin(facilities, eq(facilities.id, jobs.facilityId))
    .innerJoin(professions, eq(professions.id, jobs.professionId))
    .innerJoin(specialties, eq(specialties.id, jobs.specialtyId))
    .innerJoin(states, eq(states.id, facilities.stateId))
    .leftJoin(offers, eq(offers.submissionId, submissions.id))
    .leftJoin(contracts, eq(contracts.offerId, offers.id))
    .where(where ? and(eq(submissions.userId, userId), where) : eq(submissions.userId, userId))
    .orderBy(desc(submissions.createdAt), desc(submissions.id));
}
export type SubmissionRow = Awaited<ReturnType<typeof submissionRows>>[number];

/** Contracts of one clinician with their job, facility and (when any) submission. */
export async function contractRows(db: DbOrTx, userId: number, where?: SQL) {
  return contractQuery(db, userId, where);
}

function contractQuery(db: DbOrTx, userId: number | Placeholder, where?: SQL) {
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
    })
    .from(contracts)
    .innerJoin(users, eq(users.id, contracts.userId))
    .innerJoin(jobs, eq(jobs.id, contracts.jobId))
    .innerJoin(facilities, eq(facilities.id, jobs.facilityId))
    .innerJoin(professions, eq(professions.id, jobs.professionId))
    .innerJoin(specialties, eq(specialties.id, jobs.specialtyId))
    .innerJoin(states, eq(states.id, facilities.stateId))
    .leftJoin(offers, eq(offers.id, contracts.offerId))
    .where(where ? and(eq(contracts.userId, userId), where) : eq(contracts.userId, userId))
    .orderBy(contracts.startDate, contracts.id);
}
export type ContractRow = Awaited<ReturnType<typeof contractRows>>[number];

/**
 * The dashboard's reads, prepared once per database handle: these joins of eight tables cost PostgreSQL more to
 * plan than to run, and the dashboard asks them on every visit.
 */
function dashboardStatements(db: DbOrTx) {
  const userId = sql.placeholder('userId');
  return {
    submissions: submissionQuery(db, userId).prepare('dashboard_submissions'),
    submitted: submissionQuery(db, userId, eq(submissions.status, 'submitted')).prepare('dashboard_submitted'),
    placements: contractQuery(db, userId, inArray(contracts.stage, ['onboarding', 'working'])).prepare('dashboard_placements'),
  };
}
const prepared = new WeakMap<object, ReturnType<typeof dashboardStatements>>();
function statements(db: DbOrTx) {
  let s = prepared.get(db);
  if (!s) prepared.set(db, (s = dashboardStatements(db)));
  return s;
}

/** Every submission of the clinician (offers among them), as submissionRows answers. */
export async function dashboardSubmissionRows(db: DbOrTx, userId: number): Promise<SubmissionRow[]> {
  return statements(db).submissions.execute({ userId });
}
/** The clinician's submissions still waiting (status submitted). */
export async function dashboardSubmittedRows(db: DbOrTx, userId: number): Promise<SubmissionRow[]> {
  return statements(db).submitted.execute({ userId });
}
/** The clinician's onboarding and working contracts. */
export async function dashboardPlacementRows(db: DbOrTx, userId: number): Promise<ContractRow[]> {
  return statements(db).placements.execute({ userId });
}
