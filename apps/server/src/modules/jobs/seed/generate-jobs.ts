/**
 * Deterministic job generator for seeding. Pure: no I/O, no Date.now(), no Math.random().
 * The same { count, seed, today } always yields identical output.
 *
 * Pay model (all money rounded to cents; computed in integer cents so sums are exact):
 * - Scheduled hours per week come from the shift text ('3x12' = 3 shifts of 12 h = 36 h;
 *   compound '3x12, 1x8' = 44 h). shiftsPerWeek is the total number of shifts and
 *   hoursPerShift the hours of the first segment.
 * - Outside California: the first 40 h/week are straight time, the rest is overtime at
 *   overTimeRate (1.5x). caliOvertime* hours/pay are 0.
 * - California (daily overtime): per shift, hours 0-8 are straight time, 8-12 are paid at
 *   caliOverTimeRate1 (1.5x) and hours beyond 12 at caliOverTimeRate2 (2x); straight hours
 *   beyond 40/week would be overtime (never happens with <= 5 shifts of 8 h).
 * - Some jobs (about 15%) pay one shift per week at premiumRate (weekend/holiday premium);
 *   those hours are taken out of the straight-time hours, so
 *   regular + premium + overtime + caliOT1 + caliOT2 hours = scheduled hours.
 * - grossWeeklyPay = regularPayPerWeek + premiumPayPerWeek + overtimePayPerWeek
 *   + caliOvertimePayPerWeek1 + caliOvertimePayPerWeek2 + weeklyMeals + weeklyLodging
 *   + sum of WEEKLY bonuses. A bonus is weekly iff its name is in WEEKLY_BONUS_NAMES
 *   (only 'Weekly Taxable Travel Bonus'); 'Sign-On Bonus', 'Completion Bonus' and
 *   'Extension Bonus' are one-time amounts and are NOT part of the weekly gross.
 */
import { facilities, type FacilitySeed } from './facilities.ts';
import {
  shippedProfessions as professions,
  shippedSpecialtyById as specialtyById,
  shippedStateByAbbreviation as stateByAbbreviation,
  type ShippedProfession as Profession,
  type ShippedSpecialty as Specialty,
} from '../../reference-data/index.ts';
import { utcIsoDate } from '../../../lib/utc-date.ts';

export type JobGrade = 1 | 2 | 3 | 4 | 5;
export type ShiftCategoryId = 1 | 2 | 3;
export type DurationWeeks = 8 | 12 | 13 | 16;

export interface JobBonus {
  name: string;
  amount: number;
}

export interface GeneratedJob {
  externalId: string;
  facilityExternalId: string;
  professionId: number;
  specialtyId: number;
  grade: JobGrade | null;
  shift: string;
  shiftsPerWeek: number;
  hoursPerShift: number;
  shiftCategory: ShiftCategoryId;
  availablePositions: number;
  durationWeeks: DurationWeeks;
  /** 'YYYY-MM-DD', 1..120 days after `today` (UTC calendar date). */
  startDate: string;
  /** ISO timestamp 1..45 days before `today` (UTC). */
  createDateTime: string;
  /** false = archived (about 8%). */
  isAvailable: boolean;
  hourlyRate: number;
  overTimeRate: number;
  onCallRate: number;
  premiumRate: number;
  callBackRate: number;
  caliOverTimeRate1: number;
  caliOverTimeRate2: number;
  regularPayHours: number;
  regularPayPerWeek: number;
  premiumPayHours: number;
  premiumPayPerWeek: number;
  caliOvertimePayHours1: number;
  caliOvertimePayPerWeek1: number;
  caliOvertimePayHours2: number;
  caliOvertimePayPerWeek2: number;
  overtimePayHours: number;
  overtimePayPerWeek: number;
  weeklyMeals: number;
  weeklyLodging: number;
  bonuses: JobBonus[];
  grossWeeklyPay: number;
  minimumRequirements: string[];
  benefits: string[];
  description: string;
}

