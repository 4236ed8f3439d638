import { z } from 'zod';
import {
  agencyClinicianSchema,
  agencyCliniciansQuerySchema,
  agencyCliniciansResponseSchema,
  agencyClinicianSummarySchema,
  agencyContractSchema,
  agencyContractsQuerySchema,
  agencyContractsResponseSchema,
  agencyPayPeriodSchema,
  agencyReferenceAnswersResponseSchema,
  agencySubmissionSchema,
  agencySubmissionsQuerySchema,
  agencySubmissionsResponseSchema,
  agencyTimesheetSchema,
  closeSubmissionRequestSchema,
  contractIdParamsSchema,
  contractTermsInputSchema,
  createContractRequestSchema,
  createPayPeriodsRequestSchema,
  createPayPeriodsResponseSchema,
  cursorQuerySchema,
  eligibilityRequestSchema,
  endAssignmentRequestSchema,
  submissionIdParamsSchema,
  timesheetIdParamsSchema,
  userCertParamsSchema,
  userIdParamsSchema,
  verifyRecordsRequestSchema,
  verifyRecordsResponseSchema,
} from '../agency.ts';
import { defineEndpoint, fileResponse, type ErrorMap } from '../endpoint.ts';

// The pipeline part of the agency API: reads of submissions, contracts, pay periods, clinicians and reference
// answers, and the moves the clinician then sees on their dashboard, offers, e-documents and timesheets.

/** Moves take an optional JSON body; an empty POST is fine. */
const noBody = z.object({}).strict().nullish();

/** Refusals of a contract whose placement has ended one way or the other. */
const closed = ['contract_cancelled', 'assignment_completed'] as const;
const move = (...codes: NonNullable<ErrorMap[409]>): ErrorMap => ({ 404: ['not_found'], 409: codes });

export const agencySubmissions = defineEndpoint({
  method: 'GET',
  path: '/core/api/agency/submissions',
  operationId: 'agencySubmissions',
  summary: 'Submissions (started applications for jobs) with the start-application details, oldest first',
  tags: ['agency'],
  access: 'agency',
  scope: 'read',
  query: agencySubmissionsQuerySchema,
  responses: { 200: agencySubmissionsResponseSchema },
});

export const agencySubmission = defineEndpoint({
  method: 'GET',
  path: '/core/api/agency/submissions/:submissionId',
  operationId: 'agencySubmission',
  summary: 'One submission',
  tags: ['agency'],
  access: 'agency',
  scope: 'read',
  params: submissionIdParamsSchema,
  responses: { 200: agencySubmissionSchema },
  errors: { 404: ['not_found'] },
});

export const extendOffer = defineEndpoint({
  method: 'POST',
  path: '/core/api/agency/submissions/:submissionId/offer',
  operationId: 'extendOffer',
  summary: 'Extend an offer for a submitted application (mails the clinician)',
  tags: ['agency'],
  access: 'agency',
  scope: 'write',
  params: submissionIdParamsSchema,
  body: noBody,
  responses: { 200: agencySubmissionSchema },
  errors: move('offer_exists', 'submission_not_open'),
});

export const closeSubmission = defineEndpoint({
  method: 'POST',
  path: '/core/api/agency/submissions/:submissionId/close',
  operationId: 'closeSubmission',
  summary: 'Close a submission: declined, withdrawn or closed (its open offer ends, an unsigned contract is voided)',
  tags: ['agency'],
  access: 'agency',
  scope: 'write',
  params: submissionIdParamsSchema,
  body: closeSubmissionRequestSchema,
  responses: { 200: agencySubmissionSchema },
  errors: move('submission_closed', 'contract_signed'),
});

export const createContract = defineEndpoint({
  method: 'POST',
  path: '/core/api/agency/submissions/:submissionId/contract',
  operationId: 'createContract',
  summary: "Draw up the contract of an offered submission (terms default to the job's); send: true makes it signable",
  tags: ['agency'],
  access: 'agency',
  scope: 'write',
  params: submissionIdParamsSchema,
  body: createContractRequestSchema.nullish(),
  responses: { 201: agencyContractSchema },
  errors: move('offer_required', 'submission_not_open', 'contract_exists', 'offer_not_open'),
});

export const agencyContracts = defineEndpoint({
  method: 'GET',
  path: '/core/api/agency/contracts',
  operationId: 'agencyContracts',
  summary: 'Contracts with their terms, state and pay periods, oldest first',
  tags: ['agency'],
  access: 'agency',
  scope: 'read',
  query: agencyContractsQuerySchema,
  responses: { 200: agencyContractsResponseSchema },
});

