// Generated from ../endpoints/agency.ts by scripts/generate-routes.ts: do not edit. The routes of the area's
// endpoints without their schemas, for the web's client; each is typed against its definition.
import type { Route } from '../endpoint.ts';
import type * as endpoints from '../endpoints/agency.ts';

export const agencyDocumentFile: Route<typeof endpoints.agencyDocumentFile> = {
  method: 'GET',
  path: '/core/api/agency/documents/:id/file',
  operationId: 'agencyDocumentFile',
  tags: ['agency'],
  access: 'agency',
  answer: 'file',
};
export const agencyDocuments: Route<typeof endpoints.agencyDocuments> = {
  method: 'GET',
  path: '/core/api/agency/documents',
  operationId: 'agencyDocuments',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const agencyEvents: Route<typeof endpoints.agencyEvents> = {
  method: 'GET',
  path: '/core/api/agency/events',
  operationId: 'agencyEvents',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const agencyJob: Route<typeof endpoints.agencyJob> = {
  method: 'GET',
  path: '/core/api/agency/jobs/:externalId',
  operationId: 'agencyJob',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const agencyReferrals: Route<typeof endpoints.agencyReferrals> = {
  method: 'GET',
  path: '/core/api/agency/referrals',
  operationId: 'agencyReferrals',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const closeJob: Route<typeof endpoints.closeJob> = {
  method: 'POST',
  path: '/core/api/agency/jobs/:externalId/close',
  operationId: 'closeJob',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const importJobs: Route<typeof endpoints.importJobs> = {
  method: 'POST',
  path: '/core/api/agency/jobs/batch',
  operationId: 'importJobs',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const syncJobs: Route<typeof endpoints.syncJobs> = {
  method: 'POST',
  path: '/core/api/agency/jobs/sync',
  operationId: 'syncJobs',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
export const upsertJob: Route<typeof endpoints.upsertJob> = {
  method: 'PUT',
  path: '/core/api/agency/jobs/:externalId',
  operationId: 'upsertJob',
  tags: ['agency'],
  access: 'agency',
  answer: 'json',
};
