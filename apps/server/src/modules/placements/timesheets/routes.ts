import {
  createShiftResponseSchema,
  createShiftSchema,
  idParamSchema,
  okSchema,
  shiftIdParamSchema,
  shiftListSchema,
  shiftTypeListSchema,
  submitTimesheetResponseSchema,
  timesheetIdParamSchema,
  timesheetListSchema,
} from '@hcp/contracts';
import { z } from 'zod';
import { caller } from '../../../plugins/auth.ts';
import type { ModuleRoutes } from '../../../context.ts';
import { TimesheetService } from './service.ts';

export const timesheetRoutes: ModuleRoutes = (app, { ctx, guards }) => {
  const svc = new TimesheetService(ctx);
  const tags = ['timesheets'];

  app.get(
    '/Timesheets/getList',
    {
      config: { featureFlag: 'Timesheets_IsEnabled' },
      schema: { tags, response: { 200: timesheetListSchema } },
      preHandler: guards.requireAuth,
    },
    async (request) => svc.list(caller(request).userId),
  );
  app.get(
    '/Timesheets/getShiftList/:timesheetId',
    {
      config: { featureFlag: 'Timesheets_IsEnabled' },
      schema: { tags, params: timesheetIdParamSchema, response: { 200: shiftListSchema } },
      preHandler: guards.requireAuth,
    },
    async (request) => svc.shifts(caller(request).userId, request.params.timesheetId),
  );
  app.get(
    '/Timesheets/getShiftTypesForTimesheetId/:id',
    {
      config: { featureFlag: 'Timesheets_IsEnabled' },
      schema: { tags, params: idParamSchema, response: { 200: shiftTypeListSchema } },
      preHandler: guards.requireAuth,
    },
    async (request) => svc.shiftTypes(caller(request).userId, request.params.id),
  );
  app.post(
    '/Timesheets/createShift',
    {
      config: { featureFlag: 'Timesheets_IsEnabled' },
      schema: { tags, body: createShiftSchema, response: { 200: createShiftResponseSchema } },
      preHandler: guards.requireAuth,
    },
    async (request) => ({ shiftId: await svc.save(caller(request).userId, request.body) }),
  );
  app.post(
    '/Timesheets/deleteShift/:shiftId',
    {
      config: { featureFlag: 'Timesheets_IsEnabled' },
      schema: { tags, params: shiftIdParamSchema, body: z.unknown().optional(), response: { 200: okSchema } },
      preHandler: guards.requireAuth,
    },
    async (request) => {
      await svc.remove(caller(request).userId, request.params.shiftId);
      return { ok: true };
    },
  );
  app.post(
    '/Timesheets/submitTimesheet/:timesheetId',
    {
      config: { featureFlag: 'Timesheets_IsEnabled' },
      schema: {
        tags,
        params: timesheetIdParamSchema,
        body: z.unknown().optional(),
        response: { 200: submitTimesheetResponseSchema },
      },
      preHandler: guards.requireAuth,
    },
    async (request) => svc.submit(caller(request).userId, request.params.timesheetId),
  );
};