export interface GenerateJobsOptions {
  count: number;
  seed: number;
  today: Date;
}

export const WEEKLY_TRAVEL_BONUS_NAME = 'Weekly Taxable Travel Bonus';
/** Bonus names whose amount is paid every week and is included in grossWeeklyPay. */
export const WEEKLY_BONUS_NAMES: readonly string[] = [WEEKLY_TRAVEL_BONUS_NAME];

export function isWeeklyBonus(name: string): boolean {
  return WEEKLY_BONUS_NAMES.includes(name);
}

/** Recomputes gross weekly pay from its parts (in cents, so the result is exact to the cent). */
export function computeGrossWeeklyPay(
  job: Pick<
    GeneratedJob,
    | 'regularPayPerWeek'
    | 'premiumPayPerWeek'
    | 'overtimePayPerWeek'
    | 'caliOvertimePayPerWeek1'
    | 'caliOvertimePayPerWeek2'
    | 'weeklyMeals'
    | 'weeklyLodging'
    | 'bonuses'
  >,
): number {
  const parts = [
    job.regularPayPerWeek,
    job.premiumPayPerWeek,
    job.overtimePayPerWeek,
    job.caliOvertimePayPerWeek1,
    job.caliOvertimePayPerWeek2,
    job.weeklyMeals,
    job.weeklyLodging,
    ...job.bonuses.filter((b) => isWeeklyBonus(b.name)).map((b) => b.amount),
  ];
  return parts.reduce((sum, p) => sum + Math.round(p * 100), 0) / 100;
}

// ---------------------------------------------------------------- PRNG helpers

/** mulberry32: tiny, fast 32-bit seeded PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;

const intBetween = (rng: Rng, min: number, max: number): number => min + Math.floor(rng() * (max - min + 1));
const floatBetween = (rng: Rng, min: number, max: number): number => min + rng() * (max - min);
const chance = (rng: Rng, p: number): boolean => rng() < p;
const cents = (n: number): number => Math.round(n * 100);
const money = (n: number): number => Math.round(n * 100) / 100;

function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick from empty list');
  return item;
}

interface Weighted<T> {
  items: T[];
  cumulative: number[];
  total: number;
}

function weighted<T>(entries: ReadonlyArray<readonly [T, number]>): Weighted<T> {
  const items: T[] = [];
  const cumulative: number[] = [];
  let total = 0;
  for (const [item, w] of entries) {
    if (w <= 0) continue;
    total += w;
    items.push(item);
    cumulative.push(total);
  }
  return { items, cumulative, total };
}

function draw<T>(rng: Rng, w: Weighted<T>): T {
  const r = rng() * w.total;
  let lo = 0;
  let hi = w.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((w.cumulative[mid] ?? 0) > r) hi = mid;
    else lo = mid + 1;
  }
  const item = w.items[lo];
  if (item === undefined) throw new Error('draw from empty list');
  return item;
}

// ---------------------------------------------------------------- static tables

/** Share of generated jobs per profession id (relative weights). */
const PROFESSION_WEIGHTS: Record<number, number> = {
  13: 62,
  1: 4,
  2: 3,
  3: 1,
  4: 0.5,
  5: 4,
  6: 3,
  7: 1,
  8: 2,
  9: 0.5,
  10: 2,
  11: 4,
  12: 2.5,
  14: 2,
  15: 1.5,
  16: 0.7,
  17: 1.5,
  18: 1,
  19: 1.5,
  20: 0.5,
  21: 0.4,
  22: 1.5,
  23: 0.4,
  24: 0.5,
  25: 0.3,
  26: 0.3,
  27: 0.3,
  28: 0.2,
};

