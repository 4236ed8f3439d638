import {
  applicationOkSchema,
  deleteEmploymentRequestSchema,
  employmentIdResponseSchema,
  employmentOptionsSchema,
  employmentRecordSchema,
  employmentRecordsResponseSchema,
  facilityOptionsResponseSchema,
  recentEmploymentResponseSchema,
  referencesResponseSchema,
  saveReferencesRequestSchema,
} from '@hcp/contracts';
import { caller } from '../../../plugins/auth.ts';
import type { ModuleRoutes } from '../../../context.ts';
import { EmploymentService } from './service.ts';

/** The employment history and references steps: records added one at a time, each reference tied to a record. */
export const applicationEmploymentRoutes: ModuleRoutes = (app, { ctx, guards }) => {
  const s = new EmploymentService(ctx);
  // onRequest: refused before the body is read or validated (uploads are large).
  const auth = { onRequest: guards.requireAuth };
  const tags = ['application'];

  app.get(
    '/HcpEmploymentHistory/optionsv2',
    { schema: { tags, response: { 200: employmentOptionsSchema } }, ...auth },
    async (_req, reply) => {
      reply.header('cache-control', 'private, max-age=300');
      return s.options();
    },
  );
  app.get(
    '/HcpEmploymentHistory/getEmploymentHistoryRecords',
    { schema: { tags, response: { 200: employmentRecordsResponseSchema } }, ...auth },
    async (req) => s.list(caller(req).userId),
  );
  app.post(
    '/HcpEmploymentHistory/insert',
    { schema: { tags, body: employmentRecordSchema, response: { 200: employmentIdResponseSchema } }, ...auth },
    async (req) => ({
      employmentHistoryId: await s.insert(caller(req).userId, { ...req.body, employmentHistoryId: null }),
    }),
  );
  app.put(
    '/HcpEmploymentHistory/update',
    { schema: { tags, body: employmentRecordSchema, response: { 200: employmentIdResponseSchema } }, ...auth },
    async (req) => ({
      employmentHistoryId: await s.update(caller(req).userId, req.body),
    }),
  );
  app.delete(
    '/HcpEmploymentHistory/delete',
    { schema: { tags, body: deleteEmploymentRequestSchema, response: { 200: applicationOkSchema } }, ...auth },
    async (req) => {
      await s.delete(caller(req).userId, req.body.EmploymentHistoryId);
      return { ok: true };
    },
  );
  app.get(
    '/HcpEmploymentHistory/recentEmploymentHistory',
    { schema: { tags, response: { 200: recentEmploymentResponseSchema } }, ...auth },
    async (req) => s.recent(caller(req).userId),
  );
  app.get(
    '/HcpReferences/getFacilityOptions',
    { schema: { tags, response: { 200: facilityOptionsResponseSchema } }, ...auth },
    async (req) => ({
      facilityOptions: await s.recent(caller(req).userId),
    }),
  );

  app.get(
    '/HcpJobApplication/getHcpReferences',
    { schema: { tags, response: { 200: referencesResponseSchema } }, ...auth },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { ok: true, references: await s.listReferences(caller(req).userId) };
    },
  );
  app.post(
    '/HcpJobApplication/HcpReferences',
    { schema: { tags, body: saveReferencesRequestSchema, response: { 200: applicationOkSchema } }, ...auth },
    async (req) => {
      await s.saveReferences(caller(req).userId, req.body);
      return { ok: true };
    },
  );
};
