import { count, eq } from 'drizzle-orm';
import { contracts } from '../schema.ts';
import type { DemoSeeder } from '../../../context.ts';
import { createDemoPlacements } from './demo-placements.ts';

/** Demo placements for demo.nurse@example.com (skipped when already there or when no jobs were generated). */
export const pipelineDemoSeeder: DemoSeeder = {
  name: 'pipeline',
  async run(ctx, { demoUserId }) {
    const [row] = await ctx.db.select({ n: count() }).from(contracts).where(eq(contracts.userId, demoUserId));
    if ((row?.n ?? 0) > 0) return;
    const done = await createDemoPlacements(ctx, demoUserId);
    if (!done) ctx.log.info('pipeline demo data skipped: not enough jobs');
  },
};
