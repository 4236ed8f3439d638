import type { FastifyReply, FastifyRequest } from 'fastify';
import * as endpoints from '@hcp/contracts/endpoints/pipeline';
import { devDemoPlacements } from '@hcp/contracts/endpoints/dev';
import { startJobApplication } from '@hcp/contracts/endpoints/jobs';
import { caller, riderValue } from '../../../plugins/auth.ts';
import { registerEndpoint } from '../../../plugins/register-endpoint.ts';
import type { ModuleRoutes } from '../../../context.ts';
import { conflict } from '../../../lib/errors.ts';
import { sendAnswerBytes, type AnswerBytes } from '../../../lib/compression.ts';
import { markApplicationComplete } from '../../identity/index.ts';
import { demoPlacementsFor } from './demo-placements.ts';
import { placementVersionRider } from './repository.ts';
import { PipelineService } from './service.ts';
import { startApplication } from './start-application.ts';

export const pipelineRoutes: ModuleRoutes = (app, { ctx }) => {
  const svc = new PipelineService(ctx);

  // The dashboard's cards: kept answer bytes (each clinician's, while nothing of theirs changed). Whether anything
  // did is read with the session, in one statement.
  const keptCard =
    (answer: (userId: number, version: number) => Promise<AnswerBytes>) =>
    async (request: FastifyRequest, reply: FastifyReply) =>
      sendAnswerBytes(request, reply, await answer(caller(request).userId, riderValue(request, placementVersionRider)));
  const versioned = { sessionRider: placementVersionRider };
  registerEndpoint(
    app,
    endpoints.dashboardOffers,
    keptCard((userId, version) => svc.dashboardOffersAnswer(userId, version)),
    versioned,
  );
  registerEndpoint(
    app,
    endpoints.dashboardSubmissions,
    keptCard((userId, version) => svc.dashboardSubmissionsAnswer(userId, version)),
    versioned,
  );
  registerEndpoint(app, endpoints.jobOffers, async (request) => svc.offers(caller(request).userId));
  registerEndpoint(app, endpoints.jobOfferDetails, async (request) =>
    svc.offerDetails(caller(request).userId, request.query.submissionId),
  );
  registerEndpoint(app, endpoints.contractDetails, async (request) =>
    svc.contractDetails(caller(request).userId, request.query.contractId),
  );
  registerEndpoint(app, endpoints.submittedJobs, async (request) => svc.submissions(caller(request).userId));
  registerEndpoint(app, endpoints.submittedJobDetails, async (request) =>
    svc.submittedJobDetails(caller(request).userId, request.query.jobId),
  );

  registerEndpoint(app, startJobApplication, async (request) =>
    startApplication(ctx, caller(request).userId, request.body),
  );

  // Local demos and browser tests only (same switch as the dev outbox): gives the caller every pipeline state.
  if (ctx.env.DEV_OUTBOX) {
    registerEndpoint(app, devDemoPlacements, async (request) => {
      const userId = caller(request).userId;
      await markApplicationComplete(ctx.db, userId);
      if (request.body.applicationOnly) return { ok: true };
      if (!(await demoPlacementsFor(ctx, userId)))
        throw conflict('no_jobs', 'Not enough jobs to create demo placements.');
      return { ok: true };
    });
  }
};
