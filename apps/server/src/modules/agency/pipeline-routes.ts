import {
  agencyClinicianSchema,
  agencyCliniciansQuerySchema,
  agencyCliniciansResponseSchema,
  agencyClinicianSummarySchema,
  agencyContractSchema,
  agencyContractsQuerySchema,
  agencyContractsResponseSchema,
  agencyReferenceAnswersResponseSchema,
  agencySubmissionSchema,
  agencySubmissionsQuerySchema,
  agencySubmissionsResponseSchema,
  agencyTimesheetSchema,
  agencyPayPeriodSchema,
  closeSubmissionRequestSchema,
  contractIdParamsSchema,
  contractTermsInputSchema,
  createContractRequestSchema,
  createPayPeriodsRequestSchema,
  createPayPeriodsResponseSchema,
  cursorQuerySchema,
  eligibilityRequestSchema,
  endAssignmentRequestSchema,
  problemSchema,
  submissionIdParamsSchema,
  timesheetIdParamsSchema,
  userCertParamsSchema,
  userIdParamsSchema,
  verifyRecordsRequestSchema,
  verifyRecordsResponseSchema,
} from '@hcp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { sendPdf } from '../../lib/send-pdf.ts';
import { PlacementService, TimesheetService } from '../placements/index.ts';
import { AgencyClinicianService } from './clinicians.ts';

type Guard = (request: FastifyRequest) => Promise<void>;

const security = [{ agencyKey: [] }];
const tags = ['agency'];
const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };
const moveErrors = { ...errors, 409: problemSchema };
/** Moves take an optional JSON body; an empty POST is fine. */
const noBody = z.object({}).strict().nullish();

/**
 * The pipeline part of the agency API (docs/integration.md section 3): reads of submissions, contracts,
 * pay periods, reference answers and clinicians, and the moves that the clinician then sees on their
 * dashboard, Submissions & Offers, E-Documents and Timesheets pages. Registered inside the agency scope
 * (API key required); `read` and `write` check the key's scopes.
 */
