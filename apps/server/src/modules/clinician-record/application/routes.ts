import { applicationDocuments } from '@hcp/contracts';
import * as endpoints from '@hcp/contracts/endpoints/application';
import { completedSteps } from '@hcp/contracts/endpoints/users';
import { notFound } from '../../../lib/errors.ts';
import { caller } from '../../../plugins/auth.ts';
import { registerEndpoint } from '../../../plugins/register-endpoint.ts';
import type { ModuleRoutes } from '../../../context.ts';
import { documentPdf } from './documents.ts';
import { stepsInOrder } from './repository.ts';
import { ApplicationService } from './service.ts';

/** The product name mails carry: the display name of MAIL_FROM ('TRS Healthcare <no-reply@...>'). */
export function productName(mailFrom: string): string {
  const m = /^\s*"?([^"<]+?)"?\s*</.exec(mailFrom);
  return m ? m[1]!.trim() : 'TRS Healthcare';
}

export const applicationRoutes: ModuleRoutes = (app, { ctx }) => {
  const service = new ApplicationService(ctx);

  registerEndpoint(app, completedSteps, async (request) => ({
    completedSteps: await stepsInOrder(ctx.db, caller(request).userId),
  }));

  registerEndpoint(app, endpoints.updateApplicationStep, async (request) => {
    await service.updateStep(caller(request).userId, request.body.StepName, request.body.StepComplete);
    return { ok: true };
  });

  registerEndpoint(app, endpoints.submitApplication, async (request) => {
    await service.submit(caller(request).userId);
    return { ok: true, applicationComplete: true };
  });

  registerEndpoint(app, endpoints.saveInitialDocuments, async (request) => {
    const complete = await service.saveInitialDocuments(caller(request).userId);
    return { ok: true, applicationComplete: complete };
  });

  registerEndpoint(app, endpoints.applicationDocument, async (request, reply) => {
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
  });

  registerEndpoint(app, endpoints.skillsChecklistItems, async (request) => ({
    hshItems: await service.skillsChecklists(caller(request).userId),
  }));

  registerEndpoint(app, endpoints.assignSkillsChecklists, async (request) =>
    service.assignSkills(caller(request).userId, request.body.checklistIds, productName(ctx.env.MAIL_FROM)),
  );
};
