import * as endpoints from '@hcp/contracts/endpoints/profile';
import { caller } from '../../../plugins/auth.ts';
import { registerEndpoint } from '../../../plugins/register-endpoint.ts';
import type { ModuleRoutes } from '../../../context.ts';
import { ApplicationFormsService } from '../application-forms/service.ts';
import { ProfileService } from './service.ts';

/** Profile (GET HcpProfileData/getProfile and the two additions) and the update of background questions. */
export const profileRoutes: ModuleRoutes = (app, { ctx }) => {
  const s = new ProfileService(ctx);
  const background = new ApplicationFormsService(ctx);

  registerEndpoint(app, endpoints.profile, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return s.getProfile(caller(req).userId);
  });
  registerEndpoint(app, endpoints.saveProfileEmployment, async (req) => ({
    employmentHistoryId: await s.saveEmploymentHistory(caller(req).userId, req.body),
  }));
  registerEndpoint(app, endpoints.saveProfileReference, async (req) => ({
    ok: true,
    referenceId: await s.saveReference(caller(req).userId, req.body),
  }));

  // Update background questions: the same answers (one row per clinician) as the application step.
  registerEndpoint(app, endpoints.profileBackgroundAnswers, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return background.getBackground(caller(req).userId);
  });
  registerEndpoint(app, endpoints.updateBackgroundAnswers, async (req) => {
    await background.saveBackground(caller(req).userId, req.body);
    return { ok: true };
  });
};
