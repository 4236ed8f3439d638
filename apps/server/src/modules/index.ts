import type { ModuleRoutes } from '../types.ts';
import { authRoutes } from './auth/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { referenceRoutes } from './reference/routes.ts';
import { userRoutes } from './users/routes.ts';
import { dropboxRoutes } from './dropbox/routes.ts';
import { referralRoutes } from './referral/routes.ts';
import { agencyRoutes } from './agency/routes.ts';

/** Every feature's routes, registered under /core/api. One line per feature. */
export const modules: ModuleRoutes[] = [healthRoutes, authRoutes, userRoutes, referenceRoutes, dropboxRoutes, referralRoutes, agencyRoutes];
