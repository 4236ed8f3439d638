/**
 * The one date module of the portal: every request field that carries a date, every form that checks one, every
 * date shown to a person and every rule that does arithmetic on one goes through here (parsing, validation (the zod
 * schemas of date fields in date-schemas.ts are these checks, kept apart so that showing a date loads no zod),
 * formatting, days and months added, "today" from a clock, pay-period weeks). The text must have the wire format's
 * exact shape (four-digit year, two-digit month and day: '2024-1-5', ' 2024-01-05' and '+2024-01-05' are refused),
 * and whether the day exists is date-fns' `isExists`, so impossible days (Feb 30, Apr 31, Feb 29 of a common year,
 * year 0) never reach the database, where they would fail as a server error instead of a field message.
 *
 * Dates are calendar dates without a zone: they are read and written in the same (local) zone, so the arithmetic
 * helpers answer the same text on any machine. Local timestamps (shift times) are a facility's wall clock, also
 * without a zone: their arithmetic counts wall-clock minutes, never an instant's. date-fns' small functions only
 * (`isExists`, `lightFormat`, the day and month arithmetic): its `parse` and `format` would add ten kilobytes to
 * every page that checks a date. Times in a named zone are formatted with `Intl.DateTimeFormat` here, never with
 * `toLocaleDateString`/`toLocaleTimeString` elsewhere (lint enforces both).
 */
import { addDays, addMonths, differenceInCalendarDays, getDay, getDaysInMonth, isExists, lightFormat } from 'date-fns';

/** The years a date field accepts: wide enough for a birth date or a military start, narrow enough to catch typos. */
export const CALENDAR_YEAR_MIN = 1900;
export const CALENDAR_YEAR_MAX = 2100;

export const dateMessages = {
  invalidDate: 'Enter a real date as YYYY-MM-DD',
  dateOutOfRange: `Enter a date from ${CALENDAR_YEAR_MIN} to ${CALENDAR_YEAR_MAX}`,
  invalidTimestamp: 'Enter a real date and time as YYYY-MM-DDTHH:mm:ss',
  /** What a date field says under typed text that is no day (02/30/2000, 13/01/2020) or a partial date. */
  typedDate: 'Please enter a real date as MM/DD/YYYY',
  typedDateBetween: (min: string, max: string) => `Please choose a date from ${min} to ${max}`,
  typedDateFrom: (min: string) => `Please choose a date on or after ${min}`,
  typedDateUntil: (max: string) => `Please choose a date on or before ${max}`,
} as const;

const ISO_DATE = 'yyyy-MM-dd';
const MS_PER_DAY = 86_400_000;
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

/** What is wrong with `value` as a calendar date of a request or a form (its message), or null when it is one. */
export function calendarDateProblem(value: string): string | null {
  const d = parseCalendarDate(value);
  if (!d) return dateMessages.invalidDate;
  return inYearRange(d) ? null : dateMessages.dateOutOfRange;
}

/* ------------------------------------------------------------------ today, from a clock */

/** Where "now" comes from: the server passes its app clock (`ctx.now`), tests a fixed one, pages the system's. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** The calendar date of an instant (or `days` after it) as YYYY-MM-DD in the machine's local time. */
export function localIsoDate(date = new Date(), days = 0): string {
  return lightFormat(addDays(date, days), ISO_DATE);
}

/** Today's date (or `days` from it) on the given clock, YYYY-MM-DD in the machine's local time. */
export function todayIso(clock: Clock = systemClock, days = 0): string {
  return localIsoDate(clock(), days);
}

