import { saveReferralRequestSchema, saveReferralResponseSchema } from '@hcp/contracts';
import { notFound } from '../../../lib/errors.ts';
import { caller } from '../../../plugins/auth.ts';
import type { ModuleRoutes } from '../../../context.ts';
import { ReferralService } from './service.ts';

export const referralRoutes: ModuleRoutes = (app, { ctx, guards }) => {
  const service = new ReferralService(ctx);
  app.post(
    '/HcpReferral/saveReferral',
    {
      config: { featureFlag: 'ReferAFriend_IsEnabled' },
      schema: { tags: ['referral'], body: saveReferralRequestSchema, response: { 200: saveReferralResponseSchema } },
      preHandler: [
        async () => {
          if (!ctx.env.featureFlags.ReferAFriend_IsEnabled) throw notFound('Endpoint');
        },
        guards.requireAuth,
      ],
    },
    async (request) => ({ ok: true, referralId: await service.save(caller(request).userId, request.body) }),
  );
};
