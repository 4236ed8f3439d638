import * as endpoints from '@hcp/contracts/endpoints/users';
import { notFound } from '../../../lib/errors.ts';
import { caller } from '../../../plugins/auth.ts';
import { registerEndpoint } from '../../../plugins/register-endpoint.ts';
import type { ModuleRoutes } from '../../../context.ts';
import * as repo from './repository.ts';

export const userRoutes: ModuleRoutes = (app, { ctx }) => {
  registerEndpoint(app, endpoints.userInfo, async (request) => {
    const row = await repo.userInfo(ctx.db, caller(request).userId);
    if (!row) throw notFound('User');
    return {
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      applicationComplete: row.applicationComplete,
      eligibleForSubmission: row.eligibleForSubmission,
      discipline: { id: row.professionId, name: row.professionName, isAllied: row.isAllied, webOrder: row.webOrder },
    };
  });
};