export const agencyContract = defineEndpoint({
  method: 'GET',
  path: '/core/api/agency/contracts/:contractId',
  operationId: 'agencyContract',
  summary: 'One contract',
  tags: ['agency'],
  access: 'agency',
  scope: 'read',
  params: contractIdParamsSchema,
  responses: { 200: agencyContractSchema },
  errors: { 404: ['not_found'] },
});

export const agencyContractDocument = defineEndpoint({
  method: 'GET',
  path: '/core/api/agency/contracts/:contractId/document',
  operationId: 'agencyContractDocument',
  summary: 'The contract PDF as the clinician sees it (the signed copy with its audit page once signed)',
  tags: ['agency'],
  access: 'agency',
  scope: 'read',
  params: contractIdParamsSchema,
  responses: { 200: fileResponse('The contract, as an attachment', 'application/pdf') },
  errors: { 404: ['not_found'], 500: ['document_missing'] },
});

export const updateContract = defineEndpoint({
  method: 'PATCH',
  path: '/core/api/agency/contracts/:contractId',
  operationId: 'updateContract',
  summary: 'Change the terms or dates of an unsigned contract (a sent contract goes back to draft)',
  tags: ['agency'],
  access: 'agency',
  scope: 'write',
  params: contractIdParamsSchema,
  body: contractTermsInputSchema,
  responses: { 200: agencyContractSchema },
  errors: move('contract_already_signed', 'contract_void'),
});

export const sendContract = defineEndpoint({
  method: 'POST',
  path: '/core/api/agency/contracts/:contractId/send',
  operationId: 'sendContract',
  summary: 'Make a draft contract signable (mails the clinician)',
  tags: ['agency'],
  access: 'agency',
  scope: 'write',
  params: contractIdParamsSchema,
  body: noBody,
  responses: { 200: agencyContractSchema },
  errors: move('contract_already_signed', 'contract_void', 'contract_already_sent', ...closed),
});

export const completeOnboarding = defineEndpoint({
  method: 'POST',
  path: '/core/api/agency/contracts/:contractId/onboarding-complete',
  operationId: 'completeOnboarding',
  summary: 'Record that onboarding is complete (after the signature)',
  tags: ['agency'],
  access: 'agency',
  scope: 'write',
  params: contractIdParamsSchema,
  body: noBody,
  responses: { 200: agencyContractSchema },
  errors: move('contract_not_signed', 'onboarding_already_complete', ...closed),
});

export const startAssignment = defineEndpoint({
  method: 'POST',
  path: '/core/api/agency/contracts/:contractId/start',
  operationId: 'startAssignment',
  summary: 'Start the assignment (signed contract, onboarding complete)',
  tags: ['agency'],
  access: 'agency',
  scope: 'write',
  params: contractIdParamsSchema,
  body: noBody,
  responses: { 200: agencyContractSchema },
  errors: move('assignment_already_started', 'contract_not_signed', 'onboarding_incomplete', ...closed),
});

export const cancelContract = defineEndpoint({
  method: 'POST',
  path: '/core/api/agency/contracts/:contractId/cancel',
  operationId: 'cancelContract',
  summary: 'Cancel a placement before its assignment starts (an unsigned contract becomes void)',
  tags: ['agency'],
  access: 'agency',
  scope: 'write',
  params: contractIdParamsSchema,
  body: noBody,
  responses: { 200: agencyContractSchema },
  errors: move('assignment_started', ...closed),
});

export const endAssignment = defineEndpoint({
  method: 'POST',
  path: '/core/api/agency/contracts/:contractId/end',
  operationId: 'endAssignment',
  summary: 'End the assignment (optionally on another end date)',
  tags: ['agency'],
  access: 'agency',
  scope: 'write',
  params: contractIdParamsSchema,
  body: endAssignmentRequestSchema.nullish(),
  responses: { 200: agencyContractSchema },
  errors: move('assignment_not_started', ...closed),
});

export const createPayPeriods = defineEndpoint({
  method: 'POST',
  path: '/core/api/agency/contracts/:contractId/pay-periods',
  operationId: 'createPayPeriods',
  summary: 'Create the weekly pay periods (Sunday to Saturday) of a signed contract',
  tags: ['agency'],
  access: 'agency',
  scope: 'write',
  params: contractIdParamsSchema,
  body: createPayPeriodsRequestSchema.nullish(),
  responses: { 200: createPayPeriodsResponseSchema },
  errors: move('contract_cancelled', 'contract_not_signed'),
});

export const agencyTimesheet = defineEndpoint({
  method: 'GET',
  path: '/core/api/agency/timesheets/:timesheetId',
  operationId: 'agencyTimesheet',
  summary: 'One pay period with its shifts and total hours',
  tags: ['agency'],
  access: 'agency',
  scope: 'read',
  params: timesheetIdParamsSchema,
  responses: { 200: agencyTimesheetSchema },
  errors: { 404: ['not_found'] },
});

