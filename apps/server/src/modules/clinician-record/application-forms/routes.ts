import { degreeFields, degreeTypes } from '@hcp/contracts';
import * as endpoints from '@hcp/contracts/endpoints/application-forms';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { caller } from '../../../plugins/auth.ts';
import { registerEndpoint } from '../../../plugins/register-endpoint.ts';
import type { ModuleRoutes } from '../../../context.ts';
import { ApplicationFormsService } from './service.ts';

/** The application steps saved as one form each: background, address, license, identification and education. */
export const applicationFormRoutes: ModuleRoutes = (app, { ctx }) => {
  const s = new ApplicationFormsService(ctx);

  registerEndpoint(app, endpoints.backgroundAnswers, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return s.getBackground(caller(req).userId);
  });
  registerEndpoint(app, endpoints.saveBackgroundAnswers, async (req) => {
    await s.saveBackground(caller(req).userId, req.body);
    return { ok: true };
  });

  registerEndpoint(app, endpoints.addressStates, async (_req, reply) => {
    reply.header('cache-control', 'private, max-age=300');
    return s.addressStates();
  });
  const getAddress = async (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    return s.getAddress(caller(req).userId);
  };
  registerEndpoint(app, endpoints.permanentAddress, getAddress);
  registerEndpoint(app, endpoints.hcpPermanentAddress, getAddress);
  registerEndpoint(app, endpoints.savePermanentAddress, async (req) => {
    await s.saveAddress(caller(req).userId, req.body);
    return { ok: true };
  });

  registerEndpoint(app, endpoints.licenseInfo, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return s.getLicense(caller(req).userId);
  });
  registerEndpoint(app, endpoints.saveLicenseInfo, async (req) => {
    await s.saveLicense(caller(req).userId, req.body);
    return { ok: true };
  });

  registerEndpoint(app, endpoints.identification, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return s.getIdentification(caller(req).userId);
  });
  registerEndpoint(app, endpoints.saveIdentification, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    await s.saveIdentification(caller(req).userId, req.body.SocialSecurityNumber, req.body.DateOfBirth);
    return { ok: true };
  });

  registerEndpoint(app, endpoints.degreeTypes, async () => degreeTypes);
  registerEndpoint(app, endpoints.degreeFields, async () => degreeFields);
  registerEndpoint(app, endpoints.degrees, async (req) => s.listDegrees(caller(req).userId));
  registerEndpoint(app, endpoints.saveDegree, async (req) => ({
    degreeId: await s.saveDegree(caller(req).userId, req.body),
  }));
};
