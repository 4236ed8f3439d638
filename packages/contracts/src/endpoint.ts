/**
 * One definition per HTTP endpoint: method, path, the zod schemas of its input and of each answer, the error codes
 * it may answer, and what OpenAPI says about it. The server registers its routes from these definitions
 * (validation, serialisation and the OpenAPI document stay on Fastify's zod type provider), and the web calls the
 * API through a client typed by them. The shape follows ts-rest's contracts (`responses` keyed by status) with
 * oRPC's list of error codes per endpoint; docs/decisions/0220-endpoint-definitions.md says why it is our own.
 *
 * This module holds no zod schema of its own (types only): the web imports it on every page.
 */
import type { z } from 'zod';
import type { AgencyScope } from './agency.ts';
import type { ErrorCode, ErrorStatus } from './error-codes.ts';
import type { FeatureFlagName } from './feature-flags.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint, which is also its OpenAPI security requirement:
 * - `public`: anyone, no credentials (the client sends none);
 * - `clinician`: a clinician's bearer token of a live session;
 * - `clinician-optional`: anyone; a clinician's token, when sent, personalises the answer;
 * - `agency`: an agency API key (bearer `agk_...`) holding the endpoint's `scope`;
 * - `dev`: the dev secret header, from loopback only (local demos and browser tests; absent in production);
 * - `dev-clinician`: the dev secret and a clinician's token.
 */
export type Access = 'public' | 'clinician' | 'clinician-optional' | 'agency' | 'dev' | 'dev-clinician';

/** An answer that is text, not JSON (the login calls answer the token as text/plain). */
export interface TextResponse<S extends z.ZodType = z.ZodType> {
  readonly kind: 'text';
  readonly contentType: 'text/plain';
  readonly schema: S;
  readonly description: string;
}

/** An answer that is a file (PDF, image, Word document): the web reads it as a Blob. */
export interface FileResponse {
  readonly kind: 'file';
  readonly contentTypes: readonly [string, ...string[]];
  readonly description: string;
}

/** An answer without a body (204). */
export interface EmptyResponse {
  readonly kind: 'empty';
  readonly description: string;
}

export type ResponseSpec = z.ZodType | TextResponse | FileResponse | EmptyResponse;

export const textResponse = <S extends z.ZodType>(schema: S, description: string): TextResponse<S> => ({
  kind: 'text',
  contentType: 'text/plain',
  schema,
  description,
});

export const fileResponse = (description: string, ...contentTypes: [string, ...string[]]): FileResponse => ({
  kind: 'file',
  contentTypes,
  description,
});

export const emptyResponse = (description: string): EmptyResponse => ({ kind: 'empty', description });

/** Error codes by the status they are answered with. */
export type ErrorMap = { readonly [S in ErrorStatus]?: readonly ErrorCode[] };

export interface EndpointConfig {
  readonly method: HttpMethod;
  /** The path as the server registers it (Fastify syntax, `:name` for parameters), prefix included. */
  readonly path: string;
  /** Unique, camelCase: the OpenAPI operationId and the web's query key. */
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly [string, ...string[]];
  readonly access: Access;
  /** The agency key scope the endpoint needs (agency endpoints only). */
  readonly scope?: AgencyScope;
  /** While this flag is off the endpoint answers 404 as if it did not exist. */
  readonly featureFlag?: FeatureFlagName;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /**
   * `form`: the body is sent as application/x-www-form-urlencoded, as the specification's clients do (JSON is
   * accepted too). Default `json`.
   */
  readonly bodyType?: 'json' | 'form';
  /** Largest accepted body in bytes when it differs from the server's default (uploads, feeds); larger is a 413. */
  readonly bodyLimit?: number;
  /** The answer of each status: the success answer(s), and error answers whose body is not the problem shape. */
  readonly responses: { readonly [status: number]: ResponseSpec };
  /** The error codes this endpoint answers itself, by status (the ones every endpoint may answer are added). */
  readonly errors?: ErrorMap;
}

export type Endpoint<C extends EndpointConfig = EndpointConfig> = C;
export type AnyEndpoint = Endpoint<EndpointConfig>;

