/**
 * Placements: what happens after a clinician applies. Submissions and offers, contracts with their e-signing and
 * audit rows (and the e-documents page that lists them with the signed TRS documents), assignments, and the pay
 * periods with their shifts (timesheets). The agency moves placements along through PlacementService (its API and
 * the operator's CLI); mails to the clinician are queued in the same transaction.
 */
import type { OwnedFileArea } from '../platform/index.ts';
import * as contractsRepo from './contracts/repository.ts';
import { SIGNED_CONTRACT_AREA } from './contracts/service.ts';

export { pipelineRoutes } from './pipeline/routes.ts';
export { contractRoutes } from './contracts/routes.ts';
export { documentRoutes } from './documents/routes.ts';
export { timesheetRoutes } from './timesheets/routes.ts';
export { pipelineDemoSeeder } from './pipeline/demo-seeder.ts';

export { PlacementService } from './pipeline/placement-service.ts';
export { TimesheetService } from './timesheets/service.ts';

/** Signed contract PDFs belong to their contract rows (the orphan-file sweep asks which are still named). */
export const placementFileAreas: OwnedFileArea[] = [
  { area: SIGNED_CONTRACT_AREA, referenced: contractsRepo.referencedKeys },
];
