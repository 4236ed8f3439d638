import {
  addCalendarDays,
  CONTRACT_DOCUMENT_MASTER_ID,
  localIsoDate,
  trsDocumentTypes,
  weekdayOf,
} from '@hcp/contracts';
import type { AppContext } from '../../../context.ts';
import { conflict } from '../../../lib/errors.ts';
import { signTrsDocuments } from '../../clinician-record/index.ts';
import { ContractService } from '../contracts/service.ts';
import * as p from './placements.ts';
import { acceptOffer } from './repository.ts';

const DAY = 86_400_000;

const runs = new Map<number, Promise<boolean>>();

/**
 * The dev call's entry: one run per clinician at a time in this process (a double click or two tabs used to
 * race for the same free jobs and fail on a duplicate submission). A run that still collides, e.g. with a
 * second process on the same database, is a 409, never a 500.
 */
export async function demoPlacementsFor(ctx: AppContext, userId: number): Promise<boolean> {
  const previous = runs.get(userId) ?? Promise.resolve(true);
  const run = previous.catch(() => false).then(() => createDemoPlacements(ctx, userId));
  runs.set(userId, run);
  try {
    return await run;
  } catch (e) {
    if (isUniqueViolation(e))
      throw conflict('demo_placements_busy', 'Demo placements are being made for this clinician already: try again.');
    throw e;
  } finally {
    if (runs.get(userId) === run) runs.delete(userId);
  }
}

function isUniqueViolation(e: unknown): boolean {
  for (let c: unknown = e, i = 0; c && i < 4; c = (c as { cause?: unknown }).cause, i++)
    if ((c as { code?: unknown }).code === '23505') return true;
  return false;
}

/**
 * Every state of the pipeline for one clinician (demo data and the dev endpoint the browser tests use):
 * 3 submissions, an offer without a contract, an offer with a contract ready to sign, an onboarding
 * contract signed and one waiting, a working assignment with a locked, a submitted and an open pay period,
 * a previous assignment and the signed TRS employment documents. Returns false when there are not enough jobs.
 */
export async function createDemoPlacements(ctx: AppContext, userId: number): Promise<boolean> {
  const jobIds = await p.pickJobs(ctx.db, userId, 13, 9);
  if (jobIds.length < 9) return false;
  const now = ctx.now();
  const today = localIsoDate(now);
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const contractSvc = new ContractService(ctx);
  const seedClient = { ip: '127.0.0.1', userAgent: 'demo data' };
  const j = jobIds as [number, number, number, number, number, number, number, number, number];

  // Submissions (newest first on screen).
  await p.createSubmission(ctx.db, { userId, jobId: j[0], createdAt: ago(1) });
  await p.createSubmission(ctx.db, { userId, jobId: j[1], createdAt: ago(3) });
  await p.createSubmission(ctx.db, { userId, jobId: j[2], createdAt: ago(6) });

  // An offer without a contract yet.
  const s3 = await p.createSubmission(ctx.db, { userId, jobId: j[3], createdAt: ago(10) });
  await p.extendOffer(ctx.db, s3, ago(2));

  // An offer whose contract is ready to sign.
  const s4 = await p.createSubmission(ctx.db, { userId, jobId: j[4], createdAt: ago(14) });
  const o4 = await p.extendOffer(ctx.db, s4, ago(1));
  await p.createContract(ctx.db, {
    userId,
    jobId: j[4],
    offerId: o4,
    status: 'sent',
    stage: 'offer',
    startDate: addCalendarDays(today, 21),
    unit: '4 West',
  });

  // Onboarding: one signed, one waiting for a signature.
  const s5 = await p.createSubmission(ctx.db, { userId, jobId: j[5], createdAt: ago(40) });
  const o5 = await p.extendOffer(ctx.db, s5, ago(30));
  await acceptOffer(ctx.db, o5, ago(25));
  const c5 = await p.createContract(ctx.db, {
    userId,
    jobId: j[5],
    offerId: o5,
    status: 'sent',
    stage: 'onboarding',
    startDate: addCalendarDays(today, 14),
    unit: 'ICU',
  });
  await contractSvc.sign(
    userId,
    { contractId: c5.id, documentMasterId: CONTRACT_DOCUMENT_MASTER_ID },
    seedClient,
    ago(25),
  );
  const s6 = await p.createSubmission(ctx.db, { userId, jobId: j[6], createdAt: ago(35) });
  const o6 = await p.extendOffer(ctx.db, s6, ago(20));
  await acceptOffer(ctx.db, o6, ago(20));
  await p.createContract(ctx.db, {
    userId,
    jobId: j[6],
    offerId: o6,
    status: 'sent',
    stage: 'onboarding',
    startDate: addCalendarDays(today, 35),
  });

  // The working assignment: started on the Sunday three weeks ago, 13 weeks.
  const thisSunday = addCalendarDays(today, -weekdayOf(today));
  const start = addCalendarDays(thisSunday, -21);
  const c7 = await p.createContract(ctx.db, {
    userId,
    jobId: j[7],
    status: 'sent',
    stage: 'working',
    startDate: start,
    endDate: addCalendarDays(start, 13 * 7 - 1),
    unit: 'Med-Surg 3',
  });
  await contractSvc.sign(
    userId,
    { contractId: c7.id, documentMasterId: CONTRACT_DOCUMENT_MASTER_ID },
    seedClient,
    ago(40),
  );
  const periods = await p.createPayPeriods(ctx.db, c7.id, start, 4);
  const [locked, submitted, open] = periods as [(typeof periods)[0], (typeof periods)[0], (typeof periods)[0]];
  for (const period of [locked, submitted, open]) {
    for (const offset of [0, 1, 3])
      await p.addShift(ctx.db, {
        timesheetId: period.id,
        shiftDate: addCalendarDays(period.startDate, offset),
        unit: 'Med-Surg 3',
      });
  }
  await p.setPeriodState(ctx.db, locked.id, { isLocked: true, submittedAt: ago(14) });
  await p.setPeriodState(ctx.db, submitted.id, { submittedAt: ago(6) });

  // A previous assignment, last year.
  const prevStart = addCalendarDays(today, -400);
  const c8 = await p.createContract(ctx.db, {
    userId,
    jobId: j[8],
    status: 'sent',
    stage: 'completed',
    startDate: prevStart,
    endDate: addCalendarDays(prevStart, 13 * 7 - 1),
  });
  await contractSvc.sign(
    userId,
    { contractId: c8.id, documentMasterId: CONTRACT_DOCUMENT_MASTER_ID },
    seedClient,
    ago(420),
  );

  await signTrsDocuments(
    ctx.db,
    userId,
    trsDocumentTypes.map((t) => t.signatureTypeId),
    ago(60),
  );
  return true;
}
