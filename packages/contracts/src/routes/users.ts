// Generated from ../endpoints/users.ts by scripts/generate-routes.ts: do not edit. The routes of the area's
// endpoints without their schemas, for the web's client; each is typed against its definition.
import type { Route } from '../endpoint.ts';
import type * as endpoints from '../endpoints/users.ts';

export const completedSteps: Route<typeof endpoints.completedSteps> = {
  method: 'GET',
  path: '/core/api/HcpJobApplication/getCompletedHCPApplicationSteps',
  operationId: 'completedSteps',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
export const userInfo: Route<typeof endpoints.userInfo> = {
  method: 'GET',
  path: '/core/api/HcpApiUser/userInfo',
  operationId: 'userInfo',
  tags: ['user'],
  access: 'clinician',
  answer: 'json',
};
