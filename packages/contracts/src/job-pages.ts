// The job search's and the job pages' constants and texts, without schemas: a page that shows jobs (the job search,
// the entry's first calls) does not load zod with them (docs/decisions/0049, 0350). jobs.ts re-exports them.

export const DEFAULT_DISCIPLINE_ID = 13;
export const START_WINDOW_MIN_DAYS = 14;
export const START_WINDOW_MAX_DAYS = 70;
export const CITY_RADIUS_OPTIONS = [25, 50, 75, 100, 125, 150, 175, 200] as const;
export const DEFAULT_CITY_RADIUS = 100;
export const LOCATION_ITEM_HEIGHT = 30;
export const SPECIALTY_ITEM_HEIGHT = 50;
export const MAP_ZOOM = 18;
export const JOB_POSTING_VALID_DAYS = 28;
export const MISSING_GRADE = 99;
/** Close location match: within this factor of the chosen radius (docs/decisions/0024-job-matching.md). */
export const CLOSE_RADIUS_FACTOR = 1.5;
export const SEARCH_PAGE_SIZE = 50;
export const SEARCH_MAX_PAGE_SIZE = 100;
/** At most this many items of one repeated parameter are read; the rest are ignored. */
export const SEARCH_MAX_LIST_ITEMS = 200;
export const MAX_TIME_OFF_ROWS = 20;
/** The one weekly bonus, shown apart in the pay breakdown. */
export const WEEKLY_TRAVEL_BONUS = 'Weekly Taxable Travel Bonus';

export const PREFERRED_SHIFT_OPTIONS = [
  { value: 1, label: 'Day' },
  { value: 2, label: 'Night' },
  { value: 3, label: 'Either' },
] as const;
export const NUMBER_OF_SHIFTS_OPTIONS = [
  { value: 3, label: '3' },
  { value: 4, label: '4' },
  { value: 5, label: '5' },
  { value: -1, label: 'Any' },
] as const;

export const SORT_OPTIONS = [
  { value: 'preference', label: 'Preference: Exact to Close Match' },
  { value: 'pay', label: 'Pay: High to Low' },
  { value: 'shiftsDesc', label: 'Number of Shifts: High to Low' },
  { value: 'shiftsAsc', label: 'Number of Shifts: Low to High' },
] as const;
export type SortKey = (typeof SORT_OPTIONS)[number]['value'];

/**
 * A job's title: 'Profession - Specialty', or the specialty alone where it already names the profession ('Surgical
 * Technologist' never reads 'Surgical Technologist - Surgical Technologist', nor 'Physical Therapist - Physical
 * Therapist - Acute Care').
 */
export function jobTitle(profession: string, specialty: string | null | undefined): string {
  const p = profession.trim();
  const s = (specialty ?? '').trim();
  if (!s) return p;
  const lower = s.toLowerCase();
  const prefix = p.toLowerCase();
  if (lower === prefix || lower.startsWith(`${prefix} - `)) return s;
  return `${p} - ${s}`;
}

/** The number before 'x' in a shift text ('3x12' -> 3); null when there is none. */
export function shiftsPerWeekOf(shift: string): number | null {
  const m = /^\s*(\d+)\s*x/i.exec(shift);
  return m ? Number(m[1]) : null;
}

/** Pay breakdown is shown only when the shift text has no comma (a compound shift has no single breakdown). */
export function showPayBreakdown(shift: string): boolean {
  return !shift.includes(',');
}

export function bedCountText(n: number | null | undefined): string {
  if (n === null || n === undefined) return 'Not Available';
  return `${n} ${n === 1 ? 'Bed' : 'Beds'}`;
}
export function traumaLevelText(n: number | null | undefined): string {
  if (n === null || n === undefined) return 'Not Available';
  return `Level ${n}`;
}
export function openingsText(n: number): string {
  return `${n} ${n === 1 ? 'Opening' : 'Openings'}`;
}
export function countsHeader(jobCount: number, positionCount: number): string {
  return `${jobCount} Unique Job${jobCount === 1 ? '' : 's'} (${positionCount} Total Opening${positionCount === 1 ? '' : 's'})`;
}