/** Taxable base hourly rate per profession (USD), before specialty/state/random adjustments. */
const BASE_HOURLY: Record<number, number> = {
  13: 32,
  1: 22,
  2: 16,
  3: 60,
  4: 105,
  5: 28,
  6: 33,
  7: 24,
  8: 32,
  9: 24,
  10: 32,
  11: 24,
  12: 26,
  14: 28,
  15: 30,
  16: 28,
  17: 30,
  18: 19,
  19: 28,
  20: 50,
  21: 18,
  22: 30,
  23: 32,
  24: 28,
  25: 26,
  26: 22,
  27: 17,
  28: 22,
};

/** RN specialty mix (relative weights); other professions pick specialties uniformly. */
const RN_SPECIALTY_WEIGHTS: Record<number, number> = {
  1: 12,
  2: 14,
  3: 10,
  4: 10,
  5: 6,
  6: 7,
  7: 3,
  8: 3,
  9: 2,
  10: 3,
  11: 7,
  12: 2,
  13: 2,
  14: 1,
  15: 3,
  16: 1,
  17: 1,
  18: 2,
  19: 2,
  20: 1,
  21: 1,
  22: 0.5,
  23: 2,
  24: 1,
  25: 1.5,
  26: 1.5,
  27: 0.5,
  28: 0.3,
  29: 0.5,
  30: 1,
  31: 0.5,
  32: 0.3,
  33: 0.5,
};

/** Critical care / procedural specialties pay more. */
const HIGH_ACUITY = new Set([1, 4, 5, 6, 8, 9, 10, 13, 24, 25, 26, 66, 71, 72, 43]);
/** Specialties with call: OR, cath lab, IR, L&D, CVOR, surgical tech, cath/IR techs, sterile processing. */
const ON_CALL = new Set([5, 6, 7, 13, 20, 24, 65, 66, 68, 71, 72, 73]);
/** Clinic-type work: days only, 5x8 / 4x10. */
const DAYTIME_ONLY = new Set([19, 20, 21, 22, 33, 40, 53, 55, 60, 63, 82, 83, 31, 17]);
/** Therapy / office professions: mostly 5x8. */
const THERAPY_PROFESSIONS = new Set([6, 7, 8, 9, 10, 25]);

const STATE_PAY_FACTOR: Record<string, number> = {
  CA: 1.3,
  AK: 1.2,
  NY: 1.15,
  MA: 1.15,
  WA: 1.15,
  HI: 1.15,
  OR: 1.12,
  NJ: 1.1,
  CT: 1.1,
  DC: 1.1,
  MN: 1.08,
  MD: 1.05,
  IL: 1.05,
  CO: 1.05,
  NV: 1.05,
  RI: 1.05,
  AL: 0.93,
  MS: 0.93,
  AR: 0.93,
  OK: 0.94,
  LA: 0.95,
  KY: 0.95,
  WV: 0.94,
  SC: 0.95,
  TN: 0.95,
};

