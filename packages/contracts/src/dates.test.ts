import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addCalendarDays,
  addCalendarMonths,
  calendarDaysBetween,
  calendarMonthWeeks,
  calendarYearOf,
  dateMessages,
  datePart,
  dateWindow,
  formatCentralTime,
  formatDate,
  formatDateTimeIn,
  formatMonthYear,
  isCalendarDate,
  isDateBetween,
  isLocalTimestamp,
  localIsoDate,
  localTimestamp,
  monthIndex,
  monthIndexOf,
  monthYearSortKey,
  parseMonthYear,
  payPeriodCount,
  payPeriodOf,
  payPeriodStart,
  timeOfDay,
  todayIso,
  usDateToIso,
  utcIsoDate,
  wallClockIn,
  wallClockMinutesBetween,
  weekdayOf,
} from './dates.ts';
import { calendarDateSchema, localTimestampSchema, optionalCalendarDateSchema } from './date-schemas.ts';
import * as format from './format.ts';
import * as timesheets from './timesheets.ts';
import { formatDegreeDate } from './application.ts';
import {
  backgroundProblems,
  emptyBackgroundAnswers,
  isCertificationComplete,
  isValidDateOfBirth,
} from './application.ts';
import { referenceSubmissionProblems } from './reference-form.ts';
import { isWithinStartWindow } from './jobs.ts';
import { createShiftSchema } from './timesheets.ts';
import { contractTermsInputSchema, jobRowSchema } from './agency.ts';

/** Days that look like dates but do not exist, or fall outside the accepted years. */
const impossible = [
  '2025-02-29',
  '2100-02-29',
  '2026-06-31',
  '2026-09-31',
  '2026-11-31',
  '2026-13-01',
  '2026-00-10',
  '2026-01-00',
  '2026-01-32',
  '0000-01-01',
  '1899-12-31',
  '2101-01-01',
  '9999-99-99',
];
/** Real days written in another shape than the wire format. */
const otherShapes = [
  '2026-1-5',
  '2026-01-5',
  ' 2026-01-05',
  '2026-01-05 ',
  '+2026-01-05',
  '26-01-05',
  '01/05/2026',
  '2026/01/05',
  '20260105',
  '2026-01-05T00:00:00Z',
  '２０２６-01-05',
  '٢٠٢٦-٠١-٠٥',
  '',
  'NaN',
];

describe('the calendar date type', () => {
  it('accepts real days, leap days of leap years and the edges of the year range', () => {
    for (const ok of ['2024-02-29', '2000-02-29', '1900-01-01', '2100-12-31', '2026-04-30', '2026-12-31'])
      expect([ok, isCalendarDate(ok)]).toEqual([ok, true]);
  });

  it('refuses days that do not exist, year 0, years out of range and other shapes', () => {
    for (const bad of [...impossible, ...otherShapes, 'x'.repeat(100_000)])
      expect([bad.slice(0, 30), isCalendarDate(bad)]).toEqual([bad.slice(0, 30), false]);
    for (const notText of [null, undefined, 20260105, new Date(), {}]) expect(isCalendarDate(notText)).toBe(false);
  });

  it('as a schema, answers the field message: impossible days and out-of-range years each with their own', () => {
    const form = z.object({ day: calendarDateSchema });
    const message = (day: string) => form.safeParse({ day }).error?.issues[0];
    expect(message('2027-02-29')).toMatchObject({ path: ['day'], message: dateMessages.invalidDate });
    expect(message('0000-03-01')).toMatchObject({ path: ['day'], message: dateMessages.invalidDate });
    expect(message('1850-03-01')).toMatchObject({ path: ['day'], message: dateMessages.dateOutOfRange });
    expect(form.safeParse({ day: '2028-02-29' }).success).toBe(true);
  });

  it("the optional form date takes '', null or absent, and a real day", () => {
    const form = z.object({ day: optionalCalendarDateSchema });
    for (const ok of [{}, { day: null }, { day: '' }, { day: '2026-03-31' }])
      expect(form.safeParse(ok).success).toBe(true);
    expect(form.safeParse({ day: '2026-04-31' }).error?.issues[0]?.message).toBe(dateMessages.invalidDate);
  });

  it('documents itself as a date in the OpenAPI document', () => {
    expect(z.toJSONSchema(calendarDateSchema, { io: 'input' })).toMatchObject({ type: 'string', format: 'date' });
  });
});

