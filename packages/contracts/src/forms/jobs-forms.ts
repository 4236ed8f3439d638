/** The job pages' forms: the start-application dialog and the job search filters. */
import { z } from 'zod';
import { normalizeTimeOff, startApplicationRequestSchema, type StartApplicationRequest } from '../jobs.ts';
import { flag } from './unstated.ts';

export const startApplicationMessages = {
  timeOffRequired: 'Please provide Requested Time Off to continue',
} as const;

const timeOffRowSchema = z.object({ fromDate: z.string(), toDate: z.string(), singleDay: z.boolean() });
export type TimeOffRow = z.infer<typeof timeOffRowSchema>;
export const emptyTimeOffRow: TimeOffRow = { fromDate: '', toDate: '', singleDay: false };

/**
 * The dialog of 'Apply Now': the desired start date, the requested time off rows (a From and To, or a single Day)
 * and two notes. With the time-off switch (`timeOffSwitch`, the Rto flag) a Yes needs a first date; a No sends no
 * time off. The answer is the start-application request without the job.
 */
export function startApplicationFormSchema({ timeOffSwitch }: { timeOffSwitch: boolean }) {
  return z
    .object({
      desiredStartDate: startApplicationRequestSchema.shape.desiredStartDate,
      wantsTimeOff: z.boolean(),
      timeOff: z.array(timeOffRowSchema),
      otherRequests: z.string().max(2000),
      bestContactTime: z.string().max(500),
    })
    .superRefine((v, ctx) => {
      if (timeOffSwitch && v.wantsTimeOff && !v.timeOff[0]?.fromDate) flag(ctx, ['timeOff', 0, 'fromDate'], startApplicationMessages.timeOffRequired);
    })
    .transform(
      (v): Omit<StartApplicationRequest, 'jobId' | 'isInterested'> => ({
        desiredStartDate: v.desiredStartDate,
        otherRequests: v.otherRequests.trim() || null,
        bestContactTime: v.bestContactTime.trim() || null,
        requestedTimeOff:
          timeOffSwitch && !v.wantsTimeOff
            ? []
            : normalizeTimeOff(v.timeOff.map((r) => ({ fromDate: r.fromDate || null, toDate: r.singleDay ? null : r.toDate || null }))),
      }),
    );
}
export type StartApplicationFormValues = z.input<ReturnType<typeof startApplicationFormSchema>>;
