import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { hcpReferences } from './application.ts';

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
    check('reference_answers_dates_ck', sql`${t.endDate} is null or ${t.startDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);
