import * as endpoints from '@hcp/contracts/endpoints/reference-form';
import type { FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../../plugins/register-endpoint.ts';
import type { ModuleRoutes } from '../../../context.ts';
import { ReferenceFormService } from './service.ts';

/**
 * The public Clinical & Professional Reference form: no login, identified only by the guid, rate
 * limited per IP (counted before the body is read, so malformed requests count too).
 */
export const referenceFormRoutes: ModuleRoutes = (app, { ctx }) => {
  const s = new ReferenceFormService(ctx);
  const limit = async (request: FastifyRequest) => {
    await ctx.rateLimiter.consume('publicReferencePerIp', request.ip);
  };

  // The reference giver has no account, so the mailed guid alone opens the form. The guid is redacted from logged
  // URLs (plugins/logger.ts) and the answer is never cached.
  registerEndpoint(
    app,
    endpoints.referenceAutofill,
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return s.autofill(req.query.guid);
    },
    { onRequest: limit },
  );

  registerEndpoint(
    app,
    endpoints.submitClinicalReference,
    async (req) => {
      await s.submit(req.body);
      return { ok: true };
    },
    { onRequest: limit },
  );
};
