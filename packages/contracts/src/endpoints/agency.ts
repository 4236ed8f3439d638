import { z } from 'zod';
import {
  agencyDocumentsResponseSchema,
  agencyEventsResponseSchema,
  agencyJobSchema,
  agencyReferralsResponseSchema,
  cursorQuerySchema,
  documentIdParamsSchema,
  eventCursorQuerySchema,
  externalIdParamsSchema,
  feedSummarySchema,
  jobRejectedSchema,
  jobsFeedRequestSchema,
  jobsSyncRequestSchema,
  singleJobRequestSchema,
} from '../agency.ts';
import { problemSchema } from '../common.ts';
import { defineEndpoint, fileResponse } from '../endpoint.ts';

// The agency API (docs/integration.md): the jobs feed of the job board, and reads of referrals, the event log and
// uploaded documents. Every call needs an agency API key holding the endpoint's scope.

/** A feed of up to 5,000 facilities and 5,000 jobs, base64-free JSON: 25 MB is ample. */
const FEED_BODY_LIMIT = 25 * 1024 * 1024;

export const importJobs = defineEndpoint({
  method: 'POST',
  path: '/core/api/agency/jobs/batch',
  operationId: 'importJobs',
  summary: 'Upsert up to 5,000 facilities and 5,000 jobs in one transaction',
  tags: ['agency'],
  access: 'agency',
  scope: 'jobs:write',
  body: jobsFeedRequestSchema,
  bodyLimit: FEED_BODY_LIMIT,
  responses: { 200: feedSummarySchema },
});

export const syncJobs = defineEndpoint({
  method: 'POST',
  path: '/core/api/agency/jobs/sync',
  operationId: 'syncJobs',
  summary: 'Full-feed sync: upsert the feed and archive the open jobs absent from it',
  description:
    'Refused (nothing written) when it has no job rows (422 sync_without_jobs), when every job row is refused ' +
    '(422 sync_rejected, with the row errors), or when it would archive more than 20% of the open jobs (at least 10) ' +
    'without "confirmLargeArchive": true (409 archive_confirmation_required).',
  tags: ['agency'],
  access: 'agency',
  scope: 'jobs:write',
  body: jobsSyncRequestSchema,
  bodyLimit: FEED_BODY_LIMIT,
  responses: { 200: feedSummarySchema, 409: problemSchema, 422: jobRejectedSchema },
  errors: { 409: ['archive_confirmation_required'], 422: ['sync_without_jobs', 'sync_rejected'] },
});

export const upsertJob = defineEndpoint({
  method: 'PUT',
  path: '/core/api/agency/jobs/:externalId',
  operationId: 'upsertJob',
  summary: 'Upsert one job (optionally with its facility)',
  description: 'A refused row answers 422 job_rejected with the summary and its row errors; nothing is written.',
  tags: ['agency'],
  access: 'agency',
  scope: 'jobs:write',
  params: externalIdParamsSchema,
  body: singleJobRequestSchema,
  responses: { 200: feedSummarySchema, 422: jobRejectedSchema },
  errors: { 422: ['job_rejected'] },
});

export const agencyJob = defineEndpoint({
  method: 'GET',
  path: '/core/api/agency/jobs/:externalId',
  operationId: 'agencyJob',
  summary: 'Read one job',
  tags: ['agency'],
  access: 'agency',
  scope: 'jobs:read',
  params: externalIdParamsSchema,
  responses: { 200: agencyJobSchema },
  errors: { 404: ['not_found'] },
});

export const closeJob = defineEndpoint({
  method: 'POST',
  path: '/core/api/agency/jobs/:externalId/close',
  operationId: 'closeJob',
  summary: 'Close (archive) a job',
  tags: ['agency'],
  access: 'agency',
  scope: 'jobs:write',
  params: externalIdParamsSchema,
  responses: { 200: z.object({ externalId: z.string(), result: z.enum(['archived', 'unchanged']) }) },
  errors: { 404: ['not_found'] },
});

export const agencyReferrals = defineEndpoint({
  method: 'GET',
  path: '/core/api/agency/referrals',
  operationId: 'agencyReferrals',
  summary: 'Referrals made by clinicians, oldest first',
  tags: ['agency'],
  access: 'agency',
  scope: 'read',
  query: cursorQuerySchema,
  responses: { 200: agencyReferralsResponseSchema },
});

export const agencyEvents = defineEndpoint({
  method: 'GET',
  path: '/core/api/agency/events',
  operationId: 'agencyEvents',
  summary: 'The event log (the events the webhooks deliver), oldest first: for catching up or reconciling',
  tags: ['agency'],
  access: 'agency',
  scope: 'read',
  query: eventCursorQuerySchema,
  responses: { 200: agencyEventsResponseSchema },
});

export const agencyDocuments = defineEndpoint({
  method: 'GET',
  path: '/core/api/agency/documents',
  operationId: 'agencyDocuments',
  summary: 'Credential documents uploaded by clinicians to their dropbox, oldest first',
  tags: ['agency'],
  access: 'agency',
  scope: 'read',
  query: cursorQuerySchema,
  responses: { 200: agencyDocumentsResponseSchema },
});

export const agencyDocumentFile = defineEndpoint({
  method: 'GET',
  path: '/core/api/agency/documents/:id/file',
  operationId: 'agencyDocumentFile',
  summary: 'The bytes of one uploaded document',
  tags: ['agency'],
  access: 'agency',
  scope: 'read',
  params: documentIdParamsSchema,
  responses: {
    200: fileResponse(
      'The document, as an attachment',
      'application/pdf',
      'image/*',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ),
  },
  errors: { 404: ['not_found'] },
});
