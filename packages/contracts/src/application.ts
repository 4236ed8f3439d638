/**
 * The multi-step application: request/response schemas, constants
 * and the validation rules shared by the web forms and the server.
 */
import { z } from 'zod';
import { isValidEmail, isValidPhone } from './validation.ts';
import { applicationMessages } from './application-messages.ts';
import {
  addCalendarDays,
  addCalendarMonths,
  calendarDaysBetween,
  calendarYearOf,
  formatDate,
  formatMonthYear,
  isCalendarDate,
  monthIndex,
  monthIndexOf,
  parseMonthYear,
} from './dates.ts';
import { calendarDateSchema } from './date-schemas.ts';

const id = z.number().int().min(1).max(2_147_483_647);
const shortText = (max = 200) => z.string().trim().max(max);
const isoDate = calendarDateSchema;

/* ------------------------------------------------------------------ steps */

export const updateStepRequestSchema = z.object({
  StepName: z.string().min(1).max(100),
  StepComplete: z.boolean(),
});
export const applicationOkSchema = z.object({ ok: z.boolean() });
export const submitApplicationResponseSchema = z.object({ ok: z.boolean(), applicationComplete: z.boolean() });

/* ------------------------------------------------------------------ background */

export const backgroundAnswersSchema = z.object({
  isUsCitizen: z.boolean().nullable(),
  isAuthorizedToWorkInUs: z.boolean().nullable(),
  hasMilitaryService: z.boolean().nullable(),
  militaryStartDate: isoDate.nullable(),
  militaryEndDate: isoDate.nullable(),
  isCaliforniaResident: z.boolean().nullable(),
  liabilityAction: z.boolean().nullable(),
  licenseSuspended: z.boolean().nullable(),
  canPerformTravelerTasks: z
    .boolean()
    .nullable()
    .meta({
      description:
        'Question 7, "Is there any reason you could not perform the essential tasks of a travel clinician, with or ' +
        'without reasonable accommodation?". true = the clinician answered Yes: there IS such a reason (the name reads ' +
        'the other way round; it is kept for the systems that read it). false = No reason. null = not answered.',
    }),
  convicted: z.boolean().nullable(),
  hasHadMisconductActivity: z.boolean().nullable(),
  isBilingual: z.boolean().nullable(),
});
export type BackgroundAnswers = z.infer<typeof backgroundAnswersSchema>;
export const emptyBackgroundAnswers: BackgroundAnswers = {
  isUsCitizen: null,
  isAuthorizedToWorkInUs: null,
  hasMilitaryService: null,
  militaryStartDate: null,
  militaryEndDate: null,
  isCaliforniaResident: null,
  liabilityAction: null,
  licenseSuspended: null,
  canPerformTravelerTasks: null,
  convicted: null,
  hasHadMisconductActivity: null,
  isBilingual: null,
};

/** The ten questions in order (Q2 only when Q1 is No; Q8 and Q9 not asked of California residents). */
export const backgroundQuestions: { n: number; key: keyof BackgroundAnswers; text: string; statementOnYes: boolean }[] =
  [
    { n: 1, key: 'isUsCitizen', text: 'Are you a U.S. citizen or permanent resident?', statementOnYes: false },
    {
      n: 2,
      key: 'isAuthorizedToWorkInUs',
      text: 'Are you authorized to work in the United States?',
      statementOnYes: false,
    },
    { n: 3, key: 'hasMilitaryService', text: 'Have you served in the U.S. military?', statementOnYes: false },
    { n: 4, key: 'isCaliforniaResident', text: 'Are you a California resident?', statementOnYes: false },
    {
      n: 5,
      key: 'liabilityAction',
      text: 'Have you ever been named in a professional liability (malpractice) action?',
      statementOnYes: true,
    },
    {
      n: 6,
      key: 'licenseSuspended',
      text: 'Has any professional license or certification of yours ever been investigated, suspended, revoked or placed on probation?',
      statementOnYes: true,
    },
    {
      n: 7,
      key: 'canPerformTravelerTasks',
      text: 'Is there any reason you could not perform the essential tasks of a travel clinician, with or without reasonable accommodation?',
      statementOnYes: true,
    },
    {
      n: 8,
      key: 'convicted',
      text: 'Have you ever been convicted of a felony or misdemeanor (other than minor traffic violations)?',
      statementOnYes: true,
    },
    {
      n: 9,
      key: 'hasHadMisconductActivity',
      text: 'Have you ever been disciplined or terminated for patient abuse, neglect, drug diversion or other misconduct?',
      statementOnYes: true,
    },
    { n: 10, key: 'isBilingual', text: 'Are you bilingual?', statementOnYes: false },
  ];

/** Whether Q8 and Q9 are asked. */
export const asksConvictionQuestions = (a: Pick<BackgroundAnswers, 'isCaliforniaResident'>) =>
  a.isCaliforniaResident !== true;
/** No to Q1 and Q2: the international application prompt, and the step cannot be completed here. */
export const needsInternationalApplication = (a: Pick<BackgroundAnswers, 'isUsCitizen' | 'isAuthorizedToWorkInUs'>) =>
  a.isUsCitizen === false && a.isAuthorizedToWorkInUs === false;

