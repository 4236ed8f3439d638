import type { AppContext, BackgroundTask } from './context.ts';
import { moduleTasks, ownedFileAreas } from './modules/index.ts';
import { outboxWorker, sweepOrphanFiles } from './modules/platform/index.ts';

/**
 * Periodic housekeeping of one server process: the one periodic runner. Each task is idempotent, so several
 * processes on one database may run them side by side. Modules add their tasks through modules/index.ts.
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

const backgroundTasks: BackgroundTask[] = [
  // Uploads never attached (the clinician record's).
  ...moduleTasks,
  // Mails and webhook calls: what is due, retries included (a database outage only fails passes until it ends).
  { name: 'outbox-delivery', everyMs: 2_000, run: (ctx) => outboxWorker(ctx).deliverDue() },
  { name: 'orphan-files-sweep', everyMs: 6 * 60 * 60_000, run: (ctx) => sweepOrphanFiles(ctx, ownedFileAreas) },
];
