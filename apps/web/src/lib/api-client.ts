import {
  endpointPath,
  toSearchParams,
  type DefinitionOf,
  type EndpointErrorCode,
  type EndpointInput,
  type EndpointResult,
  type AnyRoute,
} from '@hcp/contracts/endpoint';
import type { Problem } from '@hcp/contracts/common';
import type { ErrorCode } from '@hcp/contracts/error-codes';
import { TOKEN_COOKIE, readCookie } from './cookies.ts';
import { apiFetch } from './render-env.ts';

/**
 * The one way the web app calls the API: `call(route, { params, query, body })` with a route from
 * @hcp/contracts/routes/<area>, generated from the endpoint's definition. It gives the method, the path, how the body
 * is sent, whether the clinician's token goes along and how the answer is read; the definition types the input,
 * the answer and the error codes. Answers are not validated here (the server serialises through their schemas),
 * so a page carries the routes it calls, not the schemas' parsers.
 */

type In<R extends AnyRoute> = EndpointInput<DefinitionOf<R>>;
type Out<R extends AnyRoute> = EndpointResult<DefinitionOf<R>>;

export class ApiError<C extends ErrorCode = ErrorCode> extends Error {
  constructor(
    public readonly status: number,
    public readonly problem: (Problem & { code: C }) | null,
  ) {
    super(problem?.message ?? `Request failed with status ${status}`);
  }

  /** The problem's stable code, when the answer was a problem. */
  get code(): C | undefined {
    return this.problem?.code;
  }
}

/** The stable code of an API refusal, if `error` is one. */
export function errorCode(error: unknown): ErrorCode | undefined {
  return error instanceof ApiError ? (error.code as ErrorCode | undefined) : undefined;
}

/** Whether `error` is a refusal of `route` (its type then names the codes that endpoint may answer). */
export function isErrorOf<R extends AnyRoute>(
  _route: R,
  error: unknown,
): error is ApiError<EndpointErrorCode<DefinitionOf<R>>> {
  return error instanceof ApiError;
}

interface CallOptions {
  signal?: AbortSignal;
  /** Extra request headers (the dev outbox sends its key). */
  headers?: Record<string, string>;
}

type CallArgs<R extends AnyRoute> =
  Partial<In<R>> extends In<R> ? [input?: In<R>, options?: CallOptions] : [input: In<R>, options?: CallOptions];

let onUnauthorized: (() => void) | null = null;
/**
 * The auth provider listens here: a 401 on a clinician's call means the session is over, whether the token was
 * refused (ended elsewhere) or was no longer there to send (the cookie went away under the page).
 */
export function setUnauthorizedHandler(handler: (() => void) | null) {
  onUnauthorized = handler;
}

/** Endpoints a clinician's token goes to; public ones never receive it. */
const sendsToken = (r: AnyRoute) =>
  r.access === 'clinician' || r.access === 'clinician-optional' || r.access === 'dev-clinician';

async function problemOf(res: Response): Promise<Problem | null> {
  try {
    const body = (await res.json()) as Partial<Problem> | null;
    return body && typeof body.code === 'string' && typeof body.message === 'string' ? (body as Problem) : null;
  } catch {
    return null;
  }
}

interface Input {
  params?: Record<string, unknown>;
  query?: Parameters<typeof toSearchParams>[0];
  body?: unknown;
}

/** The request of a call: its URL, what fetch is given, and the key under which an early answer of it is kept. */
function request(route: AnyRoute, input: Input, options: CallOptions) {
  const headers: Record<string, string> = { accept: 'application/json, text/plain, */*', ...options.headers };
  const token = sendsToken(route) ? readCookie(TOKEN_COOKIE) : '';
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (input.body !== undefined) {
    if (route.bodyType === 'form') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(input.body as Record<string, string>).toString();
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
  }
  const qs = input.query ? toSearchParams(input.query).toString() : '';
  const path = endpointPath(route, input.params);
  const url = qs ? `${path}?${qs}` : path;
  return { url, init: { method: route.method, headers, body }, key: `${route.method} ${url} ${token}` };
}

