/**
 * Jobs: facilities, job postings and favorites. The search (an in-memory index refreshed when jobs change), job
 * details, favorites, the agency's jobs feed (the only way jobs change after the seed) and the generated demo jobs.
 */
export { jobsRoutes } from './routes.ts';
export { jobsDemoSeeder } from './demo-seeder.ts';
export { seedJobs } from './seed/seed-jobs.ts';
export { closeJob, FeedRefused, importAllOrNothing, importFeed, type Feed, type ImportOptions } from './feed/feed.ts';

// Job changes, for what keeps pages that show jobs.
export { onJobsChange } from './changes.ts';

// Reads other modules make (applying for a job, the agency's job call).
export { jobState } from './repository.ts';
export { jobWithFacility } from './feed/repository.ts';
