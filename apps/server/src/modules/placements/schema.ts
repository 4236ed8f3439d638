import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from '../identity/schema.ts';
import { jobs } from '../jobs/schema.ts';

/**
 * The life of a placement after a clinician applies (docs/decisions/0030-placement-life-and-lists.md):
 * submission -> offer -> contract (signable or not, signed) -> onboarding -> working assignment -> pay periods with shifts.
 */

/** A clinician's interest in a job: created when they start an application for it, with the start date and time off they ask for. */
export const submissions = pgTable(
  'submissions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id),
    isInterested: boolean('is_interested').notNull().default(true),
    desiredStartDate: date('desired_start_date', { mode: 'string' }),
    otherRequests: text('other_requests'),
    bestContactTime: text('best_contact_time'),
    requestedTimeOff: jsonb('requested_time_off')
      .$type<{ fromDate: string | null; toDate: string | null }[]>()
      .notNull()
      .default([]),
    status: text('status').notNull().default('submitted'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('submissions_user_job_uq').on(t.userId, t.jobId),
    index('submissions_job_idx').on(t.jobId),
    check('submissions_status_ck', sql`${t.status} in ('submitted', 'offered', 'declined', 'withdrawn', 'closed')`),
  ],
);

/** An offer the agency extended for a submission (one per submission). */
export const offers = pgTable(
  'offers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    submissionId: integer('submission_id')
      .notNull()
      .unique()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('extended'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('offers_status_ck', sql`${t.status} in ('extended', 'accepted', 'declined', 'rescinded')`),
    index('offers_user_idx').on(t.userId),
  ],
);

/** What the contract promises, copied from the job when the contract is drawn up (the PDF is generated from it). */
export interface ContractTerms {
  shift: string;
  shiftsPerWeek: number;
  hoursPerShift: number;
  guaranteedHoursPerWeek: number;
  hourlyRate: number;
  overTimeRate: number;
  onCallRate: number;
  callBackRate: number;
  premiumRate: number;
  weeklyMeals: number;
  weeklyLodging: number;
  grossWeeklyPay: number;
  bonuses: { name: string; amount: number }[];
  unit: string | null;
  cancellationNoticeDays: number;
}

/** A travel contract: status is its signature state, stage is where the placement is. */
export const contracts = pgTable(
  'contracts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Shown to people and used by the document calls (unique). */
    contractNum: text('contract_num').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id),
    offerId: integer('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    documentMasterId: integer('document_master_id').notNull().default(54),
    status: text('status').notNull().default('draft'),
    stage: text('stage').notNull().default('offer'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    terms: jsonb('terms').$type<ContractTerms>().notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedPdfKey: text('signed_pdf_key'),
    /** When the agency made it signable (draft -> sent). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When the agency marked onboarding (credentials, checks) complete: the assignment may start. */
    onboardingCompletedAt: timestamp('onboarding_completed_at', { withTimezone: true }),
    /** When the assignment started (onboarding -> working) and ended (working -> completed). */
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('contracts_status_ck', sql`${t.status} in ('draft', 'sent', 'signed', 'void')`),
    check('contracts_stage_ck', sql`${t.stage} in ('offer', 'onboarding', 'working', 'completed', 'cancelled')`),
    check('contracts_dates_ck', sql`${t.endDate} >= ${t.startDate}`),
    check(
      'contracts_signed_ck',
      sql`(${t.status} = 'signed') = (${t.signedAt} is not null and ${t.signedPdfKey} is not null)`,
    ),
    unique('contracts_offer_uq').on(t.offerId),
    index('contracts_user_idx').on(t.userId),
  ],
);

/** Append-only audit of every electronic signature (the service only ever inserts). */
export const signatureAudit = pgTable(
  'signature_audit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    documentMasterId: integer('document_master_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signerName: text('signer_name').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    sha256: text('sha256').notNull(),
    /** SHA-256 of the unsigned document the signature was given to (the snapshot its PDF was made from). */
    termsSha256: text('terms_sha256'),
    /** The signer's client sent that same hash (it saw these terms); false for a client that sent none. */
    termsConfirmed: boolean('terms_confirmed').notNull().default(false),
  },
  (t) => [unique('signature_audit_contract_doc_uq').on(t.contractId, t.documentMasterId)],
);

export const shiftTypes = pgTable('shift_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  includeShiftTimes: boolean('include_shift_times').notNull(),
  includeLunch: boolean('include_lunch').notNull(),
});

/** A pay period of a working contract. */
export const timesheets = pgTable(
  'timesheets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    isLocked: boolean('is_locked').notNull().default(false),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** When the agency locked the period (no more changes by the clinician). */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** When the agency accepted the submitted time (approved periods are locked). */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
  },
  (t) => [
    check('timesheets_dates_ck', sql`${t.endDate} >= ${t.startDate}`),
    check('timesheets_approved_ck', sql`${t.approvedAt} is null or (${t.submittedAt} is not null and ${t.isLocked})`),
    unique('timesheets_contract_start_uq').on(t.contractId, t.startDate),
  ],
);

/** A worked (or absent) shift; times are local wall-clock timestamps of the facility, null when the type has none. */
export const shifts = pgTable(
  'shifts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    timesheetId: integer('timesheet_id')
      .notNull()
      .references(() => timesheets.id, { onDelete: 'cascade' }),
    shiftDate: date('shift_date', { mode: 'string' }).notNull(),
    shiftTypeId: integer('shift_type_id')
      .notNull()
      .references(() => shiftTypes.id),
    startTime: timestamp('start_time', { mode: 'string' }),
    endTime: timestamp('end_time', { mode: 'string' }),
    lunch: integer('lunch'),
    unit: text('unit'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shifts_lunch_ck', sql`${t.lunch} is null or ${t.lunch} between 0 and 240`),
    check('shifts_times_ck', sql`(${t.startTime} is null) = (${t.endTime} is null)`),
    check('shifts_order_ck', sql`${t.endTime} is null or ${t.endTime} > ${t.startTime}`),
    index('shifts_timesheet_idx').on(t.timesheetId),
  ],
);

/**
 * A counter per clinician that the database itself moves on at the commit of every change to their submissions,
 * offers or contracts (triggers in migration 0014, so no writer can forget it). The dashboard's kept answers are
 * stored under the counter they were read after, and are reused only while it has not moved
 * (docs/decisions/0354-dashboard-answers-kept-by-placement-version.md).
 */
export const placementVersions = pgTable('placement_versions', {
  userId: integer('user_id').primaryKey(),
  version: integer('version').notNull().default(0),
});
