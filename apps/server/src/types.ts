import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FeatureFlagName } from '@hcp/contracts';

/** The Fastify instance every module registers its routes on (zod schemas give the types). */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface AuthState {
  userId: number;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState | null;
  }
  interface FastifyContextConfig {
    /**
     * The feature flag this route belongs to: while it is off the route answers as if it did not exist
     * (plugins/feature-gate.ts). Declared here, beside the route types, so every program that compiles a route knows it.
     */
    featureFlag?: FeatureFlagName;
  }
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The hooks routes put in front of their handlers (plugins/auth.ts makes them). */
export interface AuthGuards {
  /** preHandler: 401 without a valid token of a live session. */
  requireAuth: Guard;
  /** onRequest of the dev routes: a 404 unless the request comes from this machine with the dev secret. */
  requireLocalDev: Guard;
  /** preHandler: attaches the caller when a valid token is present; anonymous otherwise. */
  optionalAuth: Guard;
}
