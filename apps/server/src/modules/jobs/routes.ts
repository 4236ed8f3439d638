import * as endpoints from '@hcp/contracts/endpoints/jobs';
import { sendAnswerBytes } from '../../lib/compression.ts';
import { caller } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import type { ModuleRoutes } from '../../context.ts';
import { jobsService } from './service.ts';

export const jobsRoutes: ModuleRoutes = (app, { ctx }) => {
  const jobs = jobsService(ctx);

  // Compressed once into the kept answer (about 110 KB of JSON), not again for every visitor.
  registerEndpoint(app, endpoints.searchOptions, async (request, reply) =>
    sendAnswerBytes(request, reply.header('cache-control', 'public, max-age=300'), await jobs.searchOptionsAnswer()),
  );

  registerEndpoint(
    app,
    endpoints.searchJobs,
    async (request, reply) => {
      const answer = await jobs.searchForUrl(request.url, request.query);
      // A kept answer is compressed once, into its bytes: the next request for this URL sends the same bytes.
      return sendAnswerBytes(request, reply.header('cache-control', 'public, max-age=60'), answer);
    },
    {
      // A URL answered before is served from its bytes before validation (same URL, same answer).
      onRequest: async (request, reply) => {
        const hit = jobs.cachedByUrl(request.url);
        if (hit === undefined) return;
        return sendAnswerBytes(request, reply.header('cache-control', 'public, max-age=60'), hit);
      },
    },
  );

  registerEndpoint(app, endpoints.jobDetails, async (request, reply) => {
    const n = Number(request.query.jobId);
    const id = Number.isSafeInteger(n) && n <= 2_147_483_647 ? n : 0;
    const userId = request.auth?.userId ?? null;
    if (userId) {
      reply.header('cache-control', 'no-store');
      return jobs.details(id, userId);
    }
    // Anonymous details are the same for everyone: answered from bytes kept per job.
    return sendAnswerBytes(request, reply, await jobs.anonymousDetails(id));
  });

  registerEndpoint(app, endpoints.updateFavorite, async (request) =>
    jobs.updateFavorite(caller(request).userId, request.body.jobId, request.body.isFavorited),
  );

  registerEndpoint(app, endpoints.favoriteJobs, async (request) => jobs.favorites(caller(request).userId));
};
