import { z } from 'zod';
import { profileSchema } from './profile.ts';
import { calendarDateSchema } from './date-schemas.ts';

/**
 * The agency API (/core/api/agency): the applicant-tracking system feeds jobs and facilities and reads
 * referrals and uploaded credential documents. docs/integration.md explains it with examples.
 */
export const AGENCY_SCOPES = ['read', 'write', 'jobs:read', 'jobs:write'] as const;
export type AgencyScope = (typeof AGENCY_SCOPES)[number];
/**
 * Narrow scopes for systems that only handle the job board: `jobs:read` reads jobs and `jobs:write` feeds and
 * closes them, and neither sees a clinician. `read` and `write` include them (docs/integration.md, Scopes).
 */
export const AGENCY_SCOPE_INCLUDED_IN: Partial<Record<AgencyScope, AgencyScope>> = {
  'jobs:read': 'read',
  'jobs:write': 'write',
};
/** A key with `scopes` may call a route that needs `needed`. */
export const agencyScopeAllows = (scopes: readonly string[], needed: AgencyScope): boolean =>
  scopes.includes(needed) ||
  (AGENCY_SCOPE_INCLUDED_IN[needed] !== undefined && scopes.includes(AGENCY_SCOPE_INCLUDED_IN[needed]));
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
  state: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Use the two-letter state abbreviation'),
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'Use a 5-digit ZIP code')
    .nullish(),
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
  shift: z
    .string()
    .trim()
    .regex(/^[1-7]x(\d{1,2}(\.\d{1,2})?)$/, "Use the shifts x hours form, e.g. '3x12'"),
  /** 1 day, 2 night, 3 evening/rotating. */
  shiftCategory: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  positions: z.number().int().min(0).max(1000).default(1),
  durationWeeks: z.number().int().min(1).max(104),
  startDate: calendarDateSchema,
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
  bonuses: z
    .array(z.object({ name: text(100), amount: money }))
    .max(20)
    .default([]),
  minimumRequirements: z.array(text(500)).max(50).default([]),
  benefits: z.array(text(500)).max(50).default([]),
  /** Optional: when given it must equal the sum of the weekly parts (computed otherwise). */
  grossWeeklyPay: money.nullish(),
});
export type JobRow = z.input<typeof jobRowSchema>;
export type ParsedJobRow = z.output<typeof jobRowSchema>;
export type ParsedFacilityRow = z.output<typeof facilityRowSchema>;

/** Rows are validated one by one by the service, so the envelope only bounds their number. */
const feedLists = {
  facilities: z.array(z.unknown()).max(FEED_BATCH_MAX).default([]),
  jobs: z.array(z.unknown()).max(FEED_BATCH_MAX).default([]),
};
/** A batch: unknown top-level keys (a misspelt "jobs") are refused rather than read as an empty list. */
export const jobsFeedRequestSchema = z.strictObject(feedLists);
/** A full-feed sync: the batch's lists, and the confirmation a sync that archives many open jobs needs. */
export const jobsSyncRequestSchema = z.strictObject({
  ...feedLists,
  confirmLargeArchive: z.boolean().optional(),
});

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
  facilities: z.object({
    inserted: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    rejected: z.number().int(),
  }),
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

/**
 * The 422 of a single-job upsert whose row is refused: the API's problem shape (status, code, message, requestId),
 * with the summary beside it so a client of the batch endpoint reads it the same way. Its `errors` are row errors,
 * which carry the problem's `field` and `message`.
 */
export const jobRejectedSchema = feedSummarySchema.extend({
  status: z.number().int(),
  code: z.enum(['job_rejected', 'sync_rejected', 'sync_without_jobs']),
  message: z.string(),
  requestId: z.string().optional(),
});

export const singleJobRequestSchema = z.object({ job: z.unknown(), facility: z.unknown().optional() });
export const externalIdParamsSchema = z.object({ externalId: z.string().min(1).max(100) });