/** GSA-like per-diem: [nightly lodging, daily M&IE] (approximate FY2025 levels). */
const STANDARD_PER_DIEM: readonly [number, number] = [110, 68];
const STATE_PER_DIEM: Record<string, readonly [number, number]> = {
  CA: [150, 74],
  NY: [140, 74],
  MA: [150, 74],
  WA: [140, 74],
  HI: [200, 92],
  AK: [170, 86],
  OR: [135, 74],
  NJ: [140, 74],
  CT: [130, 74],
  DC: [258, 92],
  CO: [140, 74],
  MD: [130, 74],
};
const CITY_PER_DIEM: Record<string, readonly [number, number]> = {
  'NY|New York': [258, 92],
  'NY|Bronx': [258, 92],
  'CA|San Francisco': [262, 92],
  'CA|Stanford': [216, 86],
  'CA|Oakland': [185, 79],
  'CA|Los Angeles': [191, 86],
  'CA|Torrance': [191, 86],
  'CA|Long Beach': [191, 86],
  'CA|San Diego': [196, 86],
  'CA|Sacramento': [156, 74],
  'MA|Boston': [276, 92],
  'WA|Seattle': [234, 86],
  'HI|Honolulu': [222, 92],
  'IL|Chicago': [196, 86],
  'CO|Denver': [199, 86],
  'CO|Aurora': [199, 86],
  'FL|Miami': [174, 86],
  'PA|Philadelphia': [190, 86],
  'MD|Baltimore': [160, 86],
  'MN|Minneapolis': [162, 86],
  'MN|Saint Paul': [162, 86],
  'OR|Portland': [165, 86],
  'GA|Atlanta': [173, 86],
  'TN|Nashville': [224, 86],
  'TX|Houston': [143, 74],
  'TX|Dallas': [153, 79],
  'TX|Austin': [171, 79],
  'AZ|Phoenix': [167, 74],
  'NV|Las Vegas': [150, 86],
  'LA|New Orleans': [164, 79],
  'FL|Tampa': [154, 74],
  'FL|Orlando': [142, 74],
  'UT|Salt Lake City': [132, 79],
  'PA|Pittsburgh': [149, 79],
  'VA|Falls Church': [258, 92],
  'RI|Providence': [180, 79],
  'ME|Portland': [190, 79],
  'NC|Charlotte': [146, 74],
  'NC|Durham': [136, 74],
  'NC|Chapel Hill': [136, 74],
  'NC|Raleigh': [136, 74],
  'MI|Detroit': [135, 79],
  'OH|Cleveland': [139, 74],
  'OH|Columbus': [136, 74],
  'TX|San Antonio': [140, 74],
  'VT|Burlington': [148, 74],
  'CT|New Haven': [138, 74],
};

interface ShiftPattern {
  /** Segments of [shifts, hours per shift]. */
  segments: ReadonlyArray<readonly [number, number]>;
}
const sp = (...segments: Array<readonly [number, number]>): ShiftPattern => ({ segments });

const HOSPITAL_SHIFTS = weighted<ShiftPattern>([
  [sp([3, 12]), 62],
  [sp([4, 12]), 7],
  [sp([5, 8]), 11],
  [sp([4, 10]), 8],
  [sp([5, 10]), 2],
  [sp([3, 12], [1, 8]), 4],
  [sp([2, 12], [2, 8]), 2],
  [sp([3, 8]), 1],
]);
const DAYTIME_SHIFTS = weighted<ShiftPattern>([
  [sp([5, 8]), 55],
  [sp([4, 10]), 30],
  [sp([3, 12]), 8],
  [sp([4, 10], [1, 4]), 4],
  [sp([5, 10]), 3],
]);
const PROCEDURAL_SHIFTS = weighted<ShiftPattern>([
  [sp([4, 10]), 40],
  [sp([5, 8]), 35],
  [sp([3, 12]), 15],
  [sp([5, 10]), 5],
  [sp([4, 10], [1, 8]), 5],
]);

const GRADES = weighted<JobGrade | null>([
  [1, 7],
  [2, 15],
  [3, 30],
  [4, 20],
  [5, 10],
  [null, 18],
]);
const DURATIONS = weighted<DurationWeeks>([
  [13, 60],
  [8, 10],
  [12, 15],
  [16, 15],
]);
const POSITIONS = weighted<number>([
  [1, 55],
  [2, 22],
  [3, 12],
  [4, 6],
  [5, 5],
]);

const BENEFITS_CORE = [
  'Medical, dental and vision insurance starting day one',
  'Tax-free housing and meal stipends (if eligible)',
  'Weekly direct deposit pay',
];
const BENEFITS_EXTRA = [
  '401(k) retirement plan with company match',
  'License and certification reimbursement',
  'Travel reimbursement',
  '24/7 recruiter and clinical support',
  'Referral bonus program',
  'Life and short-term disability insurance',
  'Continuing education reimbursement',
  'Employee assistance program',
  'Paid sick leave where required by state law',
  'Guaranteed hours (see contract for details)',
  'Company-provided housing available on request',
  'Loyalty and extension bonuses',
];

