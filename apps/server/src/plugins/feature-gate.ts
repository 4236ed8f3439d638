import type { FeatureFlagName } from '@hcp/contracts';
import type { FastifyInstance } from 'fastify';
import type { FeatureFlags } from '@hcp/contracts';
import { AppError } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The feature flag this route belongs to: while it is off the route answers as if it did not exist. */
    featureFlag?: FeatureFlagName;
  }
}

/**
 * Feature flags hold on the server, not only in the web's menu: a route declaring `config.featureFlag` answers
 * the API's unknown-endpoint 404 while that flag is off, before authentication or its body are looked at.
 */
export function registerFeatureGate(api: FastifyInstance, flags: FeatureFlags): void {
  api.addHook('onRequest', async (request) => {
    const flag = request.routeOptions.config.featureFlag;
    if (flag && !flags[flag]) throw new AppError(404, 'not_found', 'No such API endpoint');
  });
}
