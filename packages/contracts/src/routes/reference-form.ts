// Generated from ../endpoints/reference-form.ts by scripts/generate-routes.ts: do not edit. The routes of the area's
// endpoints without their schemas, for the web's client; each is typed against its definition.
import type { Route } from '../endpoint.ts';
import type * as endpoints from '../endpoints/reference-form.ts';

export const referenceAutofill: Route<typeof endpoints.referenceAutofill> = {
  method: 'GET',
  path: '/core/api/HcpReferral/getReferralData',
  operationId: 'referenceAutofill',
  tags: ['reference-form'],
  access: 'public',
  answer: 'json',
};
export const submitClinicalReference: Route<typeof endpoints.submitClinicalReference> = {
  method: 'POST',
  path: '/core/api/HcpReferral/saveProfessionalClinicalReference',
  operationId: 'submitClinicalReference',
  tags: ['reference-form'],
  access: 'public',
  answer: 'json',
};
