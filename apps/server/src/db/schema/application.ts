import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { professions, states } from './reference.ts';
import { users } from './users.ts';

const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Background questions (spec 02 section 3); one row per clinician, nulls until answered. */
export const backgroundAnswers = pgTable(
  'background_answers',
  {
    userId: userRef().primaryKey(),
    isUsCitizen: boolean('is_us_citizen'),
    isAuthorizedToWorkInUs: boolean('is_authorized_to_work_in_us'),
    hasMilitaryService: boolean('has_military_service'),
    militaryStartDate: date('military_start_date'),
    militaryEndDate: date('military_end_date'),
    isCaliforniaResident: boolean('is_california_resident'),
    liabilityAction: boolean('liability_action'),
    licenseSuspended: boolean('license_suspended'),
    canPerformTravelerTasks: boolean('can_perform_traveler_tasks'),
    convicted: boolean('convicted'),
    hasHadMisconductActivity: boolean('has_had_misconduct_activity'),
    isBilingual: boolean('is_bilingual'),
    ...stamps,
  },
  (t) => [check('background_military_dates_ck', sql`${t.militaryEndDate} is null or ${t.militaryStartDate} is null or ${t.militaryEndDate} >= ${t.militaryStartDate}`)],
);

/** Permanent address: US (state + zip) or Canada (province + postal code). */
export const permanentAddresses = pgTable(
  'permanent_addresses',
  {
    userId: userRef().primaryKey(),
    country: text('country').notNull(),
    streetAddress: text('street_address').notNull(),
    city: text('city').notNull(),
    stateId: integer('state_id').references(() => states.id),
    province: text('province'),
    zipCode: text('zip_code'),
    postalCode: text('postal_code'),
    ...stamps,
  },
  (t) => [
    check('address_country_ck', sql`${t.country} in ('United States', 'Canada')`),
    check(
      'address_region_ck',
      sql`(${t.country} = 'United States' and ${t.stateId} is not null and ${t.zipCode} is not null) or (${t.country} = 'Canada' and ${t.province} is not null and ${t.postalCode} is not null)`,
    ),
  ],
);

/** Primary license (the application's License Info step); profile licenses build on it. */
export const hcpLicenses = pgTable(
  'hcp_licenses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    isPrimary: boolean('is_primary').notNull().default(true),
    hasLicense: boolean('has_license').notNull(),
    stateId: integer('state_id').references(() => states.id),
    licenseType: text('license_type'),
    licenseNumber: text('license_number'),
    nameOnLicense: text('name_on_license'),
    isCompact: boolean('is_compact'),
    isActive: boolean('is_active').notNull().default(true),
    issueDate: date('issue_date'),
    expirationDate: date('expiration_date'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('hcp_licenses_primary_uq').on(t.userId).where(sql`${t.isPrimary}`),
    check('hcp_licenses_type_ck', sql`${t.licenseType} is null or ${t.licenseType} in ('RN','PN','CNP','CRNA','CNS','CNM')`),
    check(
      'hcp_licenses_complete_ck',
      sql`not ${t.hasLicense} or (${t.stateId} is not null and ${t.licenseType} is not null and ${t.licenseNumber} is not null and ${t.nameOnLicense} is not null and ${t.isCompact} is not null)`,
    ),
  ],
);

export const hcpDegrees = pgTable(
  'hcp_degrees',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    degreeTypeId: integer('degree_type_id').notNull(),
    degreeFieldId: integer('degree_field_id').notNull(),
    school: text('school').notNull(),
    location: text('location').notNull(),
    degreeMonth: integer('degree_month').notNull(),
    degreeYear: integer('degree_year').notNull(),
    verified: boolean('verified').notNull().default(false),
    ...stamps,
  },
  (t) => [
    index('hcp_degrees_user_idx').on(t.userId),
    check('hcp_degrees_month_ck', sql`${t.degreeMonth} between 1 and 12`),
    check('hcp_degrees_year_ck', sql`${t.degreeYear} >= 1850`),
  ],
);