/** Field problems of the background answers; empty when the step may be saved (the form and the server ask the same). */
export function backgroundProblems(a: BackgroundAnswers): string[] {
  const p: string[] = [];
  if (a.isUsCitizen === null) p.push('isUsCitizen');
  if (a.isUsCitizen === false && a.isAuthorizedToWorkInUs !== true) p.push('isAuthorizedToWorkInUs');
  if (a.hasMilitaryService === null) p.push('hasMilitaryService');
  if (a.hasMilitaryService === true) {
    if (!isCalendarDate(a.militaryStartDate)) p.push('militaryStartDate');
    if (a.militaryEndDate && !isCalendarDate(a.militaryEndDate)) p.push('militaryEndDate');
    else if (a.militaryStartDate && a.militaryEndDate && a.militaryEndDate < a.militaryStartDate)
      p.push('militaryEndDate');
  }
  for (const k of [
    'isCaliforniaResident',
    'liabilityAction',
    'licenseSuspended',
    'canPerformTravelerTasks',
    'isBilingual',
  ] as const)
    if (a[k] === null) p.push(k);
  if (asksConvictionQuestions(a))
    for (const k of ['convicted', 'hasHadMisconductActivity'] as const) if (a[k] === null) p.push(k);
  return p;
}

/** What is stored and sent: citizens send isAuthorizedToWorkInUs null; hidden answers are null. */
export function normalizeBackground(a: BackgroundAnswers): BackgroundAnswers {
  const military = a.hasMilitaryService === true;
  const ca = a.isCaliforniaResident === true;
  return {
    ...a,
    isAuthorizedToWorkInUs: a.isUsCitizen === true ? null : a.isAuthorizedToWorkInUs,
    militaryStartDate: military ? a.militaryStartDate : null,
    militaryEndDate: military ? a.militaryEndDate : null,
    convicted: ca ? null : a.convicted,
    hasHadMisconductActivity: ca ? null : a.hasHadMisconductActivity,
  };
}

/* ------------------------------------------------------------------ address */

export const US_NAMES = ['united states', 'usa', 'us'];
export const isUnitedStates = (country: string | null | undefined) =>
  !!country && US_NAMES.includes(country.trim().replace(/\./g, '').toLowerCase());
export const isCanada = (country: string | null | undefined) => !!country && country.trim().toLowerCase() === 'canada';
export const addressCountries = ['United States', 'Canada'] as const;

export const canadianProvinces: { stateId: number; name: string; abbreviation: string }[] = [
  ['Alberta', 'AB'],
  ['British Columbia', 'BC'],
  ['Manitoba', 'MB'],
  ['New Brunswick', 'NB'],
  ['Newfoundland and Labrador', 'NL'],
  ['Northwest Territories', 'NT'],
  ['Nova Scotia', 'NS'],
  ['Nunavut', 'NU'],
  ['Ontario', 'ON'],
  ['Prince Edward Island', 'PE'],
  ['Quebec', 'QC'],
  ['Saskatchewan', 'SK'],
  ['Yukon', 'YT'],
].map(([name, abbreviation], i) => ({ stateId: 1001 + i, name: name!, abbreviation: abbreviation! }));

/** isCompact: the state issues multistate (Nurse Licensure Compact) licenses; false for provinces. */
export const addressStateSchema = z.object({
  stateId: z.number(),
  name: z.string(),
  abbreviation: z.string(),
  countryName: z.string(),
  isCompact: z.boolean(),
});
export const addressStatesResponseSchema = z.array(addressStateSchema);

export const addressSchema = z.object({
  country: shortText(60).nullable(),
  streetAddress: shortText(200).nullable(),
  city: shortText(100).nullable(),
  state: shortText(100).nullable(),
  zipCode: shortText(10).nullable(),
  province: shortText(100).nullable(),
  postalCode: shortText(7).nullable(),
});
export type Address = z.infer<typeof addressSchema>;
export const emptyAddress: Address = {
  country: null,
  streetAddress: null,
  city: null,
  state: null,
  zipCode: null,
  province: null,
  postalCode: null,
};

export const isValidZip = (v: string) => /^\d{5}(-?\d{4})?$/.test(v.trim());
export const isValidCanadianPostalCode = (v: string) => /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/.test(v.trim());
/** A (valid) Canadian postal code as it is stored, shown and answered: capitals, two groups of three ('K1N 5Y4'). */
export function canonicalPostalCode(v: string): string {
  const c = v.replace(/\s+/g, '').toUpperCase();
  return `${c.slice(0, 3)} ${c.slice(3)}`;
}

/** Complete when country, street, city and state + zip (US) or province + postal code (Canada) are filled and valid. */
export function isAddressComplete(a: Address): boolean {
  if (!a.streetAddress?.trim() || !a.city?.trim()) return false;
  if (isUnitedStates(a.country)) return !!a.state?.trim() && !!a.zipCode && isValidZip(a.zipCode);
  if (isCanada(a.country)) return !!a.province?.trim() && !!a.postalCode && isValidCanadianPostalCode(a.postalCode);
  return false;
}

