import {
  hubLoginRequestSchema,
  hubLoginResponseSchema,
  loginFormSchema,
  resetPasswordRequestResponseSchema,
  resetPasswordRequestSchema,
  signUpCampaignQuerySchema,
  signUpRequestSchema,
  tokenTextSchema,
  updatePasswordRequestSchema,
  updatePasswordResponseSchema,
  validateResetGuidRequestSchema,
  validateResetGuidResponseSchema,
} from '../auth.ts';
import { defineEndpoint, emptyResponse, textResponse } from '../endpoint.ts';

const token = textResponse(tokenTextSchema, 'The bearer token (JWT), as text');

export const signUp = defineEndpoint({
  method: 'POST',
  path: '/core/api/auth/HcpSignUp',
  operationId: 'signUp',
  summary: 'Create a clinician account and sign in',
  description:
    'The query may carry the utm_* parameters of the visit that led to sign-up: they are stored with the account ' +
    "(the agency's clinician read and the clinician.signed_up event show them). The body is unchanged.",
  tags: ['auth'],
  access: 'public',
  query: signUpCampaignQuerySchema,
  body: signUpRequestSchema,
  responses: { 200: token },
  errors: { 400: ['weak_password'], 409: ['email_exists'], 429: ['rate_limited'] },
});

export const login = defineEndpoint({
  method: 'POST',
  path: '/core/api/auth/HcpLogin',
  operationId: 'login',
  summary: 'Sign in with email and password',
  description: 'Form fields username and password. Any failure is 401 "Invalid login credentials".',
  tags: ['auth'],
  access: 'public',
  body: loginFormSchema,
  bodyType: 'form',
  responses: { 200: token },
  // An empty or oversized password is `unauthorized`, with the same words as wrong credentials.
  errors: { 401: ['invalid_credentials', 'unauthorized'], 429: ['rate_limited'] },
});

export const refreshToken = defineEndpoint({
  method: 'POST',
  path: '/core/api/auth/RefreshToken',
  operationId: 'refreshToken',
  summary: 'A new 15-minute token for the same live session',
  tags: ['auth'],
  access: 'clinician',
  responses: { 200: token },
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/core/api/auth/Logout',
  operationId: 'logout',
  summary: 'Sign out: revokes the session behind the token',
  tags: ['auth'],
  access: 'clinician',
  responses: { 204: emptyResponse('The session is revoked') },
});

export const resetPasswordRequest = defineEndpoint({
  method: 'POST',
  path: '/core/api/auth/ResetPasswordRequest',
  operationId: 'resetPasswordRequest',
  summary: 'Mail a password reset link',
  description: 'Answers the same confirmation whether or not an account has this address.',
  tags: ['auth'],
  access: 'public',
  body: resetPasswordRequestSchema,
  bodyType: 'form',
  responses: { 200: resetPasswordRequestResponseSchema },
  errors: { 429: ['rate_limited'] },
});

export const validateResetGuid = defineEndpoint({
  method: 'POST',
  path: '/core/api/auth/ValidateResetGuid',
  operationId: 'validateResetGuid',
  summary: 'Whether a password reset link is still valid',
  tags: ['auth'],
  access: 'public',
  body: validateResetGuidRequestSchema,
  bodyType: 'form',
  responses: { 200: validateResetGuidResponseSchema },
});

export const updatePassword = defineEndpoint({
  method: 'POST',
  path: '/core/api/auth/UpdateHcpUserPassword',
  operationId: 'updatePassword',
  summary: 'Set a new password from a reset link',
  tags: ['auth'],
  access: 'public',
  body: updatePasswordRequestSchema,
  bodyType: 'form',
  responses: { 200: updatePasswordResponseSchema },
  errors: { 400: ['reset_link_invalid', 'weak_password'] },
});

/** The traveler hub's login: outside /core/api, answers a hub token and the clinician's names. */
export const hubLogin = defineEndpoint({
  method: 'POST',
  path: '/api/home/login/website',
  operationId: 'hubLogin',
  summary: "Sign in to the traveler hub (the hub's token and the clinician's names)",
  tags: ['auth'],
  access: 'public',
  body: hubLoginRequestSchema,
  responses: { 200: hubLoginResponseSchema },
  errors: { 401: ['invalid_credentials', 'unauthorized'], 429: ['rate_limited'] },
});
