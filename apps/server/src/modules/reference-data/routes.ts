import {
  featureFlagsSchema,
  leadSourcesResponseSchema,
  professionsResponseSchema,
  specialtiesResponseSchema,
} from '@hcp/contracts';
import type { ModuleRoutes } from '../../context.ts';
import { referenceService } from './service.ts';

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
