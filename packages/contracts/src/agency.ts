import { z } from 'zod';

/**
 * The agency API (/core/api/agency): the applicant-tracking system feeds jobs and facilities and reads
 * referrals and uploaded credential documents. docs/integration.md explains it with examples.
 */
export const AGENCY_SCOPES = ['read', 'write'] as const;
export type AgencyScope = (typeof AGENCY_SCOPES)[number];
export const FEED_BATCH_MAX = 5000;

const text = (max: number) => z.string().trim().min(1).max(max);
const money = z.number().finite().min(0).max(1_000_000);
const hours = z.number().finite().min(0).max(168);

export const facilityRowSchema = z.object({
  externalId: text(100),
  name: text(200),
  address1: z.string().trim().max(200).nullish(),
  address2: z.string().trim().max(200).nullish(),
  city: text(100),
  /** Two-letter state abbreviation ('TX'). */
  state: z.string().trim().regex(/^[A-Za-z]{2}$/, 'Use the two-letter state abbreviation'),
  zip: z.string().trim().regex(/^\d{5}(-\d{4})?$/, 'Use a 5-digit ZIP code').nullish(),
  /** Optional: without them the city's coordinates are used. */
  lat: z.number().min(-90).max(90).nullish(),
  lng: z.number().min(-180).max(180).nullish(),
  bedCount: z.number().int().min(0).max(100_000).nullish(),
  traumaLevel: z.number().int().min(1).max(5).nullish(),
  chartingSystems: z.array(text(100)).max(50).default([]),
  scrubColor: z.string().trim().max(100).nullish(),
  imageUrl: z
    .string()
    .trim()
    .max(2000)
    .regex(/^https:\/\//, 'Use an https URL')
    .nullish(),
});
export type FacilityRow = z.input<typeof facilityRowSchema>;

export const jobRowSchema = z.object({
  externalId: text(100),
  facilityExternalId: text(100),
  professionId: z.number().int().min(1).max(2_147_483_647),
  specialtyId: z.number().int().min(1).max(2_147_483_647),
  grade: z.number().int().min(1).max(5).nullish(),
  /** Shifts per week 'x' hours per shift: '3x12', '5x8', '4x10'. */
  shift: z.string().trim().regex(/^[1-7]x(\d{1,2}(\.\d{1,2})?)$/, "Use the shifts x hours form, e.g. '3x12'"),
  /** 1 day, 2 night, 3 evening/rotating. */
  shiftCategory: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  positions: z.number().int().min(0).max(1000).default(1),
  durationWeeks: z.number().int().min(1).max(104),
  startDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the YYYY-MM-DD format'),
  description: z.string().max(20_000).nullish(),
  isAvailable: z.boolean().default(true),
  hourlyRate: money,
  overTimeRate: money.default(0),
  onCallRate: money.default(0),
  premiumRate: money.default(0),
  callBackRate: money.default(0),
  caliOverTimeRate1: money.default(0),
  caliOverTimeRate2: money.default(0),
  regularPayHours: hours.default(0),
  regularPayPerWeek: money.default(0),
  premiumPayHours: hours.default(0),
  premiumPayPerWeek: money.default(0),
  caliOvertimePayHours1: hours.default(0),
  caliOvertimePayPerWeek1: money.default(0),
  caliOvertimePayHours2: hours.default(0),
  caliOvertimePayPerWeek2: money.default(0),
  overtimePayHours: hours.default(0),
  overtimePayPerWeek: money.default(0),
  weeklyMeals: money.default(0),
  weeklyLodging: money.default(0),
  bonuses: z.array(z.object({ name: text(100), amount: money })).max(20).default([]),
  minimumRequirements: z.array(text(500)).max(50).default([]),
  benefits: z.array(text(500)).max(50).default([]),
  /** Optional: when given it must equal the sum of the weekly parts (computed otherwise). */
  grossWeeklyPay: money.nullish(),
});
export type JobRow = z.input<typeof jobRowSchema>;
export type ParsedJobRow = z.output<typeof jobRowSchema>;
export type ParsedFacilityRow = z.output<typeof facilityRowSchema>;

/** Rows are validated one by one by the service, so the envelope only bounds their number. */
export const jobsFeedRequestSchema = z.object({
  facilities: z.array(z.unknown()).max(FEED_BATCH_MAX).default([]),
  jobs: z.array(z.unknown()).max(FEED_BATCH_MAX).default([]),
});
export type JobsFeedRequest = z.input<typeof jobsFeedRequestSchema>;

export const rowErrorSchema = z.object({
  section: z.enum(['facilities', 'jobs']),
  /** 1-based position of the row in its list. */
  row: z.number().int(),
  externalId: z.string().nullable(),
  field: z.string(),
  message: z.string(),
});
export type RowError = z.infer<typeof rowErrorSchema>;

export const feedSummarySchema = z.object({
  facilities: z.object({ inserted: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), rejected: z.number().int() }),
  jobs: z.object({
    inserted: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    archived: z.number().int(),
    rejected: z.number().int(),
  }),
  errors: z.array(rowErrorSchema),
});
export type FeedSummary = z.infer<typeof feedSummarySchema>;

export const singleJobRequestSchema = z.object({ job: z.unknown(), facility: z.unknown().optional() });
export const externalIdParamsSchema = z.object({ externalId: z.string().min(1).max(100) });

export const agencyJobSchema = z.object({
  externalId: z.string(),
  facilityExternalId: z.string(),
  professionId: z.number(),
  specialtyId: z.number(),
  shift: z.string(),
  shiftCategory: z.number(),
  positions: z.number(),
  durationWeeks: z.number(),
  startDate: z.string(),
  isAvailable: z.boolean(),
  hourlyRate: z.number(),
  grossWeeklyPay: z.number(),
  updatedAt: z.string(),
});
export type AgencyJob = z.infer<typeof agencyJobSchema>;

export const cursorQuerySchema = z.object({
  /** Answers rows with an id greater than this (0 = from the start). */
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

const clinicianSchema = z.object({ userId: z.number(), firstName: z.string(), lastName: z.string(), email: z.string() });

export const agencyReferralSchema = z.object({
  id: z.number(),
  referredBy: clinicianSchema,
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  professionId: z.number(),
  specialtyId: z.number().nullable(),
  createdAt: z.string(),
});
export const agencyReferralsResponseSchema = z.object({ items: z.array(agencyReferralSchema), nextAfter: z.number().nullable() });
export type AgencyReferralsResponse = z.infer<typeof agencyReferralsResponseSchema>;

export const agencyDocumentSchema = z.object({
  id: z.number(),
  clinician: clinicianSchema,
  title: z.string(),
  kind: z.string(),
  contentType: z.string(),
  sizeBytes: z.number(),
  addedAt: z.string(),
  /** Relative URL of the file (GET with the same API key). */
  fileUrl: z.string(),
});
export const agencyDocumentsResponseSchema = z.object({ items: z.array(agencyDocumentSchema), nextAfter: z.number().nullable() });
export type AgencyDocumentsResponse = z.infer<typeof agencyDocumentsResponseSchema>;
export const documentIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const agencyEventSchema = z.object({
  id: z.number(),
  type: z.string(),
  occurredAt: z.string(),
  userId: z.number().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export const agencyEventsResponseSchema = z.object({ items: z.array(agencyEventSchema), nextAfter: z.number().nullable() });
export type AgencyEventsResponse = z.infer<typeof agencyEventsResponseSchema>;

/** Signature header of webhook deliveries: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-hcp-signature';
