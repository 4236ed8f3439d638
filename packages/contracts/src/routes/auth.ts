// Generated from ../endpoints/auth.ts by scripts/generate-routes.ts: do not edit. The routes of the area's
// endpoints without their schemas, for the web's client; each is typed against its definition.
import type { Route } from '../endpoint.ts';
import type * as endpoints from '../endpoints/auth.ts';

export const hubLogin: Route<typeof endpoints.hubLogin> = {
  method: 'POST',
  path: '/api/home/login/website',
  operationId: 'hubLogin',
  tags: ['auth'],
  access: 'public',
  answer: 'json',
};
export const login: Route<typeof endpoints.login> = {
  method: 'POST',
  path: '/core/api/auth/HcpLogin',
  operationId: 'login',
  tags: ['auth'],
  access: 'public',
  bodyType: 'form',
  answer: 'text',
};
export const logout: Route<typeof endpoints.logout> = {
  method: 'POST',
  path: '/core/api/auth/Logout',
  operationId: 'logout',
  tags: ['auth'],
  access: 'clinician',
  answer: 'empty',
};
export const refreshToken: Route<typeof endpoints.refreshToken> = {
  method: 'POST',
  path: '/core/api/auth/RefreshToken',
  operationId: 'refreshToken',
  tags: ['auth'],
  access: 'clinician',
  answer: 'text',
};
export const resetPasswordRequest: Route<typeof endpoints.resetPasswordRequest> = {
  method: 'POST',
  path: '/core/api/auth/ResetPasswordRequest',
  operationId: 'resetPasswordRequest',
  tags: ['auth'],
  access: 'public',
  bodyType: 'form',
  answer: 'json',
};
export const signUp: Route<typeof endpoints.signUp> = {
  method: 'POST',
  path: '/core/api/auth/HcpSignUp',
  operationId: 'signUp',
  tags: ['auth'],
  access: 'public',
  answer: 'text',
};
export const updatePassword: Route<typeof endpoints.updatePassword> = {
  method: 'POST',
  path: '/core/api/auth/UpdateHcpUserPassword',
  operationId: 'updatePassword',
  tags: ['auth'],
  access: 'public',
  bodyType: 'form',
  answer: 'json',
};
export const validateResetGuid: Route<typeof endpoints.validateResetGuid> = {
  method: 'POST',
  path: '/core/api/auth/ValidateResetGuid',
  operationId: 'validateResetGuid',
  tags: ['auth'],
  access: 'public',
  bodyType: 'form',
  answer: 'json',
};
