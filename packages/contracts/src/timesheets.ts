import { z } from 'zod';
import { idSchema } from './common.ts';
import {
  addCalendarDays,
  dateMessages,
  isCalendarDate,
  isLocalTimestamp,
  localTimestamp,
  wallClockMinutesBetween,
} from './dates.ts';
import { localTimestampSchema } from './date-schemas.ts';

/** Date helpers of the timesheets live in the one date module; the names stay importable from here. */
export { datePart } from './dates.ts';

/** Missing start or end times are answered as 1 Jan 1900 00:00, the placeholder clients read as 'no time'. */
export const DEFAULT_SHIFT_TIME = '1900-01-01T00:00:00';

export const payPeriodSchema = z.object({
  timesheetId: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  isLocked: z.boolean(),
  submittedDate: z.string().nullable(),
  /** When the agency approved the submitted time (approved periods are locked); an addition to the pay period answer. */
  approvedDate: z.string().nullable(),
});
export type PayPeriod = z.infer<typeof payPeriodSchema>;

export const timesheetContractSchema = z.object({
  contractId: z.number().int(),
  contractNum: z.string(),
  facilityName: z.string(),
  city: z.string(),
  state: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  unit: z.string().nullable(),
  timesheets: z.array(payPeriodSchema),
});
export type TimesheetContract = z.infer<typeof timesheetContractSchema>;
export const timesheetListSchema = z.array(timesheetContractSchema);

export const shiftSchema = z.object({
  shiftId: z.number().int(),
  shiftDate: z.string(),
  shiftTypeId: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  lunch: z.number().int().nullable(),
  timesheetId: z.number().int(),
  unit: z.string().nullable(),
});
export type Shift = z.infer<typeof shiftSchema>;
export const shiftListSchema = z.array(shiftSchema);

export const shiftTypeSchema = z.object({
  shiftTypeId: z.number().int(),
  name: z.string(),
  includeShiftTimes: z.boolean(),
  includeLunch: z.boolean(),
});
export type ShiftType = z.infer<typeof shiftTypeSchema>;
export const shiftTypeListSchema = z.array(shiftTypeSchema);

export const createShiftSchema = z.object({
  shiftId: z.number().int().min(0).max(2_147_483_647).nullable().optional(),
  /** The day of the shift: a date, or a local timestamp of which only the date counts. */
  shiftDate: z
    .string()
    .refine((v) => isCalendarDate(v) || isLocalTimestamp(v), dateMessages.invalidDate)
    .meta({ format: 'date', examples: ['2026-01-05'] }),
  shiftTypeId: z.number().int().min(1).max(1000),
  startTime: localTimestampSchema.nullable().optional(),
  endTime: localTimestampSchema.nullable().optional(),
  lunch: z.number().int().min(0).max(240).nullable().optional(),
  timesheetId: z.number().int().min(1).max(2_147_483_647),
  unit: z.string().trim().max(100).nullable().optional(),
});
export type CreateShiftRequest = z.infer<typeof createShiftSchema>;
export const createShiftResponseSchema = z.object({ shiftId: z.number().int() });
export const idParamSchema = z.object({ id: idSchema });
export const timesheetIdParamSchema = z.object({ timesheetId: idSchema });
export const shiftIdParamSchema = z.object({ shiftId: idSchema });
export const submitTimesheetResponseSchema = z.object({ timesheetId: z.number().int(), submittedDate: z.string() });

/** True when a time value is missing or is the 1 Jan 1900 default. */
export function isDefaultShiftTime(value: string | null | undefined): boolean {
  return !value || value.startsWith('1900-01-01');
}

/** Worked minutes of a shift (end may be on the next day), minus lunch; 0 without times. */
export function workedMinutes(s: { startTime: string; endTime: string; lunch: number | null }): number {
  if (isDefaultShiftTime(s.startTime) || isDefaultShiftTime(s.endTime)) return 0;
  return Math.max(0, wallClockMinutesBetween(s.startTime, s.endTime) - (s.lunch ?? 0));
}

/**
 * Builds the local start and end timestamps of a shift from its date and 'HH:mm' inputs; an end
 * earlier than (or equal to) the start is on the next day (night shifts).
 */
export function shiftTimestamps(shiftDate: string, start: string, end: string): { startTime: string; endTime: string } {
  const endDate = end <= start ? addCalendarDays(shiftDate, 1) : shiftDate;
  return { startTime: localTimestamp(shiftDate, start), endTime: localTimestamp(endDate, end) };
}