/* ------------------------------------------------------------------ license */

export const licenseTypes = ['RN', 'PN', 'CNP', 'CRNA', 'CNS', 'CNM'] as const;
export const licenseTypeNames: Record<(typeof licenseTypes)[number], string> = {
  RN: 'Registered Nurse (RN)',
  PN: 'Practical/Vocational Nurse (PN)',
  CNP: 'Certified Nurse Practitioner (CNP)',
  CRNA: 'Certified Registered Nurse Anesthetist (CRNA)',
  CNS: 'Clinical Nurse Specialist (CNS)',
  CNM: 'Certified Nurse Midwife (CNM)',
};
export const licenseInfoSchema = z.object({
  hasLicense: z.boolean(),
  stateId: id.nullable(),
  nursysLicenseType: z.enum(licenseTypes).nullable(),
  licenseNumber: shortText(40).nullable(),
  nameOnLicense: shortText(150).nullable(),
  isCompact: z.boolean().nullable(),
});
export type LicenseInfo = z.infer<typeof licenseInfoSchema>;
export const licenseInfoResponseSchema = licenseInfoSchema.extend({ hasLicense: z.boolean().nullable() });

export function isLicenseComplete(l: LicenseInfo): boolean {
  if (!l.hasLicense) return true;
  return (
    !!l.nursysLicenseType &&
    !!l.licenseNumber?.trim() &&
    !!l.stateId &&
    !!l.nameOnLicense?.trim() &&
    l.isCompact !== null
  );
}

/* ------------------------------------------------------------------ education */

export const degreeTypes = [
  { degreeTypeId: 1, name: 'Diploma' },
  { degreeTypeId: 2, name: 'Certificate' },
  { degreeTypeId: 3, name: 'Associate (AA/AS/ADN)' },
  { degreeTypeId: 4, name: 'Bachelor (BA/BS/BSN)' },
  { degreeTypeId: 5, name: 'Master (MA/MS/MSN)' },
  { degreeTypeId: 6, name: 'Doctorate (DNP/PhD)' },
  { degreeTypeId: 7, name: 'Other' },
];
export const degreeFields = [
  { degreeFieldId: 1, name: 'Nursing' },
  { degreeFieldId: 2, name: 'Practical Nursing' },
  { degreeFieldId: 3, name: 'Nurse Anesthesia' },
  { degreeFieldId: 4, name: 'Respiratory Therapy' },
  { degreeFieldId: 5, name: 'Radiologic Technology' },
  { degreeFieldId: 6, name: 'Surgical Technology' },
  { degreeFieldId: 7, name: 'Physical Therapy' },
  { degreeFieldId: 8, name: 'Occupational Therapy' },
  { degreeFieldId: 9, name: 'Speech-Language Pathology' },
  { degreeFieldId: 10, name: 'Medical Laboratory Science' },
  { degreeFieldId: 11, name: 'Health Sciences' },
  { degreeFieldId: 12, name: 'Other' },
];
export const degreeTypesResponseSchema = z.array(z.object({ degreeTypeId: z.number(), name: z.string() }));
export const degreeFieldsResponseSchema = z.array(z.object({ degreeFieldId: z.number(), name: z.string() }));

export const DEGREE_YEAR_MIN = 1850;
/** 'MM/YYYY' (month 1-12 with 1 or 2 digits, a 4-digit year 1850..current+20) -> {month, year}, or null. */
export function parseDegreeDate(value: string, now = new Date()): { month: number; year: number } | null {
  return parseMonthYear(value, DEGREE_YEAR_MIN, calendarYearOf(now) + 20);
}
/** 'MM/YYYY' of a degree's month and year. */
export const formatDegreeDate = formatMonthYear;

export const saveDegreeRequestSchema = z.object({
  degreeId: id.nullable(),
  degreeTypeId: id,
  degreeFieldId: id,
  school: shortText(200),
  location: shortText(200),
  degreeDate: z.string().max(10),
  deleted: z.boolean().default(false),
});
export type SaveDegreeRequest = z.infer<typeof saveDegreeRequestSchema>;
export const degreeSchema = z.object({
  degreeId: z.number(),
  degreeTypeId: z.number(),
  degreeFieldId: z.number(),
  school: z.string(),
  location: z.string(),
  degreeDate: z.string(),
  deleted: z.boolean(),
  verified: z.boolean(),
  degreeType: z.string(),
  degreeField: z.string(),
});
export type Degree = z.infer<typeof degreeSchema>;
export const degreesResponseSchema = z.array(degreeSchema);

/* ------------------------------------------------------------------ employment */

