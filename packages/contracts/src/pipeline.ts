import { z } from 'zod';
import { idSchema } from './common.ts';

export * from './pipeline-labels.ts';

/** An offer card (dashboard and list). */
export const jobOfferSchema = z.object({
  jobId: z.number().int(),
  contractId: z.number().int().nullable(),
  contractNum: z.string().nullable(),
  submissionId: z.number().int(),
  isSignable: z.boolean(),
  isSigned: z.boolean(),
  profession: z.string(),
  specialty: z.string(),
  discipline: z.string(),
  hospitalName: z.string(),
  facilityName: z.string(),
  shift: z.string(),
  shiftCategory: z.number().int(),
  shiftName: z.string(),
  city: z.string(),
  state: z.string(),
  duration: z.number().int(),
  startDate: z.string(),
  imageUrl: z.string().nullable(),
  offerDate: z.string(),
});
export type JobOffer = z.infer<typeof jobOfferSchema>;

export const contractFacilitySchema = z.object({
  facilityName: z.string(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string().nullable(),
});

export const onboardingContractSchema = z.object({
  contractId: z.number().int(),
  contractNum: z.string(),
  jobId: z.number().int(),
  startDate: z.string(),
  isSigned: z.boolean(),
  isSignable: z.boolean(),
  facility: contractFacilitySchema,
  profession: z.string(),
  specialty: z.string(),
  duration: z.number().int(),
});
export type OnboardingContract = z.infer<typeof onboardingContractSchema>;

export const assignmentSchema = onboardingContractSchema.extend({ endDate: z.string() });
export type Assignment = z.infer<typeof assignmentSchema>;

export const dashboardOffersResponseSchema = z.object({
  submissionOffers: z.array(jobOfferSchema),
  onboardingContracts: z.array(onboardingContractSchema),
  workingContracts: z.array(assignmentSchema),
});
export type DashboardOffersResponse = z.infer<typeof dashboardOffersResponseSchema>;

export const dashboardSubmissionSchema = z.object({
  submissionId: z.number().int(),
  jobId: z.number().int(),
  profession: z.string(),
  specialty: z.string(),
  facility: z.string(),
  city: z.string(),
  state: z.string(),
  grossWeeklyPay: z.number(),
  shiftCategory: z.number().int(),
  duration: z.number().int(),
  startDate: z.string(),
  shift: z.string(),
  availablePositions: z.number().int(),
  requestDate: z.string(),
  imageUrl: z.string().nullable(),
});
export type DashboardSubmission = z.infer<typeof dashboardSubmissionSchema>;

export const dashboardSubmissionsResponseSchema = z.object({
  hcpDashboardSubmissions: z.array(dashboardSubmissionSchema),
});
export const submittedJobsResponseSchema = z.array(dashboardSubmissionSchema);
export const jobOffersResponseSchema = z.array(jobOfferSchema);

/** The details pane of /submitted-jobs (facility, requirements, benefits, pay). */
export const jobOfferDetailsSchema = z.object({
  jobId: z.number().int(),
  submissionId: z.number().int().nullable(),
  contractId: z.number().int().nullable(),
  contractNum: z.string().nullable(),
  isSignable: z.boolean(),
  isSigned: z.boolean(),
  profession: z.string(),
  specialty: z.string(),
  facilityName: z.string(),
  imageUrl: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string().nullable(),
  scrubColor: z.string().nullable(),
  bedCount: z.number().int().nullable(),
  chartingSystems: z.array(z.string()),
  traumaLevel: z.number().int().nullable(),
  minimumRequirements: z.array(z.string()),
  trsBenefitsList: z.array(z.string()),
  shift: z.string(),
  shiftCategory: z.number().int(),
  duration: z.number().int(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  grossWeeklyPay: z.number(),
  hourlyRate: z.number(),
  weeklyMeals: z.number(),
  weeklyLodging: z.number(),
  bonuses: z.array(z.object({ name: z.string(), amount: z.number() })),
});
export type JobOfferDetails = z.infer<typeof jobOfferDetailsSchema>;

export const submittedJobDetailsSchema = jobOfferDetailsSchema.extend({
  desiredStartDateText: z.string(),
  requestedTimeOff: z.array(z.object({ fromDate: z.string().nullable(), toDate: z.string().nullable() })),
  timeoff: z.string(),
  bestContactTime: z.string(),
  otherDetails: z.string(),
  requestDate: z.string(),
});
export type SubmittedJobDetails = z.infer<typeof submittedJobDetailsSchema>;

export const submissionIdQuerySchema = z.object({ submissionId: idSchema });
export const contractIdQuerySchema = z.object({ contractId: idSchema });
export const jobIdQuerySchema = z.object({ jobId: idSchema });
