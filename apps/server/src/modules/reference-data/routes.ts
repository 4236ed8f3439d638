import {
  featureFlagsSchema,
  leadSourcesResponseSchema,
  professionsResponseSchema,
  specialtiesResponseSchema,
} from '@hcp/contracts';
import type { AppContext } from '../../context.ts';
import type { ModuleRoutes } from '../../types.ts';
import { ReferenceService } from './service.ts';

let shared: WeakMap<object, ReferenceService> = new WeakMap();

/** One ReferenceService per app context, reachable by other modules (jobs search options use it). */
export function referenceService(ctx: AppContext): ReferenceService {
  let s = shared.get(ctx);
  if (!s) {
    s = new ReferenceService(ctx);
    shared.set(ctx, s);
  }
  return s;
}
export function resetReferenceServices() {
  shared = new WeakMap();
}

const publicCache = 'public, max-age=300';

export const referenceRoutes: ModuleRoutes = (app, { ctx }) => {
  const ref = referenceService(ctx);

  app.get(
    '/FeatureFlags',
    { schema: { tags: ['reference'], response: { 200: featureFlagsSchema } } },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return ctx.env.featureFlags;
    },
  );

  app.get(
    '/leadSources',
    { schema: { tags: ['reference'], response: { 200: leadSourcesResponseSchema } } },
    async (_req, reply) => {
      reply.header('cache-control', publicCache);
      return (await ref.get()).leadSources;
    },
  );

  app.get(
    '/Disciplines',
    { schema: { tags: ['reference'], response: { 200: professionsResponseSchema } } },
    async (_req, reply) => {
      reply.header('cache-control', publicCache);
      return (await ref.get()).professions;
    },
  );

  app.get(
    '/Specialty/getSpecialties',
    { schema: { tags: ['reference'], response: { 200: specialtiesResponseSchema } } },
    async (_req, reply) => {
      reply.header('cache-control', publicCache);
      return (await ref.get()).specialties;
    },
  );
};
