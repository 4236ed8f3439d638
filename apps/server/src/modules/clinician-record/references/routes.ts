import {
  referenceAutofillRequestSchema,
  referenceAutofillSchema,
  referenceSubmissionResponseSchema,
  referenceSubmissionSchema,
} from '@hcp/contracts';
import type { FastifyRequest } from 'fastify';
import type { ModuleRoutes } from '../../../context.ts';
import { ReferenceFormService } from './service.ts';

/**
 * The public Clinical & Professional Reference form: no login, identified only by the guid, rate
 * limited per IP (counted before the body is read, so malformed requests count too).
 */
export const referenceFormRoutes: ModuleRoutes = (app, { ctx }) => {
  const s = new ReferenceFormService(ctx);
  const tags = ['reference-form'];
  const limit = async (request: FastifyRequest) => {
    await ctx.rateLimiter.consume('publicReferencePerIp', request.ip);
  };

  // The reference autofill: the reference giver has no account, so the mailed guid alone opens it (`GET HcpReferral/getReferralData?guid`).
  // The guid is redacted from logged URLs (plugins/logger.ts) and the answer is never cached.
  app.get(
    '/HcpReferral/getReferralData',
    {
      schema: { tags, querystring: referenceAutofillRequestSchema, response: { 200: referenceAutofillSchema } },
      onRequest: limit,
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return s.autofill(req.query.guid);
    },
  );

  app.post(
    '/HcpReferral/saveProfessionalClinicalReference',
    {
      schema: { tags, body: referenceSubmissionSchema, response: { 200: referenceSubmissionResponseSchema } },
      onRequest: limit,
      bodyLimit: 64 * 1024,
    },
    async (req) => {
      await s.submit(req.body);
      return { ok: true };
    },
  );
};
