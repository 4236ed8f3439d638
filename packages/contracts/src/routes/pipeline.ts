// Generated from ../endpoints/pipeline.ts by scripts/generate-routes.ts: do not edit. The routes of the area's
// endpoints without their schemas, for the web's client; each is typed against its definition.
import type { Route } from '../endpoint.ts';
import type * as endpoints from '../endpoints/pipeline.ts';

export const contractDetails: Route<typeof endpoints.contractDetails> = {
  method: 'GET',
  path: '/core/api/HcpJobOffers/getContractDetails',
  operationId: 'contractDetails',
  tags: ['pipeline'],
  access: 'clinician',
  answer: 'json',
};
export const dashboardOffers: Route<typeof endpoints.dashboardOffers> = {
  method: 'GET',
  path: '/core/api/HcpJobOffers/getHcpDashboardOffersAndOnboardingContracts',
  operationId: 'dashboardOffers',
  tags: ['pipeline'],
  access: 'clinician',
  answer: 'json',
};
export const dashboardSubmissions: Route<typeof endpoints.dashboardSubmissions> = {
  method: 'GET',
  path: '/core/api/HcpJobSubmissions/getHcpDashboardSubmissions',
  operationId: 'dashboardSubmissions',
  tags: ['pipeline'],
  access: 'clinician',
  answer: 'json',
};
export const jobOfferDetails: Route<typeof endpoints.jobOfferDetails> = {
  method: 'GET',
  path: '/core/api/HcpJobOffers/getJobOfferDetails',
  operationId: 'jobOfferDetails',
  tags: ['pipeline'],
  access: 'clinician',
  answer: 'json',
};
export const jobOffers: Route<typeof endpoints.jobOffers> = {
  method: 'GET',
  path: '/core/api/HcpJobOffers/getJobOffers',
  operationId: 'jobOffers',
  tags: ['pipeline'],
  access: 'clinician',
  answer: 'json',
};
export const submittedJobDetails: Route<typeof endpoints.submittedJobDetails> = {
  method: 'GET',
  path: '/core/api/HcpSubmittedJob/submittedJobDetails',
  operationId: 'submittedJobDetails',
  tags: ['pipeline'],
  access: 'clinician',
  answer: 'json',
};
export const submittedJobs: Route<typeof endpoints.submittedJobs> = {
  method: 'GET',
  path: '/core/api/HcpSubmittedJob/submittedJobs',
  operationId: 'submittedJobs',
  tags: ['pipeline'],
  access: 'clinician',
  answer: 'json',
};