/**
 * Answers of GET calls started before the page's code has loaded (`startEarly`), by method, URL and token: the
 * page's first call of the same request takes the answer instead of asking again. An answer is taken once, and
 * only for a short while, so a later call never gets an old one.
 */
const early = new Map<string, { response: Promise<Response>; at: number }>();
const EARLY_ANSWER_MS = 30_000;

/**
 * Starts a GET call now, before the page that makes it has loaded (the entry starts the first calls of the page it
 * opens, so they do not wait for React and the page's code); the page's own call of it then takes this answer.
 */
export function startEarly<R extends AnyRoute & { method: 'GET' }>(route: R, ...args: CallArgs<R>): void {
  const [input = {}, options = {}] = args;
  const { url, init, key } = request(route, input as Input, options);
  if (early.has(key)) return;
  const response = apiFetch(url, init);
  // A failure is the taker's to handle; nobody may take it at all.
  response.catch(() => {});
  early.set(key, { response, at: Date.now() });
}

function takeEarly(key: string): Promise<Response> | undefined {
  const kept = early.get(key);
  if (!kept) return undefined;
  early.delete(key);
  return Date.now() - kept.at <= EARLY_ANSWER_MS ? kept.response : undefined;
}

async function send(route: AnyRoute, input: Input, options: CallOptions): Promise<Response> {
  const { url, init, key } = request(route, input, options);
  const started = route.method === 'GET' ? takeEarly(key) : undefined;
  const res = await (started ?? apiFetch(url, { ...init, signal: options.signal }));
  if (!res.ok) {
    const problem = await problemOf(res);
    if (res.status === 401 && sendsToken(route) && onUnauthorized) onUnauthorized();
    throw new ApiError(res.status, problem);
  }
  return res;
}

/** Calls an endpoint: its success answer (JSON, text or a file as a Blob), or an ApiError with the problem. */
export async function call<R extends AnyRoute>(route: R, ...args: CallArgs<R>): Promise<Out<R>> {
  const [input = {}, options = {}] = args;
  const res = await send(route, input as Input, options);
  let result: unknown;
  if (res.status === 204 || route.answer === 'empty') result = undefined;
  else if (route.answer === 'text') result = await res.text();
  else if (route.answer === 'file') result = await res.blob();
  else result = await res.json();
  return result as Out<R>;
}

/**
 * The TanStack Query key of an endpoint's answers: public answers under 'public' (kept when a clinician signs
 * out), the others under the endpoint's area, then the operation and what the caller adds (its input, the token).
 * The key without parts is the prefix that invalidates every answer of the endpoint.
 */
export function endpointKey(route: AnyRoute, ...parts: unknown[]): unknown[] {
  return [route.access === 'public' ? 'public' : route.tags[0], route.operationId, ...parts];
}

/**
 * Query options of a GET endpoint: its key (the input, then `keyParts`) and the call. The request is not aborted
 * when the page stops needing it: its answer still fills the cache for the next visit.
 */
export function endpointQuery<R extends AnyRoute>(route: R, input?: In<R>, ...keyParts: unknown[]) {
  return {
    queryKey: endpointKey(route, ...(input === undefined ? [] : [input]), ...keyParts),
    queryFn: () => call<AnyRoute>(route, input as In<AnyRoute>) as Promise<Out<R>>,
  };
}

/**
 * Opens a file answer (PDF) in a new window. The window is opened before the request so pop-up blockers allow it;
 * a native app wrapper, when present, receives the file instead.
 */
export async function openFile<R extends AnyRoute & { answer: 'file' }>(route: R, ...args: CallArgs<R>): Promise<void> {
  const win = window.open('', '_blank');
  try {
    const blob = (await call(route, ...args)) as Blob;
    const url = URL.createObjectURL(blob);
    const native = (window as unknown as { ReactNativeWebView?: { postMessage(m: string): void } }).ReactNativeWebView;
    if (native) {
      win?.close();
      native.postMessage(JSON.stringify({ type: 'openFile', url }));
      return;
    }
    if (win) win.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (e) {
    win?.close();
    throw e;
  }
}
