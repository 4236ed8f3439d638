// Generated from ../endpoints/referral.ts by scripts/generate-routes.ts: do not edit. The routes of the area's
// endpoints without their schemas, for the web's client; each is typed against its definition.
import type { Route } from '../endpoint.ts';
import type * as endpoints from '../endpoints/referral.ts';

export const saveReferral: Route<typeof endpoints.saveReferral> = {
  method: 'POST',
  path: '/core/api/HcpReferral/saveReferral',
  operationId: 'saveReferral',
  tags: ['referral'],
  access: 'clinician',
  answer: 'json',
};
