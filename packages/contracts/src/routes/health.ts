// Generated from ../endpoints/health.ts by scripts/generate-routes.ts: do not edit. The routes of the area's
// endpoints without their schemas, for the web's client; each is typed against its definition.
import type { Route } from '../endpoint.ts';
import type * as endpoints from '../endpoints/health.ts';

export const healthLive: Route<typeof endpoints.healthLive> = {
  method: 'GET',
  path: '/core/api/health/live',
  operationId: 'healthLive',
  tags: ['health'],
  access: 'public',
  answer: 'json',
};
export const healthReady: Route<typeof endpoints.healthReady> = {
  method: 'GET',
  path: '/core/api/health/ready',
  operationId: 'healthReady',
  tags: ['health'],
  access: 'public',
  answer: 'json',
};
