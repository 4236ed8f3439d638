import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import type { AuthGuards } from './plugins/auth.ts';

/** The Fastify instance every module registers its routes on (zod schemas give the types). */
export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

export interface AuthState {
  userId: number;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState | null;
  }
}

export interface ModuleDeps {
  ctx: AppContext;
  guards: AuthGuards;
}

/** A feature's routes: registered under /core/api by app.ts (modules/index.ts lists them). */
export type ModuleRoutes = (app: App, deps: ModuleDeps) => void | Promise<void>;
