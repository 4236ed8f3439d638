import * as endpoints from '@hcp/contracts/endpoints/reference-data';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import type { ModuleRoutes } from '../../context.ts';
import { referenceService } from './service.ts';

const publicCache = 'public, max-age=300';

export const referenceRoutes: ModuleRoutes = (app, { ctx }) => {
  const ref = referenceService(ctx);

  registerEndpoint(app, endpoints.featureFlags, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return ctx.env.featureFlags;
  });

  registerEndpoint(app, endpoints.leadSources, async (_req, reply) => {
    reply.header('cache-control', publicCache);
    return (await ref.get()).leadSources;
  });

  registerEndpoint(app, endpoints.disciplines, async (_req, reply) => {
    reply.header('cache-control', publicCache);
    return (await ref.get()).professions;
  });

  registerEndpoint(app, endpoints.specialties, async (_req, reply) => {
    reply.header('cache-control', publicCache);
    return (await ref.get()).specialties;
  });
};
