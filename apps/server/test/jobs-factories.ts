import { and, eq } from 'drizzle-orm';
import { jobs } from '../src/db/schema/index.ts';
import type { TestApp } from './build.ts';

/** Marks a job closed (archived) and tells the search cache. */
export async function closeJob(t: TestApp, jobId: number) {
  await t.ctx.db.update(jobs).set({ isAvailable: false }).where(eq(jobs.id, jobId));
  t.ctx.events.emit('jobs.changed');
}

/** Moves a job's start date (the start-application window takes it in). */
export async function setJobStart(t: TestApp, jobId: number, startDate: string) {
  await t.ctx.db.update(jobs).set({ startDate }).where(eq(jobs.id, jobId));
  t.ctx.events.emit('jobs.changed');
}

/** A job (available unless asked otherwise), of the given profession when one is named. */
export async function anyJob(t: TestApp, available = true, professionId?: number) {
  const [row] = await t.ctx.db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.isAvailable, available),
        professionId === undefined ? undefined : eq(jobs.professionId, professionId),
      ),
    )
    .limit(1);
  return row!;
}

export function isoDaysFromNow(days: number, now = new Date()) {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days));
  return d.toISOString().slice(0, 10);
}
