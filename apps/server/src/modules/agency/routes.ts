import * as endpoints from '@hcp/contracts/endpoints/agency';
import { devCreateAgencyKey } from '@hcp/contracts/endpoints/dev';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../lib/errors.ts';
import { mimeOf } from '../../lib/file-types.ts';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
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
import { sendStoredFile } from '../../lib/send-pdf.ts';
import type { ModuleRoutes } from '../../context.ts';
import { createApiKey } from './keys.ts';
import { registerPipelineRoutes } from './pipeline-routes.ts';

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
 * The agency API under /core/api/agency: every call needs an agency API key holding the endpoint's scope (the
 * guards of `access: 'agency'`; clinician tokens never pass here, and the clinician guard never accepts agency keys).
 */
export const agencyRoutes: ModuleRoutes = async (app, { ctx }) => {
  const importOrRefuse = (request: FastifyRequest, reply: FastifyReply, feed: Feed, opts: ImportOptions) =>
    importFeedAnswer(ctx, request, reply, feed, opts);

  registerEndpoint(app, endpoints.importJobs, async (request, reply) =>
    importOrRefuse(request, reply, request.body, {}),
  );

  registerEndpoint(app, endpoints.syncJobs, async (request, reply) => {
    const { confirmLargeArchive, ...feed } = request.body;
    return importOrRefuse(request, reply, feed, { sync: true, confirmLargeArchive });
  });

  registerEndpoint(app, endpoints.upsertJob, async (request, reply) => {
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
      code: 'job_rejected' as const,
      message: `The job was not saved: ${first.field} ${first.message}`,
      requestId: request.id,
      ...summary,
    };
  });

  registerEndpoint(app, endpoints.agencyJob, async (request) => {
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
  });

  registerEndpoint(app, endpoints.closeJob, async (request) => {
    const result = await closeJob(ctx, request.params.externalId);
    if (!result) throw notFound('Job');
    return { externalId: request.params.externalId, result };
  });

  registerEndpoint(app, endpoints.agencyReferrals, async (request) => {
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
  });

  registerEndpoint(app, endpoints.agencyEvents, async (request) => {
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
  });

  registerEndpoint(app, endpoints.agencyDocuments, async (request) => {
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
  });

  registerEndpoint(app, endpoints.agencyDocumentFile, async (request, reply) => {
    const doc = await dropboxDocumentFile(ctx.db, request.params.id);
    const file = doc ? await ctx.storage.getStream(doc.storageKey) : null;
    if (!doc || !file) throw notFound('Document');
    const base =
      doc.title
        .replace(/[^A-Za-z0-9 ._-]+/g, '')
        .trim()
        .slice(0, 80) || 'document';
    reply.header('content-type', mimeOf(doc.kind));
    reply.header('content-disposition', `attachment; filename="${base}.${doc.kind}"`);
    reply.header('cache-control', 'no-store');
    return sendStoredFile(reply, file);
  });

  registerPipelineRoutes(app, ctx);

  // What `npm run ops -- keys:create` does, for the browser tests: their server holds the embedded database (one
  // process only), so the CLI cannot open it while they run. Registered only with the dev outbox (local dev).
  if (ctx.env.DEV_OUTBOX)
    registerEndpoint(app, devCreateAgencyKey, async (request) =>
      createApiKey(ctx.db, request.body.name, [...new Set(request.body.scopes)]),
    );
};
