import { defineEndpoint } from '../endpoint.ts';
import {
  contractIdQuerySchema,
  dashboardOffersResponseSchema,
  dashboardSubmissionsResponseSchema,
  jobIdQuerySchema,
  jobOfferDetailsSchema,
  jobOffersResponseSchema,
  submissionIdQuerySchema,
  submittedJobDetailsSchema,
  submittedJobsResponseSchema,
} from '../pipeline.ts';

// What the clinician sees of their placements: the dashboard, submissions and offers.

export const dashboardOffers = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpJobOffers/getHcpDashboardOffersAndOnboardingContracts',
  operationId: 'dashboardOffers',
  summary: "The dashboard's offers, contracts in onboarding and assignments",
  tags: ['pipeline'],
  access: 'clinician',
  responses: { 200: dashboardOffersResponseSchema },
});

export const dashboardSubmissions = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpJobSubmissions/getHcpDashboardSubmissions',
  operationId: 'dashboardSubmissions',
  summary: "The dashboard's submissions, newest first",
  tags: ['pipeline'],
  access: 'clinician',
  responses: { 200: dashboardSubmissionsResponseSchema },
});

export const jobOffers = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpJobOffers/getJobOffers',
  operationId: 'jobOffers',
  summary: "The clinician's offers",
  tags: ['pipeline'],
  access: 'clinician',
  responses: { 200: jobOffersResponseSchema },
});

export const jobOfferDetails = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpJobOffers/getJobOfferDetails',
  operationId: 'jobOfferDetails',
  summary: 'The details of an offer',
  tags: ['pipeline'],
  access: 'clinician',
  query: submissionIdQuerySchema,
  responses: { 200: jobOfferDetailsSchema },
  errors: { 404: ['not_found'] },
});

export const contractDetails = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpJobOffers/getContractDetails',
  operationId: 'contractDetails',
  summary: 'The details of a contract',
  tags: ['pipeline'],
  access: 'clinician',
  query: contractIdQuerySchema,
  responses: { 200: jobOfferDetailsSchema },
  errors: { 404: ['not_found'] },
});

export const submittedJobs = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpSubmittedJob/submittedJobs',
  operationId: 'submittedJobs',
  summary: "The clinician's submissions",
  tags: ['pipeline'],
  access: 'clinician',
  responses: { 200: submittedJobsResponseSchema },
});

export const submittedJobDetails = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpSubmittedJob/submittedJobDetails',
  operationId: 'submittedJobDetails',
  summary: 'The details of a submission',
  tags: ['pipeline'],
  access: 'clinician',
  query: jobIdQuerySchema,
  responses: { 200: submittedJobDetailsSchema },
  errors: { 404: ['not_found'] },
});
