import type { AppContext } from '../../context.ts';
import { seedDemoUsers } from '../../modules/identity/index.ts';
import { demoSeeders } from '../../modules/index.ts';
import { seedJobs } from '../../modules/jobs/index.ts';
import { seedReference } from '../../modules/reference-data/index.ts';

export { seedDemoUsers, seedJobs, seedReference };

export interface SeedOptions {
  demo: boolean;
  jobs: number;
  randomSeed: number;
}

/**
 * Start-up data: the reference lists on every start; with demo data on, the generated jobs (when the table is
 * empty), the demo users and each module's demo content (modules/index.ts lists the seeders). Every module seeds
 * its own tables.
 */
export async function seed(ctx: AppContext, opts: SeedOptions): Promise<void> {
  const started = Date.now();
  await seedReference(ctx);
  if (!opts.demo) return;
  const jobCount = await seedJobs(ctx, opts.jobs, opts.randomSeed);
  const users = await seedDemoUsers(ctx);
  for (const s of demoSeeders) await s.run(ctx, users);
  ctx.log.info({ jobs: jobCount, ms: Date.now() - started }, 'seed complete');
}