const ROMAN: Record<number, string> = { 1: 'I', 2: 'II', 3: 'III', 4: 'IV' };
/** 'an' before numbers read with a leading vowel sound (8, 11, 18, 80-89, 800-899, ...). */
const article = (n: number): string => (/^(8|11|18)(\d{2})?$|^8/.test(String(n)) ? 'an' : 'a');
/** Nursing professions where the specialty is a hospital unit ('experience in ICU'). */
const UNIT_BASED_PROFESSIONS = new Set([13, 1, 2]);

const SHIFT_CATEGORY_TEXT: Record<ShiftCategoryId, string> = { 1: 'day', 2: 'night', 3: 'day or night' };

/** Certifications typically required per specialty (in addition to BLS). */
const SPECIALTY_CERTS: Record<number, string[]> = {
  1: ['ACLS'],
  3: ['ACLS', 'NIHSS preferred'],
  4: ['ACLS', 'PALS', 'TNCC preferred'],
  5: ['ACLS', 'NRP', 'AWHONN Fetal Heart Monitoring'],
  6: ['ACLS'],
  7: ['ACLS', 'PALS'],
  8: ['NRP', 'S.T.A.B.L.E. preferred'],
  9: ['PALS'],
  10: ['ACLS', 'CCRN preferred'],
  11: ['ACLS'],
  12: ['ONS/ONCC Chemotherapy Immunotherapy Certificate'],
  13: ['ACLS'],
  15: ['CPI or MAB de-escalation training'],
  18: ['NRP'],
  23: ['PALS'],
  24: ['ACLS'],
  25: ['ACLS'],
  26: ['ACLS', 'NIHSS'],
  27: ['NRP', 'AWHONN Fetal Heart Monitoring'],
  40: ['AANP or ANCC board certification', 'Active DEA registration'],
  41: ['ANCC PMHNP-BC board certification'],
  42: ['ACLS', 'AANP or ANCC board certification'],
  43: ['ACLS', 'PALS', 'NBCRNA certification'],
  50: ['ACLS', 'NBRC RRT credential'],
  51: ['NRP', 'PALS', 'NBRC RRT credential'],
  65: ['NBSTSA CST certification'],
  66: ['NBSTSA CST certification'],
  67: ['ARRT (R) registry'],
  68: ['ARRT (R) registry', 'ARRT (VI) preferred', 'ACLS'],
  69: ['ARRT (R) and (CT) registry'],
  70: ['ARRT (MR) or ARMRIT registry'],
  71: ['ACLS', 'RCIS or ARRT (CI) preferred'],
  72: ['ACLS', 'CCI RCIS credential'],
  73: ['HSPA CRCST or CBSPD CSPDT certification'],
  74: ['ASCP MLS certification'],
  75: ['ASCP MLS or BB certification'],
  77: ['PTCB CPhT certification'],
  78: ['ARDMS RDMS credential'],
  79: ['ARDMS RDCS or CCI RCS credential'],
  80: ['ARDMS RVT or CCI RVS credential'],
  81: ['NMTCB CNMT or ARRT (N) registry'],
  82: ['ARRT (M) registry', 'MQSA qualified'],
  83: ['CDR registered dietitian credential'],
  84: ['NRP (National Registry Paramedic)', 'ACLS', 'PALS'],
  86: ['BRPT RPSGT credential'],
};
/** Professions whose license is multistate under the NLC. */
const NLC_PROFESSIONS = new Set([13, 1]);
/** Professions that hold a state license (others are certified/registered). */
const STATE_LICENSED = new Set([3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 15, 20, 25, 26, 23]);

// ---------------------------------------------------------------- generator

interface Prepared {
  professionDraw: Weighted<Profession>;
  specialtyDraw: Map<number, Weighted<Specialty>>;
  facilityDraw: Weighted<FacilitySeed>;
}

