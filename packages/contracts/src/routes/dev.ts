// Generated from ../endpoints/dev.ts by scripts/generate-routes.ts: do not edit. The routes of the area's
// endpoints without their schemas, for the web's client; each is typed against its definition.
import type { Route } from '../endpoint.ts';
import type * as endpoints from '../endpoints/dev.ts';

export const devAddWebhook: Route<typeof endpoints.devAddWebhook> = {
  method: 'POST',
  path: '/core/api/dev/agency/webhooks',
  operationId: 'devAddWebhook',
  tags: ['dev'],
  access: 'dev',
  answer: 'json',
};
export const devCreateAgencyKey: Route<typeof endpoints.devCreateAgencyKey> = {
  method: 'POST',
  path: '/core/api/dev/agency/keys',
  operationId: 'devCreateAgencyKey',
  tags: ['dev'],
  access: 'dev',
  answer: 'json',
};
export const devDemoPlacements: Route<typeof endpoints.devDemoPlacements> = {
  method: 'POST',
  path: '/core/api/dev/pipeline/demoPlacements',
  operationId: 'devDemoPlacements',
  tags: ['dev'],
  access: 'dev-clinician',
  answer: 'json',
};
export const devOutbox: Route<typeof endpoints.devOutbox> = {
  method: 'GET',
  path: '/core/api/dev/outbox',
  operationId: 'devOutbox',
  tags: ['dev'],
  access: 'dev',
  answer: 'json',
};