/** The UTC calendar date of an instant (or `days` of 24 hours after it), YYYY-MM-DD, the same on every machine. */
export function utcIsoDate(instant: Date, days = 0): string {
  return new Date(instant.getTime() + days * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The year of an instant in local time (the upper bound of year fields such as graduation dates). */
export function calendarYearOf(instant: Date = new Date()): number {
  return instant.getFullYear();
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

/** A calendar date moved by whole months, kept within the month ('2024-01-31' + 1 = '2024-02-29'). */
export function addCalendarMonths(value: string, months: number): string {
  return lightFormat(addMonths(requireDate(value), months), ISO_DATE);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function calendarDaysBetween(from: string, to: string): number {
  return differenceInCalendarDays(requireDate(to), requireDate(from));
}

/** Day of the week of a calendar date: 0 Sunday .. 6 Saturday. */
export function weekdayOf(value: string): number {
  return getDay(requireDate(value));
}

/** A real date from `min` to `max` (all YYYY-MM-DD; the wire format sorts as text). */
export function isDateBetween(value: string, min: string, max: string): boolean {
  return isCalendarDate(value) && value >= min && value <= max;
}

/** The dates from `minDays` to `maxDays` after `from`. */
export function dateWindow(from: string, minDays: number, maxDays: number): { min: string; max: string } {
  return { min: addCalendarDays(from, minDays), max: addCalendarDays(from, maxDays) };
}

/** The days of the month of `value` laid out in weeks from Sunday, `null` before the 1st and after the last day. */
export function calendarMonthWeeks(value: string): (string | null)[][] {
  const d = requireDate(value);
  const first = new Date(d.getFullYear(), d.getMonth(), 1);
  const cells: (string | null)[] = Array.from({ length: getDay(first) }, () => null);
  for (let day = 0; day < getDaysInMonth(d); day++) cells.push(lightFormat(addDays(first, day), ISO_DATE));
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/* ------------------------------------------------------------------ pay periods */

/** Pay periods are weeks from Sunday to Saturday. */
export const PAY_PERIOD_DAYS = 7;

/** The Sunday that starts the pay period holding `value`. */
export function payPeriodStart(value: string): string {
  return addCalendarDays(value, -weekdayOf(value));
}

/** The pay period (Sunday to Saturday) that holds `value`. */
export function payPeriodOf(value: string): { startDate: string; endDate: string } {
  const startDate = payPeriodStart(value);
  return { startDate, endDate: addCalendarDays(startDate, PAY_PERIOD_DAYS - 1) };
}

/** How many pay periods it takes to cover `from` through `through` (0 when `through` is before `from`'s week). */
export function payPeriodCount(from: string, through: string): number {
  const days = calendarDaysBetween(payPeriodStart(from), through);
  return days < 0 ? 0 : Math.floor(days / PAY_PERIOD_DAYS) + 1;
}

/* ------------------------------------------------------------------ local timestamps (wall clock) */

/** The date part of a local timestamp or date ('2026-01-05T07:00:00' -> '2026-01-05'). */
export function datePart(value: string): string {
  return value.slice(0, 10);
}

/** The 'HH:mm' of a local timestamp. */
export function timeOfDay(value: string): string {
  return value.slice(11, 16);
}

/** The local timestamp 'YYYY-MM-DDTHH:mm:00' of a date and an 'HH:mm' time. */
export function localTimestamp(date: string, time: string): string {
  return `${date}T${time}:00`;
}

/**
 * Wall-clock minutes from one local timestamp to another (to the minute; negative when `to` is earlier). Counted
 * on the clock's face, so a night that changes daylight saving time still counts its hours as written.
 */
export function wallClockMinutesBetween(from: string, to: string): number {
  const minuteOf = (value: string) => Date.parse(`${value.slice(0, 16)}:00Z`) / 60_000;
  return Math.round(minuteOf(to) - minuteOf(from));
}

/** 'YYYY-MM-DDTHH:mm:ss' of an instant on the wall clock of a time zone ('America/New_York'). */
export function wallClockIn(timeZone: string, instant: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}`;
}

/**
 * A typed US date ('M/D/YYYY' or 'MM/DD/YYYY', four-digit year) as 'YYYY-MM-DD' when that day exists, else null. Any
 * year from 1000 on: whether the year fits is the form's rule, with its own message (a birth year 1800 is a date of
 * birth out of range, not a date that does not exist).
 */
export function usDateToIso(text: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!m || Number(m[3]) < 1000) return null;
  const d = dayOf(Number(m[3]), Number(m[1]), Number(m[2]));
  return d ? lightFormat(d, ISO_DATE) : null;
}

/** 'MM/YYYY' or 'M/YYYY' with a year in [minYear, maxYear] -> {month, year}, or null. */
export function parseMonthYear(text: string, minYear: number, maxYear: number): { month: number; year: number } | null {
  const m = /^(\d{1,2})\/(\d{4})$/.exec(text.trim());
  const d = m ? dayOf(Number(m[2]), Number(m[1]), 1) : null;
  if (!d || d.getFullYear() < minYear || d.getFullYear() > maxYear) return null;
  return { month: d.getMonth() + 1, year: d.getFullYear() };
}

/** 'MM/YYYY' of a month and year (graduation dates). */
export function formatMonthYear(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${year}`;
}

/** The month as one number (year * 12 + month), to compare months. */
export function monthIndex(year: number, month: number): number {
  return year * 12 + month;
}

/** 'MM/YYYY' as a number that sorts by month (text that is not a month and year sorts as it reads, unchecked). */
export function monthYearSortKey(mmYyyy: string): number {
  const [month, year] = mmYyyy.split('/').map(Number);
  return monthIndex(year ?? 0, month ?? 0);
}

/** `monthIndex` of the local month of an instant. */
export function monthIndexOf(instant: Date): number {
  return monthIndex(instant.getFullYear(), instant.getMonth() + 1);
}

/** Whether an 'MM/YYYY' month is after the month of `now` (a graduation still to come). */
export function isFutureMonthYear(mmYyyy: string, now: Date): boolean {
  return monthYearSortKey(mmYyyy) > monthIndexOf(now);
}

/* ------------------------------------------------------------------ display */

/** 'YYYY-MM-DD' or an ISO timestamp -> 'MM/DD/YYYY' (the calendar date as written, no time-zone shift); '' otherwise. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return '';
  return `${m[2]}/${m[3]}/${m[1]}`;
}

/** What a date field says when its date lies outside the days it allows (either bound may be absent). */
export function dateRangeMessage(min: string | undefined, max: string | undefined): string {
  if (min && max) return dateMessages.typedDateBetween(formatDate(min), formatDate(max));
  if (min) return dateMessages.typedDateFrom(formatDate(min));
  if (max) return dateMessages.typedDateUntil(formatDate(max));
  return '';
}

/** Signing times are shown on the agency's clock, Central Time, whatever the reader's zone. */
export const CENTRAL_TIME_ZONE = 'America/Chicago';

/**
 * An instant as 'MM/DD/YYYY, h:mm AM' (or 'hh:mm AM' with `hour: '2-digit'`) in a time zone, US English, followed by
 * `suffix` when given (' CT').
 */
export function formatDateTimeIn(
  instant: Date | string,
  timeZone: string,
  { hour = 'numeric', suffix = '' }: { hour?: 'numeric' | '2-digit'; suffix?: string } = {},
): string {
  const text = new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour,
    minute: '2-digit',
  }).format(typeof instant === 'string' ? new Date(instant) : instant);
  return `${text}${suffix}`;
}

/** An instant in Central Time, 'MM/DD/YYYY, h:mm AM CT'. */
export function formatCentralTime(instant: Date | string, hour: 'numeric' | '2-digit' = 'numeric'): string {
  return formatDateTimeIn(instant, CENTRAL_TIME_ZONE, { hour, suffix: ' CT' });
}

/* ------------------------------------------------------------------ calendar views (the web's date picker and year lists) */

/** The year of `now` (the machine's local calendar): the top of a year list. */
export function currentYear(now = new Date()): number {
  return now.getFullYear();
}
