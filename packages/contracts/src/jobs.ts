import { z } from 'zod';
import { isoDateSchema } from './common.ts';
import { addCalendarDays, datePart, dateWindow, isDateBetween } from './dates.ts';
import { citySchema, professionSchema, specialtySchema, stateSchema } from './reference.ts';
import {
  CLOSE_RADIUS_FACTOR,
  DEFAULT_DISCIPLINE_ID,
  JOB_POSTING_VALID_DAYS,
  jobTitle,
  MAX_TIME_OFF_ROWS,
  MISSING_GRADE,
  SEARCH_MAX_LIST_ITEMS,
  SEARCH_MAX_PAGE_SIZE,
  SEARCH_PAGE_SIZE,
  type SortKey,
  START_WINDOW_MAX_DAYS,
  START_WINDOW_MIN_DAYS,
} from './job-pages.ts';

export * from './job-pages.ts';

export const sortKeySchema = z.enum(['preference', 'pay', 'shiftsDesc', 'shiftsAsc']);

/* ------------------------------------------------------------------ schemas */

export const matchValueSchema = z.enum(['ExactMatch', 'CloseMatch', 'NotMatch']);
export type MatchValue = z.infer<typeof matchValueSchema>;

export const matchTypesSchema = z.object({
  className: z.string(),
  displayText: z.string(),
  specialty: matchValueSchema,
  shiftsPerWeek: matchValueSchema,
  location: matchValueSchema,
  discipline: matchValueSchema,
  milesFromNearestLocation: z.number().nullable(),
  nearestLocation: z.string().nullable(),
});
export type MatchTypes = z.infer<typeof matchTypesSchema>;

export const jobCardSchema = z.object({
  jobId: z.number(),
  profession: z.string(),
  specialty: z.string(),
  hospitalName: z.string(),
  hospitalCity: z.string(),
  hospitalState: z.string(),
  shift: z.string(),
  shiftCategory: z.number(),
  grade: z.number().nullable(),
  grossWeeklyPay: z.number(),
  availablePositions: z.number(),
  isAvailable: z.boolean(),
  matchTypes: matchTypesSchema.nullable(),
});
export type JobCard = z.infer<typeof jobCardSchema>;

