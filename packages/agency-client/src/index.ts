/**
 * A typed client of the agency API: every path, parameter, body and answer (problems included) is typed from
 * the OpenAPI document the portal serves at /core/api/docs/json (src/generated/agency-api.ts), and the calls
 * go through openapi-fetch. The same client drives the server's agency integration tests.
 *
 * ```ts
 * const agency = createAgencyClient({ baseUrl: 'https://portal.example.com', apiKey: process.env.HCP_AGENCY_KEY! });
 * const { data, error } = await agency.GET('/core/api/agency/submissions', { params: { query: { status: 'submitted' } } });
 * ```
 */
import createClient, { type Client } from 'openapi-fetch';
import type { components, operations, paths } from './generated/agency-api.ts';

export type { components, operations, paths };
export type AgencyClient = Client<paths>;
/** The JSON problem every refusal answers: `{ status, code, message, errors?, requestId }`. */
export type AgencyProblem = components['schemas']['Problem'];

export interface AgencyClientOptions {
  /** The portal's address (its PUBLIC_URL), without the API path: `https://portal.example.com`. */
  baseUrl: string;
  /** An agency API key, `agk_<id>_<secret>` (`npm run ops -- keys:create`); omitted, calls go without a key. */
  apiKey?: string;
  /** The fetch to call with (default: the global one), e.g. one with a proxy, retries or a test adapter. */
  fetch?: (request: Request) => Promise<Response>;
  /** Headers sent with every call besides the key. */
  headers?: Record<string, string>;
}

export function createAgencyClient({ baseUrl, apiKey, fetch, headers }: AgencyClientOptions): AgencyClient {
  return createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    ...(fetch ? { fetch } : {}),
    headers: { ...headers, ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
  });
}
