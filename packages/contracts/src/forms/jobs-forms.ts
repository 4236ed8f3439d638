/** The job pages' forms: the start-application dialog and the job search filters. */
import { z } from 'zod';
import { dateRangeMessage, isDateBetween } from '../dates.ts';
import {
  DEFAULT_CITY_RADIUS,
  MAX_TIME_OFF_ROWS,
  normalizeTimeOff,
  startApplicationRequestSchema,
  type StartApplicationRequest,
} from '../jobs.ts';
import { UNSTATED, flag } from './unstated.ts';

export const startApplicationMessages = {
  timeOffRequired: 'Please provide Requested Time Off to continue',
} as const;

const timeOffRowSchema = z.object({ fromDate: z.string(), toDate: z.string(), singleDay: z.boolean() });
export type TimeOffRow = z.infer<typeof timeOffRowSchema>;
export const emptyTimeOffRow: TimeOffRow = { fromDate: '', toDate: '', singleDay: false };

/**
 * What the clinician typed in the dialog of 'Apply Now', as the form holds it: kept while their application is
 * completed (the browser stores it, so it is read back through this schema) and put back in the dialog afterwards.
 */
export const startApplicationDraftSchema = z.object({
  desiredStartDate: z.string().max(10),
  wantsTimeOff: z.boolean(),
  timeOff: z.array(timeOffRowSchema).max(MAX_TIME_OFF_ROWS),
  otherRequests: z.string().max(2000),
  bestContactTime: z.string().max(500),
});
export type StartApplicationDraft = z.infer<typeof startApplicationDraftSchema>;

/**
 * The dialog of 'Apply Now': the desired start date, the requested time off rows (a From and To, or a single Day)
 * and two notes. With the time-off switch (`timeOffSwitch`, the Rto flag) a Yes needs a first date; a No sends no
 * time off. The start date must lie in `window` (a kept draft may have been typed days ago). The answer is the
 * start-application request without the job.
 */
export function startApplicationFormSchema({
  timeOffSwitch,
  window,
}: {
  timeOffSwitch: boolean;
  window?: { min: string; max: string };
}) {
  return startApplicationDraftSchema
    .extend({
      desiredStartDate: z.string().min(1, UNSTATED).pipe(startApplicationRequestSchema.shape.desiredStartDate),
    })
    .superRefine((v, ctx) => {
      if (window && !isDateBetween(v.desiredStartDate, window.min, window.max))
        flag(ctx, ['desiredStartDate'], dateRangeMessage(window.min, window.max));
      if (timeOffSwitch && v.wantsTimeOff && !v.timeOff[0]?.fromDate)
        flag(ctx, ['timeOff', 0, 'fromDate'], startApplicationMessages.timeOffRequired);
    })
    .transform((v): Omit<StartApplicationRequest, 'jobId' | 'isInterested'> => ({
      desiredStartDate: v.desiredStartDate,
      otherRequests: v.otherRequests.trim() || null,
      bestContactTime: v.bestContactTime.trim() || null,
      requestedTimeOff:
        timeOffSwitch && !v.wantsTimeOff
          ? []
          : normalizeTimeOff(
              v.timeOff.map((r) => ({ fromDate: r.fromDate || null, toDate: r.singleDay ? null : r.toDate || null })),
            ),
    }));
}

/** The job search filters as the form holds them: multi-select values ('state-5', 'city-123') and a radius per city. */
export const jobSearchFormSchema = z
  .object({
    professionId: z.number().int().min(1),
    specialtyIds: z.array(z.string().regex(/^\d+$/)),
    locations: z.array(z.string()),
    radii: z.record(z.string(), z.number().int().min(1)),
    shiftCategoryId: z.number().int(),
    numberOfShifts: z.number().int(),
  })
  .transform((v) => {
    const cities = v.locations.filter((l) => l.startsWith('city-')).map((l) => l.slice(5));
    return {
      professionId: v.professionId,
      specialtyIds: v.specialtyIds.map(Number),
      stateIds: v.locations.filter((l) => l.startsWith('state-')).map((l) => Number(l.slice(6))),
      /** 'cityId_radius' items, as the search query carries them. */
      cityIds: cities.map((id) => `${id}_${v.radii[id] ?? DEFAULT_CITY_RADIUS}`),
      shiftCategoryId: v.shiftCategoryId as number | null,
      numberOfShifts: v.numberOfShifts as number | null,
    };
  });
export type JobSearchFilters = z.output<typeof jobSearchFormSchema>;
