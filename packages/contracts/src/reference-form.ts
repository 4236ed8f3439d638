/**
 * The public Clinical & Professional Reference form a former supervisor fills in: the submission,
 * the autofill answer for a guid, the scale, the questions and the completeness rule shared by the
 * form and the server.
 */
import { z } from 'zod';
import { isCalendarDate } from './dates.ts';
import { optionalCalendarDateSchema } from './date-schemas.ts';

// The form's messages live with the other refusals both sides word (no schemas there: the web shows them anywhere).
/** The longest comment a reference giver can write (the form counts down to it). */
export const REFERENCE_COMMENTS_MAX = 4000;

export { referenceFormMessages } from './refusal-codes.ts';

/** Employment types of the form (desktop radios in this order; the mobile dropdown adds 'Select...' = 0). */
export const referenceHistoryTypes = [
  { value: 1, label: 'Core Staff (Full-Time)' },
  { value: 4, label: 'Core Staff (Part-Time)' },
  { value: 3, label: 'Per Diem' },
  { value: 2, label: 'Travel' },
] as const;

/** Rating scale: 0 is unselected. */
export const ratingScale = [
  { value: 1, label: 'Did Not Observe' },
  { value: 2, label: 'Needs Improvement' },
  { value: 3, label: 'Met Expectations' },
  { value: 4, label: 'Exceeds Expectations' },
] as const;

export const ratedQuestions = [
  {
    key: 'SafeCareLevel',
    text: 'Provides safe patient care (safe outcomes, clinical competency, adherence to policy and procedure).',
  },
  { key: 'DependableLevel', text: 'Is dependable (attendance, punctuality, meets deadlines).' },
  { key: 'ProfessionalLevel', text: 'Is professional (appearance, attitude, works well with others).' },
  { key: 'CooperativeLevel', text: 'Is cooperative and flexible as a member of the team.' },
  { key: 'CommunicatorLevel', text: 'Is a strong communicator with patients, families and staff.' },
  { key: 'AttendanceLevel', text: 'Attendance and punctuality (on time, limits call-ins and notifies in advance).' },
  { key: 'AssetLevel', text: 'Was an asset to the facility or medical team.' },
] as const;
export type RatingKey = (typeof ratedQuestions)[number]['key'];

const text = (max: number) => z.string().max(max);
const level = z.number().int().min(0).max(4);
const optionalDate = optionalCalendarDateSchema;

export const REFERENCE_GUID_MAX = 100;
export const referenceGuidSchema = z.string().min(1).max(REFERENCE_GUID_MAX);

export const referenceSubmissionSchema = z.object({
  ReferenceGuid: referenceGuidSchema,
  HistoryTypeId: z.union([z.string().regex(/^[0-4]$/), z.number().int().min(0).max(4)]).transform((v) => Number(v)),
  HcpName: text(200),
  HcpDiscipline: text(200),
  HcpSpecialty: text(300),
  WasCharge: z.boolean().nullable(),
  EmrWorked: text(200),
  SafeCareLevel: level,
  DependableLevel: level,
  ProfessionalLevel: level,
  CooperativeLevel: level,
  CommunicatorLevel: level,
  AttendanceLevel: level,
  AssetLevel: level,
  Comments: text(REFERENCE_COMMENTS_MAX).nullable().optional(),
  SupervisorName: text(200),
  SupervisorTitle: text(200),
  FacilityName: text(200),
  ReferenceDate: optionalDate,
  CityState: text(200),
  StartDate: optionalDate,
  EndDate: optionalDate,
  Unit: text(200).nullable().optional(),
});
export type ReferenceSubmissionInput = z.input<typeof referenceSubmissionSchema>;
export type ReferenceSubmission = z.output<typeof referenceSubmissionSchema>;

/** When the form is complete: the page and the server apply this same rule, so they never disagree. */
export function referenceSubmissionProblems(
  s: {
    HistoryTypeId: number;
    HcpName: string;
    HcpDiscipline: string;
    HcpSpecialty: string;
    WasCharge: boolean | null;
    EmrWorked: string;
    SupervisorName: string;
    SupervisorTitle: string;
    FacilityName: string;
    CityState: string;
    ReferenceDate?: string | null;
    StartDate?: string | null;
    EndDate?: string | null;
  } & Record<RatingKey, number>,
): string[] {
  const p: string[] = [];
  if (!referenceHistoryTypes.some((t) => t.value === s.HistoryTypeId)) p.push('HistoryTypeId');
  for (const k of [
    'HcpName',
    'HcpDiscipline',
    'HcpSpecialty',
    'EmrWorked',
    'SupervisorName',
    'SupervisorTitle',
    'FacilityName',
    'CityState',
  ] as const)
    if (!s[k].trim()) p.push(k);
  if (s.WasCharge !== true && s.WasCharge !== false) p.push('WasCharge');
  for (const q of ratedQuestions) if (!(s[q.key] >= 1 && s[q.key] <= 4)) p.push(q.key);
  if (!isCalendarDate(s.ReferenceDate)) p.push('ReferenceDate');
  if (s.StartDate && !isCalendarDate(s.StartDate)) p.push('StartDate');
  if (s.EndDate && !isCalendarDate(s.EndDate)) p.push('EndDate');
  else if (s.StartDate && s.EndDate && s.EndDate < s.StartDate) p.push('EndDate');
  return p;
}
export const isReferenceSubmissionComplete = (s: Parameters<typeof referenceSubmissionProblems>[0]) =>
  referenceSubmissionProblems(s).length === 0;

export const referenceSubmissionResponseSchema = z.object({ ok: z.boolean() });

/** Autofill for a live guid (the path is recorded in docs/decisions/0023-public-reference-form.md). */
/** Query of `GET HcpReferral/getReferralData?guid=`: anonymous, the mailed guid is the only key. */
export const referenceAutofillRequestSchema = z.object({ guid: referenceGuidSchema });
export const referenceAutofillSchema = z.object({
  historyTypeId: z.number(),
  name: z.string(),
  discipline: z.string(),
  specialty: z.string(),
  supervisorName: z.string(),
  supervisorTitle: z.string(),
  facilityName: z.string(),
  referenceDate: z.string().nullable(),
  facCityState: z.string(),
  evalStartDate: z.string().nullable(),
  evalEndDate: z.string().nullable(),
  wasCharge: z.boolean().nullable(),
  unit: z.string().nullable(),
});
export type ReferenceAutofill = z.infer<typeof referenceAutofillSchema>;

/** Days a reference link stays open. */
export const REFERENCE_REQUEST_TTL_DAYS = 30;

/**
 * The clinician's employment type (application employment types) -> the form's type:
 * full-time 1 -> 1, part-time 6 -> 4, per diem 3 -> 3, travel 2 and local contract 7 -> 2; others unselected.
 */
export function referenceHistoryTypeFor(employmentTypeId: number): number {
  return ({ 1: 1, 6: 4, 3: 3, 2: 2, 7: 2 } as Record<number, number>)[employmentTypeId] ?? 0;
}
