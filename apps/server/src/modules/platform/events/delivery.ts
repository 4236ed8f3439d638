import { sql } from 'drizzle-orm';
import { decryptField } from '../../../lib/crypto.ts';
import type { OutboxSender } from '../outbox/sender.ts';
import * as repo from './repository.ts';
import { signPayload } from './webhooks.ts';
import { WEBHOOK_SIGNATURE_HEADER } from '@hcp/contracts';

/** A receiver has this long to answer. */
const TIMEOUT_MS = 10_000;

/**
 * Sends an outbox row of kind 'webhook': the event named by the payload, signed, to the endpoint named
 * by it. Rows of a disabled endpoint wait (they are not claimed) until it is enabled again. Redirects
 * are not followed (a 3xx is a failed attempt). The receiver deduplicates on x-hcp-event-id.
 */
export const webhookSender: OutboxSender = {
  kind: 'webhook',
  ready: sql`exists (select 1 from webhook_endpoints e where e.id = (o.payload ->> 'endpointId')::int and e.active)`,
  async send(ctx, item) {
    const eventId = Number(item.payload.eventId);
    const endpointId = Number(item.payload.endpointId);
    const event = await repo.findEvent(ctx.db, eventId);
    const endpoint = await repo.findEndpoint(ctx.db, endpointId);
    if (!event || !endpoint) return { ok: false, error: 'event or endpoint missing', permanent: true };
    const body = JSON.stringify({
      id: event.id,
      type: event.type,
      occurredAt: event.createdAt.toISOString(),
      userId: event.userId,
      data: event.payload,
    });
    const t = Math.floor(ctx.now().getTime() / 1000);
    try {
      const secret = decryptField(ctx.secrets.dataKey, endpoint.secretEnc);
      const res = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'hcp-portal-webhooks/1',
          'x-hcp-event-id': String(event.id),
          'x-hcp-event-type': event.type,
          'x-hcp-delivery-id': String(item.id),
          'x-hcp-delivery-attempt': String(item.attempts),
          [WEBHOOK_SIGNATURE_HEADER]: signPayload(secret, body, t),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await res.body?.cancel().catch(() => {});
      if (res.status >= 200 && res.status < 300) return { ok: true, statusCode: res.status };
      return { ok: false, error: `HTTP ${res.status}`, statusCode: res.status };
    } catch (e) {
      // fetch says only "fetch failed"; the cause names what went wrong (ECONNREFUSED, ENOTFOUND, ...).
      const cause = (e as { cause?: { code?: unknown } }).cause?.code;
      const text = e instanceof Error ? `${e.name}: ${e.message}` : 'request failed';
      return { ok: false, error: typeof cause === 'string' ? `${text} (${cause})` : text };
    }
  },
  async describe(ctx, rows) {
    const types = await repo.eventTypes(
      ctx.db,
      rows.map((r) => Number(r.payload.eventId)),
    );
    return new Map(
      rows.map((r) => [
        r.id,
        `event=${String(r.payload.eventId)} ${types.get(Number(r.payload.eventId)) ?? '(removed)'}  webhook=${String(r.payload.endpointId)}`,
      ]),
    );
  },
};
