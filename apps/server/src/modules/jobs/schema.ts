import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../identity/schema.ts';
import { cities, professions, specialties, states } from '../reference-data/schema.ts';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

export const facilities = pgTable('facilities', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  externalId: text('external_id').notNull().unique(),
  name: text('name').notNull(),
  imageUrl: text('image_url'),
  scrubColor: text('scrub_color'),
  bedCount: integer('bed_count'),
  chartingSystems: jsonb('charting_systems').$type<string[]>().notNull().default([]),
  traumaLevel: integer('trauma_level'),
  address1: text('address1'),
  address2: text('address2'),
  city: text('city').notNull(),
  stateId: integer('state_id')
    .notNull()
    .references(() => states.id),
  cityId: integer('city_id').references(() => cities.id),
  zip: text('zip'),
  lat: doublePrecision('lat'),
  lng: doublePrecision('lng'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type Bonus = { name: string; amount: number };

export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    externalId: text('external_id').notNull().unique(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    professionId: integer('profession_id')
      .notNull()
      .references(() => professions.id),
    specialtyId: integer('specialty_id')
      .notNull()
      .references(() => specialties.id),
    /** Denormalised from the facility so search filters on one table. */
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    grade: integer('grade'),
    shift: text('shift').notNull(),
    shiftsPerWeek: integer('shifts_per_week').notNull(),
    hoursPerShift: doublePrecision('hours_per_shift').notNull(),
    shiftCategory: integer('shift_category').notNull(),
    availablePositions: integer('available_positions').notNull().default(1),
    durationWeeks: integer('duration_weeks').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    createDateTime: timestamp('create_date_time', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    isAvailable: boolean('is_available').notNull().default(true),
    description: text('description'),
    hourlyRate: money('hourly_rate').notNull(),
    overTimeRate: money('over_time_rate').notNull().default(0),
    onCallRate: money('on_call_rate').notNull().default(0),
    premiumRate: money('premium_rate').notNull().default(0),
    callBackRate: money('call_back_rate').notNull().default(0),
    caliOverTimeRate1: money('cali_over_time_rate1').notNull().default(0),
    caliOverTimeRate2: money('cali_over_time_rate2').notNull().default(0),
    regularPayHours: money('regular_pay_hours').notNull().default(0),
    regularPayPerWeek: money('regular_pay_per_week').notNull().default(0),
    premiumPayHours: money('premium_pay_hours').notNull().default(0),
    premiumPayPerWeek: money('premium_pay_per_week').notNull().default(0),
    caliOvertimePayHours1: money('cali_overtime_pay_hours1').notNull().default(0),
    caliOvertimePayPerWeek1: money('cali_overtime_pay_per_week1').notNull().default(0),
    caliOvertimePayHours2: money('cali_overtime_pay_hours2').notNull().default(0),
    caliOvertimePayPerWeek2: money('cali_overtime_pay_per_week2').notNull().default(0),
    overtimePayHours: money('overtime_pay_hours').notNull().default(0),
    overtimePayPerWeek: money('overtime_pay_per_week').notNull().default(0),
    weeklyMeals: money('weekly_meals').notNull().default(0),
    weeklyLodging: money('weekly_lodging').notNull().default(0),
    bonuses: jsonb('bonuses').$type<Bonus[]>().notNull().default([]),
    minimumRequirements: jsonb('minimum_requirements').$type<string[]>().notNull().default([]),
    benefits: jsonb('benefits').$type<string[]>().notNull().default([]),
    grossWeeklyPay: money('gross_weekly_pay').notNull(),
    /**
     * SHA-256 of the agency feed row this job was last written from (canonical JSON): a feed row with the same
     * hash is unchanged and skips validation and the write. Null for jobs written any other way (seed, archive).
     */
    feedHash: text('feed_hash'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('jobs_grade_ck', sql`${t.grade} is null or ${t.grade} between 1 and 5`),
    check('jobs_shift_category_ck', sql`${t.shiftCategory} in (1, 2, 3)`),
    check('jobs_positions_ck', sql`${t.availablePositions} >= 0`),
    check('jobs_duration_ck', sql`${t.durationWeeks} > 0`),
    index('jobs_search_idx').on(t.isAvailable, t.professionId, t.specialtyId),
    index('jobs_state_idx').on(t.stateId),
    index('jobs_facility_idx').on(t.facilityId),
  ],
);

export const favoriteJobs = pgTable(
  'favorite_jobs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.jobId] }), index('favorite_jobs_job_idx').on(t.jobId)],
);
