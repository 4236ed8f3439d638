import {
  attachDocumentRequestSchema,
  deleteDropboxDocumentRequestSchema,
  documentAttachmentQuerySchema,
  DROPBOX_MAX_BYTES,
  dropboxItemSchema,
  dropboxItemsResponseSchema,
  okSchema,
  uploadDocumentRequestSchema,
  uploadDocumentResponseSchema,
} from '@hcp/contracts';
import { notFound } from '../../../lib/errors.ts';
import { caller } from '../../../plugins/auth.ts';
import type { ModuleRoutes } from '../../../context.ts';
import { DropboxService } from './service.ts';

/** Base64 of the largest accepted file, plus room for the JSON around it. */
const UPLOAD_BODY_LIMIT = Math.ceil((DROPBOX_MAX_BYTES * 4) / 3) + 64 * 1024;

export const dropboxRoutes: ModuleRoutes = (app, { ctx, guards }) => {
  const service = new DropboxService(ctx);
  /** The dropbox calls exist only while the credentials dropbox flag is on (like the page). */
  const flagOn = async () => {
    if (!ctx.env.featureFlags.CredentialsDropbox_IsEnabled) throw notFound('Endpoint');
  };

  app.post(
    '/Document/uploadDocument',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: { tags: ['dropbox'], body: uploadDocumentRequestSchema, response: { 200: uploadDocumentResponseSchema } },
      // onRequest: an anonymous caller is refused before a 40 MB body is read and parsed.
      onRequest: guards.requireAuth,
    },
    async (request) => service.upload(caller(request).userId, request.body),
  );

  app.post(
    '/HcpCredentialsDropbox/attachDocument',
    {
      config: { featureFlag: 'CredentialsDropbox_IsEnabled' },
      schema: { tags: ['dropbox'], body: attachDocumentRequestSchema, response: { 200: dropboxItemSchema } },
      preHandler: [flagOn, guards.requireAuth],
    },
    async (request) => {
      const b = request.body;
      return service.attach(caller(request).userId, (b.filepath ?? b.filePath)!, b.documentTitle);
    },
  );

  app.get(
    '/HcpCredentialsDropbox/getUploadedDropboxDocuments',
    {
      config: { featureFlag: 'CredentialsDropbox_IsEnabled' },
      schema: { tags: ['dropbox'], response: { 200: dropboxItemsResponseSchema } },
      preHandler: [flagOn, guards.requireAuth],
    },
    async (request) => ({ dropboxItems: await service.list(caller(request).userId) }),
  );

  app.post(
    '/HcpCredentialsDropbox/deleteDocument',
    {
      config: { featureFlag: 'CredentialsDropbox_IsEnabled' },
      schema: { tags: ['dropbox'], body: deleteDropboxDocumentRequestSchema, response: { 200: okSchema } },
      preHandler: [flagOn, guards.requireAuth],
    },
    async (request) => {
      await service.remove(caller(request).userId, request.body.hcpDropboxId);
      return { ok: true };
    },
  );

  app.get(
    '/Document/getDocumentAttachment',
    { schema: { tags: ['dropbox'], querystring: documentAttachmentQuerySchema }, preHandler: guards.requireAuth },
    async (request, reply) => {
      const f = await service.file(caller(request).userId, request.query.filePath);
      reply.header('cache-control', 'private, no-store');
      reply.header('content-type', f.mime);
      reply.header('content-disposition', `${f.inline ? 'inline' : 'attachment'}; filename="${f.fileName}"`);
      reply.header(
        'content-security-policy',
        "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
      );
      return reply.send(f.bytes);
    },
  );
};