export const EMPLOYMENT_TYPE_NON_MEDICAL = 4;
export const EMPLOYMENT_TYPE_TIME_OFF = 5;
export const EMPLOYMENT_TYPE_PER_DIEM = 3;
export const employmentTypes = [
  { employmentHistoryTypeId: 1, name: 'Core Staff (Full-Time)', showAgency: false },
  { employmentHistoryTypeId: 6, name: 'Core Staff (Part-Time)', showAgency: false },
  { employmentHistoryTypeId: 2, name: 'Travel', showAgency: true },
  { employmentHistoryTypeId: 7, name: 'Local Contract (Agency)', showAgency: true },
  { employmentHistoryTypeId: 3, name: 'Per Diem', showAgency: false },
  { employmentHistoryTypeId: 4, name: 'Non-Medical', showAgency: false },
  { employmentHistoryTypeId: 5, name: 'Personal time off', showAgency: false },
];
export const emrSystems = [
  { id: 1, name: 'Epic', isPopular: true },
  { id: 2, name: 'Cerner (Oracle Health)', isPopular: true },
  { id: 3, name: 'MEDITECH', isPopular: true },
  { id: 4, name: 'Allscripts', isPopular: false },
  { id: 5, name: 'athenahealth', isPopular: false },
  { id: 6, name: 'CPSI', isPopular: false },
  { id: 7, name: 'eClinicalWorks', isPopular: false },
  { id: 8, name: 'McKesson', isPopular: false },
  { id: 9, name: 'NextGen', isPopular: false },
  { id: 10, name: 'Paragon', isPopular: false },
  { id: 11, name: 'PointClickCare', isPopular: false },
  { id: 12, name: 'Sunrise', isPopular: false },
  { id: 13, name: 'Other', isPopular: false },
];
export const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
].map((name, i) => ({ number: i + 1, name }));

/** The EMR systems most clinicians name come first, then the others alphabetically. */
export function sortEmrSystems<T extends { name: string; isPopular: boolean }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => Number(b.isPopular) - Number(a.isPopular) || a.name.localeCompare(b.name));
}

export const employmentOptionsSchema = z.object({
  employmentTypes: z.array(
    z.object({ employmentHistoryTypeId: z.number(), name: z.string(), showAgency: z.boolean() }),
  ),
  professions: z.array(
    z.object({
      professionId: z.number(),
      name: z.string(),
      specialties: z.array(z.object({ id: z.number(), name: z.string() })),
    }),
  ),
  states: z.array(z.object({ stateId: z.number(), name: z.string() })),
  electronicMedicalRecordsSystems: z.array(z.object({ id: z.number(), name: z.string(), isPopular: z.boolean() })),
  months: z.array(z.object({ number: z.number(), name: z.string() })),
});
export type EmploymentOptions = z.infer<typeof employmentOptionsSchema>;

const month = z.number().int().min(1).max(12);
const year = z.number().int().min(1900).max(2200);
export const employmentRecordSchema = z.object({
  employmentHistoryId: id.nullable(),
  employmentTypeId: id,
  facilityName: shortText(200).nullable(),
  city: shortText(100).nullable(),
  stateId: z.number().int().min(0).max(2_147_483_647).nullable(),
  startMonth: month,
  startYear: year,
  endMonth: month.nullable(),
  endYear: year.nullable(),
  professionId: id.nullable(),
  agencyName: shortText(200).nullable(),
  isCharge: z.boolean().nullable(),
  unitsFloated: shortText(50).nullable(),
  shiftPerMonth: z.string().max(100).regex(/^\d*$/, 'Digits only').nullable(),
  specialties: z.array(id).max(50),
  emrs: z.array(id).max(50),
  deleted: z.boolean().optional(),
  isVerified: z.boolean().optional(),
});
export type EmploymentRecordInput = z.infer<typeof employmentRecordSchema>;
export const employmentRecordResponseSchema = employmentRecordSchema.extend({
  employmentHistoryId: z.number(),
  deleted: z.boolean(),
  isVerified: z.boolean(),
});
export type EmploymentRecord = z.infer<typeof employmentRecordResponseSchema>;
export const employmentRecordsResponseSchema = z.array(employmentRecordResponseSchema);
export const employmentIdResponseSchema = z.object({ employmentHistoryId: z.number() });
export const deleteEmploymentRequestSchema = z.object({ EmploymentHistoryId: id });
export const recentEmploymentSchema = z.object({ historyId: z.number(), facilityInformation: z.string() });
export const recentEmploymentResponseSchema = z.array(recentEmploymentSchema);
export const facilityOptionsResponseSchema = z.object({ facilityOptions: z.array(recentEmploymentSchema) });

/** The form's view of a record: iStillWorkHere and answerIsFloat exist in the form only, not in the stored record. */
export interface EmploymentForm {
  employmentTypeId: number | null;
  facilityName: string;
  agencyName: string;
  city: string;
  stateId: number;
  startMonth: number | null;
  startYear: number | null;
  endMonth: number | null;
  endYear: number | null;
  iStillWorkHere: boolean;
  professionId: number | null;
  specialties: number[];
  emrs: number[];
  isCharge: boolean | null;
  answerIsFloat: boolean | null;
  unitsFloated: string;
  shiftPerMonth: string;
}

