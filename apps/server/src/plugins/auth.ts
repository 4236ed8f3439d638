import type { FastifyReply, FastifyRequest } from 'fastify';
import { agencyScopeAllows, type AgencyScope } from '@hcp/contracts';
import type { AppContext } from '../context.ts';
import { memoize } from '../lib/cache.ts';
import { safeEqual, sha256Hex } from '../lib/crypto.ts';
import { AppError, unauthorized } from '../lib/errors.ts';
import type { AgencyKey, App, AuthGuards, AuthState, SessionRider } from '../types.ts';

/**
 * The two questions only a module can answer: whether a token's session row is live (identity), and which live
 * agency API key a request presents (agency). app.ts passes the modules' answers in, so this plugin (which every
 * route file uses for `caller`) depends on no module.
 */
export interface CredentialChecks {
  /** Null unless the session is live; with a rider, its raw value read in the same statement. */
  liveSession(
    ctx: AppContext,
    sessionId: string,
    userId: number,
    rider?: SessionRider,
  ): Promise<{ rider: unknown } | null>;
  agencyKey(ctx: AppContext, request: FastifyRequest): Promise<AgencyKey | null>;
}

/** The header that carries the dev secret to the dev routes. */
export const DEV_SECRET_HEADER = 'x-dev-secret';

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h || h.length > 4096) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m ? m[1]! : null;
}

/**
 * Resolves the bearer token to a live session. A token alone is not enough: its session row must be
 * neither revoked (logout, password reset) nor expired.
 */
async function resolveAuth(
  ctx: AppContext,
  checks: CredentialChecks,
  request: FastifyRequest,
  rider?: SessionRider,
): Promise<AuthState | null> {
  const token = bearer(request);
  if (!token) return null;
  const claims = await ctx.tokens.verify(token);
  if (!claims) return null;
  const live = await checks.liveSession(ctx, claims.sessionId, claims.userId, rider);
  if (!live) return null;
  const auth: AuthState = { userId: claims.userId, sessionId: claims.sessionId };
  if (rider) auth.rider = { name: rider.name, value: rider.parse(live.rider) };
  return auth;
}

/** What the route's session rider read with the session (the route must declare that rider). */
export function riderValue<T>(request: FastifyRequest, rider: SessionRider<T>): T {
  const read = caller(request).rider;
  if (read?.name !== rider.name) throw new Error(`The route does not declare the session rider ${rider.name}`);
  return read.value as T;
}

/**
 * Makes the guards and hands them to the app (`app.authGuards`), where `registerEndpoint` finds the ones an
 * endpoint's access asks for.
 */
export function registerAuth(app: App, ctx: AppContext, checks: CredentialChecks): AuthGuards {
  app.decorateRequest('auth', null);
  app.decorateRequest('agencyKey', null);
  // One guard per scope, so every route of a scope carries the same function.
  const scopeGuard = memoize((scope: AgencyScope) => async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!request.agencyKey) throw unauthorized('A valid agency API key is required');
    if (!agencyScopeAllows(request.agencyKey.scopes, scope))
      throw new AppError(403, 'insufficient_scope', `This API key lacks the '${scope}' scope`);
  });
  // requireAuth and its rider forms: one guard each, all made here, so the set says which hooks check a session.
  const sessionGuards = new WeakSet<object>();
  const sessionGuard = (rider?: SessionRider) => {
    const guard = async (request: FastifyRequest, _reply: FastifyReply) => {
      request.auth = await resolveAuth(ctx, checks, request, rider);
      if (!request.auth) throw unauthorized();
    };
    sessionGuards.add(guard);
    return guard;
  };
  const guards: AuthGuards = {
    /** 401 without a valid token of a live session. */
    requireAuth: sessionGuard(),
    requireAuthWith: memoize((rider: SessionRider) => sessionGuard(rider)),
    checksClinicianSession: (hook) => typeof hook === 'function' && sessionGuards.has(hook),
    /**
     * The dev routes (outbox, demo placements, agency keys for the browser tests): they answer only
     * a request made on this machine, straight to the server, that carries the dev secret (X-Dev-Secret, printed
     * in the start banner). A reverse proxy forwards the public's requests from 127.0.0.1 too, with or without
     * forwarding headers, so the address alone proves nothing; the secret does. Every refusal is the same 404.
     */
    requireLocalDev: async (request: FastifyRequest, _reply: FastifyReply) => {
      const from = request.socket.remoteAddress ?? '';
      const loopback = from === '127.0.0.1' || from === '::1' || from === '::ffff:127.0.0.1';
      const forwarded = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host'].some(
        (h) => request.headers[h] !== undefined,
      );
      const given = request.headers[DEV_SECRET_HEADER];
      const expected = ctx.env.DEV_SECRET;
      // Hashes compared, so neither the length nor a prefix of the secret shows in the timing.
      const keyed = typeof given === 'string' && !!expected && safeEqual(sha256Hex(given), sha256Hex(expected));
      if (!loopback || forwarded || !keyed) throw new AppError(404, 'not_found', 'No such API endpoint');
    },
    /** Attaches the caller when a valid token is present; anonymous otherwise. */
    optionalAuth: async (request: FastifyRequest, _reply: FastifyReply) => {
      request.auth = await resolveAuth(ctx, checks, request);
    },
    /** Every agency call needs a live agency API key (a clinician's token is not one). */
    requireAgencyKey: async (request: FastifyRequest, _reply: FastifyReply) => {
      request.agencyKey = await checks.agencyKey(ctx, request);
      if (!request.agencyKey) throw unauthorized('A valid agency API key is required');
    },
    /** The agency key holds the endpoint's scope (403 otherwise). */
    requireScope: scopeGuard,
  };
  app.decorate('authGuards', guards);
  return guards;
}

/** The caller of a route guarded by requireAuth. */
export function caller(request: FastifyRequest): AuthState {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
