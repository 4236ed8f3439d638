import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';

/** The change feed's topic of job changes. */
export const JOBS_TOPIC = 'jobs';

/** What changed in the jobs table: the ids written, or nothing said (everything may have changed). */
export interface JobsChange {
  jobIds?: number[];
}

/**
 * A change of jobs, told in two steps. In the writing transaction, the other server processes are told (they hear
 * it once it commits, and nothing if it rolls back); after the commit, this process's own search takes it in.
 */
export function publishJobsChange(ctx: AppContext, tx: DbOrTx, change: JobsChange): Promise<void> {
  return ctx.changes.publish(tx, JOBS_TOPIC, change.jobIds ?? null);
}

export function applyJobsChange(ctx: AppContext, change: JobsChange): void {
  ctx.events.emit('jobs.changed', change);
}

/**
 * Calls `listener` after every change of jobs: one made through this process (after its commit) or one another
 * process committed (heard on the change feed). `null`: anything may have changed. Answers the unsubscribe.
 */
export function onJobsChange(ctx: AppContext, listener: (jobIds: number[] | null) => void): () => void {
  const here = (change?: JobsChange) => listener(change?.jobIds ?? null);
  ctx.events.on('jobs.changed', here);
  const elsewhere = ctx.changes.subscribe(JOBS_TOPIC, listener);
  return () => {
    ctx.events.off('jobs.changed', here);
    elsewhere();
  };
}