export const showsMedicalSections = (typeId: number | null) =>
  typeId !== EMPLOYMENT_TYPE_NON_MEDICAL && typeId !== EMPLOYMENT_TYPE_TIME_OFF;
export const showsAgency = (typeId: number | null) =>
  employmentTypes.find((t) => t.employmentHistoryTypeId === typeId)?.showAgency ?? false;
export const showsShiftsPerMonth = (typeId: number | null) => typeId === EMPLOYMENT_TYPE_PER_DIEM;

/** Field names still missing or wrong; an empty list enables Save Record (the server refuses the same records). */
export function employmentProblems(
  f: EmploymentForm,
  professionSpecialtyIds: readonly number[],
  now = new Date(),
): string[] {
  const p: string[] = [];
  if (!f.employmentTypeId) return ['employmentTypeId'];
  if (!f.startMonth) p.push('startMonth');
  if (!f.startYear) p.push('startYear');
  if (!f.iStillWorkHere) {
    if (!f.endMonth) p.push('endMonth');
    if (!f.endYear) p.push('endYear');
  }
  if (f.startMonth && f.startYear) {
    const start = monthIndex(f.startYear, f.startMonth);
    const nowIdx = monthIndexOf(now);
    if (start > nowIdx) p.push('startDate');
    if (!f.iStillWorkHere && f.endMonth && f.endYear) {
      const end = monthIndex(f.endYear, f.endMonth);
      if (end < start) p.push('endDate');
      if (end > nowIdx) p.push('endDate');
    }
  }
  if (f.employmentTypeId === EMPLOYMENT_TYPE_TIME_OFF) return p;
  if (!f.facilityName.trim()) p.push('facilityName');
  if (f.employmentTypeId === EMPLOYMENT_TYPE_NON_MEDICAL) return p;
  if (showsAgency(f.employmentTypeId) && !f.agencyName.trim()) p.push('agencyName');
  if (!f.city.trim()) p.push('city');
  if (!f.stateId) p.push('stateId');
  if (!f.professionId) p.push('professionId');
  if (f.emrs.length === 0) p.push('emrs');
  if (professionSpecialtyIds.length > 0) {
    if (f.specialties.length === 0) p.push('specialties');
    if (f.answerIsFloat === null) p.push('answerIsFloat');
    if (f.answerIsFloat === true && !f.unitsFloated.trim()) p.push('unitsFloated');
  }
  if (f.unitsFloated.length > 50) p.push('unitsFloated');
  if (!/^\d{0,100}$/.test(f.shiftPerMonth)) p.push('shiftPerMonth');
  return p;
}

/** Form -> the payload the API takes (state 0 sent as null; hidden sections left out). */
export function employmentFormToRecord(
  f: EmploymentForm,
  employmentHistoryId: number | null,
  professionHasSpecialties: boolean,
): EmploymentRecordInput {
  const medical = showsMedicalSections(f.employmentTypeId);
  const timeOff = f.employmentTypeId === EMPLOYMENT_TYPE_TIME_OFF;
  return {
    employmentHistoryId,
    employmentTypeId: f.employmentTypeId ?? 0,
    facilityName: timeOff ? null : f.facilityName.trim() || null,
    city: medical ? f.city.trim() || null : null,
    stateId: medical && f.stateId ? f.stateId : null,
    startMonth: f.startMonth ?? 0,
    startYear: f.startYear ?? 0,
    endMonth: f.iStillWorkHere ? null : f.endMonth,
    endYear: f.iStillWorkHere ? null : f.endYear,
    professionId: medical ? f.professionId : null,
    agencyName: medical && showsAgency(f.employmentTypeId) ? f.agencyName.trim() || null : null,
    isCharge: medical ? f.isCharge : null,
    unitsFloated: medical && professionHasSpecialties && f.answerIsFloat ? f.unitsFloated.trim() || null : null,
    shiftPerMonth: medical && showsShiftsPerMonth(f.employmentTypeId) ? f.shiftPerMonth || null : null,
    specialties: medical ? f.specialties : [],
    emrs: medical ? f.emrs : [],
    deleted: false,
  };
}

export function employmentRecordToForm(r: EmploymentRecord | null): EmploymentForm {
  return {
    employmentTypeId: r?.employmentTypeId ?? null,
    facilityName: r?.facilityName ?? '',
    agencyName: r?.agencyName ?? '',
    city: r?.city ?? '',
    stateId: r?.stateId ?? 0,
    startMonth: r?.startMonth ?? null,
    startYear: r?.startYear ?? null,
    endMonth: r?.endMonth ?? null,
    endYear: r?.endYear ?? null,
    iStillWorkHere: !!r && r.endMonth === null,
    professionId: r?.professionId ?? null,
    specialties: r?.specialties ?? [],
    emrs: r?.emrs ?? [],
    isCharge: r?.isCharge ?? null,
    answerIsFloat: r ? (r.unitsFloated ? true : r.professionId ? false : null) : null,
    unitsFloated: r?.unitsFloated ?? '',
    shiftPerMonth: r?.shiftPerMonth ?? '',
  };
}