/**
 * Declares an endpoint. The definition is the plain object given (so its literal types drive the client's types);
 * the annotation lets bundlers drop the definitions a page never uses, and with them their schemas.
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineEndpoint<const C extends EndpointConfig>(config: C): Endpoint<C> {
  return config;
}

// ---- what every endpoint may answer besides its own errors

/**
 * The refusals every endpoint may answer, whatever it does: a malformed request, a database outage, a crash. The
 * OpenAPI document lists them on each operation; `allErrors()` adds them to an endpoint's own.
 */
function commonErrors(e: EndpointConfig): ErrorMap {
  const hasInput = !!(e.params || e.query || e.body);
  // Text the database cannot store is refused wherever it is sent (path, query or body), read or not.
  const map: Record<number, ErrorCode[]> = {
    400: hasInput ? ['bad_request', 'validation_failed', 'invalid_character'] : ['bad_request', 'invalid_character'],
    500: ['internal_error'],
    503: ['unavailable'],
  };
  const add = (status: ErrorStatus, ...codes: ErrorCode[]) => (map[status] = [...(map[status] ?? []), ...codes]);
  // A body the server cannot read (too large, of an unknown type) is refused whether or not the endpoint takes one.
  if (e.method !== 'GET') {
    add(413, 'payload_too_large');
    add(415, 'unsupported_media_type');
  }
  if (e.access === 'clinician' || e.access === 'dev-clinician') add(401, 'unauthorized');
  if (e.access === 'agency') {
    add(401, 'unauthorized');
    add(403, 'insufficient_scope');
  }
  // The dev routes answer every refusal as the unknown-endpoint 404; a flagged feature that is off does too.
  if (e.access === 'dev' || e.access === 'dev-clinician' || e.featureFlag) add(404, 'not_found');
  return map;
}

/** An endpoint's own error codes and the common ones, by status. */
export function allErrors(e: EndpointConfig): ErrorMap {
  const out: Record<number, ErrorCode[]> = {};
  for (const map of [commonErrors(e), e.errors ?? {}])
    for (const [status, codes] of Object.entries(map) as [string, readonly ErrorCode[]][])
      out[Number(status)] = [...new Set([...(out[Number(status)] ?? []), ...codes])];
  return out;
}

// ---- types the client derives from a definition

/** Whether every key of T is optional (a schema whose input may be left out). */
type AllOptional<T> = T extends object ? (Partial<T> extends T ? true : false) : false;

type Slot<K extends string, S, V> = S extends z.ZodType
  ? undefined extends V
    ? { readonly [P in K]?: V }
    : AllOptional<V> extends true
      ? { readonly [P in K]?: V }
      : { readonly [P in K]: V }
  : { readonly [P in K]?: never };

/** A query string is text: where the schema reads a number from text, the caller may pass the number. */
type QueryValue<V> = V extends unknown
  ? string extends V
    ? V | number
    : V extends readonly (infer I)[]
      ? readonly QueryValue<I>[]
      : V
  : never;
type QueryInput<T> = T extends object ? { [K in keyof T]: QueryValue<T[K]> } : T;

type SchemaOf<E, K extends string> = E extends { [P in K]: infer S } ? S : undefined;
type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** What a caller passes: `params`, `query` and `body`, each typed by the endpoint's schema (its input side). */
export type EndpointInput<E extends AnyEndpoint> = Slot<
  'params',
  SchemaOf<E, 'params'>,
  QueryInput<InputOf<SchemaOf<E, 'params'>>>
> &
  Slot<'query', SchemaOf<E, 'query'>, QueryInput<InputOf<SchemaOf<E, 'query'>>>> &
  Slot<'body', SchemaOf<E, 'body'>, InputOf<SchemaOf<E, 'body'>>>;

type SuccessStatus = 200 | 201 | 202 | 204;

type BodyOf<R> =
  R extends TextResponse<infer S>
    ? z.output<S>
    : R extends FileResponse
      ? Blob
      : R extends EmptyResponse
        ? undefined
        : R extends z.ZodType
          ? z.output<R>
          : never;

/** The body of the endpoint's success answer, as the client receives it. */
export type EndpointResult<E extends AnyEndpoint> = {
  [K in keyof E['responses']]: K extends SuccessStatus ? BodyOf<E['responses'][K]> : never;
}[keyof E['responses']];

type CommonCode =
  | 'bad_request'
  | 'validation_failed'
  | 'invalid_character'
  | 'internal_error'
  | 'unavailable'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'unauthorized'
  | 'insufficient_scope'
  | 'not_found';
