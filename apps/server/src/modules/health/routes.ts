import { z } from 'zod';
import type { ModuleRoutes } from '../../types.ts';

export const healthRoutes: ModuleRoutes = (app, { ctx }) => {
  app.get(
    '/health/live',
    { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({
      status: 'ok' as const,
    }),
  );
  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.string(), database: z.string() }),
          503: z.object({ status: z.string(), database: z.string() }),
        },
      },
    },
    async (_req, reply) => {
      const ok = await ctx.database.ping();
      return reply.status(ok ? 200 : 503).send({ status: ok ? 'ready' : 'unavailable', database: ctx.database.kind });
    },
  );
};
