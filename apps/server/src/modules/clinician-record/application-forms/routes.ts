import {
  addressSchema,
  addressStatesResponseSchema,
  applicationOkSchema,
  backgroundAnswersSchema,
  degreeFields,
  degreeFieldsResponseSchema,
  degreeTypes,
  degreeTypesResponseSchema,
  degreesResponseSchema,
  identificationResponseSchema,
  licenseInfoResponseSchema,
  licenseInfoSchema,
  saveDegreeRequestSchema,
  saveIdentificationRequestSchema,
} from '@hcp/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { caller } from '../../../plugins/auth.ts';
import type { ModuleRoutes } from '../../../context.ts';
import { ApplicationFormsService } from './service.ts';

const ok = { 200: applicationOkSchema };

/** The application steps saved as one form each: background, address, license, identification and education. */
export const applicationFormRoutes: ModuleRoutes = (app, { ctx, guards }) => {
  const s = new ApplicationFormsService(ctx);
  // onRequest: refused before the body is read or validated (uploads are large).
  const auth = { onRequest: guards.requireAuth };
  const tags = ['application'];

  app.get(
    '/HcpBackground/hcpBackgroundAnswers',
    { schema: { tags, response: { 200: backgroundAnswersSchema } }, ...auth },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return s.getBackground(caller(req).userId);
    },
  );
  app.post(
    '/HcpBackground/hcpBackgroundAnswers',
    { schema: { tags, body: backgroundAnswersSchema, response: ok }, ...auth },
    async (req) => {
      await s.saveBackground(caller(req).userId, req.body);
      return { ok: true };
    },
  );

  app.get(
    '/HcpPermanentAddress/permanentAddressStates',
    { schema: { tags, response: { 200: addressStatesResponseSchema } }, ...auth },
    async (_req, reply) => {
      reply.header('cache-control', 'private, max-age=300');
      return s.addressStates();
    },
  );
  const getAddress = async (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    return s.getAddress(caller(req).userId);
  };
  app.get(
    '/HcpPermanentAddress/permanentAddress',
    { schema: { tags, response: { 200: addressSchema } }, ...auth },
    getAddress,
  );
  app.get(
    '/HcpPermanentAddress/getHcpPermanentAddress',
    { schema: { tags, response: { 200: addressSchema } }, ...auth },
    getAddress,
  );
  app.post(
    '/HcpPermanentAddress/permanentAddress',
    { schema: { tags, body: addressSchema, response: ok }, ...auth },
    async (req) => {
      await s.saveAddress(caller(req).userId, req.body);
      return { ok: true };
    },
  );

  app.get(
    '/HcpLicenseSearchInfo',
    { schema: { tags, response: { 200: licenseInfoResponseSchema } }, ...auth },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return s.getLicense(caller(req).userId);
    },
  );
  app.post(
    '/HcpLicenseSearchInfo',
    { schema: { tags, body: licenseInfoSchema, response: ok }, ...auth },
    async (req) => {
      await s.saveLicense(caller(req).userId, req.body);
      return { ok: true };
    },
  );

  app.get(
    '/HcpIdentification/identification',
    { schema: { tags, response: { 200: identificationResponseSchema } }, ...auth },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return s.getIdentification(caller(req).userId);
    },
  );
  app.post(
    '/HcpIdentification/saveHcpIdentification',
    { schema: { tags, body: saveIdentificationRequestSchema, response: ok }, ...auth },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      await s.saveIdentification(caller(req).userId, req.body.SocialSecurityNumber, req.body.DateOfBirth);
      return { ok: true };
    },
  );

  app.get(
    '/HcpJobApplication/getDegreeTypes',
    { schema: { tags, response: { 200: degreeTypesResponseSchema } }, ...auth },
    async () => degreeTypes,
  );
  app.get(
    '/HcpJobApplication/getDegreeFields',
    { schema: { tags, response: { 200: degreeFieldsResponseSchema } }, ...auth },
    async () => degreeFields,
  );
  app.get(
    '/HcpDegree/getHcpDegrees',
    { schema: { tags, response: { 200: degreesResponseSchema } }, ...auth },
    async (req) => s.listDegrees(caller(req).userId),
  );
  app.post(
    '/HcpDegree/saveHcpDegree',
    { schema: { tags, body: saveDegreeRequestSchema, response: { 200: z.object({ degreeId: z.number() }) } }, ...auth },
    async (req) => ({ degreeId: await s.saveDegree(caller(req).userId, req.body) }),
  );
};
