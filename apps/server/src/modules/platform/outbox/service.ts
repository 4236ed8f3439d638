import type { PlatformContext } from '../platform-context.ts';
import * as repo from './repository.ts';
import { outboxSenders } from './senders.ts';

export interface OutboxListItem {
  id: number;
  kind: repo.OutboxKind;
  status: repo.OutboxStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  /** What it is, in one line (never a message body, link or secret). */
  what: string;
}

/** The operator's view (npm run ops -- outbox:list): rows of the given statuses, newest first. */
export async function listOutbox(
  ctx: PlatformContext,
  opts: { statuses: readonly repo.OutboxStatus[]; kind?: repo.OutboxKind; limit: number },
): Promise<OutboxListItem[]> {
  const rows = await repo.listDeliveries(ctx.db, opts);
  const what = new Map<number, string>();
  for (const sender of outboxSenders) {
    const mine = rows.filter((r) => r.kind === sender.kind);
    if (mine.length && sender.describe) for (const [id, text] of await sender.describe(ctx, mine)) what.set(id, text);
  }
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as repo.OutboxKind,
    status: r.status as repo.OutboxStatus,
    attempts: r.attempts,
    nextAttemptAt: r.nextAttemptAt,
    lastStatusCode: r.lastStatusCode,
    lastError: r.lastError,
    createdAt: r.createdAt,
    sentAt: r.sentAt,
    what: what.get(r.id) ?? r.kind,
  }));
}

export function outboxCounts(ctx: PlatformContext): Promise<repo.DeliveryCounts[]> {
  return repo.countDeliveries(ctx.db);
}

/**
 * Sends dead letters (and pending rows waiting for a retry) again: fresh attempts, due now. Sent rows
 * are never re-sent this way. Answers the ids queued, in the order given.
 */
export async function retryDeliveries(
  ctx: PlatformContext,
  target: { ids: number[] } | { all: true; kind?: repo.OutboxKind },
): Promise<number[]> {
  if ('ids' in target) return repo.requeue(ctx.db, target, ['dead', 'pending'], ctx.now());
  return repo.requeue(ctx.db, target, ['dead'], ctx.now());
}
