// Generated from ../endpoints/profile.ts by scripts/generate-routes.ts: do not edit. The routes of the area's
// endpoints without their schemas, for the web's client; each is typed against its definition.
import type { Route } from '../endpoint.ts';
import type * as endpoints from '../endpoints/profile.ts';

export const profile: Route<typeof endpoints.profile> = {
  method: 'GET',
  path: '/core/api/HcpProfileData/getProfile',
  operationId: 'profile',
  tags: ['profile'],
  access: 'clinician',
  answer: 'json',
};
export const profileBackgroundAnswers: Route<typeof endpoints.profileBackgroundAnswers> = {
  method: 'GET',
  path: '/core/api/BackgroundQuestions/getBackgroundAnswers',
  operationId: 'profileBackgroundAnswers',
  tags: ['profile'],
  access: 'clinician',
  answer: 'json',
};
export const saveProfileEmployment: Route<typeof endpoints.saveProfileEmployment> = {
  method: 'POST',
  path: '/core/api/HcpProfileEmploymentHistory/saveEmploymentHistory',
  operationId: 'saveProfileEmployment',
  tags: ['profile'],
  access: 'clinician',
  answer: 'json',
};
export const saveProfileReference: Route<typeof endpoints.saveProfileReference> = {
  method: 'POST',
  path: '/core/api/HcpReferences/saveReference',
  operationId: 'saveProfileReference',
  tags: ['profile'],
  access: 'clinician',
  answer: 'json',
};
export const updateBackgroundAnswers: Route<typeof endpoints.updateBackgroundAnswers> = {
  method: 'POST',
  path: '/core/api/BackgroundQuestions/postBackgroundAnswers',
  operationId: 'updateBackgroundAnswers',
  tags: ['profile'],
  access: 'clinician',
  answer: 'json',
};
