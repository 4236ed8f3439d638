import { certificationTypes } from '@hcp/contracts';
import * as endpoints from '@hcp/contracts/endpoints/certifications';
import { caller } from '../../../plugins/auth.ts';
import { registerEndpoint } from '../../../plugins/register-endpoint.ts';
import { sendStoredFile } from '../../../lib/send-pdf.ts';
import { streamedFile, uploadTempDir } from '../../../lib/streamed-upload.ts';
import type { ModuleRoutes } from '../../../context.ts';
import { CertificationService } from './service.ts';

export const applicationCertificationRoutes: ModuleRoutes = (app, { ctx }) => {
  const s = new CertificationService(ctx);

  registerEndpoint(app, endpoints.certificationTypes, async () => certificationTypes);
  registerEndpoint(app, endpoints.certifications, async (req) => s.list(caller(req).userId));
  registerEndpoint(
    app,
    endpoints.saveCertification,
    async (req) => ({ certId: await s.save(caller(req).userId, req.body, streamedFile(req)) }),
    { streamedFile: { field: ['file', 'content'], tmpDir: uploadTempDir(ctx.env.DATA_DIR) } },
  );
  registerEndpoint(app, endpoints.certificationFile, async (req, reply) => {
    const f = await s.file(caller(req).userId, req.params.certId);
    // Browsers show PDFs and images; Word files are downloaded, never rendered in the portal's origin.
    const inline = /^(application\/pdf|image\/)/.test(f.contentType);
    reply
      .type(f.contentType)
      .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${f.name}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header(
        'content-security-policy',
        "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
      );
    return sendStoredFile(reply, f.file);
  });
};