export const jobResultsSchema = z.object({
  jobList: z.array(jobCardSchema),
  jobCount: z.number(),
  positionCount: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type JobResults = z.infer<typeof jobResultsSchema>;

/** A repeated query parameter arrives as a string or a list of strings. */
const repeated = z.union([z.string(), z.array(z.string())]).optional();
const optionalIntText = z
  .string()
  .max(12)
  .regex(/^-?\d*$/, 'Must be a whole number')
  .optional();

export const jobSearchQuerySchema = z.object({
  disciplineId: optionalIntText,
  professionId: optionalIntText,
  specialtyIds: repeated,
  stateIds: repeated,
  cityIds: repeated,
  shiftCategoryId: optionalIntText,
  numberOfShifts: optionalIntText,
  sortBy: z.union([sortKeySchema, z.literal('')]).optional(),
  page: optionalIntText,
  pageSize: optionalIntText,
});
export type JobSearchQuery = z.infer<typeof jobSearchQuerySchema>;

export const searchOptionsSchema = z.object({
  disciplines: z.array(professionSchema),
  specialties: z.array(specialtySchema),
  states: z.array(stateSchema),
  cities: z.array(citySchema),
});
export type SearchOptions = z.infer<typeof searchOptionsSchema>;

export const facilitySchema = z.object({
  facilityName: z.string(),
  imageUrl: z.string().nullable(),
  scrubColor: z.string().nullable(),
  bedCount: z.number().nullable(),
  chartingSystems: z.array(z.string()),
  traumaLevel: z.number().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});

export const jobDetailsSchema = z.object({
  jobId: z.number(),
  externalId: z.string(),
  profession: z.string(),
  specialty: z.string(),
  grade: z.number().nullable(),
  shift: z.string(),
  shiftCategory: z.number(),
  isAvailable: z.boolean(),
  favorited: z.boolean(),
  interested: z.boolean(),
  availablePositions: z.number(),
  duration: z.number(),
  startDate: z.string(),
  createDateTime: z.string(),
  description: z.string().nullable(),
  grossWeeklyPay: z.number(),
  hourlyRate: z.number(),
  onCallRate: z.number(),
  premiumRate: z.number(),
  overTimeRate: z.number(),
  caliOverTimeRate1: z.number(),
  caliOverTimeRate2: z.number(),
  callBackRate: z.number(),
  weeklyMeals: z.number(),
  weeklyLodging: z.number(),
  regularPayHours: z.number(),
  regularPayPerWeek: z.number(),
  premiumPayHours: z.number(),
  premiumPayPerWeek: z.number(),
  caliOvertimePayHours1: z.number(),
  caliOvertimePayPerWeek1: z.number(),
  caliOvertimePayHours2: z.number(),
  caliOvertimePayPerWeek2: z.number(),
  overtimePayHours: z.number(),
  overtimePayPerWeek: z.number(),
  bonuses: z.array(z.object({ name: z.string(), amount: z.number() })),
  minimumRequirements: z.array(z.string()),
  benefitsOfTrs: z.array(z.string()),
  facility: facilitySchema,
});
export type JobDetails = z.infer<typeof jobDetailsSchema>;

export const jobDetailsQuerySchema = z.object({ jobId: z.string().max(12).regex(/^\d+$/, 'jobId must be a number') });

export const updateFavoriteRequestSchema = z.object({
  jobId: z.coerce.number().int().min(1).max(2_147_483_647),
  isFavorited: z.boolean(),
});
export const updateFavoriteResponseSchema = z.object({ jobId: z.number(), isFavorite: z.boolean() });

export const favoriteJobsResponseSchema = z.object({
  activeJobs: z.array(jobCardSchema),
  archivedJobs: z.array(jobCardSchema),
});
export type FavoriteJobsResponse = z.infer<typeof favoriteJobsResponseSchema>;

export const timeOffEntrySchema = z.object({ fromDate: isoDateSchema.nullable(), toDate: isoDateSchema.nullable() });
export type TimeOffEntry = z.infer<typeof timeOffEntrySchema>;

export const startApplicationRequestSchema = z.object({
  jobId: z.coerce.number().int().min(1).max(2_147_483_647),
  isInterested: z.literal(true).default(true),
  desiredStartDate: isoDateSchema,
  otherRequests: z.string().trim().max(2000).nullish(),
  bestContactTime: z.string().trim().max(500).nullish(),
  requestedTimeOff: z.array(timeOffEntrySchema).max(MAX_TIME_OFF_ROWS).default([]),
});
export type StartApplicationRequest = z.input<typeof startApplicationRequestSchema>;
export type StartApplication = z.infer<typeof startApplicationRequestSchema>;
export const startApplicationResponseSchema = z.object({ jobId: z.number(), isInterested: z.boolean() });

/* ------------------------------------------------------------------ pure rules */

/** Drops rows with neither date and moves a To-only date to From (one day off may be typed in either field). */
export function normalizeTimeOff(rows: readonly TimeOffEntry[]): TimeOffEntry[] {
  const out: TimeOffEntry[] = [];
  for (const r of rows) {
    const from = r.fromDate || null;
    const to = r.toDate || null;
    if (!from && !to) continue;
    if (!from) out.push({ fromDate: to, toDate: null });
    else out.push({ fromDate: from, toDate: to });
  }
  return out;
}

/**
 * The desired start date window: +14..+70 days from `today` (YYYY-MM-DD), default +14. With the job's own start
 * date (`jobStart`), the window stretches to take it in: a job that starts sooner than two weeks out, or later than
 * ten, can be asked for on its own start day. A start today or before is never offered: the earliest is tomorrow.
 */
export function startDateWindow(
  today: string,
  jobStart?: string | null,
): { min: string; max: string; defaultDate: string } {
  const w = dateWindow(today, START_WINDOW_MIN_DAYS, START_WINDOW_MAX_DAYS);
  const start = jobStart ? datePart(jobStart) : null;
  const tomorrow = addCalendarDays(today, 1);
  const min = start && start >= tomorrow && start < w.min ? start : w.min;
  const max = start && start > w.max ? start : w.max;
  return { min, max, defaultDate: w.min };
}

export function isWithinStartWindow(date: string, today: string, jobStart?: string | null): boolean {
  const w = startDateWindow(today, jobStart);
  return isDateBetween(date, w.min, w.max);
}

/* ------------------------------------------------------------------ search criteria and matching */

export interface CityCriterion {
  id: number;
  radius: number;
}

export interface SearchCriteria {
  disciplineId: number;
  specialtyIds: number[];
  stateIds: number[];
  cities: CityCriterion[];
  /** 1 Days, 2 Nights; null = either. */
  shiftCategoryId: number | null;
  /** null = any. */
  numberOfShifts: number | null;
  sortBy: SortKey;
  page: number;
  pageSize: number;
}

function list(v: string | string[] | undefined): string[] {
  if (v === undefined) return [];
  const arr = Array.isArray(v) ? v : [v];
  // Also accept comma-separated values inside one parameter.
  return arr
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
}
function ids(v: string | string[] | undefined): number[] {
  const out = new Set<number>();
  for (const s of list(v)) {
    if (out.size >= SEARCH_MAX_LIST_ITEMS) break;
    if (!/^\d{1,10}$/.test(s)) continue;
    const n = Number(s);
    if (n >= 1 && n <= 2_147_483_647) out.add(n);
  }
  return [...out].sort((a, b) => a - b);
}
function int(v: string | undefined): number | null {
  if (v === undefined || v === '' || !/^-?\d{1,10}$/.test(v)) return null;
  return Number(v);
}

/** Parses one `cityId_radius` item; anything else is null (ignored). */
export function parseCityItem(item: string): CityCriterion | null {
  const m = /^(\d{1,10})_(\d{1,4})$/.exec(item.trim());
  if (!m) return null;
  const id = Number(m[1]);
  const radius = Number(m[2]);
  if (id < 1 || id > 2_147_483_647 || radius < 1 || radius > 500) return null;
  return { id, radius };
}

/** The normalised criteria of a search query (defaults, malformed items dropped, lists sorted and unique). */
export function normalizeSearchQuery(q: JobSearchQuery): SearchCriteria {
  const discipline = int(q.disciplineId) ?? int(q.professionId);
  const cities = new Map<number, CityCriterion>();
  for (const s of list(q.cityIds)) {
    if (cities.size >= SEARCH_MAX_LIST_ITEMS) break;
    const c = parseCityItem(s);
    if (c && !cities.has(c.id)) cities.set(c.id, c);
  }
  const shiftCategory = int(q.shiftCategoryId);
  const shifts = int(q.numberOfShifts);
  const pageSize = int(q.pageSize);
  return {
    disciplineId: discipline && discipline > 0 ? discipline : DEFAULT_DISCIPLINE_ID,
    specialtyIds: ids(q.specialtyIds),
    stateIds: ids(q.stateIds),
    cities: [...cities.values()].sort((a, b) => a.id - b.id),
    shiftCategoryId: shiftCategory === 1 || shiftCategory === 2 ? shiftCategory : null,
    numberOfShifts: shifts !== null && shifts > 0 && shifts <= 7 ? shifts : null,
    sortBy: q.sortBy ? q.sortBy : 'preference',
    page: Math.max(1, Math.min(10_000, int(q.page) ?? 1)),
    pageSize: Math.max(1, Math.min(SEARCH_MAX_PAGE_SIZE, pageSize ?? SEARCH_PAGE_SIZE)),
  };
}

/** A stable cache key of the criteria (same filters in any order give the same key). */
export function criteriaKey(c: SearchCriteria): string {
  return JSON.stringify([
    c.disciplineId,
    c.specialtyIds,
    c.stateIds,
    c.cities.map((x) => `${x.id}_${x.radius}`),
    c.shiftCategoryId,
    c.numberOfShifts,
    c.sortBy,
    c.page,
    c.pageSize,
  ]);
}

export interface GeoCity {
  id: number;
  name: string;
  stateAbbreviation: string;
  lat: number;
  lng: number;
  radius: number;
}

export interface MatchableJob {
  professionId: number;
  specialtyId: number;
  shiftsPerWeek: number;
  shiftCategory: number;
  stateId: number;
  lat: number | null;
  lng: number | null;
}

const EARTH_RADIUS_MILES = 3958.8;
const TO_RAD = Math.PI / 180;

/**
 * The haversine term `a` between two points, given the cosines of their latitudes (a caller placing many points
 * keeps them): distanceMiles is 2R asin(sqrt(a)).
 */
export function haversineTerm(
  lat1: number,
  lng1: number,
  cosLat1: number,
  lat2: number,
  lng2: number,
  cosLat2: number,
): number {
  const dLat = (lat2 - lat1) * TO_RAD;
  const dLng = (lng2 - lng1) * TO_RAD;
  return Math.sin(dLat / 2) ** 2 + cosLat1 * cosLat2 * Math.sin(dLng / 2) ** 2;
}

/** The cosine of a latitude in degrees, as the haversine term takes it. */
export const cosOfLatitude = (lat: number): number => Math.cos(lat * TO_RAD);

/** Great-circle distance in miles (haversine). */
export function distanceMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const a = haversineTerm(lat1, lng1, cosOfLatitude(lat1), lat2, lng2, cosOfLatitude(lat2));
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * The haversine term `a` of a distance in miles (distanceMiles is 2R asin(sqrt(a)), growing with `a`): a point's term
 * compared with a radius's answers "within the radius" without the arcsine and the square root. NaN for a distance
 * the term cannot stand for (negative, or half the globe and more).
 */
export function haversineTermOfMiles(miles: number): number {
  const half = miles / (2 * EARTH_RADIUS_MILES);
  return half >= 0 && half < Math.PI / 2 ? Math.sin(half) ** 2 : Number.NaN;
}

export interface MatchCriteria {
  disciplineId: number;
  specialtyIds: readonly number[];
  stateIds: readonly number[];
  cities: readonly GeoCity[];
  shiftCategoryId: number | null;
  numberOfShifts: number | null;
}

/** A chosen number of shifts per week ('Any' is none) that the job's differs from. */
const shiftsDiffer = (job: MatchableJob, c: MatchCriteria) =>
  c.numberOfShifts !== null && c.numberOfShifts > 0 && job.shiftsPerWeek !== c.numberOfShifts;

/**
 * The four match types of one job against a search (docs/decisions/0024-job-matching.md):
 * - discipline: exact when the profession is the chosen one, otherwise NotMatch;
 * - specialty: exact when no specialty is chosen or the job's is chosen, otherwise NotMatch;
 * - shiftsPerWeek: exact when any number or the same number, otherwise close: the number of shifts ranks jobs and
 *   never empties the results (docs/decisions/0260-shifts-per-week-ranks-never-excludes.md);
 * - location: exact when no location is chosen, the job is in a chosen state or within a chosen city's radius;
 *   close when within 1.5 x a chosen city's radius; otherwise NotMatch.
 * A preferred shift (Day or Night) is a filter: jobs of the other category are left out (Day or Night jobs fit both).
 * Answers null when the job does not belong in the results (any NotMatch or the shift category filter).
 */
export function matchJob(job: MatchableJob, c: MatchCriteria): MatchTypes | null {
  if (job.professionId !== c.disciplineId) return null;
  if (c.specialtyIds.length > 0 && !c.specialtyIds.includes(job.specialtyId)) return null;
  if (c.shiftCategoryId === 1 || c.shiftCategoryId === 2) {
    if (job.shiftCategory !== c.shiftCategoryId && job.shiftCategory === (c.shiftCategoryId === 1 ? 2 : 1)) return null;
  }
  const shifts: MatchValue = shiftsDiffer(job, c) ? 'CloseMatch' : 'ExactMatch';
  let location: MatchValue = 'ExactMatch';
  let miles: number | null = null;
  let nearest: string | null = null;
  if (c.stateIds.length > 0 || c.cities.length > 0) {
    // Each chosen city's distance once: the nearest (the first of equals), and whether any radius holds the job.
    let best: GeoCity | null = null;
    let bestMiles = 0;
    let withinRadius = false;
    let withinClose = false;
    if (job.lat !== null && job.lng !== null) {
      for (const city of c.cities) {
        const d = distanceMiles(city.lat, city.lng, job.lat, job.lng);
        if (!best || d < bestMiles) {
          best = city;
          bestMiles = d;
        }
        if (d <= city.radius) withinRadius = true;
        if (d <= city.radius * CLOSE_RADIUS_FACTOR) withinClose = true;
      }
    }
    if (best) {
      miles = Math.round(bestMiles * 10) / 10;
      nearest = `${best.name}, ${best.stateAbbreviation}`;
    }
    const inState = c.stateIds.includes(job.stateId);
    if (inState || withinRadius) location = 'ExactMatch';
    else if (withinClose) location = 'CloseMatch';
    else return null;
  }
  const anyClose = shifts === 'CloseMatch' || location === 'CloseMatch';
  return {
    className: anyClose ? 'close-match' : 'exact-match',
    displayText: anyClose ? 'Close Match' : 'Exact Match!',
    specialty: 'ExactMatch',
    shiftsPerWeek: shifts,
    location,
    discipline: 'ExactMatch',
    milesFromNearestLocation: miles,
    nearestLocation: nearest,
  };
}

/** The card text: 'Close Match' when any match type is CloseMatch, otherwise 'Exact Match!'. */
export function matchText(
  m: Pick<MatchTypes, 'specialty' | 'shiftsPerWeek' | 'location' | 'discipline'> | null,
): string {
  if (!m) return 'Exact Match!';
  const any = [m.specialty, m.shiftsPerWeek, m.location, m.discipline].some((v) => v === 'CloseMatch');
  return any ? 'Close Match' : 'Exact Match!';
}

export interface SortableJob {
  jobId: number;
  grade: number | null;
  grossWeeklyPay: number;
  shiftsPerWeek: number;
  allExact: boolean;
}

/** The four sorts of the results page; ties end on the job id so pages are stable. */
export function compareJobs(sort: SortKey): (a: SortableJob, b: SortableJob) => number {
  const pay = (a: SortableJob, b: SortableJob) => b.grossWeeklyPay - a.grossWeeklyPay;
  const id = (a: SortableJob, b: SortableJob) => a.jobId - b.jobId;
  switch (sort) {
    case 'pay':
      return (a, b) => pay(a, b) || id(a, b);
    case 'shiftsDesc':
      return (a, b) => b.shiftsPerWeek - a.shiftsPerWeek || pay(a, b) || id(a, b);
    case 'shiftsAsc':
      return (a, b) => a.shiftsPerWeek - b.shiftsPerWeek || pay(a, b) || id(a, b);
    default:
      return (a, b) =>
        Number(b.allExact) - Number(a.allExact) ||
        (a.grade ?? MISSING_GRADE) - (b.grade ?? MISSING_GRADE) ||
        pay(a, b) ||
        id(a, b);
  }
}

/* ------------------------------------------------------------------ locations */

export const ALL_COMPACT_ID = 'compact';

/**
 * Applies 'All Compact States' rules after a change of the chosen locations: choosing the entry adds every compact
 * state, removing it removes them; all compact states chosen adds the entry, not all removes it.
 */
export function applyCompactRule(
  previous: readonly string[],
  next: readonly string[],
  compactStateIds: readonly number[],
): string[] {
  const compactIds = compactStateIds.map((id) => `state-${id}`);
  const had = previous.includes(ALL_COMPACT_ID);
  const has = next.includes(ALL_COMPACT_ID);
  let out = [...next];
  if (has && !had) {
    for (const id of compactIds) if (!out.includes(id)) out.push(id);
  } else if (!has && had) {
    out = out.filter((id) => !compactIds.includes(id));
  }
  const all = compactIds.length > 0 && compactIds.every((id) => out.includes(id));
  out = out.filter((id) => id !== ALL_COMPACT_ID);
  if (all) out.unshift(ALL_COMPACT_ID);
  return out;
}

/** JSON-LD JobPosting (schema.org) of a job: Google's required fields and the job page's own (pay, benefits, requirements). */
/**
 * JSON for an inline <script type="application/ld+json">: '<' is written as \u003c so job text from the
 * agency feed ('</script><script>...') can never close the element; U+2028/2029 are escaped for old parsers.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The schema.org JobPosting of an open job for search engines; null for a closed one, whose page must not be
 * listed as a live posting (search engines drop a posting once its page stops carrying the markup).
 */
export function jobPostingJsonLd(
  job: JobDetails,
  org: { name: string; url: string },
  pageUrl: string,
): Record<string, unknown> | null {
  if (!job.isAvailable) return null;
  const title = jobTitle(job.profession, job.specialty);
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title,
    description:
      job.description ||
      `${title} travel assignment at ${job.facility.facilityName}, ${job.facility.city}, ${job.facility.state}. ${job.shift}, ${job.duration} weeks.`,
    identifier: { '@type': 'PropertyValue', name: org.name, value: String(job.jobId) },
    datePosted: datePart(job.createDateTime),
    validThrough: addCalendarDays(datePart(job.startDate), JOB_POSTING_VALID_DAYS),
    employmentType: 'TEMPORARY',
    hiringOrganization: { '@type': 'Organization', name: org.name, sameAs: org.url },
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        streetAddress: [job.facility.address1, job.facility.address2].filter(Boolean).join(', ') || undefined,
        addressLocality: job.facility.city,
        addressRegion: job.facility.state,
        postalCode: job.facility.zip ?? undefined,
        addressCountry: 'US',
      },
    },
    baseSalary: {
      '@type': 'MonetaryAmount',
      currency: 'USD',
      value: { '@type': 'QuantitativeValue', value: job.grossWeeklyPay, unitText: 'WEEK' },
    },
    qualifications: job.minimumRequirements,
    jobBenefits: job.benefitsOfTrs,
    url: pageUrl,
  };
}

