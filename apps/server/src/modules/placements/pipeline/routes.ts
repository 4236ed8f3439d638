import {
  contractIdQuerySchema,
  dashboardOffersResponseSchema,
  dashboardSubmissionsResponseSchema,
  jobIdQuerySchema,
  jobOfferDetailsSchema,
  jobOffersResponseSchema,
  submissionIdQuerySchema,
  submittedJobDetailsSchema,
  submittedJobsResponseSchema,
  okSchema,
  startApplicationRequestSchema,
  startApplicationResponseSchema,
} from '@hcp/contracts';
import { z } from 'zod';
import { caller } from '../../../plugins/auth.ts';
import type { ModuleRoutes } from '../../../context.ts';
import { conflict } from '../../../lib/errors.ts';
import { markApplicationComplete } from '../../identity/index.ts';
import { demoPlacementsFor } from './demo-placements.ts';
import { PipelineService } from './service.ts';
import { startApplication } from './start-application.ts';

export const pipelineRoutes: ModuleRoutes = (app, { ctx, guards }) => {
  const svc = new PipelineService(ctx);
  const tags = ['pipeline'];

  app.get(
    '/HcpJobOffers/getHcpDashboardOffersAndOnboardingContracts',
    { schema: { tags, response: { 200: dashboardOffersResponseSchema } }, preHandler: guards.requireAuth },
    async (request) => svc.dashboardOffers(caller(request).userId),
  );
  app.get(
    '/HcpJobSubmissions/getHcpDashboardSubmissions',
    { schema: { tags, response: { 200: dashboardSubmissionsResponseSchema } }, preHandler: guards.requireAuth },
    async (request) => ({ hcpDashboardSubmissions: await svc.submissions(caller(request).userId) }),
  );
  app.get(
    '/HcpJobOffers/getJobOffers',
    { schema: { tags, response: { 200: jobOffersResponseSchema } }, preHandler: guards.requireAuth },
    async (request) => svc.offers(caller(request).userId),
  );
  app.get(
    '/HcpJobOffers/getJobOfferDetails',
    {
      schema: { tags, querystring: submissionIdQuerySchema, response: { 200: jobOfferDetailsSchema } },
      preHandler: guards.requireAuth,
    },
    async (request) => svc.offerDetails(caller(request).userId, request.query.submissionId),
  );
  app.get(
    '/HcpJobOffers/getContractDetails',
    {
      schema: { tags, querystring: contractIdQuerySchema, response: { 200: jobOfferDetailsSchema } },
      preHandler: guards.requireAuth,
    },
    async (request) => svc.contractDetails(caller(request).userId, request.query.contractId),
  );
  app.get(
    '/HcpSubmittedJob/submittedJobs',
    { schema: { tags, response: { 200: submittedJobsResponseSchema } }, preHandler: guards.requireAuth },
    async (request) => svc.submissions(caller(request).userId),
  );
  app.get(
    '/HcpSubmittedJob/submittedJobDetails',
    {
      schema: { tags, querystring: jobIdQuerySchema, response: { 200: submittedJobDetailsSchema } },
      preHandler: guards.requireAuth,
    },
    async (request) => svc.submittedJobDetails(caller(request).userId, request.query.jobId),
  );

  app.post(
    '/HcpJobApplication/startJobApplication',
    {
      schema: {
        tags: ['jobs'],
        body: startApplicationRequestSchema,
        response: { 200: startApplicationResponseSchema },
      },
      preHandler: guards.requireAuth,
    },
    async (request) => startApplication(ctx, caller(request).userId, request.body),
  );

  // Local demos and browser tests only (same switch as the dev outbox): gives the caller every pipeline state.
  if (ctx.env.DEV_OUTBOX) {
    app.post(
      '/dev/pipeline/demoPlacements',
      {
        schema: {
          tags: ['dev'],
          // A JSON object is required ({} for every state); applicationOnly: a complete application without
          // placements (tests that apply for jobs themselves).
          body: z.object({ applicationOnly: z.boolean().optional() }).strict(),
          response: { 200: okSchema },
        },
        onRequest: guards.requireLocalDev,
        preHandler: guards.requireAuth,
      },
      async (request) => {
        const userId = caller(request).userId;
        await markApplicationComplete(ctx.db, userId);
        if (request.body.applicationOnly) return { ok: true };
        if (!(await demoPlacementsFor(ctx, userId)))
          throw conflict('no_jobs', 'Not enough jobs to create demo placements.');
        return { ok: true };
      },
    );
  }
};
