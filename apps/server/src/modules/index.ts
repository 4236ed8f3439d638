import type { ModuleRoutes } from '../types.ts';
import { authRoutes } from './auth/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { referenceRoutes } from './reference/routes.ts';
import { userRoutes } from './users/routes.ts';
import { applicationRoutes } from './application/routes.ts';
import { applicationFormRoutes } from './application-forms/routes.ts';
import { applicationEmploymentRoutes } from './application-employment/routes.ts';
import { applicationCertificationRoutes } from './application-certifications/routes.ts';
import { profileRoutes } from './profile/routes.ts';
import { referenceFormRoutes } from './reference-form/routes.ts';
import { jobsRoutes } from './jobs/routes.ts';
import { pipelineRoutes } from './pipeline/routes.ts';
import { contractRoutes } from './contracts/routes.ts';
import { documentRoutes } from './documents/routes.ts';
import { timesheetRoutes } from './timesheets/routes.ts';
import { dropboxRoutes } from './dropbox/routes.ts';
import { referralRoutes } from './referral/routes.ts';
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
