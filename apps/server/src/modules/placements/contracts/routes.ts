import {
  contractDocumentQuerySchema,
  contractImagesResponseSchema,
  eSignQuerySchema,
  eSignResponseSchema,
} from '@hcp/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { clientInfo } from '../../../lib/client-info.ts';
import { caller } from '../../../plugins/auth.ts';
import type { ModuleRoutes } from '../../../types.ts';
import { ContractService } from './service.ts';

/** Serves a generated PDF inline with a safe file name. */
export function sendPdf(
  reply: FastifyReply,
  bytes: Uint8Array,
  fileName: string,
  disposition: 'inline' | 'attachment' = 'inline',
) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `${disposition}; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(bytes));
}

export const contractRoutes: ModuleRoutes = (app, { ctx, guards }) => {
  const svc = new ContractService(ctx);
  const tags = ['contracts'];

  app.get(
    '/Contract/getContractDocumentImages',
    {
      schema: { tags, querystring: contractDocumentQuerySchema, response: { 200: contractImagesResponseSchema } },
      preHandler: guards.requireAuth,
    },
    async (request) => svc.images(caller(request).userId, request.query),
  );

  app.get(
    '/Contract/getSignedContractDocument',
    { schema: { tags, querystring: contractDocumentQuerySchema }, preHandler: guards.requireAuth },
    async (request, reply) => {
      const doc = await svc.signedDocument(caller(request).userId, request.query);
      return sendPdf(reply, doc.bytes, doc.fileName);
    },
  );

  app.post(
    '/Document/eSignDocument',
    {
      schema: {
        tags,
        querystring: eSignQuerySchema,
        body: z.unknown().optional(),
        response: { 200: eSignResponseSchema },
      },
      preHandler: guards.requireAuth,
    },
    async (request) => svc.sign(caller(request).userId, request.query, clientInfo(request)),
  );
};
