import {
  AGENCY_SCOPES,
  agencyDocumentsResponseSchema,
  agencyEventsResponseSchema,
  agencyJobSchema,
  agencyReferralsResponseSchema,
  cursorQuerySchema,
  eventCursorQuerySchema,
  documentIdParamsSchema,
  externalIdParamsSchema,
  feedSummarySchema,
  jobRejectedSchema,
  jobsFeedRequestSchema,
  jobsSyncRequestSchema,
  problemSchema,
  singleJobRequestSchema,
  agencyScopeAllows,
  type AgencyScope,
} from '@hcp/contracts';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, notFound, unauthorized } from '../../lib/errors.ts';
import { mimeOf } from '../../lib/file-types.ts';
import { dropboxDocumentFile, dropboxDocumentsAfter, referralsAfter } from '../clinician-record/index.ts';
import {
  closeJob,
  FeedRefused,
  importAllOrNothing,
  importFeed,
  jobWithFacility,
  type Feed,
  type ImportOptions,
} from '../jobs/index.ts';
import { eventsAfter } from '../platform/index.ts';
import type { ModuleRoutes } from '../../context.ts';
import { authenticateKey, createApiKey, presentedKey } from './keys.ts';
import { registerPipelineRoutes } from './pipeline-routes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    agencyKey: { id: string; scopes: AgencyScope[] } | null;
  }
}

const FEED_BODY_LIMIT = 25 * 1024 * 1024;
const security = [{ agencyKey: [] }];
const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };

function requireScope(scope: AgencyScope) {
  return async (request: FastifyRequest) => {
    if (!request.agencyKey) throw unauthorized('A valid agency API key is required');
    if (!agencyScopeAllows(request.agencyKey.scopes, scope))
      throw new AppError(403, 'insufficient_scope', `This API key lacks the '${scope}' scope`);
  };
}

/** A feed refused whole answers the problem shape with the summary (its row errors) beside it. */
async function importFeedAnswer(
  ctx: Parameters<ModuleRoutes>[1]['ctx'],
  request: FastifyRequest,
  reply: FastifyReply,
  feed: Feed,
  opts: ImportOptions,
) {
  try {
    return await importFeed(ctx, feed, opts);
  } catch (e) {
    if (!(e instanceof FeedRefused) || !e.summary) throw e;
    reply.status(e.status);
    return { status: e.status, code: e.code, message: e.message, requestId: request.id, ...e.summary };
  }
}

/**
 * The agency API under /core/api/agency, in its own scope: every call needs an agency API key
 * (clinician tokens never pass here, and the clinician guard never accepts agency keys).
 */
