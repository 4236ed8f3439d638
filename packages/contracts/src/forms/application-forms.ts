/**
 * The employment application's forms (and the profile's, which edit the same records): each step's values, the
 * rule that enables Next or Save (the contract's completeness rule of the step, field by field), the texts some
 * fields show, and the request the values become.
 */
import { z } from 'zod';
import {
  SSN_PLACEHOLDER,
  addressSchema,
  backgroundAnswersSchema,
  backgroundProblems,
  employmentProblems,
  isAcceptedCertificationExtension,
  isCanada,
  isCertificationComplete,
  isUnitedStates,
  canonicalPostalCode,
  isValidCanadianPostalCode,
  dateOfBirthMessage,
  isSameReferencePerson,
  isValidDateOfBirth,
  isValidSsn,
  isValidZip,
  licenseInfoSchema,
  needsInternationalApplication,
  parseDegreeDate,
  phoneTypes,
  referenceSchema,
  saveDegreeRequestSchema,
  saveIdentificationRequestSchema,
  CERT_FILE_MAX_BYTES,
  DEGREE_YEAR_MIN,
  type EmploymentForm,
  type EmploymentOptions,
  type LicenseInfo,
  type ReferenceInput,
} from '../application.ts';
import { applicationMessages } from '../application-messages.ts';
import { dateMessages, isCalendarDate, localIsoDate } from '../dates.ts';
import { UNSTATED, chosenId, flag, requiredText } from './unstated.ts';

export const applicationFormMessages = {
  endBeforeStart: 'The end date cannot be before the start date',
  zipCode: 'Please enter a 5 digit zip code',
  postalCode: 'Please enter a postal code like A1A 1A1',
  employmentEndDate: 'The end date must be after the start date and not in the future',
  employmentStartDate: 'The start date cannot be in the future',
  militaryStartFuture: 'The service start date cannot be in the future',
  certificationExpired: (date: string) =>
    `This certification expired on ${date}. You can still save it; please add the renewed one when you have it.`,
  degreeDate: (now: Date) =>
    `Enter the month (1-12) and a year from ${DEGREE_YEAR_MIN} to ${now.getFullYear() + 20}, as MM/YYYY`,
  invalidFileType: (ext: string) => `Invalid file type: .${ext}`,
} as const;

/* ------------------------------------------------------------------ background */

/**
 * The ten background questions (the application step and /update-background-questions): every shown question
 * answered, service dates after a military yes, and not the two No answers that need the international application.
 * A service date in a year outside the calendar's range, a start in the future and an end before the start say so;
 * an unanswered question has no text.
 */
export const backgroundFormSchema = backgroundAnswersSchema
  .extend({ militaryStartDate: z.string().nullable(), militaryEndDate: z.string().nullable() })
  .superRefine((a, ctx) => {
    const problems = backgroundProblems(a);
    if (a.hasMilitaryService && a.militaryStartDate && isCalendarDate(a.militaryStartDate)) {
      if (a.militaryStartDate > localIsoDate()) problems.push('militaryStartDate');
    }
    for (const key of new Set(problems)) flag(ctx, [key], backgroundDateMessage(a, key));
    if (needsInternationalApplication(a)) flag(ctx, ['isAuthorizedToWorkInUs']);
  });

/** The text of a background problem: only the service dates have one (a missing answer is unstated). */
function backgroundDateMessage(
  a: { militaryStartDate: string | null; militaryEndDate: string | null },
  key: string,
): string {
  const value =
    key === 'militaryStartDate' ? a.militaryStartDate : key === 'militaryEndDate' ? a.militaryEndDate : null;
  if (!value) return UNSTATED;
  if (!isCalendarDate(value)) return dateMessages.dateOutOfRange;
  if (key === 'militaryStartDate') return applicationFormMessages.militaryStartFuture;
  return a.militaryStartDate && value < a.militaryStartDate ? applicationFormMessages.endBeforeStart : UNSTATED;
}

/* ------------------------------------------------------------------ address */

