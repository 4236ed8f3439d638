import * as endpoints from '@hcp/contracts/endpoints/agency-pipeline';
import type { AppContext } from '../../context.ts';
import { sendPdf, sendStoredFile } from '../../lib/send-pdf.ts';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import type { App } from '../../types.ts';
import { PlacementService, TimesheetService } from '../placements/index.ts';
import { AgencyClinicianService } from './clinicians.ts';

/**
 * The pipeline part of the agency API ("The placement pipeline" in docs/integration.md): reads of submissions,
 * contracts, pay periods, reference answers and clinicians, and the moves that the clinician then sees on their
 * dashboard, Submissions & Offers, E-Documents and Timesheets pages.
 */
export function registerPipelineRoutes(app: App, ctx: AppContext) {
  const placements = new PlacementService(ctx);
  const timesheets = new TimesheetService(ctx);
  const clinicians = new AgencyClinicianService(ctx);

  // ---- submissions and offers
  registerEndpoint(app, endpoints.agencySubmissions, async (request) => placements.listSubmissions(request.query));
  registerEndpoint(app, endpoints.agencySubmission, async (request) =>
    placements.submission(request.params.submissionId),
  );
  registerEndpoint(app, endpoints.extendOffer, async (request) => placements.offer(request.params.submissionId));
  registerEndpoint(app, endpoints.closeSubmission, async (request) =>
    placements.closeSubmission(request.params.submissionId, request.body.status),
  );
  registerEndpoint(app, endpoints.createContract, async (request, reply) => {
    const contract = await placements.createContract(request.params.submissionId, request.body ?? {});
    return reply.status(201).send(contract);
  });

  // ---- contracts
  registerEndpoint(app, endpoints.agencyContracts, async (request) => placements.listContracts(request.query));
  registerEndpoint(app, endpoints.agencyContract, async (request) => placements.contract(request.params.contractId));
  registerEndpoint(app, endpoints.agencyContractDocument, async (request, reply) => {
    const doc = await placements.contractDocument(request.params.contractId);
    return sendPdf(reply, doc.pdf, doc.fileName, 'attachment');
  });
  registerEndpoint(app, endpoints.updateContract, async (request) =>
    placements.updateContract(request.params.contractId, request.body),
  );
  registerEndpoint(app, endpoints.sendContract, async (request) => placements.sendContract(request.params.contractId));
  registerEndpoint(app, endpoints.completeOnboarding, async (request) =>
    placements.completeOnboarding(request.params.contractId),
  );
  registerEndpoint(app, endpoints.startAssignment, async (request) =>
    placements.startAssignment(request.params.contractId),
  );
  registerEndpoint(app, endpoints.cancelContract, async (request) =>
    placements.cancelContract(request.params.contractId),
  );
  registerEndpoint(app, endpoints.endAssignment, async (request) =>
    placements.endAssignment(request.params.contractId, request.body ?? {}),
  );
  registerEndpoint(app, endpoints.createPayPeriods, async (request) =>
    placements.createPayPeriods(request.params.contractId, request.body ?? {}),
  );

  // ---- pay periods
  registerEndpoint(app, endpoints.agencyTimesheet, async (request) =>
    timesheets.agencyTimesheet(request.params.timesheetId),
  );
  registerEndpoint(app, endpoints.lockPayPeriod, async (request) => timesheets.lockPeriod(request.params.timesheetId));
  registerEndpoint(app, endpoints.approvePayPeriod, async (request) =>
    timesheets.approvePeriod(request.params.timesheetId),
  );
  registerEndpoint(app, endpoints.reopenPayPeriod, async (request) =>
    timesheets.reopenPeriod(request.params.timesheetId),
  );

  // ---- clinicians and their records
  registerEndpoint(app, endpoints.agencyClinicians, async (request) => clinicians.list(request.query));
  registerEndpoint(app, endpoints.agencyClinician, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return clinicians.show(request.params.userId);
  });
  registerEndpoint(app, endpoints.agencyCertificationFile, async (request, reply) => {
    const f = await clinicians.certificationFile(request.params.userId, request.params.certId);
    reply
      .type(f.contentType)
      .header('content-disposition', `attachment; filename="${f.name}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff');
    return sendStoredFile(reply, f.file);
  });
  registerEndpoint(app, endpoints.verifyRecords, async (request) =>
    clinicians.verify(request.params.userId, request.body),
  );
  registerEndpoint(app, endpoints.setEligibility, async (request) =>
    clinicians.setEligibility(request.params.userId, request.body.eligible),
  );
  registerEndpoint(app, endpoints.agencyReferenceAnswers, async (request) =>
    clinicians.referenceAnswers(request.query.after, request.query.limit),
  );
}
