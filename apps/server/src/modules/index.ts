import type { ModuleRoutes } from '../types.ts';
import { authRoutes } from './identity/auth/routes.ts';
import { healthRoutes } from './platform/health/routes.ts';
import { referenceRoutes } from './reference-data/routes.ts';
import { userRoutes } from './identity/users/routes.ts';
import { applicationRoutes } from './clinician-record/application/routes.ts';
import { applicationFormRoutes } from './clinician-record/application-forms/routes.ts';
import { applicationEmploymentRoutes } from './clinician-record/employment/routes.ts';
import { applicationCertificationRoutes } from './clinician-record/certifications/routes.ts';
import { profileRoutes } from './clinician-record/profile/routes.ts';
import { referenceFormRoutes } from './clinician-record/references/routes.ts';
import { jobsRoutes } from './jobs/routes.ts';
import { pipelineRoutes } from './placements/pipeline/routes.ts';
import { contractRoutes } from './placements/contracts/routes.ts';
import { documentRoutes } from './placements/documents/routes.ts';
import { timesheetRoutes } from './placements/timesheets/routes.ts';
import { dropboxRoutes } from './clinician-record/dropbox/routes.ts';
import { referralRoutes } from './clinician-record/referral/routes.ts';
import { agencyRoutes } from './agency/routes.ts';

/** Every feature's routes, registered under /core/api. One line per feature. */
export const modules: ModuleRoutes[] = [
  healthRoutes,
  authRoutes,
  userRoutes,
  referenceRoutes,
  jobsRoutes,
  applicationRoutes,
  applicationFormRoutes,
  applicationEmploymentRoutes,
  applicationCertificationRoutes,
  profileRoutes,
  referenceFormRoutes,
  pipelineRoutes,
  contractRoutes,
  documentRoutes,
  timesheetRoutes,
  dropboxRoutes,
  referralRoutes,
  agencyRoutes,
];
