// Generated from ../endpoints/jobs.ts by scripts/generate-routes.ts: do not edit. The routes of the area's
// endpoints without their schemas, for the web's client; each is typed against its definition.
import type { Route } from '../endpoint.ts';
import type * as endpoints from '../endpoints/jobs.ts';

export const favoriteJobs: Route<typeof endpoints.favoriteJobs> = {
  method: 'GET',
  path: '/core/api/hcpfavoritejobs/favoriteJobs',
  operationId: 'favoriteJobs',
  tags: ['jobs'],
  access: 'clinician',
  answer: 'json',
};
export const jobDetails: Route<typeof endpoints.jobDetails> = {
  method: 'GET',
  path: '/core/api/jobsearch/jobDetails',
  operationId: 'jobDetails',
  tags: ['jobs'],
  access: 'clinician-optional',
  answer: 'json',
};
export const searchJobs: Route<typeof endpoints.searchJobs> = {
  method: 'GET',
  path: '/core/api/jobsearch/jobs',
  operationId: 'searchJobs',
  tags: ['jobs'],
  access: 'public',
  answer: 'json',
};
export const searchOptions: Route<typeof endpoints.searchOptions> = {
  method: 'GET',
  path: '/core/api/jobsearch/SearchOptions',
  operationId: 'searchOptions',
  tags: ['jobs'],
  access: 'public',
  answer: 'json',
};
export const startJobApplication: Route<typeof endpoints.startJobApplication> = {
  method: 'POST',
  path: '/core/api/HcpJobApplication/startJobApplication',
  operationId: 'startJobApplication',
  tags: ['jobs'],
  access: 'clinician',
  answer: 'json',
};
export const updateFavorite: Route<typeof endpoints.updateFavorite> = {
  method: 'POST',
  path: '/core/api/HcpFavoriteJobs/updateFavorite',
  operationId: 'updateFavorite',
  tags: ['jobs'],
  access: 'clinician',
  answer: 'json',
};
