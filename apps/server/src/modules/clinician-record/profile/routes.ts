import {
  applicationOkSchema,
  backgroundAnswersSchema,
  employmentIdResponseSchema,
  employmentRecordSchema,
  profileSchema,
  saveProfileReferenceRequestSchema,
  saveProfileReferenceResponseSchema,
} from '@hcp/contracts';
import { caller } from '../../../plugins/auth.ts';
import type { ModuleRoutes } from '../../../context.ts';
import { ApplicationFormsService } from '../application-forms/service.ts';
import { ProfileService } from './service.ts';

/** Profile (GET HcpProfileData/getProfile and the two additions) and the update of background questions. */
export const profileRoutes: ModuleRoutes = (app, { ctx, guards }) => {
  const s = new ProfileService(ctx);
  const background = new ApplicationFormsService(ctx);
  const auth = { preHandler: guards.requireAuth };
  const tags = ['profile'];

  app.get(
    '/HcpProfileData/getProfile',
    { schema: { tags, response: { 200: profileSchema } }, ...auth },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return s.getProfile(caller(req).userId);
    },
  );
  app.post(
    '/HcpProfileEmploymentHistory/saveEmploymentHistory',
    { schema: { tags, body: employmentRecordSchema, response: { 200: employmentIdResponseSchema } }, ...auth },
    async (req) => ({ employmentHistoryId: await s.saveEmploymentHistory(caller(req).userId, req.body) }),
  );
  app.post(
    '/HcpReferences/saveReference',
    {
      schema: { tags, body: saveProfileReferenceRequestSchema, response: { 200: saveProfileReferenceResponseSchema } },
      ...auth,
    },
    async (req) => ({ ok: true, referenceId: await s.saveReference(caller(req).userId, req.body) }),
  );

  // Update background questions: the same answers (one row per clinician) as the application step.
  app.get(
    '/BackgroundQuestions/getBackgroundAnswers',
    {
      config: { featureFlag: 'UpdateBackgroundQuestions_IsEnabled' },
      schema: { tags, response: { 200: backgroundAnswersSchema } },
      ...auth,
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return background.getBackground(caller(req).userId);
    },
  );
  app.post(
    '/BackgroundQuestions/postBackgroundAnswers',
    {
      config: { featureFlag: 'UpdateBackgroundQuestions_IsEnabled' },
      schema: { tags, body: backgroundAnswersSchema, response: { 200: applicationOkSchema } },
      ...auth,
    },
    async (req) => {
      await background.saveBackground(caller(req).userId, req.body);
      return { ok: true };
    },
  );
};
