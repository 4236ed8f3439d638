import { asc, eq } from 'drizzle-orm';
import type { DemoSeeder } from '../../context.ts';
import { favoriteJobs, jobs } from './schema.ts';

/** The demo clinician starts with two active favorites and one whose job has closed (so both tabs show). */
export const jobsDemoSeeder: DemoSeeder = {
  name: 'jobs',
  async run(ctx, { demoUserId }) {
    const existing = await ctx.db
      .select({ jobId: favoriteJobs.jobId })
      .from(favoriteJobs)
      .where(eq(favoriteJobs.userId, demoUserId))
      .limit(1);
    if (existing.length) return;
    const open = await ctx.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(eq(jobs.isAvailable, true))
      .orderBy(asc(jobs.id))
      .offset(10)
      .limit(2);
    const closed = await ctx.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(eq(jobs.isAvailable, false))
      .orderBy(asc(jobs.id))
      .limit(1);
    const rows = [...open, ...closed].map((j) => ({ userId: demoUserId, jobId: j.id }));
    if (rows.length) await ctx.db.insert(favoriteJobs).values(rows).onConflictDoNothing();
  },
};
