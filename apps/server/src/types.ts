import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SQL } from 'drizzle-orm';
import type { AgencyScope, FeatureFlagName } from '@hcp/contracts';

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
  /** What the route's session rider read with the session, as its `parse` made it (routes that declare one). */
  rider?: { name: string; value: unknown };
}

/**
 * A read of the caller's own data that a route needs on every call, run in the same statement as the session check
 * (one round trip to the database instead of two, on the calls answered from kept cards). The module that owns the
 * data writes it: `value` is an SQL scalar expression over the caller's id, `sql.placeholder('userId')`; `parse`
 * turns what the database answers into what the handler reads (`riderValue`). `name` names the statement.
 */
export interface SessionRider<T = unknown> {
  name: string;
  value: SQL;
  parse(raw: unknown): T;
}

/** A live agency API key, as the agency guard found it. */
export interface AgencyKey {
  id: string;
  scopes: AgencyScope[];
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState | null;
    /** The caller's agency API key (agency endpoints only; null elsewhere). */
    agencyKey: AgencyKey | null;
  }
  interface FastifyInstance {
    /** The guards `registerEndpoint` puts in front of a handler, by the endpoint's access (plugins/auth.ts). */
    authGuards: AuthGuards;
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

/** The hooks put in front of handlers by the access of their endpoint (plugins/auth.ts makes them). */
export interface AuthGuards {
  /** 401 without a valid token of a live session. */
  requireAuth: Guard;
  /** requireAuth that reads the rider's value in the session check's statement (one guard per rider). */
  requireAuthWith(rider: SessionRider): Guard;
  /** Whether a hook is requireAuth or one of its rider forms (the access-control tests ask it of every route). */
  checksClinicianSession(hook: unknown): boolean;
  /** A 404 unless the request comes from this machine with the dev secret. */
  requireLocalDev: Guard;
  /** Attaches the caller when a valid token is present; anonymous otherwise. */
  optionalAuth: Guard;
  /** 401 without a live agency API key (clinician tokens never pass). */
  requireAgencyKey: Guard;
  /** 403 unless the agency key holds the scope (one guard per scope). */
  requireScope(scope: AgencyScope): Guard;
}
