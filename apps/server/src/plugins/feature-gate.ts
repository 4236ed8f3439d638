import type { FastifyInstance } from 'fastify';
import type { FeatureFlags } from '@hcp/contracts';
import { AppError } from '../lib/errors.ts';

/**
 * Feature flags hold on the server, not only in the web's menu: a route declaring `config.featureFlag` (types.ts) answers
 * the API's unknown-endpoint 404 while that flag is off, before authentication or its body are looked at.
 */
export function registerFeatureGate(api: FastifyInstance, flags: FeatureFlags): void {
  api.addHook('onRequest', async (request) => {
    const flag = request.routeOptions.config.featureFlag;
    if (flag && !flags[flag]) throw new AppError(404, 'not_found', 'No such API endpoint');
  });
}
