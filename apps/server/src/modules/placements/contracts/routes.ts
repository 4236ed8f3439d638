import {
  contractDocumentQuerySchema,
  contractImagesResponseSchema,
  eSignQuerySchema,
  eSignResponseSchema,
} from '@hcp/contracts';
import { z } from 'zod';
import { clientInfo } from '../../../lib/client-info.ts';
import { sendPdf } from '../../../lib/send-pdf.ts';
import { caller } from '../../../plugins/auth.ts';
import type { ModuleRoutes } from '../../../context.ts';
import { ContractService } from './service.ts';

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
