import * as endpoints from '@hcp/contracts/endpoints/dropbox';
import { caller } from '../../../plugins/auth.ts';
import { registerEndpoint } from '../../../plugins/register-endpoint.ts';
import { sendStoredFile } from '../../../lib/send-pdf.ts';
import { streamedFile, uploadTempDir } from '../../../lib/streamed-upload.ts';
import type { ModuleRoutes } from '../../../context.ts';
import { DropboxService } from './service.ts';

export const dropboxRoutes: ModuleRoutes = (app, { ctx }) => {
  const service = new DropboxService(ctx);

  registerEndpoint(
    app,
    endpoints.uploadDocument,
    async (request) => service.upload(caller(request).userId, request.body, streamedFile(request)),
    { streamedFile: { field: ['file'], tmpDir: uploadTempDir(ctx.env.DATA_DIR) } },
  );

  registerEndpoint(app, endpoints.attachDocument, async (request) => {
    const b = request.body;
    return service.attach(caller(request).userId, (b.filepath ?? b.filePath)!, b.documentTitle);
  });

  registerEndpoint(app, endpoints.dropboxDocuments, async (request) => ({
    dropboxItems: await service.list(caller(request).userId),
  }));

  registerEndpoint(app, endpoints.deleteDropboxDocument, async (request) => {
    await service.remove(caller(request).userId, request.body.hcpDropboxId);
    return { ok: true };
  });

  registerEndpoint(app, endpoints.documentAttachment, async (request, reply) => {
    const f = await service.file(caller(request).userId, request.query.filePath);
    reply.header('cache-control', 'private, no-store');
    reply.header('content-type', f.mime);
    reply.header('content-disposition', `${f.inline ? 'inline' : 'attachment'}; filename="${f.fileName}"`);
    reply.header(
      'content-security-policy',
      "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
    );
    return sendStoredFile(reply, f.file);
  });
};
