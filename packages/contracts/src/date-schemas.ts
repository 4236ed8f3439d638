import { z } from 'zod';
import { CALENDAR_YEAR_MAX, CALENDAR_YEAR_MIN, calendarDateProblem, dateMessages, isLocalTimestamp } from './dates.ts';

// The request fields that carry a date, as zod schemas over the checks of the one date module (dates.ts). They
// live apart from it so that a page that only shows dates (formatDate: the dashboard's cards, a job's page) does not
// load zod with them (docs/decisions/0352).

/** Adds a zod issue with the right message when `value` is not an accepted calendar date. */
function checkCalendarDate(value: string, ctx: z.RefinementCtx) {
  const problem = calendarDateProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
}

/** A request field holding a calendar date, 'YYYY-MM-DD'. Every request schema with a date uses this. */
export const calendarDateSchema = z
  .string()
  .superRefine(checkCalendarDate)
  .meta({
    format: 'date',
    examples: ['2026-01-05'],
    description: `A real calendar date, YYYY-MM-DD (${CALENDAR_YEAR_MIN}-${CALENDAR_YEAR_MAX})`,
  });

/** An optional date of a form that sends '' for an empty field (the clinical reference form): '', null, absent or a date. */
export const optionalCalendarDateSchema = z
  .string()
  .superRefine((v, ctx) => {
    if (v !== '') checkCalendarDate(v, ctx);
  })
  .meta({
    format: 'date',
    examples: ['2026-01-05'],
    description: "A real calendar date, YYYY-MM-DD, or '' when left empty",
  })
  .nullable()
  .optional();

/** A local wall-clock timestamp without a zone, as the timesheet sends it. */
export const localTimestampSchema = z
  .string()
  .refine(isLocalTimestamp, dateMessages.invalidTimestamp)
  .meta({
    examples: ['2026-01-05T07:00:00'],
    description: 'A real local date and time without a zone, YYYY-MM-DDTHH:mm[:ss[.SSS]]',
  });
