/**
 * The platform: what every other module runs on. It owns the mail record, the one outbox of deliveries (mail and
 * webhook calls) with its worker, the event log and webhook receivers, the rate-limit counters, the stored-files
 * sweep, the change feed between server processes, and the health and dev routes. It imports no other module.
 */
export type { PlatformContext } from './platform-context.ts';

// Mail: queued in the caller's transaction, delivered by the outbox worker.
export { Mailer } from './mail/service.ts';
export { agencyName, deliverSoon, publicBase, queueNotice, type Recipient } from './mail/notices.ts';

// The outbox and its worker (the operator's CLI lists and retries deliveries).
export { OUTBOX_KINDS, OUTBOX_STATUSES, type OutboxKind, type OutboxStatus } from './outbox/repository.ts';
export { listOutbox, outboxCounts, retryDeliveries } from './outbox/service.ts';
export { outboxWorker } from './outbox/worker.ts';

// Events the agency hears about, and its webhook receivers.
export { EVENT_TYPES, eventsAfter, hasEvent, recordEvent } from './events/service.ts';
export {
  addWebhook,
  listFailedDeliveries,
  listWebhooks,
  replayDeliveries,
  setWebhookActive,
} from './events/webhooks.ts';

// Changes committed by any server process on one PostgreSQL database, heard by all (LISTEN/NOTIFY).
export { ChangeFeed } from './changes/feed.ts';

// Rate limits (documented in docs/security.md).
export { RateLimiter, type Hit } from './rate-limit/service.ts';

// Stored files no row references any more.
export { ORPHAN_GRACE_MS, sweepOrphanFiles, type OwnedFileArea } from './stored-files/sweep.ts';

// Routes.
export { healthRoutes } from './health/routes.ts';
export { devRoutes } from './dev/routes.ts';
