import * as endpoints from '@hcp/contracts/endpoints/referral';
import { caller } from '../../../plugins/auth.ts';
import { registerEndpoint } from '../../../plugins/register-endpoint.ts';
import type { ModuleRoutes } from '../../../context.ts';
import { ReferralService } from './service.ts';

export const referralRoutes: ModuleRoutes = (app, { ctx }) => {
  const service = new ReferralService(ctx);
  registerEndpoint(app, endpoints.saveReferral, async (request) => ({
    ok: true,
    referralId: await service.save(caller(request).userId, request.body),
  }));
};
