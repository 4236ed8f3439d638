import { userInfoSchema } from '@hcp/contracts';
import { notFound } from '../../../lib/errors.ts';
import { caller } from '../../../plugins/auth.ts';
import type { ModuleRoutes } from '../../../context.ts';
import * as repo from './repository.ts';

export const userRoutes: ModuleRoutes = (app, { ctx, guards }) => {
  app.get(
    '/HcpApiUser/userInfo',
    { schema: { tags: ['user'], response: { 200: userInfoSchema } }, preHandler: guards.requireAuth },
    async (request) => {
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
    },
  );
};