/** The history the portal asks for (the employment step's own guidance): seven years, gaps of 30 days or more. */
export const EMPLOYMENT_HISTORY_YEARS = 7;
export const EMPLOYMENT_GAP_DAYS = 30;

export interface EmploymentGap {
  /** First and last uncovered day, 'YYYY-MM-DD'. */
  from: string;
  to: string;
  days: number;
}

/**
 * Stretches of the last seven years (up to `todayIso`) that no record covers and that last more than 30 days. A
 * record covers its start month from the 1st to the last day of its end month (to today while it goes on); time off
 * and non-medical work count as covered: the history accounts for the time, not only for clinical jobs.
 */
export function employmentGaps(
  records: readonly { startMonth: number; startYear: number; endMonth: number | null; endYear: number | null }[],
  todayIso: string,
): EmploymentGap[] {
  const windowStart = addCalendarMonths(todayIso, -12 * EMPLOYMENT_HISTORY_YEARS);
  const first = (y: number, m: number) => `${y}-${String(m).padStart(2, '0')}-01`;
  const spans = records
    .filter((r) => r.startMonth >= 1 && r.startMonth <= 12 && r.startYear > 0)
    .map((r) => {
      const from = first(r.startYear, r.startMonth);
      const to =
        r.endMonth && r.endYear ? addCalendarDays(addCalendarMonths(first(r.endYear, r.endMonth), 1), -1) : todayIso;
      return { from: from < windowStart ? windowStart : from, to: to > todayIso ? todayIso : to };
    })
    .filter((s) => s.from <= s.to && s.to >= windowStart)
    .sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  const gaps: EmploymentGap[] = [];
  let covered = addCalendarDays(windowStart, -1);
  const gapUntil = (next: string) => {
    const from = addCalendarDays(covered, 1);
    const to = addCalendarDays(next, -1);
    const days = calendarDaysBetween(from, to) + 1;
    if (days > EMPLOYMENT_GAP_DAYS) gaps.push({ from, to, days });
  };
  for (const s of spans) {
    if (s.from > addCalendarDays(covered, 1)) gapUntil(s.from);
    if (s.to > covered) covered = s.to;
  }
  if (covered < todayIso) gapUntil(addCalendarDays(todayIso, 1));
  return gaps;
}

/**
 * Display order: records ordered unsaved, current by start date, ended by end date, then shown reversed, so the
 * newest is first; unsaved records stay at the top, where New Record adds them.
 */
export function sortEmploymentRecords<
  T extends {
    employmentHistoryId: number | null;
    startYear: number;
    startMonth: number;
    endYear: number | null;
    endMonth: number | null;
  },
>(records: readonly T[]): T[] {
  const unsaved = records.filter((r) => r.employmentHistoryId === null);
  const current = records
    .filter((r) => r.employmentHistoryId !== null && r.endYear === null)
    .sort((a, b) => a.startYear * 12 + a.startMonth - (b.startYear * 12 + b.startMonth));
  const ended = records
    .filter((r) => r.employmentHistoryId !== null && r.endYear !== null)
    .sort(
      (a, b) =>
        a.endYear! * 12 + a.endMonth! - (b.endYear! * 12 + b.endMonth!) ||
        a.startYear * 12 + a.startMonth - (b.startYear * 12 + b.startMonth),
    );
  return [...unsaved, ...[...ended, ...current].reverse()];
}

/* ------------------------------------------------------------------ references */

export const phoneTypes = ['Mobile', 'Office'] as const;
export const referenceSchema = z.object({
  referenceId: id.nullable().optional(),
  historyId: id,
  firstName: shortText(100).min(1),
  lastName: shortText(100).min(1),
  title: shortText(150).min(1),
  phoneNumber: z.string().refine(isValidPhone, applicationMessages.invalidPhone),
  phoneType: z.enum(phoneTypes),
  email: z
    .string()
    .trim()
    .max(254)
    .nullable()
    .optional()
    .refine((v) => !v || isValidEmail(v), applicationMessages.invalidEmail),
  referenceNumber: z.union([z.literal(0), z.literal(1)]),
});
export type ReferenceInput = z.infer<typeof referenceSchema>;
/**
 * Two references are the same person when they have the same first and last name (any letter case or spacing) or
 * the same email: the agency asks for two different supervisors.
 */
export function isSameReferencePerson(
  a: { firstName: string; lastName: string; email?: string | null },
  b: { firstName: string; lastName: string; email?: string | null },
): boolean {
  const name = (r: typeof a) => `${r.firstName} ${r.lastName}`.trim().replace(/\s+/g, ' ').toLowerCase();
  const email = (r: typeof a) => r.email?.trim().toLowerCase() || null;
  return (!!name(a).trim() && name(a) === name(b)) || (!!email(a) && email(a) === email(b));
}

/** References come from the last two years: an employment that ended longer ago is warned about. */
export const REFERENCE_RECENT_MONTHS = 24;

/** Whether an employment ended more than two years before `now` (one still going never did). */
export function endedBeforeReferenceWindow(endMonth: number | null, endYear: number | null, now: Date): boolean {
  if (endMonth === null || endYear === null) return false;
  return monthIndexOf(now) - monthIndex(endYear, endMonth) > REFERENCE_RECENT_MONTHS;
}

