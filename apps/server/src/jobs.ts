import type { AppContext, BackgroundTask } from './context.ts';
import { moduleTasks, ownedFileAreas } from './modules/index.ts';
import { outboxWorker, sweepOrphanFiles } from './modules/platform/index.ts';

/**
 * Periodic housekeeping of one server process: the one periodic runner. Each task is idempotent. With several
 * processes on one PostgreSQL database, a pass of a task runs on one process at a time (an advisory lock: the
 * others skip that pass, as running it twice would only repeat the work or race on the same files), except the
 * outbox delivery, which every process runs (its claims are leased, so each row goes to one of them).
 */
export function startBackgroundJobs(ctx: AppContext): () => void {
  const timers: NodeJS.Timeout[] = [];
  for (const task of backgroundTasks) {
    const pass = task.everyNode
      ? () => task.run(ctx)
      : () => ctx.database.exclusive(`task:${task.name}`, () => task.run(ctx), { wait: false });
    const t = setInterval(() => {
      pass().catch((err: unknown) => ctx.log.warn({ err, task: task.name }, 'background job failed'));
    }, task.everyMs);
    t.unref();
    timers.push(t);
  }
  return () => timers.forEach(clearInterval);
}

const backgroundTasks: BackgroundTask[] = [
  // Rate-limit windows ended a day ago.
  { name: 'rate-limit-prune', everyMs: 10 * 60_000, run: (ctx) => ctx.rateLimiter.prune() },
  // Uploads never attached (the clinician record's).
  ...moduleTasks,
  // Mails and webhook calls: what is due, retries included (a database outage only fails passes until it ends).
  { name: 'outbox-delivery', everyMs: 2_000, everyNode: true, run: (ctx) => outboxWorker(ctx).deliverDue() },
  { name: 'orphan-files-sweep', everyMs: 6 * 60 * 60_000, run: (ctx) => sweepOrphanFiles(ctx, ownedFileAreas) },
];