/**
 * The same decision as `matchJob` without building the match object (the search loop runs it over every job of a
 * profession): -1 not in the results, 0 all four match types exact, 1 at least one close match.
 */
export function matchLevel(job: MatchableJob, c: MatchCriteria): -1 | 0 | 1 {
  if (job.professionId !== c.disciplineId) return -1;
  if (c.specialtyIds.length > 0 && !c.specialtyIds.includes(job.specialtyId)) return -1;
  if ((c.shiftCategoryId === 1 && job.shiftCategory === 2) || (c.shiftCategoryId === 2 && job.shiftCategory === 1))
    return -1;
  let close = shiftsDiffer(job, c);
  if ((c.stateIds.length > 0 || c.cities.length > 0) && !c.stateIds.includes(job.stateId)) {
    if (job.lat === null || job.lng === null) return -1;
    let within = false;
    let near = false;
    for (const city of c.cities) {
      const d = distanceMiles(city.lat, city.lng, job.lat, job.lng);
      if (d <= city.radius) {
        within = true;
        break;
      }
      if (d <= city.radius * CLOSE_RADIUS_FACTOR) near = true;
    }
    if (!within) {
      if (!near) return -1;
      close = true;
    }
  }
  return close ? 1 : 0;
}

/**
 * A number whose ascending order is the order of `compareJobs(sort)` except for the final job-id tie-break
 * (sort jobs given in id order with a stable sort, or add the position, to get it). Pay is compared in cents.
 */
