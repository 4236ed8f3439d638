import { z } from 'zod';
import { badRequest } from '../../../lib/errors.ts';
import { addWebhook } from '../events/webhooks.ts';
import { EVENT_TYPES } from '../events/service.ts';
import { recentMail } from '../mail/repository.ts';
import type { PlatformRoutes } from '../platform-context.ts';

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
export const devRoutes: PlatformRoutes = (app, { ctx, guards }) => {
  const onRequest = guards.requireLocalDev;
  app.get(
    '/dev/outbox',
    {
      onRequest,
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

  // What `npm run ops -- webhooks:add` does, for the browser tests: their server holds the embedded database (one
  // process only), so the CLI cannot open it while they run. Loopback receivers only. (The agency module adds the
  // same for API keys.)
  app.post(
    '/dev/agency/webhooks',
    {
      onRequest,
      schema: {
        tags: ['dev'],
        body: z.object({ url: z.string().max(2000), events: z.array(z.enum(EVENT_TYPES)).optional() }),
        response: { 200: z.object({ id: z.number(), secret: z.string() }) },
      },
    },
    async (request) => {
      let host: string;
      try {
        host = new URL(request.body.url).hostname;
      } catch {
        throw badRequest('Not a URL', 'url');
      }
      if (!['127.0.0.1', 'localhost', '[::1]'].includes(host))
        throw badRequest('Only loopback receivers can be registered here; use the command line', 'url');
      try {
        return await addWebhook(ctx, request.body.url, request.body.events ?? null);
      } catch (e) {
        throw badRequest((e as Error).message, 'url');
      }
    },
  );
};
