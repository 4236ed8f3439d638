/** The timesheet's time entry form ('New Time Entry' and edit). */
import { z } from 'zod';
import { DEFAULT_SHIFT_TIME, shiftTimestamps, type PayPeriod, type Shift, type ShiftType } from '../timesheets.ts';
import { flag } from './unstated.ts';

export const shiftFormMessages = {
  outsidePeriod: 'The date must be within the pay period.',
} as const;

/**
 * A time entry as typed: the day, the shift type, 'HH:mm' times and the lunch minutes as text. Save waits until the
 * shift type's required fields are set; the answer is the create-shift request: local timestamps without a zone,
 * missing times sent as the 1 Jan 1900 default, lunch only for a type that has one.
 */
export function shiftFormSchema(
  period: Pick<PayPeriod, 'startDate' | 'endDate' | 'timesheetId'>,
  types: readonly ShiftType[],
) {
  return z
    .object({
      shiftId: z.number().int(),
      shiftDate: z.string(),
      shiftTypeId: z.number().int(),
      start: z.string(),
      end: z.string(),
      lunch: z.string().regex(/^\d*$/),
      unit: z.string().max(100),
    })
    .superRefine((d, ctx) => {
      if (!d.shiftDate) flag(ctx, ['shiftDate']);
      else if (d.shiftDate < period.startDate || d.shiftDate > period.endDate)
        flag(ctx, ['shiftDate'], shiftFormMessages.outsidePeriod);
      const type = types.find((t) => t.shiftTypeId === d.shiftTypeId);
      if (!type) return flag(ctx, ['shiftTypeId']);
      if (type.includeShiftTimes && !d.start) flag(ctx, ['start']);
      if (type.includeShiftTimes && !d.end) flag(ctx, ['end']);
      if (type.includeLunch && d.lunch === '') flag(ctx, ['lunch']);
    })
    .transform((d): Shift => {
      const type = types.find((t) => t.shiftTypeId === d.shiftTypeId);
      const times = type?.includeShiftTimes ? shiftTimestamps(d.shiftDate, d.start, d.end) : null;
      return {
        shiftId: d.shiftId,
        shiftDate: `${d.shiftDate}T00:00:00`,
        shiftTypeId: d.shiftTypeId,
        startTime: times?.startTime ?? DEFAULT_SHIFT_TIME,
        endTime: times?.endTime ?? DEFAULT_SHIFT_TIME,
        lunch: type?.includeLunch ? Number(d.lunch) : null,
        timesheetId: period.timesheetId,
        unit: d.unit.trim() || null,
      };
    });
}
export type ShiftFormValues = z.input<ReturnType<typeof shiftFormSchema>>;
export type ShiftFormRequest = z.output<ReturnType<typeof shiftFormSchema>>;