type DeclaredCode<E> = E extends { errors: infer M }
  ? { [K in keyof M]: M[K] extends readonly (infer C)[] ? C : never }[keyof M]
  : never;

/** The error codes an endpoint may answer. */
export type EndpointErrorCode<E extends AnyEndpoint> = DeclaredCode<E> | CommonCode;

// ---- what a client carries at run time

declare const definitionType: unique symbol;

type SuccessSpec<E extends AnyEndpoint> = {
  [K in keyof E['responses']]: K extends SuccessStatus ? E['responses'][K] : never;
}[keyof E['responses']];

type Answer = 'json' | 'text' | 'file' | 'empty';

/** How a client reads the success answer of an endpoint (any of them for an endpoint not known). */
export type AnswerOf<E extends AnyEndpoint> = [SuccessSpec<E>] extends [never]
  ? Answer
  : SuccessSpec<E> extends TextResponse
    ? 'text'
    : SuccessSpec<E> extends FileResponse
      ? 'file'
      : SuccessSpec<E> extends EmptyResponse
        ? 'empty'
        : 'json';

/** What a client needs at run time to call some endpoint (the shape every route has). */
export interface AnyRoute {
  readonly method: HttpMethod;
  readonly path: string;
  readonly operationId: string;
  readonly tags: readonly string[];
  readonly access: Access;
  readonly bodyType?: 'json' | 'form';
  /** How the success answer is read: JSON, text (the login token), a file (Blob), or nothing. */
  readonly answer: Answer;
}

/**
 * What a client needs at run time to call an endpoint: no schemas, so a page does not carry their parsers (zod
 * schemas cannot be tree-shaken). The definition itself rides along as a type only. The route of each definition is
 * generated (src/routes/<area>.ts, scripts/generate-routes.ts), and typed against its definition.
 */
export interface Route<E extends AnyEndpoint> extends AnyRoute {
  readonly method: E['method'];
  readonly path: E['path'];
  readonly operationId: E['operationId'];
  readonly tags: E['tags'];
  readonly access: E['access'];
  readonly answer: AnswerOf<E>;
  /** Type only, never set: the definition the route was made from. */
  readonly [definitionType]?: E;
}

/** The definition a route was made from. */
export type DefinitionOf<R extends AnyRoute> = R extends { readonly [definitionType]?: infer E }
  ? Exclude<E, undefined> extends infer D extends AnyEndpoint
    ? D
    : never
  : never;

/** The route of an endpoint definition (what scripts/generate-routes.ts writes). */
export function routeOf<E extends AnyEndpoint>(e: E): Route<E> {
  const { spec } = successResponse(e);
  const answer = isTextResponse(spec)
    ? 'text'
    : isFileResponse(spec)
      ? 'file'
      : isEmptyResponse(spec)
        ? 'empty'
        : 'json';
  return {
    method: e.method,
    path: e.path,
    operationId: e.operationId,
    tags: e.tags,
    access: e.access,
    ...(e.bodyType === 'form' ? { bodyType: 'form' as const } : {}),
    answer: answer as AnswerOf<E>,
  };
}

// ---- the request an endpoint call makes

/** The path with its parameters filled in (each one URL-encoded). */
export function endpointPath(
  e: Pick<EndpointConfig, 'path' | 'operationId'>,
  params?: Readonly<Record<string, unknown>>,
): string {
  return e.path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`${e.operationId}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

type QueryParam = string | number | boolean | null | undefined | readonly (string | number)[];

/** Repeated keys for arrays (the multi-selects), empty values left out. */
export function toSearchParams(query: Readonly<Record<string, QueryParam>>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  return params;
}

/** The status of an endpoint's success answer and what it carries. */
export function successResponse(e: EndpointConfig): { status: number; spec: ResponseSpec } {
  for (const [status, spec] of Object.entries(e.responses))
    if (Number(status) < 300) return { status: Number(status), spec };
  throw new Error(`${e.operationId}: no success response`);
}

export function isTextResponse(r: ResponseSpec): r is TextResponse {
  return (r as { kind?: unknown }).kind === 'text';
}
export function isFileResponse(r: ResponseSpec): r is FileResponse {
  return (r as { kind?: unknown }).kind === 'file';
}
export function isEmptyResponse(r: ResponseSpec): r is EmptyResponse {
  return (r as { kind?: unknown }).kind === 'empty';
}
