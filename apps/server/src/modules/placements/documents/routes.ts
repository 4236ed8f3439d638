import * as endpoints from '@hcp/contracts/endpoints/documents';
import { caller } from '../../../plugins/auth.ts';
import { registerEndpoint } from '../../../plugins/register-endpoint.ts';
import type { ModuleRoutes } from '../../../context.ts';
import { sendPdf } from '../../../lib/send-pdf.ts';
import { DocumentService } from './service.ts';

export const documentRoutes: ModuleRoutes = (app, { ctx }) => {
  const svc = new DocumentService(ctx);

  registerEndpoint(app, endpoints.documentsAndSignatures, async (request) => svc.lists(caller(request).userId));
  registerEndpoint(app, endpoints.trsDocument, async (request, reply) => {
    const doc = await svc.trsDocument(caller(request).userId, request.query.signatureTypeId);
    return sendPdf(reply, doc.bytes, doc.fileName);
  });
  registerEndpoint(app, endpoints.policyDocument, async (request, reply) => {
    const doc = await svc.policy(request.query.documentName);
    return sendPdf(reply, doc.bytes, doc.fileName);
  });
};
