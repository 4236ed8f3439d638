import * as endpoints from '@hcp/contracts/endpoints/employment';
import { caller } from '../../../plugins/auth.ts';
import { registerEndpoint } from '../../../plugins/register-endpoint.ts';
import type { ModuleRoutes } from '../../../context.ts';
import { EmploymentService } from './service.ts';

/** The employment history and references steps: records added one at a time, each reference tied to a record. */
export const applicationEmploymentRoutes: ModuleRoutes = (app, { ctx }) => {
  const s = new EmploymentService(ctx);

  registerEndpoint(app, endpoints.employmentOptions, async (_req, reply) => {
    reply.header('cache-control', 'private, max-age=300');
    return s.options();
  });
  registerEndpoint(app, endpoints.employmentRecords, async (req) => s.list(caller(req).userId));
  registerEndpoint(app, endpoints.insertEmployment, async (req) => ({
    employmentHistoryId: await s.insert(caller(req).userId, { ...req.body, employmentHistoryId: null }),
  }));
  registerEndpoint(app, endpoints.updateEmployment, async (req) => ({
    employmentHistoryId: await s.update(caller(req).userId, req.body),
  }));
  registerEndpoint(app, endpoints.deleteEmployment, async (req) => {
    await s.delete(caller(req).userId, req.body.EmploymentHistoryId);
    return { ok: true };
  });
  registerEndpoint(app, endpoints.recentEmployment, async (req) => s.recent(caller(req).userId));
  registerEndpoint(app, endpoints.facilityOptions, async (req) => ({
    facilityOptions: await s.recent(caller(req).userId),
  }));

  registerEndpoint(app, endpoints.references, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return { ok: true, references: await s.listReferences(caller(req).userId) };
  });
  registerEndpoint(app, endpoints.saveReferences, async (req) => {
    await s.saveReferences(caller(req).userId, req.body);
    return { ok: true };
  });
};