let preparedCache: Prepared | undefined;

function prepare(): Prepared {
  if (preparedCache) return preparedCache;
  const professionDraw = weighted(professions.map((p) => [p, PROFESSION_WEIGHTS[p.id] ?? 0.2] as const));
  const specialtyDraw = new Map<number, Weighted<Specialty>>();
  for (const p of professions) {
    const entries = p.specialtyIds.map((id) => {
      const s = specialtyById.get(id);
      if (!s) throw new Error(`Profession ${p.id} references unknown specialty ${id}`);
      return [s, p.id === 13 ? (RN_SPECIALTY_WEIGHTS[id] ?? 0.5) : 1] as const;
    });
    specialtyDraw.set(p.id, weighted(entries));
  }
  // Bigger hospitals post more jobs (weight ~ sqrt(beds)); every facility gets some.
  const facilityDraw = weighted(facilities.map((f) => [f, Math.sqrt(f.bedCount)] as const));
  preparedCache = { professionDraw, specialtyDraw, facilityDraw };
  return preparedCache;
}

const DAY_MS = 86_400_000;

function isoDate(ms: number): string {
  return utcIsoDate(new Date(ms));
}

function shiftText(p: ShiftPattern): string {
  return p.segments.map(([n, h]) => `${n}x${h}`).join(', ');
}

function specialtyShort(s: Specialty): string {
  return s.abbreviation && s.abbreviation !== s.name && s.abbreviation.length <= 10 ? s.abbreviation : s.name;
}