/** The permanent address: street and city, then state and zip (US) or province and postal code (Canada). */
export const addressFormSchema = addressSchema
  .superRefine((a, ctx) => {
    if (!a.streetAddress?.trim()) flag(ctx, ['streetAddress']);
    if (!a.city?.trim()) flag(ctx, ['city']);
    if (isUnitedStates(a.country)) {
      if (!a.state?.trim()) flag(ctx, ['state']);
      if (!a.zipCode) flag(ctx, ['zipCode']);
      else if (!isValidZip(a.zipCode)) flag(ctx, ['zipCode'], applicationFormMessages.zipCode);
    } else if (isCanada(a.country)) {
      if (!a.province?.trim()) flag(ctx, ['province']);
      if (!a.postalCode) flag(ctx, ['postalCode']);
      else if (!isValidCanadianPostalCode(a.postalCode)) flag(ctx, ['postalCode'], applicationFormMessages.postalCode);
    } else flag(ctx, ['country']);
  })
  // The postal code is sent as it is stored and shown: 'A1A 1A1'.
  .transform((a) => ({ ...a, postalCode: a.postalCode ? canonicalPostalCode(a.postalCode) : null }));

/* ------------------------------------------------------------------ license */

const noLicense: LicenseInfo = {
  hasLicense: false,
  stateId: null,
  nursysLicenseType: null,
  licenseNumber: null,
  nameOnLicense: null,
  isCompact: null,
};

/**
 * The primary license. Allied disciplines have no license; a license of a state that does not issue multistate
 * licenses is not compact. Complete when there is no license, or every field is filled; no license sends nulls.
 */
export function licenseFormSchema({
  allied,
  isCompactState,
}: {
  allied: boolean;
  isCompactState: (stateId: number | null) => boolean;
}) {
  return licenseInfoSchema
    .transform((l) =>
      allied ? { ...l, hasLicense: false } : isCompactState(l.stateId) ? l : { ...l, isCompact: false },
    )
    .pipe(
      licenseInfoSchema.superRefine((l, ctx) => {
        if (!l.hasLicense) return;
        if (!l.nursysLicenseType) flag(ctx, ['nursysLicenseType']);
        if (!l.licenseNumber?.trim()) flag(ctx, ['licenseNumber']);
        if (!l.stateId) flag(ctx, ['stateId']);
        if (!l.nameOnLicense?.trim()) flag(ctx, ['nameOnLicense']);
        if (l.isCompact === null) flag(ctx, ['isCompact']);
      }),
    )
    .transform((l) => (l.hasLicense ? l : noLicense));
}

/* ------------------------------------------------------------------ education */

/** One degree record; the graduation date 'MM/YYYY' is named wrong once six characters are typed. */
export function degreeFormSchema(now = new Date()) {
  return saveDegreeRequestSchema
    .pick({ degreeTypeId: true, degreeFieldId: true, school: true, location: true, degreeDate: true })
    .extend({
      degreeTypeId: chosenId,
      degreeFieldId: chosenId,
      school: requiredText(200),
      location: requiredText(200),
      degreeDate: z
        .string()
        .max(10)
        .superRefine((v, ctx) => {
          if (!parseDegreeDate(v, now))
            flag(ctx, [], v.length >= 6 ? applicationFormMessages.degreeDate(now) : UNSTATED);
        })
        .transform((v) => v.trim()),
    });
}
export type DegreeFormValues = z.input<ReturnType<typeof degreeFormSchema>>;

/* ------------------------------------------------------------------ employment */

const employmentFormShape = z.object({
  employmentTypeId: z.number().nullable(),
  facilityName: z.string(),
  agencyName: z.string(),
  city: z.string(),
  stateId: z.number(),
  startMonth: z.number().nullable(),
  startYear: z.number().nullable(),
  endMonth: z.number().nullable(),
  endYear: z.number().nullable(),
  iStillWorkHere: z.boolean(),
  professionId: z.number().nullable(),
  specialties: z.array(z.number()),
  emrs: z.array(z.number()),
  isCharge: z.boolean().nullable(),
  answerIsFloat: z.boolean().nullable(),
  unitsFloated: z.string(),
  shiftPerMonth: z.string(),
}) satisfies z.ZodType<EmploymentForm>;

/**
 * One employment record (the application step and the profile modal): the contract's employment rule, field by
 * field; which fields count follows the employment type and whether the profession has specialties. Only a start
 * in the future (on Start Year) and an end date before the start or in the future (on End Year) have a text.
 */
export function employmentFormSchema(professions: EmploymentOptions['professions'], now = new Date()) {
  return employmentFormShape.superRefine((f, ctx) => {
    const specialtyIds = professions.find((p) => p.professionId === f.professionId)?.specialties.map((s) => s.id) ?? [];
    for (const problem of employmentProblems(f, specialtyIds, now)) {
      if (problem === 'endDate') flag(ctx, ['endYear'], applicationFormMessages.employmentEndDate);
      else if (problem === 'startDate') flag(ctx, ['startYear'], applicationFormMessages.employmentStartDate);
      else flag(ctx, [problem]);
    }
  });
}

