import { CONTRACT_DOCUMENT_MASTER_ID } from '@hcp/contracts';
import { ContractService } from '../src/modules/placements/contracts/service.ts';
import { createDemoPlacements } from '../src/modules/placements/pipeline/demo-placements.ts';
import * as p from '../src/modules/placements/pipeline/placements.ts';
import type { TestApp } from './build.ts';

/** Test factories: each pipeline state created directly (the agency integration will drive these later). */
export async function pickJob(t: TestApp, userId: number): Promise<number> {
  const [id] = await p.pickJobs(t.ctx.db, userId, 13, 1);
  if (!id) throw new Error('no job left: build the app with jobs');
  return id;
}

export async function submission(t: TestApp, userId: number, createdAt?: Date) {
  const jobId = await pickJob(t, userId);
  const submissionId = await p.createSubmission(t.ctx.db, { userId, jobId, createdAt });
  return { jobId, submissionId };
}

export async function offerWithoutContract(t: TestApp, userId: number) {
  const s = await submission(t, userId);
  const offerId = await p.extendOffer(t.ctx.db, s.submissionId);
  return { ...s, offerId };
}

export async function offerWithContract(t: TestApp, userId: number, status: 'sent' | 'draft' = 'sent') {
  const o = await offerWithoutContract(t, userId);
  const c = await p.createContract(t.ctx.db, { userId, jobId: o.jobId, offerId: o.offerId, status, stage: 'offer' });
  return { ...o, contractId: c.id, contractNum: c.contractNum };
}

export async function signContract(t: TestApp, userId: number, contractId: number) {
  return new ContractService(t.ctx).sign(
    userId,
    { contractId, documentMasterId: CONTRACT_DOCUMENT_MASTER_ID },
    { ip: '127.0.0.1', userAgent: 'factory' },
  );
}

export async function contractAt(
  t: TestApp,
  userId: number,
  stage: 'onboarding' | 'working' | 'completed',
  signed: boolean,
  dates?: { startDate: string; endDate: string },
) {
  const jobId = await pickJob(t, userId);
  await p.createSubmission(t.ctx.db, { userId, jobId, status: 'offered' });
  const c = await p.createContract(t.ctx.db, { userId, jobId, status: 'sent', stage, ...dates });
  if (signed) await signContract(t, userId, c.id);
  return { jobId, contractId: c.id, contractNum: c.contractNum };
}

/** A working assignment with three weekly pay periods: locked, submitted and open. */
export async function workingAssignment(t: TestApp, userId: number) {
  const c = await contractAt(t, userId, 'working', true, { startDate: '2026-01-04', endDate: '2026-04-04' });
  const periods = await p.createPayPeriods(t.ctx.db, c.contractId, '2026-01-04', 3);
  const [locked, submitted, open] = periods as [(typeof periods)[0], (typeof periods)[0], (typeof periods)[0]];
  await p.setPeriodState(t.ctx.db, locked.id, { isLocked: true, submittedAt: new Date('2026-01-11T12:00:00Z') });
  await p.setPeriodState(t.ctx.db, submitted.id, { submittedAt: new Date('2026-01-18T12:00:00Z') });
  const lockedShift = await p.addShift(t.ctx.db, { timesheetId: locked.id, shiftDate: locked.startDate });
  const openShift = await p.addShift(t.ctx.db, { timesheetId: open.id, shiftDate: open.startDate });
  return { ...c, locked, submitted, open, lockedShift, openShift };
}

export { createDemoPlacements };

/** A Timesheets/createShift body: a 07:00-19:30 regular ICU shift with 30 minutes of lunch on `date`, new unless shiftId. */
export function shiftBody(timesheetId: number, date: string, extra: Record<string, unknown> = {}) {
  return {
    shiftId: 0,
    shiftDate: `${date}T00:00:00`,
    shiftTypeId: 1,
    startTime: `${date}T07:00:00`,
    endTime: `${date}T19:30:00`,
    lunch: 30,
    timesheetId,
    unit: 'ICU',
    ...extra,
  };
}
