/**
 * The profile: the profile answer, the two additions (employment
 * record and reference through modals) and the sort orders.
 */
import { z } from 'zod';
import { isValidPhone } from './validation.ts';
import { referenceSchema, type ReferenceForm } from './application.ts';
import { monthYearSortKey } from './dates.ts';

export const profileMessages = {
  contactRecruiter: 'Contact your recruiter for more information',
  somethingWrong: 'Something went wrong. Please try again.',
} as const;

/** Default profession of the profile employment modal. */
export const PROFILE_DEFAULT_PROFESSION_ID = 13;

export const profileLicenseSchema = z.object({
  licenseId: z.number(),
  stateName: z.string().nullable(),
  nameOnLicense: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  licenseType: z.string().nullable(),
  isActive: z.boolean(),
  issueDate: z.string().nullable(),
  expirationDate: z.string().nullable(),
  isCompact: z.boolean().nullable(),
});
export const profileDegreeSchema = z.object({
  degreeId: z.number(),
  school: z.string(),
  degreeType: z.string(),
  degreeField: z.string(),
  location: z.string(),
  degreeDate: z.string(),
});
export const profileEmploymentSchema = z.object({
  employmentHistoryId: z.number(),
  employmentType: z.string(),
  facilityName: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  profession: z.string().nullable(),
  agencyName: z.string().nullable(),
  isCharge: z.boolean().nullable(),
  unitsFloated: z.string().nullable(),
  specialties: z.array(z.string()),
  /** MM/YYYY */
  startDate: z.string(),
  /** MM/YYYY, null while still working there */
  endDate: z.string().nullable(),
  isVerified: z.boolean(),
});
export const profileCertificationSchema = z.object({
  certId: z.number(),
  certificationType: z.string(),
  expirationDate: z.string().nullable(),
  completionDate: z.string().nullable(),
  issuedBy: z.string().nullable(),
  verified: z.boolean(),
});
export const referenceRequestStatuses = ['answered', 'requested', 'waiting', 'expired', 'no-email'] as const;
export type ReferenceRequestStatus = (typeof referenceRequestStatuses)[number];
export const referenceStatusLabels: Record<ReferenceRequestStatus, string> = {
  answered: 'Reference received',
  requested: 'Reference requested',
  waiting: 'Not contacted yet',
  expired: 'Request expired',
  'no-email': 'No email on file',
};
export const profileReferenceSchema = z.object({
  referenceId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  title: z.string(),
  phoneNumber: z.string(),
  phoneType: z.string(),
  email: z.string().nullable(),
  historyId: z.number(),
  facility: z.string(),
  facilityCity: z.string().nullable(),
  facilityState: z.string().nullable(),
  answered: z.boolean(),
  status: z.enum(referenceRequestStatuses),
  answeredAt: z.string().nullable(),
});
export const profileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  email: z.string(),
  dob: z.string().nullable(),
  streetAddress: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  province: z.string().nullable(),
  zipCode: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  licenses: z.array(profileLicenseSchema),
  degrees: z.array(profileDegreeSchema),
  employmentHistories: z.array(profileEmploymentSchema),
  certifications: z.array(profileCertificationSchema),
  references: z.array(profileReferenceSchema),
});
export type Profile = z.infer<typeof profileSchema>;
export type ProfileReference = z.infer<typeof profileReferenceSchema>;

/** POST HcpReferences/saveReference: one reference, no reference number (profile additions). */
export const saveProfileReferenceRequestSchema = referenceSchema.omit({ referenceNumber: true, referenceId: true });
export type SaveProfileReferenceRequest = z.infer<typeof saveProfileReferenceRequestSchema>;
export const saveProfileReferenceResponseSchema = z.object({ ok: z.boolean(), referenceId: z.number() });

/** The profile modal enables Save when everything but the email is filled (a reference without an email is phoned). */
export function isProfileReferenceFilled(r: ReferenceForm): boolean {
  return (
    !!r.historyId &&
    !!r.firstName.trim() &&
    !!r.lastName.trim() &&
    !!r.title.trim() &&
    isValidPhone(r.phoneNumber) &&
    !!r.phoneType
  );
}

const dateKey = (iso: string | null) => iso ?? '';
/** null (still working) sorts as the newest. */
const monthKey = (mmYyyy: string | null) => (mmYyyy ? monthYearSortKey(mmYyyy) : Number.MAX_SAFE_INTEGER);

/** Licenses by issue date, newest first (no date last). */
export const sortProfileLicenses = <T extends { issueDate: string | null }>(l: readonly T[]) =>
  [...l].sort((a, b) => dateKey(b.issueDate).localeCompare(dateKey(a.issueDate)));
/** Degrees by degree date (MM/YYYY), newest first. */
export const sortProfileDegrees = <T extends { degreeDate: string }>(l: readonly T[]) =>
  [...l].sort((a, b) => monthKey(b.degreeDate || '00/0000') - monthKey(a.degreeDate || '00/0000'));
/** Employment by end date, newest first; current jobs (no end) on top, then by start date. */
export const sortProfileEmployment = <T extends { startDate: string; endDate: string | null }>(l: readonly T[]) =>
  [...l].sort((a, b) => monthKey(b.endDate) - monthKey(a.endDate) || monthKey(b.startDate) - monthKey(a.startDate));
