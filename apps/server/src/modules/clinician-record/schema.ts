import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../identity/schema.ts';
import { professions, specialties, states } from '../reference-data/schema.ts';

/** Completed application steps, by the step names the web app and the API share (STEP in @hcp/contracts). */
export const applicationSteps = pgTable(
  'application_steps',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stepName: text('step_name').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.stepName] })],
);

const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** The application's background questions (work authorization, military service, license and legal history, ...); one row per clinician, nulls until answered. */
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
  (t) => [
    check(
      'background_military_dates_ck',
      sql`${t.militaryEndDate} is null or ${t.militaryStartDate} is null or ${t.militaryEndDate} >= ${t.militaryStartDate}`,
    ),
  ],
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
    uniqueIndex('hcp_licenses_primary_uq')
      .on(t.userId)
      .where(sql`${t.isPrimary}`),
    check(
      'hcp_licenses_type_ck',
      sql`${t.licenseType} is null or ${t.licenseType} in ('RN','PN','CNP','CRNA','CNS','CNM')`,
    ),
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
    specialtyIds: integer('specialty_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    emrIds: integer('emr_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    isVerified: boolean('is_verified').notNull().default(false),
    ...stamps,
  },
  (t) => [
    index('employment_histories_user_idx').on(t.userId),
    check(
      'employment_months_ck',
      sql`${t.startMonth} between 1 and 12 and (${t.endMonth} is null or ${t.endMonth} between 1 and 12)`,
    ),
    check('employment_end_ck', sql`(${t.endMonth} is null) = (${t.endYear} is null)`),
    check(
      'employment_order_ck',
      sql`${t.endYear} is null or ${t.endYear} * 12 + ${t.endMonth} >= ${t.startYear} * 12 + ${t.startMonth}`,
    ),
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
    uniqueIndex('hcp_references_number_uq')
      .on(t.userId, t.referenceNumber)
      .where(sql`${t.referenceNumber} is not null`),
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

/**
 * A request to a reference giver to fill in the public Clinical & Professional Reference form.
 * The guid (>= 128 random bits, base64url) is only ever stored as its SHA-256: the link is the secret.
 */
export const referenceRequests = pgTable(
  'reference_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    referenceId: integer('reference_id')
      .notNull()
      .references(() => hcpReferences.id, { onDelete: 'cascade' }),
    guidHash: text('guid_hash').notNull(),
    sentTo: text('sent_to').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Set when a newer request replaces this one (the reference's email changed): the old link stops working. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reference_requests_guid_uq').on(t.guidHash),
    index('reference_requests_reference_idx').on(t.referenceId),
    check('reference_requests_expiry_ck', sql`${t.expiresAt} > ${t.createdAt}`),
    check('reference_requests_answered_ck', sql`${t.answeredAt} is null or ${t.revokedAt} is null`),
  ],
);

/** The reference giver's answer: one per request. */
export const referenceAnswers = pgTable(
  'reference_answers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    requestId: integer('request_id')
      .notNull()
      .references(() => referenceRequests.id, { onDelete: 'cascade' }),
    referenceId: integer('reference_id')
      .notNull()
      .references(() => hcpReferences.id, { onDelete: 'cascade' }),
    historyTypeId: integer('history_type_id').notNull(),
    hcpName: text('hcp_name').notNull(),
    hcpDiscipline: text('hcp_discipline').notNull(),
    hcpSpecialty: text('hcp_specialty').notNull(),
    wasCharge: boolean('was_charge').notNull(),
    emrWorked: text('emr_worked').notNull(),
    safeCareLevel: integer('safe_care_level').notNull(),
    dependableLevel: integer('dependable_level').notNull(),
    professionalLevel: integer('professional_level').notNull(),
    cooperativeLevel: integer('cooperative_level').notNull(),
    communicatorLevel: integer('communicator_level').notNull(),
    attendanceLevel: integer('attendance_level').notNull(),
    assetLevel: integer('asset_level').notNull(),
    comments: text('comments'),
    supervisorName: text('supervisor_name').notNull(),
    supervisorTitle: text('supervisor_title').notNull(),
    facilityName: text('facility_name').notNull(),
    referenceDate: date('reference_date').notNull(),
    cityState: text('city_state').notNull(),
    startDate: date('start_date'),
    endDate: date('end_date'),
    unit: text('unit'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reference_answers_request_uq').on(t.requestId),
    index('reference_answers_reference_idx').on(t.referenceId),
    check('reference_answers_type_ck', sql`${t.historyTypeId} in (1, 2, 3, 4)`),
    check(
      'reference_answers_levels_ck',
      sql`${t.safeCareLevel} between 1 and 4 and ${t.dependableLevel} between 1 and 4 and ${t.professionalLevel} between 1 and 4 and ${t.cooperativeLevel} between 1 and 4 and ${t.communicatorLevel} between 1 and 4 and ${t.attendanceLevel} between 1 and 4 and ${t.assetLevel} between 1 and 4`,
    ),
    check(
      'reference_answers_dates_ck',
      sql`${t.endDate} is null or ${t.startDate} is null or ${t.endDate} >= ${t.startDate}`,
    ),
  ],
);

/** TRS employment documents the clinician signed with the application (terms). */
export const signedTrsDocuments = pgTable(
  'signed_trs_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signatureTypeId: integer('signature_type_id').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
  },
  (t) => [
    unique('signed_trs_documents_user_type_uq').on(t.userId, t.signatureTypeId),
    check('signed_trs_documents_type_ck', sql`${t.signatureTypeId} between 1 and 11`),
  ],
);

/**
 * Every file a clinician uploaded through POST /Document/uploadDocument. The storage key is generated by
 * the server; the row proves who owns it. Rows never attached are removed after a day.
 */
export const documentUploads = pgTable(
  'document_uploads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    kind: text('kind').notNull(),
    extension: text('extension').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('document_uploads_key_uq').on(t.storageKey),
    index('document_uploads_user_idx').on(t.userId),
    index('document_uploads_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.attachedAt} is null`),
    check('document_uploads_kind_ck', sql`${t.kind} in ('pdf','png','jpg','gif','bmp','doc','docx')`),
    check('document_uploads_size_ck', sql`${t.sizeBytes} > 0 and ${t.sizeBytes} <= 31457280`),
  ],
);

/** A named document in the clinician's credentials dropbox. */
export const dropboxDocuments = pgTable(
  'dropbox_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => documentUploads.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dropbox_documents_upload_uq').on(t.uploadId),
    index('dropbox_documents_user_idx').on(t.userId, t.addedAt),
    check('dropbox_documents_title_ck', sql`length(${t.title}) between 1 and 100`),
  ],
);

/** A friend referred by a clinician; the agency reads them through the agency API and the referral.made event. */
export const referrals = pgTable(
  'referrals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    referrerUserId: integer('referrer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    professionId: integer('profession_id')
      .notNull()
      .references(() => professions.id),
    specialtyId: integer('specialty_id').references(() => specialties.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('referrals_referrer_idx').on(t.referrerUserId),
    index('referrals_created_idx').on(t.createdAt, t.id),
    check('referrals_phone_ck', sql`${t.phone} ~ '^[0-9]{10}$'`),
    check(
      'referrals_names_ck',
      sql`length(${t.firstName}) between 1 and 60 and length(${t.lastName}) between 1 and 60`,
    ),
  ],
);
