import type { AppContext } from './context.ts';
import { DropboxService } from './modules/clinician-record/dropbox/service.ts';
import { outboxWorker } from './modules/platform/outbox/worker.ts';
import { sweepOrphanFiles } from './modules/platform/stored-files/service.ts';

/**
 * Periodic housekeeping of one server process. Each task is idempotent, so several processes on one
 * database may run them side by side. Features add their tasks here.
 */
export function startBackgroundJobs(ctx: AppContext): () => void {
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, name: string, task: () => Promise<unknown>) => {
    const t = setInterval(() => {
      task().catch((err: unknown) => ctx.log.warn({ err, task: name }, 'background job failed'));
    }, ms);
    t.unref();
    timers.push(t);
  };
  every(10 * 60_000, 'rate-limit-prune', () => ctx.rateLimiter.prune());
  for (const task of backgroundTasks) every(task.everyMs, task.name, () => task.run(ctx));
  return () => timers.forEach(clearInterval);
}

export interface BackgroundTask {
  name: string;
  everyMs: number;
  run(ctx: AppContext): Promise<unknown>;
}

/** Tasks contributed by features (e.g. removing dropbox uploads never attached). */
export const backgroundTasks: BackgroundTask[] = [];
backgroundTasks.push({ name: 'dropbox-stale-uploads', everyMs: 60 * 60_000, run: (ctx) => new DropboxService(ctx).removeStaleUploads() });
// Mails and webhook calls: what is due, retries included (a database outage only fails passes until it ends).
backgroundTasks.push({ name: 'outbox-delivery', everyMs: 2_000, run: (ctx) => outboxWorker(ctx).deliverDue() });
backgroundTasks.push({ name: 'orphan-files-sweep', everyMs: 6 * 60 * 60_000, run: (ctx) => sweepOrphanFiles(ctx) });
