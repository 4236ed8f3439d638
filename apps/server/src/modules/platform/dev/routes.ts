import * as endpoints from '@hcp/contracts/endpoints/dev';
import { badRequest } from '../../../lib/errors.ts';
import { registerEndpoint } from '../../../plugins/register-endpoint.ts';
import { addWebhook } from '../events/webhooks.ts';
import { recentMail } from '../mail/repository.ts';
import type { PlatformRoutes } from '../platform-context.ts';

/**
 * The mail outbox for local demos and tests (/dev/outbox in the web app). Registered only when
 * DEV_OUTBOX is on: by default when no SMTP server is set and the server listens on loopback.
 */
export const devRoutes: PlatformRoutes = (app, { ctx }) => {
  registerEndpoint(app, endpoints.devOutbox, async (request) => {
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
  });

  // What `npm run ops -- webhooks:add` does, for the browser tests: their server holds the embedded database (one
  // process only), so the CLI cannot open it while they run. Loopback receivers only. (The agency module adds the
  // same for API keys.)
  registerEndpoint(app, endpoints.devAddWebhook, async (request) => {
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
  });
};
