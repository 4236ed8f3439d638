// Generated from ../endpoints/agency-pipeline.ts by scripts/generate-routes.ts: do not edit. The routes of the area's
// endpoints without their schemas, for the web's client; each is typed against its definition.
import type { Route } from '../endpoint.ts';
import type * as endpoints from '../endpoints/agency-pipeline.ts';

export const agencyCertificationFile: Route<typeof endpoints.agencyCertificationFile> = {
  method: 'GET',
  path: '/core/api/agency/clinicians/:userId/certifications/:certId/file',
  operationId: 'agencyCertificationFile',
  tags: ['agency'],
  access: 'agency',
  answer: 'file',
};
export const agencyClinician: Route<typeof endpoints.agencyClinician> = {
  method: 'GET',
  path: '/core/api/agency/clinicians/:userId',
  operationId: 'agencyClinician',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const agencyClinicians: Route<typeof endpoints.agencyClinicians> = {
  method: 'GET',
  path: '/core/api/agency/clinicians',
  operationId: 'agencyClinicians',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const agencyContract: Route<typeof endpoints.agencyContract> = {
  method: 'GET',
  path: '/core/api/agency/contracts/:contractId',
  operationId: 'agencyContract',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const agencyContractDocument: Route<typeof endpoints.agencyContractDocument> = {
  method: 'GET',
  path: '/core/api/agency/contracts/:contractId/document',
  operationId: 'agencyContractDocument',
  tags: ['agency'],
  access: 'agency',
  answer: 'file',
};
export const agencyContracts: Route<typeof endpoints.agencyContracts> = {
  method: 'GET',
  path: '/core/api/agency/contracts',
  operationId: 'agencyContracts',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const agencyReferenceAnswers: Route<typeof endpoints.agencyReferenceAnswers> = {
  method: 'GET',
  path: '/core/api/agency/reference-answers',
  operationId: 'agencyReferenceAnswers',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const agencySubmission: Route<typeof endpoints.agencySubmission> = {
  method: 'GET',
  path: '/core/api/agency/submissions/:submissionId',
  operationId: 'agencySubmission',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const agencySubmissions: Route<typeof endpoints.agencySubmissions> = {
  method: 'GET',
  path: '/core/api/agency/submissions',
  operationId: 'agencySubmissions',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const agencyTimesheet: Route<typeof endpoints.agencyTimesheet> = {
  method: 'GET',
  path: '/core/api/agency/timesheets/:timesheetId',
  operationId: 'agencyTimesheet',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const approvePayPeriod: Route<typeof endpoints.approvePayPeriod> = {
  method: 'POST',
  path: '/core/api/agency/timesheets/:timesheetId/approve',
  operationId: 'approvePayPeriod',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const cancelContract: Route<typeof endpoints.cancelContract> = {
  method: 'POST',
  path: '/core/api/agency/contracts/:contractId/cancel',
  operationId: 'cancelContract',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const closeSubmission: Route<typeof endpoints.closeSubmission> = {
  method: 'POST',
  path: '/core/api/agency/submissions/:submissionId/close',
  operationId: 'closeSubmission',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const completeOnboarding: Route<typeof endpoints.completeOnboarding> = {
  method: 'POST',
  path: '/core/api/agency/contracts/:contractId/onboarding-complete',
  operationId: 'completeOnboarding',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const createContract: Route<typeof endpoints.createContract> = {
  method: 'POST',
  path: '/core/api/agency/submissions/:submissionId/contract',
  operationId: 'createContract',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const createPayPeriods: Route<typeof endpoints.createPayPeriods> = {
  method: 'POST',
  path: '/core/api/agency/contracts/:contractId/pay-periods',
  operationId: 'createPayPeriods',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const endAssignment: Route<typeof endpoints.endAssignment> = {
  method: 'POST',
  path: '/core/api/agency/contracts/:contractId/end',
  operationId: 'endAssignment',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const extendOffer: Route<typeof endpoints.extendOffer> = {
  method: 'POST',
  path: '/core/api/agency/submissions/:submissionId/offer',
  operationId: 'extendOffer',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const lockPayPeriod: Route<typeof endpoints.lockPayPeriod> = {
  method: 'POST',
  path: '/core/api/agency/timesheets/:timesheetId/lock',
  operationId: 'lockPayPeriod',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const reopenPayPeriod: Route<typeof endpoints.reopenPayPeriod> = {
  method: 'POST',
  path: '/core/api/agency/timesheets/:timesheetId/reopen',
  operationId: 'reopenPayPeriod',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const sendContract: Route<typeof endpoints.sendContract> = {
  method: 'POST',
  path: '/core/api/agency/contracts/:contractId/send',
  operationId: 'sendContract',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const setEligibility: Route<typeof endpoints.setEligibility> = {
  method: 'POST',
  path: '/core/api/agency/clinicians/:userId/eligibility',
  operationId: 'setEligibility',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const startAssignment: Route<typeof endpoints.startAssignment> = {
  method: 'POST',
  path: '/core/api/agency/contracts/:contractId/start',
  operationId: 'startAssignment',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const updateContract: Route<typeof endpoints.updateContract> = {
  method: 'PATCH',
  path: '/core/api/agency/contracts/:contractId',
  operationId: 'updateContract',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const verifyRecords: Route<typeof endpoints.verifyRecords> = {
  method: 'POST',
  path: '/core/api/agency/clinicians/:userId/verify',
  operationId: 'verifyRecords',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