export const lockPayPeriod = defineEndpoint({
  method: 'POST',
  path: '/core/api/agency/timesheets/:timesheetId/lock',
  operationId: 'lockPayPeriod',
  summary: 'Lock a pay period: the clinician can no longer change it (mails the clinician)',
  tags: ['agency'],
  access: 'agency',
  scope: 'write',
  params: timesheetIdParamsSchema,
  body: noBody,
  responses: { 200: agencyPayPeriodSchema },
  errors: move('pay_period_already_locked'),
});

export const approvePayPeriod = defineEndpoint({
  method: 'POST',
  path: '/core/api/agency/timesheets/:timesheetId/approve',
  operationId: 'approvePayPeriod',
  summary: 'Approve the submitted time of a pay period; approved periods are locked (mails the clinician)',
  tags: ['agency'],
  access: 'agency',
  scope: 'write',
  params: timesheetIdParamsSchema,
  body: noBody,
  responses: { 200: agencyPayPeriodSchema },
  errors: move('pay_period_already_approved', 'pay_period_not_submitted'),
});

export const reopenPayPeriod = defineEndpoint({
  method: 'POST',
  path: '/core/api/agency/timesheets/:timesheetId/reopen',
  operationId: 'reopenPayPeriod',
  summary: 'Give a submitted or locked (not approved) period back to the clinician to correct',
  tags: ['agency'],
  access: 'agency',
  scope: 'write',
  params: timesheetIdParamsSchema,
  body: noBody,
  responses: { 200: agencyPayPeriodSchema },
  errors: move('pay_period_approved', 'pay_period_open'),
});

export const agencyClinicians = defineEndpoint({
  method: 'GET',
  path: '/core/api/agency/clinicians',
  operationId: 'agencyClinicians',
  summary: 'Clinicians, oldest first (email= finds one by address)',
  tags: ['agency'],
  access: 'agency',
  scope: 'read',
  query: agencyCliniciansQuerySchema,
  responses: { 200: agencyCliniciansResponseSchema },
});

export const agencyClinician = defineEndpoint({
  method: 'GET',
  path: '/core/api/agency/clinicians/:userId',
  operationId: 'agencyClinician',
  summary: 'A clinician: profile, application progress and verification state (never the SSN)',
  tags: ['agency'],
  access: 'agency',
  scope: 'read',
  params: userIdParamsSchema,
  responses: { 200: agencyClinicianSchema },
  errors: { 404: ['not_found'] },
});

export const agencyCertificationFile = defineEndpoint({
  method: 'GET',
  path: '/core/api/agency/clinicians/:userId/certifications/:certId/file',
  operationId: 'agencyCertificationFile',
  summary: 'The file uploaded with a certification',
  tags: ['agency'],
  access: 'agency',
  scope: 'read',
  params: userCertParamsSchema,
  responses: {
    200: fileResponse(
      'The file, as an attachment',
      'application/pdf',
      'image/*',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ),
  },
  errors: { 404: ['not_found'] },
});

export const verifyRecords = defineEndpoint({
  method: 'POST',
  path: '/core/api/agency/clinicians/:userId/verify',
  operationId: 'verifyRecords',
  summary: 'Mark employment, education and certification records verified (verified: false takes it back)',
  tags: ['agency'],
  access: 'agency',
  scope: 'write',
  params: userIdParamsSchema,
  body: verifyRecordsRequestSchema,
  responses: { 200: verifyRecordsResponseSchema },
  errors: { 404: ['not_found'] },
});

export const setEligibility = defineEndpoint({
  method: 'POST',
  path: '/core/api/agency/clinicians/:userId/eligibility',
  operationId: 'setEligibility',
  summary: "Approve the clinician for submissions (the dashboard's 'Approved' panel) or withdraw the approval",
  tags: ['agency'],
  access: 'agency',
  scope: 'write',
  params: userIdParamsSchema,
  body: eligibilityRequestSchema,
  responses: { 200: agencyClinicianSummarySchema },
  errors: { 404: ['not_found'] },
});

export const agencyReferenceAnswers = defineEndpoint({
  method: 'GET',
  path: '/core/api/agency/reference-answers',
  operationId: 'agencyReferenceAnswers',
  summary: 'Clinical references returned by former supervisors, oldest first',
  tags: ['agency'],
  access: 'agency',
  scope: 'read',
  query: cursorQuerySchema,
  responses: { 200: agencyReferenceAnswersResponseSchema },
});
