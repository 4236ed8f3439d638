import { createHmac, randomBytes } from 'node:crypto';
import type { PlatformContext } from '../platform-context.ts';
import {
  countDeliveriesBy,
  listDeliveries,
  listDeliveriesByIds,
  requeueDeliveries,
  type OutboxStatus,
} from '../outbox/queue.ts';
import { encryptField, safeEqual } from '../../../lib/crypto.ts';
import * as repo from './repository.ts';
import { EVENT_TYPES } from './service.ts';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>` */
export function signPayload(secret: string, body: string, timestampSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}

/** Checks a signature header (receivers can use the same logic; docs/integration.md shows it). */
export function verifySignature(
  secret: string,
  body: string,
  header: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds || !parts.v1) return false;
  const expected = signPayload(secret, body, t).split('v1=')[1]!;
  return safeEqual(expected, parts.v1);
}

export function validateWebhookUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`Not a URL: ${url}`);
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new Error('The webhook URL must be http(s)');
  // Events carry clinicians' personal data: plain http only to a receiver on this machine.
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
  if (u.protocol === 'http:' && !loopback)
    throw new Error('The webhook URL must use https (http only for a receiver on this machine)');
  if (u.username || u.password) throw new Error('The webhook URL must not carry credentials');
  return u.toString();
}

export async function addWebhook(
  ctx: PlatformContext,
  url: string,
  eventTypes: string[] | null,
): Promise<{ id: number; secret: string }> {
  const clean = validateWebhookUrl(url);
  if (eventTypes)
    for (const t of eventTypes)
      if (!(EVENT_TYPES as readonly string[]).includes(t))
        throw new Error(`Unknown event type '${t}' (one of ${EVENT_TYPES.join(', ')})`);
  const secret = `whsec_${randomBytes(24).toString('hex')}`;
  const id = await repo.insertEndpoint(ctx.db, {
    url: clean,
    secretEnc: encryptField(ctx.secrets.dataKey, secret),
    eventTypes: eventTypes?.length ? eventTypes : null,
  });
  return { id, secret };
}

export async function listWebhooks(ctx: PlatformContext) {
  const rows = await repo.listEndpoints(ctx.db);
  const counts = await countDeliveriesBy(ctx.db, 'webhook', 'endpointId');
  return rows.map((r) => ({
    ...r,
    deliveries: Object.fromEntries(
      counts.filter((c) => Number(c.value) === r.id).map((c) => [c.status, c.n]),
    ) as Partial<Record<OutboxStatus, number>>,
  }));
}

/** Deactivates an endpoint; its pending deliveries stay (and resume if it is re-enabled). */
export async function setWebhookActive(ctx: PlatformContext, id: number, active: boolean): Promise<boolean> {
  return repo.setEndpointActive(ctx.db, id, active);
}

/** Webhook deliveries that ran out of attempts (dead letters), newest first. */
export async function listFailedDeliveries(ctx: PlatformContext, limit = 100) {
  const rows = await listDeliveries(ctx.db, { statuses: ['dead'], kind: 'webhook', limit });
  const typeOf = await repo.eventTypes(
    ctx.db,
    rows.map((r) => Number(r.payload.eventId)),
  );
  return rows.map((r) => ({
    id: r.id,
    eventId: Number(r.payload.eventId),
    type: typeOf.get(Number(r.payload.eventId)) ?? null,
    endpointId: Number(r.payload.endpointId),
    attempts: r.attempts,
    lastStatusCode: r.lastStatusCode,
    lastError: r.lastError,
    createdAt: r.createdAt,
  }));
}

/** Puts dead webhook deliveries (all, or the given ids, which may also be sent ones) back in the queue with fresh attempts. */
export async function replayDeliveries(ctx: PlatformContext, ids: number[] | 'all-failed'): Promise<number> {
  const queued =
    ids === 'all-failed'
      ? await requeueDeliveries(ctx.db, { all: true, kind: 'webhook' }, ['dead'], ctx.now())
      : await requeueDeliveries(ctx.db, { ids: await webhookIds(ctx, ids) }, ['dead', 'sent'], ctx.now());
  return queued.length;
}

/** The given outbox ids that are webhook deliveries (a mail is retried with outbox:retry, never re-sent once sent). */
async function webhookIds(ctx: PlatformContext, ids: number[]): Promise<number[]> {
  const rows = await listDeliveriesByIds(ctx.db, ids);
  return rows.filter((r) => r.kind === 'webhook').map((r) => r.id);
}
