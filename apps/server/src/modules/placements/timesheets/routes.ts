import * as endpoints from '@hcp/contracts/endpoints/timesheets';
import { caller } from '../../../plugins/auth.ts';
import { registerEndpoint } from '../../../plugins/register-endpoint.ts';
import type { ModuleRoutes } from '../../../context.ts';
import { TimesheetService } from './service.ts';

export const timesheetRoutes: ModuleRoutes = (app, { ctx }) => {
  const svc = new TimesheetService(ctx);

  registerEndpoint(app, endpoints.timesheets, async (request) => svc.list(caller(request).userId));
  registerEndpoint(app, endpoints.shifts, async (request) =>
    svc.shifts(caller(request).userId, request.params.timesheetId),
  );
  registerEndpoint(app, endpoints.shiftTypes, async (request) =>
    svc.shiftTypes(caller(request).userId, request.params.id),
  );
  registerEndpoint(app, endpoints.saveShift, async (request) => ({
    shiftId: await svc.save(caller(request).userId, request.body),
  }));
  registerEndpoint(app, endpoints.deleteShift, async (request) => {
    await svc.remove(caller(request).userId, request.params.shiftId);
    return { ok: true };
  });
  registerEndpoint(app, endpoints.submitTimesheet, async (request) =>
    svc.submit(caller(request).userId, request.params.timesheetId),
  );
};
