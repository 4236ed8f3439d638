import { REFERENCE_OWN_ADDRESS, type Problem } from '@hcp/contracts';
import { TOKEN_COOKIE, readCookie } from './cookies.ts';

export const API_BASE = '/core/api';

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly problem: Problem | null,
  ) {
    super(problem?.message ?? `Request failed with status ${status}`);
  }
}

/** Refusals whose server message is written for the clinician (the others show the page's generic text). */
const CLINICIAN_FACING_CODES = new Set<string>([REFERENCE_OWN_ADDRESS.code, 'rate_limited']);

/** The server's message when it is meant for the clinician, else undefined (the caller's generic text). */
export function clinicianFacingMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.problem && CLINICIAN_FACING_CODES.has(error.problem.code)
    ? error.problem.message
    : undefined;
}

type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  json?: unknown;
  form?: Record<string, string>;
  /** Send the bearer token when one exists (default true). */
  auth?: boolean;
  /** Extra request headers (the dev outbox sends its key). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Repeated keys for arrays (the multi-selects), empty values left out. */
export function toSearchParams(query: Query): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  return params;
}

let onUnauthorized: (() => void) | null = null;
/** The auth provider listens here: a 401 on a call made with a token means the session is over. */
export function setUnauthorizedHandler(handler: (() => void) | null) {
  onUnauthorized = handler;
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json, text/plain, */*', ...opts.headers };
  const token = opts.auth === false ? '' : readCookie(TOKEN_COOKIE);
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  }
  const qs = opts.query ? toSearchParams(opts.query).toString() : '';
  const res = await fetch(`${API_BASE}/${path.replace(/^\//, '')}${qs ? `?${qs}` : ''}`, {
    method: opts.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    signal: opts.signal,
  });
  if (!res.ok) {
    let problem: Problem | null;
    try {
      problem = (await res.json()) as Problem;
    } catch {
      problem = null;
    }
    if (res.status === 401 && token && onUnauthorized) onUnauthorized();
    throw new ApiError(res.status, problem);
  }
  return res;
}

export async function apiJson<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send(path, opts);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

export async function apiText(path: string, opts: RequestOptions = {}): Promise<string> {
  return (await send(path, opts)).text();
}

export async function apiBlob(path: string, opts: RequestOptions = {}): Promise<Blob> {
  return (await send(path, opts)).blob();
}

/**
 * Opens a file answer (PDF) in a new window. The window is opened before the request so pop-up
 * blockers allow it; a native app wrapper, when present, receives the file instead.
 */
export async function openFileInNewWindow(path: string, query?: Query): Promise<void> {
  const win = window.open('', '_blank');
  try {
    const blob = await apiBlob(path, { query });
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
