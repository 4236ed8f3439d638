// Generated from ../endpoints/reference-data.ts by scripts/generate-routes.ts: do not edit. The routes of the area's
// endpoints without their schemas, for the web's client; each is typed against its definition.
import type { Route } from '../endpoint.ts';
import type * as endpoints from '../endpoints/reference-data.ts';

export const disciplines: Route<typeof endpoints.disciplines> = {
  method: 'GET',
  path: '/core/api/Disciplines',
  operationId: 'disciplines',
  tags: ['reference'],
  access: 'public',
  answer: 'json',
};
export const featureFlags: Route<typeof endpoints.featureFlags> = {
  method: 'GET',
  path: '/core/api/FeatureFlags',
  operationId: 'featureFlags',
  tags: ['reference'],
  access: 'public',
  answer: 'json',
};
export const leadSources: Route<typeof endpoints.leadSources> = {
  method: 'GET',
  path: '/core/api/leadSources',
  operationId: 'leadSources',
  tags: ['reference'],
  access: 'public',
  answer: 'json',
};
export const specialties: Route<typeof endpoints.specialties> = {
  method: 'GET',
  path: '/core/api/Specialty/getSpecialties',
  operationId: 'specialties',
  tags: ['reference'],
  access: 'public',
  answer: 'json',
};
