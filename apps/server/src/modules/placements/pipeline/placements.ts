import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { ContractStage, ContractStatus } from '@hcp/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import {
  contracts,
  jobs,
  offers,
  shifts,
  signedTrsDocuments,
  submissions,
  timesheets,
  type ContractTerms,
} from '../../../db/schema/index.ts';

/**
 * The writes that move placements along the pipeline, without rules: the agency's calls reach them
 * through PlacementService (placement-service.ts), which checks each transition first; the demo seeder
 * and the test factories use them directly to create each state.
 */

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
export { addDays };

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

export async function termsFromJob(
  db: DbOrTx,
  jobId: number,
  unit: string | null = null,
): Promise<ContractTerms & { durationWeeks: number; startDate: string }> {
  const [j] = await db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!j) throw new Error(`job ${jobId} not found`);
  return {
    shift: j.shift,
    shiftsPerWeek: j.shiftsPerWeek,
    hoursPerShift: j.hoursPerShift,
    guaranteedHoursPerWeek: Math.round(j.shiftsPerWeek * j.hoursPerShift),
    hourlyRate: j.hourlyRate,
    overTimeRate: j.overTimeRate,
    onCallRate: j.onCallRate,
    callBackRate: j.callBackRate,
    premiumRate: j.premiumRate,
    weeklyMeals: j.weeklyMeals,
    weeklyLodging: j.weeklyLodging,
    grossWeeklyPay: j.grossWeeklyPay,
    bonuses: j.bonuses,
    unit,
    cancellationNoticeDays: 14,
    durationWeeks: j.durationWeeks,
    startDate: j.startDate,
  };
}

/** Contract numbers are unique, human-friendly and not guessable from one another: 'C' + year + 6 digits. */
function newContractNum(year: number, seq: number): string {
  return `C${year}${String(100000 + ((seq * 7919) % 900000)).padStart(6, '0')}`;
}

export async function createContract(
  db: DbOrTx,
  args: {
    userId: number;
    jobId: number;
    offerId?: number | null;
    status: ContractStatus;
    stage: ContractStage;
    startDate?: string;
    endDate?: string;
    unit?: string | null;
    signedAt?: Date;
    signedPdfKey?: string;
    /** Replace the job's terms (the agency's contract terms). */
    terms?: Partial<ContractTerms>;
    sentAt?: Date | null;
    at?: Date;
  },
) {
  const t = await termsFromJob(db, args.jobId, args.unit ?? null);
  const { durationWeeks, startDate: jobStart, ...jobTerms } = t;
  const terms: ContractTerms = { ...jobTerms, ...args.terms };
  const startDate = args.startDate ?? jobStart;
  const endDate = args.endDate ?? addDays(startDate, durationWeeks * 7 - 1);
  // A unique number: derived from a random sequence and retried on the (rare) collision by the unique constraint.
  const seq = Math.floor(Math.random() * 900000) + 1;
  const [row] = await db
    .insert(contracts)
    .values({
      contractNum: newContractNum(Number(startDate.slice(0, 4)), seq),
      userId: args.userId,
      jobId: args.jobId,
      offerId: args.offerId ?? null,
      status: args.status,
      stage: args.stage,
      startDate,
      endDate,
      terms,
      signedAt: args.status === 'signed' ? (args.signedAt ?? new Date()) : null,
      signedPdfKey: args.status === 'signed' ? (args.signedPdfKey ?? null) : null,
      sentAt: args.sentAt === undefined ? (args.status === 'draft' ? null : (args.at ?? new Date())) : args.sentAt,
      ...(args.at ? { createdAt: args.at, updatedAt: args.at } : {}),
      // States made directly (demo data, factories) carry the dates the agency's calls would have recorded.
      onboardingCompletedAt: ['working', 'completed'].includes(args.stage) ? (args.at ?? new Date()) : null,
      startedAt: ['working', 'completed'].includes(args.stage) ? (args.at ?? new Date()) : null,
      endedAt: args.stage === 'completed' ? (args.at ?? new Date()) : null,
    })
    .returning({ id: contracts.id, contractNum: contracts.contractNum });
  return row!;
}

/** `weeks` weekly pay periods (Sunday to Saturday) from `firstSunday`; weeks that already have one are skipped. */
export async function createPayPeriods(db: DbOrTx, contractId: number, firstSunday: string, weeks: number) {
  if (weeks <= 0) return [];
  const values = Array.from({ length: weeks }, (_, i) => ({
    contractId,
    startDate: addDays(firstSunday, i * 7),
    endDate: addDays(firstSunday, i * 7 + 6),
  }));
  return db
    .insert(timesheets)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: timesheets.id, startDate: timesheets.startDate, endDate: timesheets.endDate });
}

export async function setPeriodState(
  db: DbOrTx,
  timesheetId: number,
  state: { isLocked?: boolean; submittedAt?: Date | null },
) {
  const lockedAt = state.isLocked === undefined ? {} : { lockedAt: state.isLocked ? new Date() : null };
  await db
    .update(timesheets)
    .set({ ...state, ...lockedAt })
    .where(eq(timesheets.id, timesheetId));
}

export async function addShift(
  db: DbOrTx,
  v: {
    timesheetId: number;
    shiftDate: string;
    shiftTypeId?: number;
    start?: string;
    end?: string;
    lunch?: number | null;
    unit?: string | null;
  },
) {
  const start = v.start ?? '07:00';
  const end = v.end ?? '19:30';
  const nextDay = end <= start;
  const [row] = await db
    .insert(shifts)
    .values({
      timesheetId: v.timesheetId,
      shiftDate: v.shiftDate,
      shiftTypeId: v.shiftTypeId ?? 1,
      startTime: `${v.shiftDate} ${start}:00`,
      endTime: `${nextDay ? addDays(v.shiftDate, 1) : v.shiftDate} ${end}:00`,
      lunch: v.lunch === undefined ? 30 : v.lunch,
      unit: v.unit ?? null,
    })
    .returning({ id: shifts.id });
  return row!.id;
}

export async function signTrsDocuments(db: DbOrTx, userId: number, typeIds: number[], at = new Date()) {
  if (typeIds.length === 0) return;
  await db
    .insert(signedTrsDocuments)
    .values(typeIds.map((signatureTypeId) => ({ userId, signatureTypeId, signedAt: at })))
    .onConflictDoNothing();
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