/* ------------------------------------------------------------------ references */

const phoneTypeChoice = z.union([z.enum(phoneTypes), z.literal('')]).transform((v, ctx) => {
  if (v === '') {
    flag(ctx, []);
    return z.NEVER;
  }
  return v;
});

/** One reference as typed: facility, names, title, phone and its type; the email is optional. */
export const referenceFormSchema = referenceSchema.pick({ phoneNumber: true, email: true }).extend({
  historyId: chosenId,
  firstName: requiredText(100),
  lastName: requiredText(100),
  title: requiredText(150),
  phoneType: phoneTypeChoice,
  email: referenceSchema.shape.email.transform((v) => v || null),
});
export type ReferenceFormValues = z.input<typeof referenceFormSchema>;

/** The references step: the two fixed references, sent as the save-references request. */
export const referencesFormSchema = z
  .object({ references: z.tuple([referenceFormSchema, referenceFormSchema]) })
  .superRefine(({ references: [first, second] }, ctx) => {
    // Two different supervisors; the page words it on the second reference as it is typed.
    if (isSameReferencePerson(first, second)) flag(ctx, ['references', 1], applicationMessages.sameReference);
  })
  .transform((v): ReferenceInput[] => v.references.map((r, n) => ({ ...r, referenceNumber: n as 0 | 1 })));

/* ------------------------------------------------------------------ certifications */

/** A chosen file as the form holds it (the browser's File). */
export interface ChosenFile {
  name: string;
  size: number;
}
const chosenFile = z.custom<ChosenFile>(
  (v) =>
    typeof v === 'object' &&
    v !== null &&
    typeof (v as ChosenFile).name === 'string' &&
    typeof (v as ChosenFile).size === 'number',
);

/** A new certification: its type, the expiration date when the type has one, who issued it and an optional copy. */
export const certificationFormSchema = z
  .object({
    certificationTypeId: z.number().nullable(),
    expirationDate: z.string(),
    issuedBy: z.string().max(200),
    file: chosenFile.nullable(),
  })
  .superRefine((c, ctx) => {
    if (
      !isCertificationComplete({ certificationTypeId: c.certificationTypeId, expirationDate: c.expirationDate || null })
    )
      flag(
        ctx,
        [c.certificationTypeId ? 'expirationDate' : 'certificationTypeId'],
        c.certificationTypeId && c.expirationDate && !isCalendarDate(c.expirationDate)
          ? dateMessages.dateOutOfRange
          : UNSTATED,
      );
    if (c.file) {
      const ext = c.file.name.split('.').pop() ?? '';
      if (!isAcceptedCertificationExtension(ext)) flag(ctx, ['file'], applicationFormMessages.invalidFileType(ext));
      else if (c.file.size > CERT_FILE_MAX_BYTES) flag(ctx, ['file'], applicationMessages.fileTooLarge);
    }
  });
export type CertificationFormValues = z.input<typeof certificationFormSchema>;

/* ------------------------------------------------------------------ identification */

/**
 * SSN and date of birth. Nine zeros stand for the SSN on file and are sent empty (the one on file stays); the date
 * of birth must be a real date within the plausible ages.
 */
export function identificationFormSchema({ ssnOnFile, today }: { ssnOnFile: boolean; today: string }) {
  return saveIdentificationRequestSchema
    .extend({
      SocialSecurityNumber: z
        .string()
        .max(9)
        .superRefine((v, ctx) => {
          if (v === '') flag(ctx, []);
          else if (!((ssnOnFile && v === SSN_PLACEHOLDER) || isValidSsn(v)))
            flag(ctx, [], v === SSN_PLACEHOLDER ? applicationMessages.ssnZeros : applicationMessages.invalidSsn);
        }),
      DateOfBirth: z.string().superRefine((v, ctx) => {
        if (v === '') flag(ctx, []);
        else if (!isValidDateOfBirth(v, today)) flag(ctx, [], dateOfBirthMessage(today));
      }),
    })
    .transform((v) => ({
      ...v,
      SocialSecurityNumber: ssnOnFile && v.SocialSecurityNumber === SSN_PLACEHOLDER ? '' : v.SocialSecurityNumber,
    }));
}

/* ------------------------------------------------------------------ agreements */

/** A box to tick before a button acts (the terms of the application, signing a contract). */
export const agreementFormSchema = z.object({ agreed: z.boolean().refine(Boolean, UNSTATED) });
