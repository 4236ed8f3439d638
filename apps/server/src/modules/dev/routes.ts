import { z } from 'zod';
import { recentMail } from '../mail/repository.ts';
import type { ModuleRoutes } from '../../types.ts';

const mailSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  kind: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

/**
 * The mail outbox for local demos and tests (/dev/outbox in the web app). Registered only when
 * DEV_OUTBOX is on: by default when no SMTP server is set and the server listens on loopback.
 */
export const devRoutes: ModuleRoutes = (app, { ctx }) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        querystring: z.object({
          to: z.string().max(254).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: z.array(mailSchema) },
      },
    },
    async (request) => {
      const rows = await recentMail(ctx.db, request.query.to, request.query.limit);
      return rows.map((r) => ({
        id: r.id,
        to: r.toAddress,
        subject: r.subject,
        text: r.textBody,
        html: r.htmlBody,
        kind: r.kind,
        createdAt: r.createdAt.toISOString(),
        sentAt: r.sentAt ? r.sentAt.toISOString() : null,
      }));
    },
  );
};
