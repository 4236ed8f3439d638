import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addCalendarDays,
  calendarDateSchema,
  calendarDaysBetween,
  dateMessages,
  isCalendarDate,
  isLocalTimestamp,
  localIsoDate,
  localTimestampSchema,
  optionalCalendarDateSchema,
  parseMonthYear,
  usDateToIso,
  weekdayOf,
} from './dates.ts';
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
    for (const bad of ['2/29/2025', '04/31/2026', '13/01/2026', '00/10/2026', '1/1/26', '1/1/0000', '2026-01-05', ''])
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