export const saveReferencesRequestSchema = z
  .array(referenceSchema)
  .length(2)
  .refine(
    (l) => l.length !== 2 || l[0]!.referenceNumber !== l[1]!.referenceNumber,
    'Reference 1 and Reference 2 are both required',
  )
  .refine((l) => l.length !== 2 || !isSameReferencePerson(l[0]!, l[1]!), applicationMessages.sameReference);
export const referenceResponseSchema = z.object({
  referenceId: z.number(),
  historyId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  title: z.string(),
  phoneNumber: z.string(),
  phoneType: z.enum(phoneTypes),
  email: z.string().nullable(),
  referenceNumber: z.number().nullable(),
  facility: z.string(),
  facilityCity: z.string().nullable(),
  facilityState: z.string().nullable(),
});
export type Reference = z.infer<typeof referenceResponseSchema>;
export const referencesResponseSchema = z.object({ ok: z.boolean(), references: z.array(referenceResponseSchema) });

export interface ReferenceForm {
  historyId: number;
  firstName: string;
  lastName: string;
  title: string;
  phoneNumber: string;
  phoneType: '' | 'Mobile' | 'Office';
  email: string;
}
export function referenceProblems(r: ReferenceForm): Record<string, string> {
  const e: Record<string, string> = {};
  if (!r.historyId) e.historyId = 'Please select a facility';
  if (!r.firstName.trim()) e.firstName = 'First name is required';
  if (!r.lastName.trim()) e.lastName = 'Last name is required';
  if (!r.title.trim()) e.title = 'Job title is required';
  if (!isValidPhone(r.phoneNumber)) e.phoneNumber = applicationMessages.invalidPhone;
  if (!r.phoneType) e.phoneType = 'Please choose a phone number type';
  if (r.email.trim() && !isValidEmail(r.email.trim())) e.email = applicationMessages.invalidEmail;
  return e;
}

/* ------------------------------------------------------------------ certifications */

export const certificationTypes = [
  { certTypeId: 1, certName: 'BLS', hasExpireDate: true, canAttachCert: true },
  { certTypeId: 2, certName: 'ACLS', hasExpireDate: true, canAttachCert: true },
  { certTypeId: 3, certName: 'PALS', hasExpireDate: true, canAttachCert: true },
  { certTypeId: 4, certName: 'NRP', hasExpireDate: true, canAttachCert: true },
  { certTypeId: 5, certName: 'TNCC', hasExpireDate: true, canAttachCert: true },
  { certTypeId: 6, certName: 'ENPC', hasExpireDate: true, canAttachCert: true },
  { certTypeId: 7, certName: 'CCRN', hasExpireDate: true, canAttachCert: true },
  { certTypeId: 8, certName: 'CEN', hasExpireDate: true, canAttachCert: true },
  { certTypeId: 9, certName: 'NIHSS', hasExpireDate: true, canAttachCert: true },
  { certTypeId: 10, certName: 'STABLE', hasExpireDate: true, canAttachCert: true },
  { certTypeId: 11, certName: 'Fetal Monitoring (AWHONN)', hasExpireDate: true, canAttachCert: true },
  { certTypeId: 12, certName: 'Chemotherapy/Biotherapy', hasExpireDate: true, canAttachCert: true },
  { certTypeId: 13, certName: 'ARRT', hasExpireDate: true, canAttachCert: true },
  { certTypeId: 14, certName: 'CPR Instructor', hasExpireDate: true, canAttachCert: true },
  { certTypeId: 15, certName: 'Crisis Prevention (CPI)', hasExpireDate: false, canAttachCert: true },
  { certTypeId: 16, certName: 'Other (no document)', hasExpireDate: false, canAttachCert: false },
];
export const DEFAULT_CERTIFICATION_TYPE_ID = 1;
export const CERT_FILE_MAX_BYTES = 30 * 1024 * 1024;
export const certificationFileExtensions = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png', 'gif', 'bmp', 'jfif'] as const;
export const isAcceptedCertificationExtension = (ext: string) =>
  (certificationFileExtensions as readonly string[]).includes(ext.replace(/^\./, '').toLowerCase());

export const certificationTypesResponseSchema = z.array(
  z.object({ certTypeId: z.number(), certName: z.string(), hasExpireDate: z.boolean(), canAttachCert: z.boolean() }),
);
export const saveCertificationRequestSchema = z.object({
  certId: id.nullable(),
  certificationTypeId: id,
  expirationDate: isoDate.nullable().optional(),
  completionDate: isoDate.nullable().optional(),
  issuedBy: shortText(200).nullable().optional(),
  createdOrder: z.number().int().min(0).max(1_000_000).optional(),
  deleted: z.boolean().default(false),
  file: z
    .object({
      content: z.string().max(45_000_000),
      extension: z.string().max(10),
    })
    .nullable()
    .optional(),
});
export type SaveCertificationRequest = z.infer<typeof saveCertificationRequestSchema>;
export const certificationSchema = z.object({
  certId: z.number(),
  certificationTypeId: z.number(),
  certificationType: z.string(),
  expirationDate: z.string().nullable(),
  completionDate: z.string().nullable(),
  issuedBy: z.string().nullable(),
  createdOrder: z.number(),
  saved: z.boolean(),
  deleted: z.boolean(),
  verified: z.boolean(),
  hasFile: z.boolean(),
});
export type Certification = z.infer<typeof certificationSchema>;
export const certificationsResponseSchema = z.array(certificationSchema);
export const certIdResponseSchema = z.object({ certId: z.number() });

