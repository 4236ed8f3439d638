/**
 * The writes that move placements along the pipeline, without rules: the agency's calls reach them
 * through PlacementService (placement-service.ts), which checks each transition first; the demo seeder
 * and the test factories use them directly to create each state. Each lives in the repository of the
 * table it writes.
 */
export { createSubmission, extendOffer, pickJobs } from './repository.ts';
export { createContract, termsFromJob } from '../contracts/repository.ts';
export { addShift, createPayPeriods, setPeriodState } from '../timesheets/repository.ts';
