import * as endpoints from '@hcp/contracts/endpoints/health';
import { registerEndpoint } from '../../../plugins/register-endpoint.ts';
import type { PlatformRoutes } from '../platform-context.ts';

export const healthRoutes: PlatformRoutes = (app, { ctx }) => {
  /** Liveness: the process answers (no database call, so an outage does not get it restarted). */
  registerEndpoint(app, endpoints.healthLive, async () => ({ status: 'ok' as const }));
  /** Readiness: the database answers and has every migration this code ships with. */
  registerEndpoint(app, endpoints.healthReady, async (_req, reply) => {
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
  });
};
