import { z } from 'zod';
import {
  applicationDocuments,
  applicationOkSchema,
  completedStepsResponseSchema,
  assignSkillsRequestSchema,
  assignSkillsResponseSchema,
  hshItemsResponseSchema,
  submitApplicationResponseSchema,
  updateStepRequestSchema,
} from '@hcp/contracts';
import { notFound } from '../../../lib/errors.ts';
import { caller } from '../../../plugins/auth.ts';
import type { ModuleRoutes } from '../../../context.ts';
import { documentPdf } from './documents.ts';
import { stepsInOrder } from './repository.ts';
import { ApplicationService } from './service.ts';

/** The product name mails carry: the display name of MAIL_FROM ('TRS Healthcare <no-reply@...>'). */
export function productName(mailFrom: string): string {
  const m = /^\s*"?([^"<]+?)"?\s*</.exec(mailFrom);
  return m ? m[1]!.trim() : 'TRS Healthcare';
}

export const applicationRoutes: ModuleRoutes = (app, { ctx, guards }) => {
  const service = new ApplicationService(ctx);
  // onRequest: refused before the body is read or validated (uploads are large).
  const auth = { onRequest: guards.requireAuth };
  app.get(
    '/HcpJobApplication/getCompletedHCPApplicationSteps',
    {
      schema: { tags: ['application'], response: { 200: completedStepsResponseSchema } },
      preHandler: guards.requireAuth,
    },
    async (request) => ({ completedSteps: await stepsInOrder(ctx.db, caller(request).userId) }),
  );

  app.post(
    '/HcpWebApplicationStep/updateWebApplicationStep',
    {
      schema: { tags: ['application'], body: updateStepRequestSchema, response: { 200: applicationOkSchema } },
      ...auth,
    },
    async (request) => {
      await service.updateStep(caller(request).userId, request.body.StepName, request.body.StepComplete);
      return { ok: true };
    },
  );

  app.post(
    '/SubmitApplication/saveSubmitApplication',
    { schema: { tags: ['application'], response: { 200: submitApplicationResponseSchema } }, ...auth },
    async (request) => {
      await service.submit(caller(request).userId);
      return { ok: true, applicationComplete: true };
    },
  );

  app.post(
    '/InitialDocuments/saveInitialDocuments',
    { schema: { tags: ['application'], response: { 200: submitApplicationResponseSchema } }, ...auth },
    async (request) => {
      const complete = await service.saveInitialDocuments(caller(request).userId);
      return { ok: true, applicationComplete: complete };
    },
  );

  app.get(
    '/SubmitApplication/getSubmitApplicationDocuments/:documentName',
    { schema: { tags: ['application'], params: z.object({ documentName: z.string().max(60) }) }, ...auth },
    async (request, reply) => {
      const doc = applicationDocuments.find(
        (d) => d.documentName.toLowerCase() === request.params.documentName.toLowerCase(),
      );
      if (!doc) throw notFound('Document');
      const pdf = await documentPdf(doc.documentName);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${doc.documentName}.pdf"`)
        .header('cache-control', 'private, max-age=3600')
        .send(Buffer.from(pdf));
    },
  );

  app.get(
    '/HcpSkills/getHcpHshItems',
    {
      config: { featureFlag: 'HcpApplication_SkillsChecklist_IsEnabled' },
      schema: { tags: ['application'], response: { 200: hshItemsResponseSchema } },
      ...auth,
    },
    async (request) => ({ hshItems: await service.skillsChecklists(caller(request).userId) }),
  );

  app.post(
    '/HcpSkills/assignSkillsChecklists',
    {
      config: { featureFlag: 'HcpApplication_SkillsChecklist_IsEnabled' },
      schema: { tags: ['application'], body: assignSkillsRequestSchema, response: { 200: assignSkillsResponseSchema } },
      ...auth,
    },
    async (request) =>
      service.assignSkills(caller(request).userId, request.body.checklistIds, productName(ctx.env.MAIL_FROM)),
  );
};
