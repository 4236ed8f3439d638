import {
  favoriteJobsResponseSchema,
  jobDetailsQuerySchema,
  jobDetailsSchema,
  jobResultsSchema,
  jobSearchQuerySchema,
  searchOptionsSchema,
  updateFavoriteRequestSchema,
  updateFavoriteResponseSchema,
} from '@hcp/contracts';
import { pickEncoding } from '../../lib/compression.ts';
import { caller } from '../../plugins/auth.ts';
import type { ModuleRoutes } from '../../context.ts';
import { jobsService } from './service.ts';

const passThrough = (payload: unknown) => payload as string;

export const jobsRoutes: ModuleRoutes = (app, { ctx, guards }) => {
  const jobs = jobsService(ctx);

  app.get(
    '/jobsearch/SearchOptions',
    { schema: { tags: ['jobs'], response: { 200: searchOptionsSchema } } },
    async (_request, reply) => {
      const body = await jobs.searchOptionsJson();
      reply
        .header('cache-control', 'public, max-age=300')
        .type('application/json; charset=utf-8')
        .serializer(passThrough);
      return reply.send(body as never);
    },
  );

  app.get(
    '/jobsearch/jobs',
    {
      schema: { tags: ['jobs'], querystring: jobSearchQuerySchema, response: { 200: jobResultsSchema } },
      // A URL answered before is served from its bytes before validation (same URL, same answer).
      onRequest: async (request, reply) => {
        const hit = jobs.cachedByUrl(request.url);
        if (hit === undefined) return;
        const { bytes, encoding } = jobs.encoded(hit, pickEncoding(request.headers['accept-encoding']));
        reply
          .header('cache-control', 'public, max-age=60')
          .header('vary', 'accept-encoding')
          .type('application/json; charset=utf-8')
          .serializer(passThrough);
        if (encoding) reply.header('content-encoding', encoding);
        return reply.send(bytes as never);
      },
    },
    async (request, reply) => {
      const generation = jobs.currentGeneration;
      const body = await jobs.searchJson(request.query);
      jobs.rememberUrl(request.url, body, generation);
      reply
        .header('cache-control', 'public, max-age=60')
        .type('application/json; charset=utf-8')
        .serializer(passThrough);
      return reply.send(body as never);
    },
  );

  app.get(
    '/jobsearch/jobDetails',
    {
      schema: { tags: ['jobs'], querystring: jobDetailsQuerySchema, response: { 200: jobDetailsSchema } },
      preHandler: guards.optionalAuth,
    },
    async (request, reply) => {
      const n = Number(request.query.jobId);
      const id = Number.isSafeInteger(n) && n <= 2_147_483_647 ? n : 0;
      const userId = request.auth?.userId ?? null;
      if (userId) {
        reply.header('cache-control', 'no-store');
        return jobs.details(id, userId);
      }
      // Anonymous details are the same for everyone: answered from bytes kept per job.
      const { bytes, encoding } = jobs.encoded(
        await jobs.anonymousDetails(id),
        pickEncoding(request.headers['accept-encoding']),
      );
      reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8').serializer(passThrough);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(bytes as never);
    },
  );

  app.post(
    '/HcpFavoriteJobs/updateFavorite',
    {
      schema: { tags: ['jobs'], body: updateFavoriteRequestSchema, response: { 200: updateFavoriteResponseSchema } },
      preHandler: guards.requireAuth,
    },
    async (request) => jobs.updateFavorite(caller(request).userId, request.body.jobId, request.body.isFavorited),
  );

  app.get(
    '/hcpfavoritejobs/favoriteJobs',
    { schema: { tags: ['jobs'], response: { 200: favoriteJobsResponseSchema } }, preHandler: guards.requireAuth },
    async (request) => jobs.favorites(caller(request).userId),
  );
};
