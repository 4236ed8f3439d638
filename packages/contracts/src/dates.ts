/**
 * The one date module of the portal: every request field that carries a date, every form that checks one and
 * every server rule that does arithmetic on one goes through here. The text must have the wire format's exact
 * shape (four-digit year, two-digit month and day: '2024-1-5', ' 2024-01-05' and '+2024-01-05' are refused), and
 * whether the day exists is date-fns' `isExists`, so impossible days (Feb 30, Apr 31, Feb 29 of a common year,
 * year 0) never reach the database, where they would fail as a server error instead of a field message.
 *
 * Dates are calendar dates without a zone: they are read and written in the same (local) zone, so the arithmetic
 * helpers answer the same text on any machine. date-fns' small functions only (`isExists`, `lightFormat`, the
 * day arithmetic): its `parse` and `format` would add ten kilobytes to every page that checks a date.
 */
import { addDays, addMonths, differenceInCalendarDays, getDay, getDaysInMonth, isExists, lightFormat, startOfMonth } from 'date-fns';
import { z } from 'zod';

/** The years a date field accepts: wide enough for a birth date or a military start, narrow enough to catch typos. */
export const CALENDAR_YEAR_MIN = 1900;
export const CALENDAR_YEAR_MAX = 2100;

export const dateMessages = {
  invalidDate: 'Enter a real date as YYYY-MM-DD',
  dateOutOfRange: `Enter a date from ${CALENDAR_YEAR_MIN} to ${CALENDAR_YEAR_MAX}`,
  invalidTimestamp: 'Enter a real date and time as YYYY-MM-DDTHH:mm:ss',
} as const;

const ISO_DATE = 'yyyy-MM-dd';
/** The shapes of the wire formats (ASCII digits only); which days and times exist is checked below, not here. */
const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Local timestamps as clients send them (no zone): minutes, seconds, or seconds with 1 to 3 fraction digits. */
const TIMESTAMP_SHAPE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

/** The local-midnight Date of a day that exists (years from 100 on; `isExists` reads 0-99 as 1900-1999), else null. */
function dayOf(year: number, month: number, day: number): Date | null {
  return isExists(year, month - 1, day) ? new Date(year, month - 1, day) : null;
}

const inYearRange = (d: Date) => d.getFullYear() >= CALENDAR_YEAR_MIN && d.getFullYear() <= CALENDAR_YEAR_MAX;

/** The local-midnight Date of a real 'YYYY-MM-DD' date (any year from 100 to 9999), else null. */
export function parseCalendarDate(value: unknown): Date | null {
  const m = typeof value === 'string' ? DATE_SHAPE.exec(value) : null;
  return m ? dayOf(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** A real 'YYYY-MM-DD' calendar date within the accepted years. */
export function isCalendarDate(value: unknown): value is string {
  const d = parseCalendarDate(value);
  return !!d && inYearRange(d);
}

/** A real local timestamp 'YYYY-MM-DDTHH:mm[:ss[.SSS]]' (hours 0-23, minutes and seconds 0-59) within the accepted years. */
export function isLocalTimestamp(value: unknown): value is string {
  const m = typeof value === 'string' ? TIMESTAMP_SHAPE.exec(value) : null;
  if (!m) return false;
  const d = dayOf(Number(m[1]), Number(m[2]), Number(m[3]));
  return !!d && inYearRange(d) && Number(m[4]) <= 23 && Number(m[5]) <= 59 && Number(m[6] ?? 0) <= 59;
}

/** Adds a zod issue with the right message when `value` is not an accepted calendar date. */
function checkCalendarDate(value: string, ctx: z.RefinementCtx) {
  const d = parseCalendarDate(value);
  if (!d) ctx.addIssue({ code: 'custom', message: dateMessages.invalidDate });
  else if (!inYearRange(d)) ctx.addIssue({ code: 'custom', message: dateMessages.dateOutOfRange });
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

/** Today's date (or `addDays` from it) as YYYY-MM-DD in the machine's local time. */
export function localIsoDate(date = new Date(), days = 0): string {
  return lightFormat(addDays(date, days), ISO_DATE);
}

function requireDate(value: string): Date {
  const d = parseCalendarDate(value);
  if (!d) throw new RangeError(`Not a calendar date: ${value}`);
  return d;
}

/** A calendar date moved by whole days ('2024-02-28' + 1 = '2024-02-29'). Throws on a date that does not exist. */
export function addCalendarDays(value: string, days: number): string {
  return lightFormat(addDays(requireDate(value), days), ISO_DATE);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function calendarDaysBetween(from: string, to: string): number {
  return differenceInCalendarDays(requireDate(to), requireDate(from));
}

/** Day of the week of a calendar date: 0 Sunday .. 6 Saturday. */
export function weekdayOf(value: string): number {
  return getDay(requireDate(value));
}

/** A typed US date ('M/D/YYYY' or 'MM/DD/YYYY', four-digit year) as 'YYYY-MM-DD', or null when it is not an accepted date. */
export function usDateToIso(text: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  const d = m ? dayOf(Number(m[3]), Number(m[1]), Number(m[2])) : null;
  return d && inYearRange(d) ? lightFormat(d, ISO_DATE) : null;
}

/** 'MM/YYYY' or 'M/YYYY' with a year in [minYear, maxYear] -> {month, year}, or null. */
export function parseMonthYear(text: string, minYear: number, maxYear: number): { month: number; year: number } | null {
  const m = /^(\d{1,2})\/(\d{4})$/.exec(text.trim());
  const d = m ? dayOf(Number(m[2]), Number(m[1]), 1) : null;
  if (!d || d.getFullYear() < minYear || d.getFullYear() > maxYear) return null;
  return { month: d.getMonth() + 1, year: d.getFullYear() };
}

/* ------------------------------------------------------------------ calendar views (the web's date picker and year lists) */

/** The year of `now` (the machine's local calendar): the top of a year list. */
export function currentYear(now = new Date()): number {
  return now.getFullYear();
}

/** A calendar date moved by whole months, kept within the target month ('2024-01-31' + 1 = '2024-02-29'). */
export function addCalendarMonths(value: string, months: number): string {
  return lightFormat(addMonths(requireDate(value), months), ISO_DATE);
}

/** The days of the month of a calendar date as a grid of weeks (Sunday first), with null where another month's day would be. */
export function calendarMonthWeeks(value: string): (string | null)[][] {
  const first = startOfMonth(requireDate(value));
  const cells: (string | null)[] = Array<null>(getDay(first)).fill(null);
  for (let d = 0; d < getDaysInMonth(first); d++) cells.push(lightFormat(addDays(first, d), ISO_DATE));
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** 'MM/DD/YYYY' of a 'YYYY-MM-DD' date as a person types it (the date picker's text), '' for anything else. */
export function calendarDateToUs(value: string): string {
  return parseCalendarDate(value) ? lightFormat(requireDate(value), 'MM/dd/yyyy') : '';
}

/**
 * An instant (an ISO timestamp with its zone) as the wall-clock date and time of `timeZone`, 'MM/DD/YYYY, h:mm AM':
 * signing times are shown in the agency's Central Time wherever the clinician is. '' when it is not a timestamp.
 */
export function formatInstant(iso: string, timeZone?: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return new Intl.DateTimeFormat('en-US', { timeZone, month: '2-digit', day: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(ms);
}
