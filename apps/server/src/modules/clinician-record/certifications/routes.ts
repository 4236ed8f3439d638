import { z } from 'zod';
import {
  certIdResponseSchema,
  certificationTypes,
  certificationTypesResponseSchema,
  certificationsResponseSchema,
  idSchema,
  saveCertificationRequestSchema,
} from '@hcp/contracts';
import { caller } from '../../../plugins/auth.ts';
import type { ModuleRoutes } from '../../../context.ts';
import { CertificationService } from './service.ts';

/** Base64 of a 30 MB file is 40 MB; the JSON around it fits in 42 MB. Bigger bodies answer 413 before parsing. */
const UPLOAD_BODY_LIMIT = 42 * 1024 * 1024;

export const applicationCertificationRoutes: ModuleRoutes = (app, { ctx, guards }) => {
  const s = new CertificationService(ctx);
  // onRequest: refused before the body is read or validated (uploads are large).
  const auth = { onRequest: guards.requireAuth };
  const tags = ['application'];

  app.get(
    '/HcpCertification/hcpCertificationTypes',
    { schema: { tags, response: { 200: certificationTypesResponseSchema } }, ...auth },
    async () => certificationTypes,
  );
  app.get(
    '/HcpCertification/hcpCertifications',
    { schema: { tags, response: { 200: certificationsResponseSchema } }, ...auth },
    async (req) => s.list(caller(req).userId),
  );
  app.post(
    '/HcpCertification/saveCertification',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: { tags, body: saveCertificationRequestSchema, response: { 200: certIdResponseSchema } },
      ...auth,
    },
    async (req) => ({ certId: await s.save(caller(req).userId, req.body) }),
  );
  app.get(
    '/HcpCertification/getCertificationFile/:certId',
    { schema: { tags, params: z.object({ certId: idSchema }) }, ...auth },
    async (req, reply) => {
      const f = await s.file(caller(req).userId, req.params.certId);
      // Browsers show PDFs and images; Word files are downloaded, never rendered in the portal's origin.
      const inline = /^(application\/pdf|image\/)/.test(f.contentType);
      return reply
        .type(f.contentType)
        .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${f.name}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-security-policy',
          "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
        )
        .send(f.bytes);
    },
  );
};
