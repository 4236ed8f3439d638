import type { BackgroundTask, DemoSeeder, ModuleRoutes } from '../context.ts';
import { agencyRoutes } from './agency/index.ts';
import {
  applicationCertificationRoutes,
  applicationDemoSeeder,
  applicationEmploymentRoutes,
  applicationFormRoutes,
  applicationRoutes,
  clinicianRecordFileAreas,
  clinicianRecordTasks,
  dropboxRoutes,
  profileRoutes,
  referenceFormDemoSeeder,
  referenceFormRoutes,
  referralRoutes,
} from './clinician-record/index.ts';
import { authRoutes, userRoutes } from './identity/index.ts';
import { jobsDemoSeeder, jobsRoutes } from './jobs/index.ts';
import {
  contractRoutes,
  documentRoutes,
  pipelineDemoSeeder,
  pipelineRoutes,
  placementFileAreas,
  timesheetRoutes,
} from './placements/index.ts';
import { healthRoutes, type OwnedFileArea } from './platform/index.ts';
import { referenceRoutes } from './reference-data/index.ts';

/**
 * What the modules plug into the app, gathered in this one place: app.ts registers the routes, db/seed runs the
 * demo seeders, jobs.ts runs the background tasks and sweeps the file areas. Module folders never import this file.
 */

/** Every module's routes, registered under /core/api. */
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

/** Demo content, in order, after the demo users exist (favorites, the complete application, references, placements). */
export const demoSeeders: DemoSeeder[] = [
  jobsDemoSeeder,
  applicationDemoSeeder,
  referenceFormDemoSeeder,
  pipelineDemoSeeder,
];

/** Periodic housekeeping the modules ask for (the platform's own tasks are added in jobs.ts). */
export const moduleTasks: BackgroundTask[] = [...clinicianRecordTasks];

/** Storage areas whose every file belongs to a module's row (the orphan-file sweep). */
export const ownedFileAreas: OwnedFileArea[] = [...clinicianRecordFileAreas, ...placementFileAreas];
