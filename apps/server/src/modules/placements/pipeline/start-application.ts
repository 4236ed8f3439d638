import {
  addCalendarDays,
  formatDate,
  isCalendarDate,
  isWithinStartWindow,
  normalizeTimeOff,
  startDateWindow,
  type StartApplication,
  type TimeOffEntry,
} from '@hcp/contracts';
import type { AppContext } from '../../../context.ts';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { utcIsoDate } from '../../../lib/utc-date.ts';
import { applicationComplete } from '../../identity/index.ts';
import { jobState } from '../../jobs/index.ts';
import { recordEvent } from '../../platform/index.ts';
import * as repo from './repository.ts';

/**
 * Starting an application for a job: the clinician's submission, with the start date and time off they ask for.
 * A complete application and an open job are required; a repeated start changes nothing.
 */
export async function startApplication(ctx: AppContext, userId: number, body: StartApplication) {
  const job = await jobState(ctx.db, body.jobId);
  if (!job) throw notFound('Job');
  const complete = await applicationComplete(ctx.db, userId);
  if (!complete) {
    throw new AppError(403, 'application_incomplete', 'Please complete your application before applying for jobs.');
  }
  if (!job.isAvailable) throw conflict('job_closed', 'This job has closed');
  // The window is checked against the server's calendar date, with one day of slack on each side for
  // clinicians whose local date differs from UTC. It takes in the job's own start date, which the dialog offers.
  const today = utcIsoDate(ctx.now());
  const inWindow = [-1, 0, 1].some((shift) =>
    isWithinStartWindow(body.desiredStartDate, addCalendarDays(today, shift), job.startDate),
  );
  if (!inWindow) {
    const w = startDateWindow(today, job.startDate);
    throw badRequest(
      `The desired start date must be between ${formatDate(w.min)} and ${formatDate(w.max)}.`,
      'desiredStartDate',
      'start_date_out_of_window',
    );
  }
  const timeOff: TimeOffEntry[] = normalizeTimeOff(body.requestedTimeOff ?? []);
  for (const t of timeOff) {
    if (t.fromDate && !isCalendarDate(t.fromDate))
      throw badRequest('Requested time off has an invalid date.', 'requestedTimeOff');
    if (t.toDate && !isCalendarDate(t.toDate))
      throw badRequest('Requested time off has an invalid date.', 'requestedTimeOff');
    if (t.fromDate && t.toDate && t.toDate < t.fromDate) {
      throw badRequest('A time-off end date must be on or after its start date.', 'requestedTimeOff');
    }
  }
  if (!isCalendarDate(body.desiredStartDate))
    throw badRequest('The desired start date is not a valid date.', 'desiredStartDate');
  await ctx.db.transaction(async (tx) => {
    const submissionId = await repo.insertSubmission(tx, {
      userId,
      jobId: body.jobId,
      isInterested: true,
      desiredStartDate: body.desiredStartDate,
      otherRequests: body.otherRequests || null,
      bestContactTime: body.bestContactTime || null,
      requestedTimeOff: timeOff,
      status: 'submitted',
    });
    // A repeated start (double click, second tab) changes nothing and tells the agency nothing.
    if (submissionId === null) return;
    await recordEvent(tx, {
      type: 'job.applied',
      userId,
      payload: {
        submissionId,
        jobId: body.jobId,
        desiredStartDate: body.desiredStartDate,
        requestedTimeOff: timeOff,
        bestContactTime: body.bestContactTime || null,
        otherRequests: body.otherRequests || null,
      },
    });
  });
  return { jobId: body.jobId, isInterested: true };
}