export const employmentHistories = pgTable(
  'employment_histories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    employmentTypeId: integer('employment_type_id').notNull(),
    facilityName: text('facility_name'),
    city: text('city'),
    stateId: integer('state_id').references(() => states.id),
    startMonth: integer('start_month').notNull(),
    startYear: integer('start_year').notNull(),
    endMonth: integer('end_month'),
    endYear: integer('end_year'),
    professionId: integer('profession_id').references(() => professions.id),
    agencyName: text('agency_name'),
    isCharge: boolean('is_charge'),
    unitsFloated: text('units_floated'),
    shiftPerMonth: text('shift_per_month'),
    specialtyIds: integer('specialty_ids').array().notNull().default(sql`'{}'::integer[]`),
    emrIds: integer('emr_ids').array().notNull().default(sql`'{}'::integer[]`),
    isVerified: boolean('is_verified').notNull().default(false),
    ...stamps,
  },
  (t) => [
    index('employment_histories_user_idx').on(t.userId),
    check('employment_months_ck', sql`${t.startMonth} between 1 and 12 and (${t.endMonth} is null or ${t.endMonth} between 1 and 12)`),
    check('employment_end_ck', sql`(${t.endMonth} is null) = (${t.endYear} is null)`),
    check('employment_order_ck', sql`${t.endYear} is null or ${t.endYear} * 12 + ${t.endMonth} >= ${t.startYear} * 12 + ${t.startMonth}`),
  ],
);

/**
 * Professional references. The application's two fixed references carry referenceNumber 0 and 1;
 * references added later from the profile have none. A reference-request lifecycle (guid, status,
 * the public form's answers) belongs to its own table keyed by reference id.
 */
export const hcpReferences = pgTable(
  'hcp_references',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    historyId: integer('history_id')
      .notNull()
      .references(() => employmentHistories.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    title: text('title').notNull(),
    phone: text('phone').notNull(),
    phoneType: text('phone_type').notNull(),
    email: text('email'),
    referenceNumber: integer('reference_number'),
    ...stamps,
  },
  (t) => [
    index('hcp_references_user_idx').on(t.userId),
    index('hcp_references_history_idx').on(t.historyId),
    uniqueIndex('hcp_references_number_uq').on(t.userId, t.referenceNumber).where(sql`${t.referenceNumber} is not null`),
    check('hcp_references_number_ck', sql`${t.referenceNumber} is null or ${t.referenceNumber} in (0, 1)`),
    check('hcp_references_phone_type_ck', sql`${t.phoneType} in ('Mobile', 'Office')`),
    check('hcp_references_phone_ck', sql`${t.phone} ~ '^[0-9]{10}$'`),
  ],
);

export const hcpCertifications = pgTable(
  'hcp_certifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    certificationTypeId: integer('certification_type_id').notNull(),
    expirationDate: date('expiration_date'),
    completionDate: date('completion_date'),
    issuedBy: text('issued_by'),
    createdOrder: integer('created_order').notNull(),
    verified: boolean('verified').notNull().default(false),
    fileKey: text('file_key'),
    fileType: text('file_type'),
    /** Bytes of the attached file (the per-clinician cap sums them); null for files stored before it was kept. */
    fileSizeBytes: integer('file_size_bytes'),
    ...stamps,
  },
  (t) => [index('hcp_certifications_user_idx').on(t.userId)],
);

/** Identification: the SSN only ever stored encrypted (AES-256-GCM, lib/crypto.ts). */
export const hcpIdentifications = pgTable('hcp_identifications', {
  userId: userRef().primaryKey(),
  ssnEncrypted: text('ssn_encrypted').notNull(),
  dateOfBirth: date('date_of_birth').notNull(),
  ...stamps,
});

/** Skills checklists sent to the skills-competency vendor. */
export const skillsChecklistAssignments = pgTable(
  'skills_checklist_assignments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    hshItemIds: integer('hsh_item_ids').array().notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('skills_assignments_user_idx').on(t.userId)],
);