export async function registerPipelineRoutes(
  parent: FastifyInstance,
  ctx: AppContext,
  { read, write }: { read: Guard; write: Guard },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const placements = new PlacementService(ctx);
  const timesheets = new TimesheetService(ctx);
  const clinicians = new AgencyClinicianService(ctx);

  // ---- submissions and offers
  app.get(
    '/submissions',
    {
      schema: {
        tags,
        security,
        summary: 'Submissions (started applications for jobs) with the start-application details, oldest first',
        querystring: agencySubmissionsQuerySchema,
        response: { 200: agencySubmissionsResponseSchema, ...errors },
      },
      preValidation: read,
    },
    async (request) => placements.listSubmissions(request.query),
  );
  app.get(
    '/submissions/:submissionId',
    {
      schema: {
        tags,
        security,
        summary: 'One submission',
        params: submissionIdParamsSchema,
        response: { 200: agencySubmissionSchema, ...errors },
      },
      preValidation: read,
    },
    async (request) => placements.submission(request.params.submissionId),
  );
  app.post(
    '/submissions/:submissionId/offer',
    {
      schema: {
        tags,
        security,
        summary: 'Extend an offer for a submitted application (mails the clinician)',
        params: submissionIdParamsSchema,
        body: noBody,
        response: { 200: agencySubmissionSchema, ...moveErrors },
      },
      preValidation: write,
    },
    async (request) => placements.offer(request.params.submissionId),
  );
  app.post(
    '/submissions/:submissionId/close',
    {
      schema: {
        tags,
        security,
        summary:
          'Close a submission: declined, withdrawn or closed (its open offer ends, an unsigned contract is voided)',
        params: submissionIdParamsSchema,
        body: closeSubmissionRequestSchema,
        response: { 200: agencySubmissionSchema, ...moveErrors },
      },
      preValidation: write,
    },
    async (request) => placements.closeSubmission(request.params.submissionId, request.body.status),
  );
  app.post(
    '/submissions/:submissionId/contract',
    {
      schema: {
        tags,
        security,
        summary:
          "Draw up the contract of an offered submission (terms default to the job's); send: true makes it signable",
        params: submissionIdParamsSchema,
        body: createContractRequestSchema.nullish(),
        response: { 201: agencyContractSchema, ...moveErrors },
      },
      preValidation: write,
    },
    async (request, reply) => {
      const contract = await placements.createContract(request.params.submissionId, request.body ?? {});
      return reply.status(201).send(contract);
    },
  );

  // ---- contracts
  app.get(
    '/contracts',
    {
      schema: {
        tags,
        security,
        summary: 'Contracts with their terms, state and pay periods, oldest first',
        querystring: agencyContractsQuerySchema,
        response: { 200: agencyContractsResponseSchema, ...errors },
      },
      preValidation: read,
    },
    async (request) => placements.listContracts(request.query),
  );
  app.get(
    '/contracts/:contractId',
    {
      schema: {
        tags,
        security,
        summary: 'One contract',
        params: contractIdParamsSchema,
        response: { 200: agencyContractSchema, ...errors },
      },
      preValidation: read,
    },
    async (request) => placements.contract(request.params.contractId),
  );
  app.get(
    '/contracts/:contractId/document',
    {
      schema: {
        tags,
        security,
        summary: 'The contract PDF as the clinician sees it (the signed copy with its audit page once signed)',
        params: contractIdParamsSchema,
      },
      preValidation: read,
    },
    async (request, reply) => {
      const doc = await placements.contractDocument(request.params.contractId);
      return sendPdf(reply, doc.bytes, doc.fileName, 'attachment');
    },
  );
  app.patch(
    '/contracts/:contractId',
    {
      schema: {
        tags,
        security,
        summary: 'Change the terms or dates of an unsigned contract (a sent contract goes back to draft)',
        params: contractIdParamsSchema,
        body: contractTermsInputSchema,
        response: { 200: agencyContractSchema, ...moveErrors },
      },
      preValidation: write,
    },
    async (request) => placements.updateContract(request.params.contractId, request.body),
  );
  const contractMove = (
    path: string,
    summary: string,
    run: (contractId: number) => Promise<z.infer<typeof agencyContractSchema>>,
  ) =>
    app.post(
      `/contracts/:contractId/${path}`,
      {
        schema: {
          tags,
          security,
          summary,
          params: contractIdParamsSchema,
          body: noBody,
          response: { 200: agencyContractSchema, ...moveErrors },
        },
        preValidation: write,
      },
      async (request) => run(request.params.contractId),
    );
  contractMove('send', 'Make a draft contract signable (mails the clinician)', (id) => placements.sendContract(id));
  contractMove('onboarding-complete', 'Record that onboarding is complete (after the signature)', (id) =>
    placements.completeOnboarding(id),
  );
  contractMove('start', 'Start the assignment (signed contract, onboarding complete)', (id) =>
    placements.startAssignment(id),
  );
  contractMove('cancel', 'Cancel a placement before its assignment starts (an unsigned contract becomes void)', (id) =>
    placements.cancelContract(id),
  );
  app.post(
    '/contracts/:contractId/end',
    {
      schema: {
        tags,
        security,
        summary: 'End the assignment (optionally on another end date)',
        params: contractIdParamsSchema,
        body: endAssignmentRequestSchema.nullish(),
        response: { 200: agencyContractSchema, ...moveErrors },
      },
      preValidation: write,
    },
    async (request) => placements.endAssignment(request.params.contractId, request.body ?? {}),
  );
  app.post(
    '/contracts/:contractId/pay-periods',
    {
      schema: {
        tags,
        security,
        summary: 'Create the weekly pay periods (Sunday to Saturday) of a signed contract',
        params: contractIdParamsSchema,
        body: createPayPeriodsRequestSchema.nullish(),
        response: { 200: createPayPeriodsResponseSchema, ...moveErrors },
      },
      preValidation: write,
    },
    async (request) => placements.createPayPeriods(request.params.contractId, request.body ?? {}),
  );

  // ---- pay periods
  app.get(
    '/timesheets/:timesheetId',
    {
      schema: {
        tags,
        security,
        summary: 'One pay period with its shifts and total hours',
        params: timesheetIdParamsSchema,
        response: { 200: agencyTimesheetSchema, ...errors },
      },
      preValidation: read,
    },
    async (request) => timesheets.agencyTimesheet(request.params.timesheetId),
  );
  const periodMove = (
    path: string,
    summary: string,
    run: (id: number) => Promise<z.infer<typeof agencyPayPeriodSchema>>,
  ) =>
    app.post(
      `/timesheets/:timesheetId/${path}`,
      {
        schema: {
          tags,
          security,
          summary,
          params: timesheetIdParamsSchema,
          body: noBody,
          response: { 200: agencyPayPeriodSchema, ...moveErrors },
        },
        preValidation: write,
      },
      async (request) => run(request.params.timesheetId),
    );
  periodMove('lock', 'Lock a pay period: the clinician can no longer change it (mails the clinician)', (id) =>
    timesheets.lockPeriod(id),
  );
  periodMove(
    'approve',
    'Approve the submitted time of a pay period; approved periods are locked (mails the clinician)',
    (id) => timesheets.approvePeriod(id),
  );
  periodMove('reopen', 'Give a submitted or locked (not approved) period back to the clinician to correct', (id) =>
    timesheets.reopenPeriod(id),
  );

  // ---- clinicians and their records
  app.get(
    '/clinicians',
    {
      schema: {
        tags,
        security,
        summary: 'Clinicians, oldest first (email= finds one by address)',
        querystring: agencyCliniciansQuerySchema,
        response: { 200: agencyCliniciansResponseSchema, ...errors },
      },
      preValidation: read,
    },
    async (request) => clinicians.list(request.query),
  );
  app.get(
    '/clinicians/:userId',
    {
      schema: {
        tags,
        security,
        summary: 'A clinician: profile, application progress and verification state (never the SSN)',
        params: userIdParamsSchema,
        response: { 200: agencyClinicianSchema, ...errors },
      },
      preValidation: read,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return clinicians.show(request.params.userId);
    },
  );
  app.get(
    '/clinicians/:userId/certifications/:certId/file',
    {
      schema: {
        tags,
        security,
        summary: 'The file uploaded with a certification',
        params: userCertParamsSchema,
      },
      preValidation: read,
    },
    async (request, reply) => {
      const f = await clinicians.certificationFile(request.params.userId, request.params.certId);
      return reply
        .type(f.contentType)
        .header('content-disposition', `attachment; filename="${f.name}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(f.bytes);
    },
  );
  app.post(
    '/clinicians/:userId/verify',
    {
      schema: {
        tags,
        security,
        summary: 'Mark employment, education and certification records verified (verified: false takes it back)',
        params: userIdParamsSchema,
        body: verifyRecordsRequestSchema,
        response: { 200: verifyRecordsResponseSchema, ...errors },
      },
      preValidation: write,
    },
    async (request) => clinicians.verify(request.params.userId, request.body),
  );
  app.post(
    '/clinicians/:userId/eligibility',
    {
      schema: {
        tags,
        security,
        summary: "Approve the clinician for submissions (the dashboard's 'Approved' panel) or withdraw the approval",
        params: userIdParamsSchema,
        body: eligibilityRequestSchema,
        response: { 200: agencyClinicianSummarySchema, ...errors },
      },
      preValidation: write,
    },
    async (request) => clinicians.setEligibility(request.params.userId, request.body.eligible),
  );
  app.get(
    '/reference-answers',
    {
      schema: {
        tags,
        security,
        summary: 'Clinical references returned by former supervisors, oldest first',
        querystring: cursorQuerySchema,
        response: { 200: agencyReferenceAnswersResponseSchema, ...errors },
      },
      preValidation: read,
    },
    async (request) => clinicians.referenceAnswers(request.query.after, request.query.limit),
  );
}
