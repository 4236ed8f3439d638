import { messages } from '@hcp/contracts';
import * as endpoints from '@hcp/contracts/endpoints/auth';
import { clientInfo } from '../../../lib/client-info.ts';
import { caller } from '../../../plugins/auth.ts';
import { registerEndpoint } from '../../../plugins/register-endpoint.ts';
import type { AppContext, ModuleRoutes } from '../../../context.ts';
import type { App } from '../../../types.ts';
import { AuthService } from './service.ts';
import * as repo from './repository.ts';

export const authRoutes: ModuleRoutes = (app, { ctx }) => {
  const auth = new AuthService(ctx);

  registerEndpoint(app, endpoints.signUp, async (request, reply) => {
    const token = await auth.signUp(request.body, clientInfo(request), request.query);
    return reply.type('text/plain; charset=utf-8').send(token);
  });

  registerEndpoint(app, endpoints.login, async (request, reply) => {
    const { token } = await auth.login(request.body.username, request.body.password, clientInfo(request));
    return reply.type('text/plain; charset=utf-8').send(token);
  });

  registerEndpoint(app, endpoints.refreshToken, async (request, reply) => {
    const { userId, sessionId } = caller(request);
    return reply.type('text/plain; charset=utf-8').send(await auth.refresh(userId, sessionId));
  });

  registerEndpoint(app, endpoints.logout, async (request, reply) => {
    await auth.logout(caller(request).sessionId, caller(request).userId, request.id);
    return reply.status(204).send();
  });

  registerEndpoint(app, endpoints.resetPasswordRequest, async (request) => {
    await auth.requestReset(request.body.webUserName, clientInfo(request));
    return { message: messages.resetRequested };
  });

  registerEndpoint(app, endpoints.validateResetGuid, async (request) => auth.validateResetGuid(request.body.resetGuid));

  registerEndpoint(app, endpoints.updatePassword, async (request) => {
    await auth.updatePassword(request.body.resetGuid, request.body.newPassword, request.id);
    return { success: true, message: 'Your password has been reset.' };
  });
};

/** The traveler hub's login lives outside /core/api ({host}/api/home/login/website): registered on the root. */
export function registerHubLogin(app: App, ctx: AppContext) {
  const auth = new AuthService(ctx);
  registerEndpoint(app, endpoints.hubLogin, async (request) => {
    const { userId, sessionId } = await auth.login(request.body.userName, request.body.password, clientInfo(request));
    const user = await repo.findUserById(ctx.db, userId);
    return {
      authToken: await ctx.tokens.signHub({ userId, sessionId }),
      UserData: { firstName: user?.firstName ?? '', lastName: user?.lastName ?? '', photoUrl: null },
    };
  });
}
