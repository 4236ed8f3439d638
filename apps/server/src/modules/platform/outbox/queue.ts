import type { DbOrTx } from '../../../db/client.ts';
import * as repo from './repository.ts';

export type { OutboxStatus } from './repository.ts';

/**
 * Puts things to send in the outbox. Call it with the transaction of the change that causes them, so
 * they exist exactly when the change does (a rolled-back change sends nothing). A delivery whose
 * idempotency key is already queued (or sent) is not added again; answers the ids of those added.
 */
export function enqueueDeliveries(tx: DbOrTx, items: repo.NewDelivery[]): Promise<number[]> {
  return repo.insertDeliveries(tx, items);
}

/** Rows of the given statuses (of one kind when given), newest first. */
export function listDeliveries(
  db: DbOrTx,
  opts: { statuses: readonly repo.OutboxStatus[]; kind?: repo.OutboxKind; limit: number },
): Promise<repo.DeliveryRow[]> {
  return repo.listDeliveries(db, opts);
}

/** Counts of one kind grouped by a payload field and status (e.g. webhook deliveries per receiver). */
export function countDeliveriesBy(db: DbOrTx, kind: repo.OutboxKind, payloadField: string) {
  return repo.countByPayloadField(db, kind, payloadField);
}

/**
 * Queues rows again with fresh attempts, due now: the given ids (when their status is one of
 * `statuses`) or all rows of those statuses, of one kind when given. Answers the ids queued.
 */
export function requeueDeliveries(
  db: DbOrTx,
  target: { ids: number[] } | { all: true; kind?: repo.OutboxKind },
  statuses: readonly repo.OutboxStatus[],
  now: Date,
): Promise<number[]> {
  return repo.requeue(db, target, statuses, now);
}

export function listDeliveriesByIds(db: DbOrTx, ids: number[]): Promise<repo.DeliveryRow[]> {
  return repo.findDeliveries(db, ids);
}
