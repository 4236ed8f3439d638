import { documentsAndSignaturesSchema, policyDocumentQuerySchema, trsDocumentQuerySchema } from '@hcp/contracts';
import { caller } from '../../../plugins/auth.ts';
import type { ModuleRoutes } from '../../../context.ts';
import { sendPdf } from '../../../lib/send-pdf.ts';
import { DocumentService } from './service.ts';

export const documentRoutes: ModuleRoutes = (app, { ctx, guards }) => {
  const svc = new DocumentService(ctx);
  const tags = ['documents'];

  app.get(
    '/DocumentsAndSignatures/getDocumentsAndSignatures',
    {
      config: { featureFlag: 'DocumentsAndSignatures_IsEnabled' },
      schema: { tags, response: { 200: documentsAndSignaturesSchema } },
      preHandler: guards.requireAuth,
    },
    async (request) => svc.lists(caller(request).userId),
  );
  app.get(
    '/DocumentsAndSignatures/getTrsDocument',
    {
      config: { featureFlag: 'DocumentsAndSignatures_IsEnabled' },
      schema: { tags, querystring: trsDocumentQuerySchema },
      preHandler: guards.requireAuth,
    },
    async (request, reply) => {
      const doc = await svc.trsDocument(caller(request).userId, request.query.signatureTypeId);
      return sendPdf(reply, doc.bytes, doc.fileName);
    },
  );
  app.get(
    '/Document/getPolicyAndProcedureDocuments',
    { schema: { tags, querystring: policyDocumentQuerySchema }, preHandler: guards.requireAuth },
    async (request, reply) => {
      const doc = await svc.policy(request.query.documentName);
      return sendPdf(reply, doc.bytes, doc.fileName);
    },
  );
};