export function generateJobs({ count, seed, today }: GenerateJobsOptions): GeneratedJob[] {
  if (!Number.isInteger(count) || count < 0) throw new Error('count must be a non-negative integer');
  const { professionDraw, specialtyDraw, facilityDraw } = prepare();
  const rng = mulberry32(seed);
  const todayStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const jobs: GeneratedJob[] = new Array<GeneratedJob>(count);

  for (let i = 0; i < count; i++) {
    const facility = draw(rng, facilityDraw);
    const profession = draw(rng, professionDraw);
    const specialtyW = specialtyDraw.get(profession.id);
    if (!specialtyW) throw new Error(`No specialties for profession ${profession.id}`);
    const specialty = draw(rng, specialtyW);
    const state = facility.stateAbbreviation;
    const isCA = state === 'CA';
    const stateName = stateByAbbreviation.get(state)?.name ?? state;

    // --- shift
    const daytime = DAYTIME_ONLY.has(specialty.id) || THERAPY_PROFESSIONS.has(profession.id);
    const procedural = ON_CALL.has(specialty.id);
    const pattern = draw(rng, daytime ? DAYTIME_SHIFTS : procedural ? PROCEDURAL_SHIFTS : HOSPITAL_SHIFTS);
    const shift = shiftText(pattern);
    const first = pattern.segments[0] ?? [3, 12];
    const shiftsPerWeek = pattern.segments.reduce((n, [s]) => n + s, 0);
    const hoursPerShift = first[1];
    const totalHours = pattern.segments.reduce((n, [s, h]) => n + s * h, 0);
    let shiftCategory: ShiftCategoryId;
    if (daytime) shiftCategory = 1;
    else if (procedural) shiftCategory = chance(rng, 0.85) ? 1 : 3;
    else {
      const r = rng();
      shiftCategory = r < 0.45 ? 1 : r < 0.85 ? 2 : 3;
    }

    // --- rates
    const base = BASE_HOURLY[profession.id] ?? 25;
    const acuity = HIGH_ACUITY.has(specialty.id) ? 1.15 : 1;
    const night = shiftCategory === 2 ? 1.05 : 1;
    const hourly = money(base * acuity * night * (STATE_PAY_FACTOR[state] ?? 1) * floatBetween(rng, 0.9, 1.15));
    const overTimeRate = money(hourly * 1.5);
    const caliOverTimeRate1 = money(hourly * 1.5);
    const caliOverTimeRate2 = isCA ? money(hourly * 2) : 0;
    const premiumRate = money(hourly * 1.25);
    const callBackRate = money(hourly * 1.5);
    const onCallRate = procedural ? intBetween(rng, 5, 12) : 0;

    // --- hours
    let straight = 0;
    let caliOt1 = 0;
    let caliOt2 = 0;
    if (isCA) {
      for (const [n, h] of pattern.segments) {
        straight += n * Math.min(h, 8);
        caliOt1 += n * Math.max(0, Math.min(h, 12) - 8);
        caliOt2 += n * Math.max(0, h - 12);
      }
    } else {
      straight = totalHours;
    }
    const overtimeHours = Math.max(0, straight - 40);
    straight -= overtimeHours;
    let premiumHours = 0;
    if (chance(rng, 0.15)) {
      premiumHours = Math.min(isCA ? Math.min(hoursPerShift, 8) : hoursPerShift, straight);
      straight -= premiumHours;
    }

    const regularPayPerWeek = money(straight * hourly);
    const premiumPayPerWeek = money(premiumHours * premiumRate);
    const overtimePayPerWeek = money(overtimeHours * overTimeRate);
    const caliOvertimePayPerWeek1 = money(caliOt1 * caliOverTimeRate1);
    const caliOvertimePayPerWeek2 = money(caliOt2 * caliOverTimeRate2);

    // --- stipends (whole dollars), a share of GSA-like per diem for the facility's locality
    const [lodgingNight, mie] =
      CITY_PER_DIEM[`${state}|${facility.cityName}`] ?? STATE_PER_DIEM[state] ?? STANDARD_PER_DIEM;
    // Allied packages carry a smaller share of the per diem than nursing packages.
    const lodgingShare = profession.isAllied ? floatBetween(rng, 0.45, 0.7) : floatBetween(rng, 0.55, 0.8);
    const mealShare = profession.isAllied ? floatBetween(rng, 0.75, 0.95) : floatBetween(rng, 0.85, 1);
    const weeklyLodging = Math.round(lodgingNight * 7 * lodgingShare);
    const weeklyMeals = Math.round(mie * 7 * mealShare);

    // --- bonuses
    const bonuses: JobBonus[] = [];
    if (chance(rng, 0.3)) bonuses.push({ name: WEEKLY_TRAVEL_BONUS_NAME, amount: intBetween(rng, 5, 30) * 10 });
    if (chance(rng, 0.12)) bonuses.push({ name: 'Sign-On Bonus', amount: intBetween(rng, 2, 10) * 250 });
    if (chance(rng, 0.18)) bonuses.push({ name: 'Completion Bonus', amount: intBetween(rng, 2, 12) * 250 });
    if (chance(rng, 0.05)) bonuses.push({ name: 'Extension Bonus', amount: intBetween(rng, 2, 6) * 250 });
    const weeklyBonusCents = bonuses.reduce((n, b) => n + (isWeeklyBonus(b.name) ? cents(b.amount) : 0), 0);

    const grossWeeklyPay =
      (cents(regularPayPerWeek) +
        cents(premiumPayPerWeek) +
        cents(overtimePayPerWeek) +
        cents(caliOvertimePayPerWeek1) +
        cents(caliOvertimePayPerWeek2) +
        cents(weeklyMeals) +
        cents(weeklyLodging) +
        weeklyBonusCents) /
      100;

    // --- misc
    const grade = draw(rng, GRADES);
    const durationWeeks = draw(rng, DURATIONS);
    const availablePositions = draw(rng, POSITIONS);
    const startDate = isoDate(todayStart + intBetween(rng, 1, 120) * DAY_MS);
    const createDateTime = new Date(
      todayStart - intBetween(rng, 1, 45) * DAY_MS + intBetween(rng, 0, 86_399) * 1000,
    ).toISOString();
    const isAvailable = !chance(rng, 0.08);

    // --- requirements
    const years = chance(rng, 0.6) ? 2 : 1;
    const yearsText = `${years} year${years > 1 ? 's' : ''}`;
    const minimumRequirements: string[] = [
      UNIT_BASED_PROFESSIONS.has(profession.id)
        ? `${yearsText} recent experience in ${specialtyShort(specialty)}`
        : `${yearsText} recent ${specialty.name} experience`,
    ];
    if (NLC_PROFESSIONS.has(profession.id)) {
      minimumRequirements.push(
        stateByAbbreviation.get(state)?.isCompact
          ? `Active ${stateName} or compact license`
          : `Active ${stateName} license`,
      );
    } else if (STATE_LICENSED.has(profession.id)) {
      minimumRequirements.push(`Active ${stateName} license`);
    }
    minimumRequirements.push('BLS (AHA)');
    for (const c of SPECIALTY_CERTS[specialty.id] ?? []) minimumRequirements.push(c);
    const ehr = facility.chartingSystems[0];
    if (ehr && chance(rng, 0.5)) minimumRequirements.push(`${ehr} charting experience preferred`);
    if (chance(rng, 0.4)) minimumRequirements.push('Must pass background check and drug screen');

    // --- benefits: core + 3..6 extras (deterministic subset)
    const benefits = [...BENEFITS_CORE];
    const nExtra = intBetween(rng, 3, 6);
    const offset = intBetween(rng, 0, BENEFITS_EXTRA.length - 1);
    for (let k = 0; k < nExtra; k++) {
      const b = BENEFITS_EXTRA[(offset + k * 5) % BENEFITS_EXTRA.length];
      if (b && !benefits.includes(b)) benefits.push(b);
    }

    const trauma = facility.traumaLevel ? `Level ${ROMAN[facility.traumaLevel]} trauma center` : 'hospital';
    const redundant = specialty.name.startsWith(profession.name) || profession.name.startsWith(specialty.name);
    const description =
      `${facility.name} in ${facility.cityName}, ${state} is seeking a travel ${profession.name}` +
      `${redundant ? '' : ` (${specialty.name})`} for ${article(durationWeeks)} ${durationWeeks}-week ` +
      `${SHIFT_CATEGORY_TEXT[shiftCategory]} shift assignment (${shift}). ` +
      `The facility is ${article(facility.bedCount)} ${facility.bedCount}-bed ${trauma}` +
      (ehr ? ` that charts in ${facility.chartingSystems.join(' and ')}.` : '.') +
      (pick(rng, [true, false]) ? ' Start dates can be flexible for the right candidate.' : '');

    jobs[i] = {
      externalId: `JOB-${String(i + 1).padStart(6, '0')}`,
      facilityExternalId: facility.externalId,
      professionId: profession.id,
      specialtyId: specialty.id,
      grade,
      shift,
      shiftsPerWeek,
      hoursPerShift,
      shiftCategory,
      availablePositions,
      durationWeeks,
      startDate,
      createDateTime,
      isAvailable,
      hourlyRate: hourly,
      overTimeRate,
      onCallRate,
      premiumRate,
      callBackRate,
      caliOverTimeRate1,
      caliOverTimeRate2,
      regularPayHours: straight,
      regularPayPerWeek,
      premiumPayHours: premiumHours,
      premiumPayPerWeek,
      caliOvertimePayHours1: caliOt1,
      caliOvertimePayPerWeek1,
      caliOvertimePayHours2: caliOt2,
      caliOvertimePayPerWeek2,
      overtimePayHours: overtimeHours,
      overtimePayPerWeek,
      weeklyMeals,
      weeklyLodging,
      bonuses,
      grossWeeklyPay,
      minimumRequirements,
      benefits,
      description,
    };
  }
  return jobs;
}