export const agencyJobSchema = z.object({
  /** The portal's id of the job (events such as job.applied carry it). */
  jobId: z.number(),
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

export const cursorQuerySchema = z.object({
  /** Answers rows with an id greater than this (0 = from the start). Row ids are 32-bit: a larger cursor is a 400, not a database error. */
  after: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
/** The event log's cursor: its ids are 64-bit, so any safe integer. */
export const eventCursorQuerySchema = cursorQuerySchema.extend({
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
});

const clinicianSchema = z.object({
  userId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});

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
export const agencyReferralsResponseSchema = z.object({
  items: z.array(agencyReferralSchema),
  nextAfter: z.number().nullable(),
});

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
export const agencyDocumentsResponseSchema = z.object({
  items: z.array(agencyDocumentSchema),
  nextAfter: z.number().nullable(),
});
export const documentIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** The event types of the event log and the webhooks (docs/integration.md lists each one's data). */
export const EVENT_TYPES = [
  'clinician.signed_up',
  'application.submitted',
  'job.applied',
  'contract.signed',
  'document.uploaded',
  'timesheet.submitted',
  'referral.made',
  'reference.answered',
] as const;

export const agencyEventSchema = z.object({
  id: z.number(),
  type: z.string(),
  occurredAt: z.string(),
  userId: z.number().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export const agencyEventsResponseSchema = z.object({
  items: z.array(agencyEventSchema),
  nextAfter: z.number().nullable(),
});

/** Signature header of webhook deliveries: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-hcp-signature';

// ---------------------------------------------------------------------------------------------------
// The pipeline calls: submissions -> offer -> contract (draft, sent, signed) -> onboarding -> working
// assignment -> completed, weekly pay periods, verification of application records, clinician reads.

const dateOnly = calendarDateSchema;
const timeOffSchema = z.object({ fromDate: z.string().nullable(), toDate: z.string().nullable() });

/** Cursor pages with optional filters by clinician and state. */
export const agencySubmissionsQuerySchema = cursorQuerySchema.extend({
  userId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  status: z.enum(['submitted', 'offered', 'declined', 'withdrawn', 'closed']).optional(),
});
export const agencyContractsQuerySchema = cursorQuerySchema.extend({
  userId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  stage: z.enum(['offer', 'onboarding', 'working', 'completed', 'cancelled']).optional(),
  status: z.enum(['draft', 'sent', 'signed', 'void']).optional(),
});
export const agencyCliniciansQuerySchema = cursorQuerySchema.extend({
  /** Exact address, case-insensitive. */
  email: z.string().trim().min(3).max(254).optional(),
});

export const submissionIdParamsSchema = z.object({ submissionId: z.coerce.number().int().min(1).max(2_147_483_647) });
export const contractIdParamsSchema = z.object({ contractId: z.coerce.number().int().min(1).max(2_147_483_647) });
export const timesheetIdParamsSchema = z.object({ timesheetId: z.coerce.number().int().min(1).max(2_147_483_647) });
export const userIdParamsSchema = z.object({ userId: z.coerce.number().int().min(1).max(2_147_483_647) });
export const userCertParamsSchema = userIdParamsSchema.extend({
  certId: z.coerce.number().int().min(1).max(2_147_483_647),
});

const agencyJobRefSchema = z.object({
  jobId: z.number(),
  externalId: z.string(),
  facilityName: z.string(),
  city: z.string(),
  state: z.string(),
  profession: z.string(),
  specialty: z.string(),
});

export const agencySubmissionSchema = z.object({
  submissionId: z.number(),
  status: z.enum(['submitted', 'offered', 'declined', 'withdrawn', 'closed']),
  createdAt: z.string(),
  updatedAt: z.string(),
  clinician: clinicianSchema,
  job: agencyJobRefSchema,
  /** The start-application details the clinician gave. */
  desiredStartDate: z.string().nullable(),
  requestedTimeOff: z.array(timeOffSchema),
  bestContactTime: z.string().nullable(),
  otherRequests: z.string().nullable(),
  offer: z.object({ offerId: z.number(), status: z.string(), createdAt: z.string() }).nullable(),
  contract: z
    .object({ contractId: z.number(), contractNum: z.string(), status: z.string(), stage: z.string() })
    .nullable(),
});
export type AgencySubmission = z.infer<typeof agencySubmissionSchema>;
export const agencySubmissionsResponseSchema = z.object({
  items: z.array(agencySubmissionSchema),
  nextAfter: z.number().nullable(),
});

const bonusSchema = z.object({ name: text(100), amount: money });

/** What a contract promises; the contract PDF is generated from these. */
export const contractTermsSchema = z.object({
  shift: z.string(),
  shiftsPerWeek: z.number(),
  hoursPerShift: z.number(),
  guaranteedHoursPerWeek: z.number(),
  hourlyRate: z.number(),
  overTimeRate: z.number(),
  onCallRate: z.number(),
  callBackRate: z.number(),
  premiumRate: z.number(),
  weeklyMeals: z.number(),
  weeklyLodging: z.number(),
  grossWeeklyPay: z.number(),
  bonuses: z.array(z.object({ name: z.string(), amount: z.number() })),
  unit: z.string().nullable(),
  cancellationNoticeDays: z.number(),
});

/**
 * Contract terms the agency sends: every field is optional and defaults to the job's value (or the
 * contract's current one when editing). Dates default to the clinician's desired start (else the job's)
 * and the job's duration.
 */
export const contractTermsInputSchema = z
  .object({
    startDate: dateOnly.optional(),
    endDate: dateOnly.optional(),
    shift: z
      .string()
      .trim()
      .regex(/^[1-7]x(\d{1,2}(\.\d{1,2})?)$/, "Use the shifts x hours form, e.g. '3x12'")
      .optional(),
    guaranteedHoursPerWeek: hours.optional(),
    hourlyRate: money.optional(),
    overTimeRate: money.optional(),
    onCallRate: money.optional(),
    callBackRate: money.optional(),
    premiumRate: money.optional(),
    weeklyMeals: money.optional(),
    weeklyLodging: money.optional(),
    /** What the clinician earns per week, as promised (not recomputed from the parts). */
    grossWeeklyPay: money.optional(),
    bonuses: z.array(bonusSchema).max(20).optional(),
    unit: z.string().trim().max(100).nullable().optional(),
    cancellationNoticeDays: z.number().int().min(0).max(365).optional(),
  })
  .strict();
export type ContractTermsInput = z.infer<typeof contractTermsInputSchema>;

export const createContractRequestSchema = contractTermsInputSchema
  .extend({
    /** true: the contract is signable at once (same as calling /send afterwards). Default false (a draft). */
    send: z.boolean().optional(),
  })
  .strict();
export type CreateContractRequest = z.infer<typeof createContractRequestSchema>;

export const payPeriodStatuses = ['open', 'submitted', 'locked', 'approved'] as const;
export type PayPeriodStatus = (typeof payPeriodStatuses)[number];

export const agencyPayPeriodSchema = z.object({
  timesheetId: z.number(),
  contractId: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  /** open (the clinician enters time), submitted, locked (no changes), approved (accepted by the agency; locked). */
  status: z.enum(payPeriodStatuses),
  submittedAt: z.string().nullable(),
  lockedAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
});
export type AgencyPayPeriod = z.infer<typeof agencyPayPeriodSchema>;

export const agencyShiftSchema = z.object({
  shiftId: z.number(),
  shiftDate: z.string(),
  shiftType: z.string(),
  /** Local wall-clock times of the facility ('YYYY-MM-DDTHH:mm:ss'), null for types without times. */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  lunchMinutes: z.number().nullable(),
  unit: z.string().nullable(),
  /** Worked minutes: end - start - lunch. */
  minutes: z.number(),
});
export const agencyTimesheetSchema = agencyPayPeriodSchema.extend({
  clinician: clinicianSchema,
  shifts: z.array(agencyShiftSchema),
  totalHours: z.number(),
});
export type AgencyTimesheet = z.infer<typeof agencyTimesheetSchema>;

export const agencyContractSchema = z.object({
  contractId: z.number(),
  contractNum: z.string(),
  /** Signature state: draft (not signable yet), sent (signable), signed, void. */
  status: z.enum(['draft', 'sent', 'signed', 'void']),
  /** Placement: offer, onboarding, working, completed, cancelled. */
  stage: z.enum(['offer', 'onboarding', 'working', 'completed', 'cancelled']),
  submissionId: z.number().nullable(),
  offerId: z.number().nullable(),
  clinician: clinicianSchema,
  job: agencyJobRefSchema,
  startDate: z.string(),
  endDate: z.string(),
  terms: contractTermsSchema,
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  signedAt: z.string().nullable(),
  onboardingCompletedAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** The PDF as the clinician sees it (signed, with its audit page, once signed). */
  documentUrl: z.string(),
  payPeriods: z.array(agencyPayPeriodSchema),
});
export type AgencyContract = z.infer<typeof agencyContractSchema>;
export const agencyContractsResponseSchema = z.object({
  items: z.array(agencyContractSchema),
  nextAfter: z.number().nullable(),
});

export const closeSubmissionRequestSchema = z
  .object({
    /** declined: the agency or facility turned it down; withdrawn: the clinician withdrew; closed: the job was filled or closed. */
    status: z.enum(['declined', 'withdrawn', 'closed']),
  })
  .strict();

export const endAssignmentRequestSchema = z
  .object({
    /** The last day worked when it differs from the contract's end date (ended early or extended). */
    endDate: dateOnly.optional(),
  })
  .strict();

export const createPayPeriodsRequestSchema = z
  .object({
    /** First day to cover (moved back to its Sunday). Default: the day after the last period, else the contract start. */
    from: dateOnly.optional(),
    /** Last day to cover. Default: the contract's end date. */
    through: dateOnly.optional(),
  })
  .strict();
export const createPayPeriodsResponseSchema = z.object({
  contractId: z.number(),
  created: z.array(agencyPayPeriodSchema),
  /** Weeks in the range that already had a period (left as they are). */
  existing: z.number(),
});

export const verifyRecordsRequestSchema = z
  .object({
    employment: z.array(z.number().int().min(1).max(2_147_483_647)).max(200).optional(),
    education: z.array(z.number().int().min(1).max(2_147_483_647)).max(200).optional(),
    certifications: z.array(z.number().int().min(1).max(2_147_483_647)).max(200).optional(),
    /** false takes a verification back. Default true. */
    verified: z.boolean().optional(),
  })
  .strict();
export type VerifyRecordsRequest = z.infer<typeof verifyRecordsRequestSchema>;
const changeCountSchema = z.object({ changed: z.number(), unchanged: z.number() });
export const verifyRecordsResponseSchema = z.object({
  userId: z.number(),
  verified: z.boolean(),
  employment: changeCountSchema,
  education: changeCountSchema,
  certifications: changeCountSchema,
});

export const eligibilityRequestSchema = z.object({ eligible: z.boolean() }).strict();

export const agencyReferenceAnswerSchema = z.object({
  id: z.number(),
  referenceId: z.number(),
  requestId: z.number(),
  clinician: z.object({ userId: z.number(), email: z.string() }),
  reference: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  historyTypeId: z.number(),
  hcpName: z.string(),
  hcpDiscipline: z.string(),
  hcpSpecialty: z.string(),
  wasCharge: z.boolean(),
  emrWorked: z.string(),
  /** Ratings 1 (poor) to 4 (excellent). */
  ratings: z.object({
    safeCare: z.number(),
    dependable: z.number(),
    professional: z.number(),
    cooperative: z.number(),
    communicator: z.number(),
    attendance: z.number(),
    asset: z.number(),
  }),
  comments: z.string().nullable(),
  supervisorName: z.string(),
  supervisorTitle: z.string(),
  facilityName: z.string(),
  cityState: z.string(),
  unit: z.string().nullable(),
  referenceDate: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  answeredAt: z.string(),
});
export const agencyReferenceAnswersResponseSchema = z.object({
  items: z.array(agencyReferenceAnswerSchema),
  nextAfter: z.number().nullable(),
});

/** The campaign (utm_* parameters) of the visit that led to sign-up, as the sign-up call carried it. */
export const agencyCampaignSchema = z
  .object({
    utmSource: z.string().nullable(),
    utmMedium: z.string().nullable(),
    utmCampaign: z.string().nullable(),
    utmTerm: z.string().nullable(),
    utmContent: z.string().nullable(),
  })
  .nullable()
  .describe(
    'The utm_* parameters of the visit that led to sign-up (kept by the browser up to 30 days from the landing). Null when the account was made without a campaign.',
  );
export type AgencyCampaign = z.infer<typeof agencyCampaignSchema>;

export const agencyClinicianSummarySchema = clinicianSchema.extend({
  phoneNumber: z.string(),
  professionId: z.number(),
  leadSourceId: z
    .number()
    .nullable()
    .describe(
      'Where the clinician heard of the agency: chosen at sign-up or matched from the campaign (utm_source) of their visit; GET /core/api/leadSources names the ids. Null for accounts made without one.',
    ),
  campaign: agencyCampaignSchema,
  createdAt: z.string(),
  applicationComplete: z.boolean(),
  applicationSubmittedAt: z.string().nullable(),
  eligibleForSubmission: z.boolean(),
});
export const agencyCliniciansResponseSchema = z.object({
  items: z.array(agencyClinicianSummarySchema),
  nextAfter: z.number().nullable(),
});

/**
 * A clinician as the agency sees them: the profile (never the SSN: only whether one is on file), the
 * application's progress and the ids the verification call takes.
 */
export const agencyClinicianSchema = agencyClinicianSummarySchema.extend({
  hasSsn: z.boolean(),
  application: z.object({
    completedSteps: z.array(z.string()),
    sectionsCompleted: z.number(),
    sectionCount: z.number(),
    nextStep: z.string().nullable(),
  }),
  /** The profile of the clinician's screens (licenses, degrees, employment, certifications, references). */
  profile: profileSchema,
  /** Verification state by record id (the ids the verify call takes). */
  verification: z.object({
    employment: z.array(z.object({ employmentHistoryId: z.number(), verified: z.boolean() })),
    education: z.array(z.object({ degreeId: z.number(), verified: z.boolean() })),
    certifications: z.array(z.object({ certId: z.number(), verified: z.boolean() })),
  }),
});
export type AgencyClinician = z.infer<typeof agencyClinicianSchema>;
