import * as endpoints from '@hcp/contracts/endpoints/contracts';
import { clientInfo } from '../../../lib/client-info.ts';
import { sendPdf } from '../../../lib/send-pdf.ts';
import { caller } from '../../../plugins/auth.ts';
import { registerEndpoint } from '../../../plugins/register-endpoint.ts';
import type { ModuleRoutes } from '../../../context.ts';
import { ContractService } from './service.ts';

export const contractRoutes: ModuleRoutes = (app, { ctx }) => {
  const svc = new ContractService(ctx);

  registerEndpoint(app, endpoints.contractDocumentImages, async (request) =>
    svc.images(caller(request).userId, request.query),
  );

  registerEndpoint(app, endpoints.signedContractDocument, async (request, reply) => {
    const doc = await svc.signedDocument(caller(request).userId, request.query);
    return sendPdf(reply, doc.pdf, doc.fileName);
  });

  registerEndpoint(app, endpoints.signContract, async (request) =>
    svc.sign(caller(request).userId, request.query, clientInfo(request)),
  );
};