describe('local timestamps', () => {
  it('take minutes, seconds or milliseconds of a real day and time', () => {
    for (const ok of ['2024-02-29T23:59', '2026-01-05T00:00:00', '2026-01-05T07:30:15.5', '2026-01-05T07:30:15.123'])
      expect([ok, isLocalTimestamp(ok)]).toEqual([ok, true]);
  });
  it('refuse impossible hours, minutes, seconds and days, zones and other shapes', () => {
    for (const bad of [
      '2026-02-30T10:00:00',
      '2026-01-05T24:00:00',
      '2026-01-05T25:61:00',
      '2026-01-05T10:60',
      '2026-01-05T10:00:60',
      '2026-01-05T10:00:00Z',
      '2026-01-05T10:00:00+02:00',
      '2026-01-05 10:00:00',
      '2026-01-05T1:00',
      '2026-01-05',
      '0000-01-05T10:00',
      '2026-01-05T10:00:00.1234',
    ])
      expect([bad, isLocalTimestamp(bad)]).toEqual([bad, false]);
    expect(localTimestampSchema.safeParse('2026-04-31T08:00:00').error?.issues[0]?.message).toBe(
      dateMessages.invalidTimestamp,
    );
  });
});

describe('date arithmetic', () => {
  it('moves across month, year and leap-day edges', () => {
    expect(addCalendarDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addCalendarDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(calendarDaysBetween('2024-02-01', '2024-03-01')).toBe(29);
    expect(calendarDaysBetween('2026-03-01', '2026-02-01')).toBe(-28);
    expect(weekdayOf('2026-01-04')).toBe(0);
    expect(localIsoDate(new Date(2024, 1, 28), 1)).toBe('2024-02-29');
  });
  it('refuses to compute from a day that does not exist', () => {
    expect(() => addCalendarDays('2026-02-30', 1)).toThrow(RangeError);
  });
});

describe('typed dates of the forms', () => {
  it('US dates typed in the date picker become the wire format only when the day exists', () => {
    expect(usDateToIso('2/29/2024')).toBe('2024-02-29');
    expect(usDateToIso(' 04/30/2026 ')).toBe('2026-04-30');
    // The year's range is each form's rule, with its own message.
    expect(usDateToIso('1/1/1800')).toBe('1800-01-01');
    for (const bad of [
      '2/29/2025',
      '04/31/2026',
      '13/01/2026',
      '00/10/2026',
      '1/1/26',
      '1/1/0000',
      '1/1/0999',
      '2026-01-05',
      '',
    ])
      expect([bad, usDateToIso(bad)]).toEqual([bad, null]);
  });
  it('month and year (graduation) in a year range', () => {
    expect(parseMonthYear('5/2015', 1850, 2046)).toEqual({ month: 5, year: 2015 });
    expect(parseMonthYear('12/1850', 1850, 2046)).toEqual({ month: 12, year: 1850 });
    for (const bad of ['13/2000', '0/2000', '05/2047', '05/1849', '5/15', '005/2015', '05-2015'])
      expect([bad, parseMonthYear(bad, 1850, 2046)]).toEqual([bad, null]);
  });
});

describe('every form rule and request schema with a date uses the same check', () => {
  const serving = { ...emptyBackgroundAnswers, hasMilitaryService: true };
  it('background: military service dates must be real days', () => {
    expect(backgroundProblems({ ...serving, militaryStartDate: '2019-06-31' })).toContain('militaryStartDate');
    expect(
      backgroundProblems({ ...serving, militaryStartDate: '2019-06-01', militaryEndDate: '2021-02-29' }),
    ).toContain('militaryEndDate');
    expect(
      backgroundProblems({ ...serving, militaryStartDate: '2019-06-01', militaryEndDate: '2020-02-29' }),
    ).not.toContain('militaryEndDate');
  });
  it('certification: the expiration date must be a real day', () => {
    expect(isCertificationComplete({ certificationTypeId: 1, expirationDate: '2027-11-31' })).toBe(false);
    expect(isCertificationComplete({ certificationTypeId: 1, expirationDate: '2027-11-30' })).toBe(true);
  });
  it('identification: a birth date that does not exist is not a birth date', () => {
    expect(isValidDateOfBirth('1991-02-29', '2026-01-01')).toBe(false);
    expect(isValidDateOfBirth('1992-02-29', '2026-01-01')).toBe(true);
  });
  it('reference form: reference, start and end dates must be real days', () => {
    const form = {
      HistoryTypeId: 1,
      HcpName: 'A',
      HcpDiscipline: 'RN',
      HcpSpecialty: 'ICU',
      WasCharge: false,
      EmrWorked: 'Epic',
      SupervisorName: 'S',
      SupervisorTitle: 'T',
      FacilityName: 'F',
      CityState: 'Austin, TX',
      SafeCareLevel: 4,
      DependableLevel: 4,
      ProfessionalLevel: 4,
      CooperativeLevel: 4,
      CommunicatorLevel: 4,
      AttendanceLevel: 4,
      AssetLevel: 4,
    };
    expect(referenceSubmissionProblems({ ...form, ReferenceDate: '2026-01-10' })).toEqual([]);
    expect(referenceSubmissionProblems({ ...form, ReferenceDate: '2026-09-31' })).toEqual(['ReferenceDate']);
    expect(
      referenceSubmissionProblems({
        ...form,
        ReferenceDate: '2026-01-10',
        StartDate: '2025-02-29',
        EndDate: '2025-11-31',
      }),
    ).toEqual(['StartDate', 'EndDate']);
  });
  it('start application: a desired start that does not exist is outside the window', () => {
    expect(isWithinStartWindow('2026-02-30', '2026-01-25')).toBe(false);
    expect(isWithinStartWindow('2026-02-28', '2026-01-25')).toBe(true);
  });
  it('timesheet shifts and agency dates refuse impossible days with the field message', () => {
    const shift = { shiftTypeId: 1, timesheetId: 1, shiftDate: '2026-02-30' };
    expect(createShiftSchema.safeParse(shift).error?.issues[0]).toMatchObject({
      path: ['shiftDate'],
      message: dateMessages.invalidDate,
    });
    expect(createShiftSchema.safeParse({ ...shift, shiftDate: '2026-02-27T08:00:00' }).success).toBe(true);
    expect(
      createShiftSchema.safeParse({ ...shift, shiftDate: '2026-02-27', startTime: '2026-02-27T25:61:00' }).error
        ?.issues[0]?.path,
    ).toEqual(['startTime']);
    expect(contractTermsInputSchema.safeParse({ endDate: '2026-06-31' }).error?.issues[0]).toMatchObject({
      path: ['endDate'],
      message: dateMessages.invalidDate,
    });
    expect(jobRowSchema.shape.startDate.safeParse('2027-02-29').success).toBe(false);
  });
});

describe('days, months and windows', () => {
  it('adds months within the month, so the 31st lands on the last day of a shorter month', () => {
    expect(addCalendarMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addCalendarMonths('2025-03-31', -1)).toBe('2025-02-28');
    expect(addCalendarMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(() => addCalendarMonths('2026-02-30', 1)).toThrow(RangeError);
  });
  it('a window of days after a date, and whether a real date falls in it', () => {
    expect(dateWindow('2026-01-01', 14, 70)).toEqual({ min: '2026-01-15', max: '2026-03-12' });
    expect(isDateBetween('2026-01-15', '2026-01-15', '2026-03-12')).toBe(true);
    expect(isDateBetween('2026-03-13', '2026-01-15', '2026-03-12')).toBe(false);
    expect(isDateBetween('2026-02-30', '2026-01-15', '2026-03-12')).toBe(false);
  });
  it('lays a month out in weeks from Sunday', () => {
    const feb2026 = calendarMonthWeeks('2026-02-14');
    expect(feb2026).toHaveLength(4);
    expect(feb2026[0]).toEqual([
      '2026-02-01',
      '2026-02-02',
      '2026-02-03',
      '2026-02-04',
      '2026-02-05',
      '2026-02-06',
      '2026-02-07',
    ]);
    const jan2026 = calendarMonthWeeks('2026-01-01');
    expect(jan2026[0]).toEqual([null, null, null, null, '2026-01-01', '2026-01-02', '2026-01-03']);
    expect(jan2026.at(-1)).toEqual([
      '2026-01-25',
      '2026-01-26',
      '2026-01-27',
      '2026-01-28',
      '2026-01-29',
      '2026-01-30',
      '2026-01-31',
    ]);
    expect(calendarMonthWeeks('2024-02-10').flat().filter(Boolean)).toHaveLength(29);
  });
});

describe('pay periods', () => {
  it('are weeks from Sunday to Saturday', () => {
    expect(payPeriodStart('2026-01-07')).toBe('2026-01-04');
    expect(payPeriodStart('2026-01-04')).toBe('2026-01-04');
    expect(payPeriodOf('2026-01-10')).toEqual({ startDate: '2026-01-04', endDate: '2026-01-10' });
    expect(payPeriodOf('2027-01-01')).toEqual({ startDate: '2026-12-27', endDate: '2027-01-02' });
  });
  it('count the weeks it takes to cover a range, from the Sunday on or before its first day', () => {
    expect(payPeriodCount('2026-01-07', '2026-01-10')).toBe(1);
    expect(payPeriodCount('2026-01-07', '2026-01-11')).toBe(2);
    expect(payPeriodCount('2026-01-04', '2026-04-04')).toBe(13);
    expect(payPeriodCount('2026-01-07', '2026-01-03')).toBe(0);
  });
});

describe('local timestamps and "today"', () => {
  it('split and build wall-clock timestamps', () => {
    expect(datePart('2026-01-05T07:00:00')).toBe('2026-01-05');
    expect(datePart('2026-01-05')).toBe('2026-01-05');
    expect(timeOfDay('2026-01-05T07:30:00')).toBe('07:30');
    expect(localTimestamp('2026-01-05', '19:00')).toBe('2026-01-05T19:00:00');
  });
  it('counts wall-clock minutes, across midnight and to the minute', () => {
    expect(wallClockMinutesBetween('2026-01-05T19:00:00', '2026-01-06T07:30:00')).toBe(750);
    expect(wallClockMinutesBetween('2026-01-05T07:00', '2026-01-05T07:00:59')).toBe(0);
    expect(wallClockMinutesBetween('2026-01-05T08:00:00', '2026-01-05T07:00:00')).toBe(-60);
  });
  it('reads today from the clock it is given', () => {
    const noon = () => new Date(2026, 0, 5, 12);
    expect(todayIso(noon)).toBe('2026-01-05');
    expect(todayIso(noon, -1)).toBe('2026-01-04');
    expect(utcIsoDate(new Date('2026-01-05T23:30:00Z'), 1)).toBe('2026-01-06');
    expect(calendarYearOf(noon())).toBe(2026);
    expect(monthIndexOf(noon())).toBe(monthIndex(2026, 1));
  });
  it('the wall clock of a named zone, whatever the machine runs in', () => {
    expect(wallClockIn('America/New_York', new Date('2026-07-01T03:59:30Z'))).toBe('2026-06-30T23:59:30');
    expect(wallClockIn('America/New_York', new Date('2026-01-01T05:00:00Z'))).toBe('2026-01-01T00:00:00');
  });
});

describe('display', () => {
  it('US dates from the wire format or a timestamp, without moving the day', () => {
    expect(formatDate('2026-01-05')).toBe('01/05/2026');
    expect(formatDate('2026-01-05T23:30:00.000Z')).toBe('01/05/2026');
    for (const empty of [null, undefined, '', 'soon']) expect(formatDate(empty)).toBe('');
  });
  it('months and years of graduation dates, sortable', () => {
    expect(formatMonthYear(5, 2015)).toBe('05/2015');
    expect(monthYearSortKey('05/2015')).toBeLessThan(monthYearSortKey('06/2015'));
    expect(monthYearSortKey('12/2014')).toBeLessThan(monthYearSortKey('1/2015'));
  });
  it('signing times in Central Time, as the browser and the PDF wrote them with toLocaleString', () => {
    const signed = '2026-01-05T15:05:00.000Z';
    const options = { month: '2-digit', day: '2-digit', year: 'numeric', minute: '2-digit' } as const;
    expect(formatCentralTime(signed)).toBe('01/05/2026, 9:05 AM CT');
    expect(formatCentralTime(signed)).toBe(
      `${new Date(signed).toLocaleString('en-US', { ...options, timeZone: 'America/Chicago', hour: 'numeric' })} CT`,
    );
    expect(formatCentralTime(new Date(signed), '2-digit')).toBe(
      `${new Date(signed).toLocaleString('en-US', { ...options, timeZone: 'America/Chicago', hour: '2-digit' })} CT`,
    );
    expect(formatDateTimeIn(signed, 'America/New_York')).toBe('01/05/2026, 10:05 AM');
  });
  it('the names other modules exported before stay the same functions', () => {
    expect(format.formatDate).toBe(formatDate);
    expect(timesheets.datePart).toBe(datePart);
    expect(formatDegreeDate).toBe(formatMonthYear);
  });
});

/**
 * The same answers in every zone the machine may run in: the date line's both sides (Kiritimati +14, Pago Pago -11),
 * a daylight-saving change at local midnight (Santiago: 2026-09-06 00:00 does not exist there), a half-hour change
 * (Lord Howe), a quarter-hour offset (Kathmandu) and the US Pacific coast, whose spring and fall changes are days
 * the arithmetic below crosses.
 */
describe.each([
  ['UTC', 0],
  ['America/Los_Angeles', 480],
  ['Pacific/Kiritimati', -840],
  ['Pacific/Pago_Pago', 660],
  ['America/Santiago', 180],
  ['Australia/Lord_Howe', -660],
  ['Asia/Kathmandu', -345],
] as const)('in the time zone %s', (zone, januaryOffsetMinutes) => {
  let saved: string | undefined;
  beforeAll(() => {
    saved = process.env.TZ;
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });

  it('runs in that zone', () => {
    expect(new Date(2026, 0, 15, 12).getTimezoneOffset()).toBe(januaryOffsetMinutes);
  });
  it('day arithmetic crosses daylight-saving changes day for day', () => {
    expect(addCalendarDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addCalendarDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addCalendarDays('2026-11-01', -1)).toBe('2026-10-31');
    expect(addCalendarDays('2026-09-05', 1)).toBe('2026-09-06');
    expect(addCalendarDays('2026-09-06', 1)).toBe('2026-09-07');
    expect(addCalendarDays('2026-04-04', 1)).toBe('2026-04-05');
    expect(calendarDaysBetween('2026-03-01', '2026-04-01')).toBe(31);
    expect(calendarDaysBetween('2026-09-01', '2026-10-01')).toBe(30);
    expect(calendarDaysBetween('2026-10-25', '2026-11-08')).toBe(14);
    expect(addCalendarMonths('2026-08-06', 1)).toBe('2026-09-06');
    expect(weekdayOf('2026-09-06')).toBe(0);
    expect(weekdayOf('2026-03-08')).toBe(0);
  });
  it('pay periods over a daylight-saving change are still Sunday to Saturday', () => {
    expect(payPeriodOf('2026-03-11')).toEqual({ startDate: '2026-03-08', endDate: '2026-03-14' });
    expect(payPeriodOf('2026-09-06')).toEqual({ startDate: '2026-09-06', endDate: '2026-09-12' });
    expect(payPeriodOf('2026-11-07')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-07' });
    expect(payPeriodCount('2026-03-01', '2026-11-30')).toBe(40);
  });
  it('month grids, typed dates and "today" at local noon', () => {
    expect(calendarMonthWeeks('2026-09-20')[1]![0]).toBe('2026-09-06');
    expect(calendarMonthWeeks('2026-03-01').flat().filter(Boolean)).toHaveLength(31);
    expect(usDateToIso('9/6/2026')).toBe('2026-09-06');
    expect(isCalendarDate('2026-09-06')).toBe(true);
    expect(localIsoDate(new Date(2026, 8, 5, 12), 1)).toBe('2026-09-06');
    expect(todayIso(() => new Date(2026, 2, 8, 12))).toBe('2026-03-08');
  });
  it('wall-clock minutes of a night shift do not depend on the zone or its changes', () => {
    expect(wallClockMinutesBetween('2026-03-07T19:00:00', '2026-03-08T07:00:00')).toBe(720);
    expect(wallClockMinutesBetween('2026-09-05T19:00:00', '2026-09-06T07:00:00')).toBe(720);
    expect(
      timesheets.workedMinutes({ startTime: '2026-10-31T19:00:00', endTime: '2026-11-01T07:00:00', lunch: 30 }),
    ).toBe(690);
  });
  it('instants shown in a named zone, or as a UTC date, read the same on any machine', () => {
    expect(wallClockIn('America/New_York', new Date('2026-03-08T07:30:00Z'))).toBe('2026-03-08T03:30:00');
    expect(formatCentralTime('2026-01-05T15:05:00.000Z')).toBe('01/05/2026, 9:05 AM CT');
    expect(utcIsoDate(new Date('2026-01-05T23:30:00Z'))).toBe('2026-01-05');
    expect(formatDate('2026-01-05T23:30:00.000Z')).toBe('01/05/2026');
  });
});