export const agencyRoutes: ModuleRoutes = async (parent, { ctx, guards }) => {
  await parent.register(
    async (instance) => {
      const app = instance.withTypeProvider<ZodTypeProvider>();
      app.decorateRequest('agencyKey', null);
      app.addHook('onRequest', async (request) => {
        request.agencyKey = await authenticateKey(ctx.db, presentedKey(request.headers), ctx.now());
        if (!request.agencyKey) throw unauthorized('A valid agency API key is required');
      });
      const importOrRefuse = (request: FastifyRequest, reply: FastifyReply, feed: Feed, opts: ImportOptions) =>
        importFeedAnswer(ctx, request, reply, feed, opts);
      const read = requireScope('read');
      const write = requireScope('write');
      // The job board's calls: open to the narrow jobs scopes too (they never answer clinician data).
      const jobsRead = requireScope('jobs:read');
      const jobsWrite = requireScope('jobs:write');
      const tags = ['agency'];

      app.post(
        '/jobs/batch',
        {
          bodyLimit: FEED_BODY_LIMIT,
          schema: {
            tags,
            security,
            summary: 'Upsert up to 5,000 facilities and 5,000 jobs in one transaction',
            body: jobsFeedRequestSchema,
            response: { 200: feedSummarySchema, ...errors },
          },
          preValidation: jobsWrite,
        },
        async (request, reply) => importOrRefuse(request, reply, request.body, {}),
      );

      app.post(
        '/jobs/sync',
        {
          bodyLimit: FEED_BODY_LIMIT,
          schema: {
            tags,
            security,
            summary:
              'Full-feed sync: upsert the feed and archive available jobs absent from it. Refused (nothing written) when ' +
              'it has no job rows (422 sync_without_jobs), when every job row is refused (422 sync_rejected, with the ' +
              'row errors), or when it would archive more than 20% of the open jobs (at least 10) without ' +
              '"confirmLargeArchive": true (409 archive_confirmation_required)',
            body: jobsSyncRequestSchema,
            response: { 200: feedSummarySchema, 409: problemSchema, 422: jobRejectedSchema, ...errors },
          },
          preValidation: jobsWrite,
        },
        async (request, reply) => {
          const { confirmLargeArchive, ...feed } = request.body;
          return importOrRefuse(request, reply, feed, { sync: true, confirmLargeArchive });
        },
      );

      app.put(
        '/jobs/:externalId',
        {
          schema: {
            tags,
            security,
            summary: 'Upsert one job (optionally with its facility)',
            params: externalIdParamsSchema,
            body: singleJobRequestSchema,
            response: { 200: feedSummarySchema, 422: jobRejectedSchema, ...errors },
          },
          preValidation: jobsWrite,
        },
        async (request, reply) => {
          const job = request.body.job as Record<string, unknown> | null;
          if (!job || typeof job !== 'object' || Array.isArray(job))
            throw new AppError(400, 'bad_request', 'job must be an object', [
              { field: 'job', message: 'Expected an object' },
            ]);
          if (job.externalId !== undefined && job.externalId !== request.params.externalId)
            throw new AppError(400, 'bad_request', 'job.externalId differs from the path', [
              { field: 'job.externalId', message: 'Must equal the path' },
            ]);
          const summary = await importAllOrNothing(ctx, {
            facilities: request.body.facility === undefined ? [] : [request.body.facility],
            jobs: [{ ...job, externalId: request.params.externalId }],
          });
          const [first] = summary.errors;
          if (!first) return summary;
          reply.status(422);
          return {
            status: 422,
            code: 'job_rejected',
            message: `The job was not saved: ${first.field} ${first.message}`,
            requestId: request.id,
            ...summary,
          };
        },
      );

      app.get(
        '/jobs/:externalId',
        {
          schema: {
            tags,
            security,
            summary: 'Read one job',
            params: externalIdParamsSchema,
            response: { 200: agencyJobSchema, ...errors },
          },
          preValidation: jobsRead,
        },
        async (request) => {
          const row = await jobWithFacility(ctx.db, request.params.externalId);
          if (!row) throw notFound('Job');
          const j = row.job;
          return {
            jobId: j.id,
            externalId: j.externalId,
            facilityExternalId: row.facilityExternalId,
            professionId: j.professionId,
            specialtyId: j.specialtyId,
            shift: j.shift,
            shiftCategory: j.shiftCategory,
            positions: j.availablePositions,
            durationWeeks: j.durationWeeks,
            startDate: j.startDate,
            isAvailable: j.isAvailable,
            hourlyRate: j.hourlyRate,
            grossWeeklyPay: j.grossWeeklyPay,
            updatedAt: j.updatedAt.toISOString(),
          };
        },
      );

      app.post(
        '/jobs/:externalId/close',
        {
          schema: {
            tags,
            security,
            summary: 'Close (archive) a job',
            params: externalIdParamsSchema,
            response: {
              200: z.object({ externalId: z.string(), result: z.enum(['archived', 'unchanged']) }),
              ...errors,
            },
          },
          preValidation: jobsWrite,
        },
        async (request) => {
          const result = await closeJob(ctx, request.params.externalId);
          if (!result) throw notFound('Job');
          return { externalId: request.params.externalId, result };
        },
      );

      app.get(
        '/referrals',
        {
          schema: {
            tags,
            security,
            summary: 'Referrals made by clinicians, oldest first',
            querystring: cursorQuerySchema,
            response: { 200: agencyReferralsResponseSchema, ...errors },
          },
          preValidation: read,
        },
        async (request) => {
          const { after, limit } = request.query;
          const rows = await referralsAfter(ctx.db, after, limit);
          return {
            items: rows.map((r) => ({
              id: r.id,
              referredBy: r.referredBy,
              firstName: r.firstName,
              lastName: r.lastName,
              phoneNumber: r.phone,
              professionId: r.professionId,
              specialtyId: r.specialtyId,
              createdAt: r.createdAt.toISOString(),
            })),
            nextAfter: rows.length === limit ? rows[rows.length - 1]!.id : null,
          };
        },
      );

      app.get(
        '/events',
        {
          schema: {
            tags,
            security,
            summary:
              'The event log (the same events the webhooks deliver), oldest first: for catching up or reconciling',
            querystring: eventCursorQuerySchema,
            response: { 200: agencyEventsResponseSchema, ...errors },
          },
          preValidation: read,
        },
        async (request) => {
          const { after, limit } = request.query;
          const rows = await eventsAfter(ctx.db, after, limit);
          return {
            items: rows.map((e) => ({
              id: e.id,
              type: e.type,
              occurredAt: e.createdAt.toISOString(),
              userId: e.userId,
              data: e.payload,
            })),
            nextAfter: rows.length === limit ? rows[rows.length - 1]!.id : null,
          };
        },
      );

      app.get(
        '/documents',
        {
          schema: {
            tags,
            security,
            summary: 'Credential documents uploaded by clinicians to their dropbox, oldest first',
            querystring: cursorQuerySchema,
            response: { 200: agencyDocumentsResponseSchema, ...errors },
          },
          preValidation: read,
        },
        async (request) => {
          const { after, limit } = request.query;
          const rows = await dropboxDocumentsAfter(ctx.db, after, limit);
          return {
            items: rows.map((d) => ({
              id: d.id,
              clinician: d.clinician,
              title: d.title,
              kind: d.kind,
              contentType: mimeOf(d.kind),
              sizeBytes: d.sizeBytes,
              addedAt: d.addedAt.toISOString(),
              fileUrl: `/core/api/agency/documents/${d.id}/file`,
            })),
            nextAfter: rows.length === limit ? rows[rows.length - 1]!.id : null,
          };
        },
      );

      app.get(
        '/documents/:id/file',
        {
          schema: { tags, security, summary: 'The bytes of one uploaded document', params: documentIdParamsSchema },
          preValidation: read,
        },
        async (request, reply) => {
          const doc = await dropboxDocumentFile(ctx.db, request.params.id);
          const bytes = doc ? await ctx.storage.get(doc.storageKey) : null;
          if (!doc || !bytes) throw notFound('Document');
          const base =
            doc.title
              .replace(/[^A-Za-z0-9 ._-]+/g, '')
              .trim()
              .slice(0, 80) || 'document';
          reply.header('content-type', mimeOf(doc.kind));
          reply.header('content-disposition', `attachment; filename="${base}.${doc.kind}"`);
          reply.header('cache-control', 'no-store');
          return reply.send(bytes);
        },
      );

      await registerPipelineRoutes(app, ctx, { read, write });
    },
    { prefix: '/agency' },
  );

  // What `npm run ops -- keys:create` does, for the browser tests: their server holds the embedded database (one
  // process only), so the CLI cannot open it while they run. Registered only with the dev outbox (local dev).
  if (ctx.env.DEV_OUTBOX) {
    parent.post(
      '/dev/agency/keys',
      {
        onRequest: guards.requireLocalDev,
        schema: {
          tags: ['dev'],
          body: z.object({ name: z.string().trim().min(1).max(100), scopes: z.array(z.enum(AGENCY_SCOPES)).min(1) }),
          response: { 200: z.object({ id: z.string(), key: z.string() }) },
        },
      },
      async (request) => createApiKey(ctx.db, request.body.name, [...new Set(request.body.scopes)]),
    );
  }
};
