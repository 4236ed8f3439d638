import { z } from 'zod';
import type { PlatformRoutes } from '../platform-context.ts';

const readySchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
  databaseReachable: z.boolean(),
  migrations: z.object({ applied: z.number(), expected: z.number(), latest: z.string().nullable() }).nullable(),
});

export const healthRoutes: PlatformRoutes = (app, { ctx }) => {
  /** Liveness: the process answers (no database call, so an outage does not get it restarted). */
  app.get(
    '/health/live',
    { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({
      status: 'ok' as const,
    }),
  );
  /** Readiness: the database answers and has every migration this code ships with. */
  app.get(
    '/health/ready',
    { schema: { tags: ['health'], response: { 200: readySchema, 503: readySchema } } },
    async (_req, reply) => {
      const reachable = await ctx.database.ping();
      const migrations = reachable ? await ctx.database.migrations() : null;
      const ok = reachable && !!migrations && migrations.applied === migrations.expected;
      if (!ok) reply.header('retry-after', '5');
      return reply.status(ok ? 200 : 503).send({
        status: ok ? 'ready' : 'unavailable',
        database: ctx.database.kind,
        databaseReachable: reachable && !!migrations,
        migrations,
      });
    },
  );
};