export function isCertificationComplete(c: {
  certificationTypeId: number | null;
  expirationDate: string | null;
}): boolean {
  if (!c.certificationTypeId) return false;
  const t = certificationTypes.find((x) => x.certTypeId === c.certificationTypeId);
  if (!t) return false;
  return !t.hasExpireDate || isCalendarDate(c.expirationDate);
}

/** A certification whose expiration date has passed (it is saved, and shown marked expired). */
export function isCertificationExpired(expirationDate: string | null | undefined, todayIso: string): boolean {
  return !!expirationDate && isCalendarDate(expirationDate) && expirationDate < todayIso;
}

/* ------------------------------------------------------------------ identification */

export const SSN_PLACEHOLDER = '000000000';
export const isValidSsn = (v: string) => /^\d{9}$/.test(v) && v !== SSN_PLACEHOLDER;
export const saveIdentificationRequestSchema = z.object({
  SocialSecurityNumber: z.string().max(11),
  DateOfBirth: isoDate,
});
export const identificationResponseSchema = z.object({
  hasSocialSecurityNumber: z.boolean(),
  dateOfBirth: z.string().nullable(),
});
/**
 * The ages a clinician applying can be: travel contracts are signed by adults, and an age past 100 is a typing slip
 * (a birth year 1800, or this year instead of the real one).
 */
export const DATE_OF_BIRTH_AGES = { min: 18, max: 100 } as const;

/** The dates of birth accepted on `todayIso`: from 100 years ago to 18 years ago ('YYYY-MM-DD'). */
export function dateOfBirthRange(todayIso: string): { min: string; max: string } {
  return {
    min: addCalendarMonths(todayIso, -12 * DATE_OF_BIRTH_AGES.max),
    max: addCalendarMonths(todayIso, -12 * DATE_OF_BIRTH_AGES.min),
  };
}

/** Date of birth: a real date within the plausible ages (YYYY-MM-DD compared as text). */
export function isValidDateOfBirth(value: string, todayIso: string): boolean {
  const { min, max } = dateOfBirthRange(todayIso);
  return isCalendarDate(value) && value >= min && value <= max;
}

/** Why a date of birth is refused, with the dates that would be accepted. */
export function dateOfBirthMessage(todayIso: string): string {
  const { min, max } = dateOfBirthRange(todayIso);
  return `Please enter a date of birth from ${formatDate(min)} to ${formatDate(max)}: you must be ${DATE_OF_BIRTH_AGES.min} to ${DATE_OF_BIRTH_AGES.max} years old to apply`;
}

/* ------------------------------------------------------------------ documents */

export const applicationDocuments = [
  { documentName: 'Handbook', title: 'Handbook' },
  { documentName: 'AuthForRelease', title: 'Authorization for the Release of Information' },
  { documentName: 'CandidatePlacement', title: 'Candidate Placement Agreement' },
  { documentName: 'HealthInfoPrivacy', title: 'HIPAA Agreement' },
  { documentName: 'ConsumerReportDisclaimer', title: 'Federal Disclosure' },
  { documentName: 'FairCredit', title: 'Federal Summary of Rights' },
  { documentName: 'CaliRights', title: 'California Disclosure' },
  { documentName: 'CaliBackground', title: 'CA Authorization for Backgrounds' },
  { documentName: 'CaliAppStatement', title: 'CA Applicants Statement and Agreement' },
  { documentName: 'Arbitration', title: 'Arbitration Agreements' },
  { documentName: 'ElectronicSig', title: 'Electronic Signature and Communications Agreement' },
] as const;
export type ApplicationDocumentName = (typeof applicationDocuments)[number]['documentName'];

/* ------------------------------------------------------------------ skills checklist */

export const hshItemsResponseSchema = z.object({
  hshItems: z.array(z.object({ hshItemId: z.number(), hshItemLabel: z.string() })),
});
export const assignSkillsRequestSchema = z.object({ checklistIds: z.array(id).min(1).max(50) });
export const assignSkillsResponseSchema = z.object({
  ok: z.boolean(),
  email: z.string(),
  vendor: z.string(),
  subject: z.string(),
});
export const SKILLS_VENDOR = 'Prophecy Health';
/** Where the vendor's mail sends the clinician to take the assigned checklists (they sign in with their email). */
export const SKILLS_VENDOR_URL = 'https://www.prophecyhealth.com/';
export const skillsMailSubject = (product: string) => `[${product}] New Assignments`;