export function sortKeyOf(sort: SortKey, j: Omit<SortableJob, 'jobId'>): number {
  const payCents = Math.max(0, Math.min(9_999_999, Math.round(j.grossWeeklyPay * 100)));
  const pay = 9_999_999 - payCents;
  const shifts = Math.max(0, Math.min(99, j.shiftsPerWeek));
  let primary: number;
  switch (sort) {
    case 'pay':
      primary = 0;
      break;
    case 'shiftsDesc':
      primary = 99 - shifts;
      break;
    case 'shiftsAsc':
      primary = shifts;
      break;
    default:
      primary = (j.allExact ? 0 : 100) + Math.max(0, Math.min(99, j.grade ?? MISSING_GRADE));
  }
  return primary * 10_000_000 + pay;
}

/**
 * A job's pay package: rates, weekly hours and amounts, stipends. The same names in the agency feed row, the jobs
 * table and the job details answer, so every layer copies them with pickJobPay instead of listing them again.
 */
export const JOB_PAY_FIELDS = [
  'hourlyRate',
  'overTimeRate',
  'onCallRate',
  'premiumRate',
  'callBackRate',
  'caliOverTimeRate1',
  'caliOverTimeRate2',
  'regularPayHours',
  'regularPayPerWeek',
  'premiumPayHours',
  'premiumPayPerWeek',
  'caliOvertimePayHours1',
  'caliOvertimePayPerWeek1',
  'caliOvertimePayHours2',
  'caliOvertimePayPerWeek2',
  'overtimePayHours',
  'overtimePayPerWeek',
  'weeklyMeals',
  'weeklyLodging',
] as const;
export type JobPay = Record<(typeof JOB_PAY_FIELDS)[number], number>;

export function pickJobPay(source: JobPay): JobPay {
  const pay = {} as JobPay;
  for (const k of JOB_PAY_FIELDS) pay[k] = source[k];
  return pay;
}
