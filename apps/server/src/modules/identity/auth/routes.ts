import { z } from 'zod';
import {
  hubLoginRequestSchema,
  hubLoginResponseSchema,
  loginFormSchema,
  messages,
  resetPasswordRequestResponseSchema,
  resetPasswordRequestSchema,
  signUpRequestSchema,
  updatePasswordRequestSchema,
  updatePasswordResponseSchema,
  validateResetGuidRequestSchema,
  validateResetGuidResponseSchema,
} from '@hcp/contracts';
import { clientInfo } from '../../../lib/client-info.ts';
import { caller } from '../../../plugins/auth.ts';
import type { AppContext, ModuleRoutes } from '../../../context.ts';
import type { App } from '../../../types.ts';
import { AuthService } from './service.ts';
import * as repo from './repository.ts';

const tokenText = z.string().describe('The bearer token (JWT), as text');

export const authRoutes: ModuleRoutes = (app, { ctx, guards }) => {
  const auth = new AuthService(ctx);

  app.post(
    '/auth/HcpSignUp',
    { schema: { tags: ['auth'], body: signUpRequestSchema, response: { 200: tokenText } } },
    async (request, reply) => {
      const token = await auth.signUp(request.body, clientInfo(request));
      return reply.type('text/plain; charset=utf-8').send(token);
    },
  );

  app.post(
    '/auth/HcpLogin',
    {
      schema: {
        tags: ['auth'],
        description: 'Form fields username and password. Any failure is 401 "Invalid login credentials".',
        body: loginFormSchema,
        response: { 200: tokenText },
      },
    },
    async (request, reply) => {
      const { token } = await auth.login(request.body.username, request.body.password, clientInfo(request));
      return reply.type('text/plain; charset=utf-8').send(token);
    },
  );

  app.post(
    '/auth/RefreshToken',
    {
      schema: {
        tags: ['auth'],
        description: 'A new 15-minute token for the same live session.',
        response: { 200: tokenText },
      },
      preHandler: guards.requireAuth,
    },
    async (request, reply) => {
      const { userId, sessionId } = caller(request);
      return reply.type('text/plain; charset=utf-8').send(await auth.refresh(userId, sessionId));
    },
  );

  app.post(
    '/auth/Logout',
    {
      schema: { tags: ['auth'], description: 'Revokes the session behind the token.' },
      preHandler: guards.requireAuth,
    },
    async (request, reply) => {
      await auth.logout(caller(request).sessionId, caller(request).userId, request.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/ResetPasswordRequest',
    {
      schema: {
        tags: ['auth'],
        body: resetPasswordRequestSchema,
        response: { 200: resetPasswordRequestResponseSchema },
      },
    },
    async (request) => {
      await auth.requestReset(request.body.webUserName, clientInfo(request));
      return { message: messages.resetRequested };
    },
  );

  app.post(
    '/auth/ValidateResetGuid',
    {
      schema: {
        tags: ['auth'],
        body: validateResetGuidRequestSchema,
        response: { 200: validateResetGuidResponseSchema },
      },
    },
    async (request) => auth.validateResetGuid(request.body.resetGuid),
  );

  app.post(
    '/auth/UpdateHcpUserPassword',
    { schema: { tags: ['auth'], body: updatePasswordRequestSchema, response: { 200: updatePasswordResponseSchema } } },
    async (request) => {
      await auth.updatePassword(request.body.resetGuid, request.body.newPassword, request.id);
      return { success: true, message: 'Your password has been reset.' };
    },
  );
};

/** The traveler hub's login lives outside /core/api: {host}/api/home/login/website. */
export function registerHubLogin(app: App, ctx: AppContext) {
  const auth = new AuthService(ctx);
  app.post(
    '/api/home/login/website',
    { schema: { tags: ['auth'], body: hubLoginRequestSchema, response: { 200: hubLoginResponseSchema } } },
    async (request) => {
      const { userId, sessionId } = await auth.login(request.body.userName, request.body.password, clientInfo(request));
      const user = await repo.findUserById(ctx.db, userId);
      return {
        authToken: await ctx.tokens.signHub({ userId, sessionId }),
        UserData: { firstName: user?.firstName ?? '', lastName: user?.lastName ?? '', photoUrl: null },
      };
    },
  );
}
