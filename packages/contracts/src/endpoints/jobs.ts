import { defineEndpoint } from '../endpoint.ts';
import {
  favoriteJobsResponseSchema,
  jobDetailsQuerySchema,
  jobDetailsSchema,
  jobResultsSchema,
  jobSearchQuerySchema,
  searchOptionsSchema,
  startApplicationRequestSchema,
  startApplicationResponseSchema,
  updateFavoriteRequestSchema,
  updateFavoriteResponseSchema,
} from '../jobs.ts';

export const searchOptions = defineEndpoint({
  method: 'GET',
  path: '/core/api/jobsearch/SearchOptions',
  operationId: 'searchOptions',
  summary: 'The choices of the job search form (professions, specialties, states, cities)',
  tags: ['jobs'],
  access: 'public',
  responses: { 200: searchOptionsSchema },
});

export const searchJobs = defineEndpoint({
  method: 'GET',
  path: '/core/api/jobsearch/jobs',
  operationId: 'searchJobs',
  summary: 'Search open jobs (one page of job cards)',
  description: 'A URL answered before is answered again from the same bytes for a minute.',
  tags: ['jobs'],
  access: 'public',
  query: jobSearchQuerySchema,
  responses: { 200: jobResultsSchema },
});

export const jobDetails = defineEndpoint({
  method: 'GET',
  path: '/core/api/jobsearch/jobDetails',
  operationId: 'jobDetails',
  summary: "One job's details (with the caller's favorite and match when signed in)",
  tags: ['jobs'],
  access: 'clinician-optional',
  query: jobDetailsQuerySchema,
  responses: { 200: jobDetailsSchema },
  errors: { 404: ['not_found'] },
});

export const updateFavorite = defineEndpoint({
  method: 'POST',
  path: '/core/api/HcpFavoriteJobs/updateFavorite',
  operationId: 'updateFavorite',
  summary: 'Add a job to the favorites or remove it',
  tags: ['jobs'],
  access: 'clinician',
  body: updateFavoriteRequestSchema,
  responses: { 200: updateFavoriteResponseSchema },
  errors: { 404: ['not_found'], 409: ['job_closed'] },
});

export const favoriteJobs = defineEndpoint({
  method: 'GET',
  path: '/core/api/hcpfavoritejobs/favoriteJobs',
  operationId: 'favoriteJobs',
  summary: "The clinician's favorite jobs, open and archived",
  tags: ['jobs'],
  access: 'clinician',
  responses: { 200: favoriteJobsResponseSchema },
});

export const startJobApplication = defineEndpoint({
  method: 'POST',
  path: '/core/api/HcpJobApplication/startJobApplication',
  operationId: 'startJobApplication',
  summary: 'Apply for a job (desired start date, time off, contact preferences)',
  tags: ['jobs'],
  access: 'clinician',
  body: startApplicationRequestSchema,
  responses: { 200: startApplicationResponseSchema },
  errors: {
    400: ['start_date_out_of_window'],
    403: ['application_incomplete'],
    404: ['not_found'],
    409: ['job_closed'],
  },
});
