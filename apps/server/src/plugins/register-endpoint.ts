import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import type { AnyEndpoint } from '@hcp/contracts/endpoint';
import { routeSchema } from '@hcp/contracts/openapi';
import type { App, AuthGuards, SessionRider } from '../types.ts';
import { removeUploadsAfterAnswer, streamedUploadParser, type FieldPath } from '../lib/streamed-upload.ts';
import { fastifyJsonParser } from './input-guard.ts';

/**
 * The one way a route is registered: from its endpoint definition in @hcp/contracts. The definition gives the
 * method and path, the route `schema` (validation, serialisation of every answer it declares, and its OpenAPI
 * operation), the body limit, the feature flag, and the guards its access asks for; the module gives the handler.
 * docs/decisions/0223-routes-registered-from-definitions.md.
 */

type Parsed<E, K extends string> = E extends { readonly [P in K]: infer S }
  ? S extends z.ZodType
    ? z.output<S>
    : unknown
  : unknown;

/** The request of an endpoint: params, query and body as its schemas parse them. */
export type EndpointRequest<E extends AnyEndpoint> = FastifyRequest<{
  Params: Parsed<E, 'params'>;
  Querystring: Parsed<E, 'query'>;
  Body: Parsed<E, 'body'>;
}>;

/** The body of any JSON answer the endpoint declares (the answer's schema serialises it). */
type JsonAnswer<E extends AnyEndpoint> = {
  [S in keyof E['responses']]: E['responses'][S] extends z.ZodType ? z.output<E['responses'][S]> : never;
}[keyof E['responses']];

/**
 * A handler answers one of the endpoint's JSON bodies, or the reply it sent itself: text (the login token), a file,
 * a 204, or bytes made earlier (job search).
 */
export type EndpointHandler<E extends AnyEndpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<JsonAnswer<E> | FastifyReply>;

/** A hook of the route's own, run before the body is read (a rate limit, a cache of answers), after the guards run there. */
export interface EndpointHooks {
  onRequest?: onRequestAsyncHookHandler;
  /**
   * A clinician endpoint's read of the caller's own data, made in the session check's statement; the handler finds
   * it with `riderValue(request, rider)` (plugins/auth.ts).
   */
  sessionRider?: SessionRider;
  /**
   * An upload: the JSON body's string at `field` (base64 of a file) is decoded into a private temp file under
   * `tmpDir` as it arrives, never held whole in memory; the handler finds it with `streamedFile(request)`, and
   * the temp file is removed once the answer has gone (lib/streamed-upload.ts).
   */
  streamedFile?: { field: FieldPath; tmpDir: string };
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The guards of each access, and when they run. Fastify reads the body first (a malformed body, an unknown content
 * type or one over the limit is refused as such), then the caller is checked (preValidation), then the input is
 * validated: an anonymous caller never learns the validation rules. An endpoint that declares its own, larger body
 * limit (uploads, feeds) checks its caller before reading the body instead (onRequest), so an anonymous caller
 * cannot make the server read tens of megabytes. The agency key is always checked before the body, its scope after.
 */
function guardsOf(
  g: AuthGuards,
  e: AnyEndpoint,
  rider: SessionRider | undefined,
): { onRequest: Hook[]; preValidation: Hook[] } {
  if (rider && e.access !== 'clinician')
    throw new Error(`${e.operationId}: only a clinician endpoint reads a session rider`);
  const caller = (...guards: Hook[]) =>
    e.bodyLimit ? { onRequest: guards, preValidation: [] } : { onRequest: [], preValidation: guards };
  switch (e.access) {
    case 'public':
      return { onRequest: [], preValidation: [] };
    case 'clinician':
      return caller(rider ? g.requireAuthWith(rider) : g.requireAuth);
    case 'clinician-optional':
      return caller(g.optionalAuth);
    case 'agency':
      if (!e.scope) throw new Error(`${e.operationId}: an agency endpoint names the scope it needs`);
      return { onRequest: [g.requireAgencyKey], preValidation: [g.requireScope(e.scope)] };
    case 'dev':
      // Every refusal of a dev endpoint is the unknown-endpoint 404, before anything else is looked at.
      return { onRequest: [g.requireLocalDev], preValidation: [] };
    case 'dev-clinician':
      return { onRequest: [g.requireLocalDev], preValidation: [g.requireAuth] };
  }
}

/**
 * Registers an endpoint on `app` (the API's scope under /core/api, or the root for the hub login): its path is
 * written in full in the definition, so the scope's prefix is taken off it here.
 */
export function registerEndpoint<E extends AnyEndpoint>(
  app: App,
  def: E,
  handler: EndpointHandler<E>,
  hooks: EndpointHooks = {},
): void {
  if (!def.path.toLowerCase().startsWith(app.prefix.toLowerCase()))
    throw new Error(`${def.operationId}: ${def.path} is not under ${app.prefix}`);
  const guards = guardsOf(app.authGuards, def, hooks.sessionRider);
  const route = (scope: App, extra: onRequestAsyncHookHandler[]) =>
    void scope.route({
      method: def.method,
      url: def.path.slice(app.prefix.length),
      schema: routeSchema(def),
      ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
      ...(def.featureFlag ? { config: { featureFlag: def.featureFlag } } : {}),
      onRequest: [...guards.onRequest, ...extra, ...(hooks.onRequest ? [hooks.onRequest] : [])],
      preValidation: guards.preValidation,
      handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
    });
  const streamed = hooks.streamedFile;
  if (!streamed) {
    route(app, []);
    return;
  }
  // The JSON parser of this one route: a scope of its own, whose parser replaces Fastify's for its bodies only.
  void app.register(async (scope) => {
    const jsonParser = fastifyJsonParser(scope);
    // The scope inherits the input guard's JSON parser, which this one replaces.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      streamedUploadParser({ field: streamed.field, tmpDir: streamed.tmpDir, jsonParser }) as never,
    );
    route(scope as App, [removeUploadsAfterAnswer]);
  });
}
