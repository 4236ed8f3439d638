import type { FastifyInstance } from 'fastify';
import { createAgencyClient, type AgencyClient } from '@hcp/agency-client';

/**
 * A fetch that answers through Fastify's inject(): a client built on it calls the app in the test process
 * exactly as it would call the portal over HTTP (method, path, query, headers, body; status, headers, bytes).
 */
export function injectFetch(app: FastifyInstance): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const res = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      ...(body ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
    }
    // A 204 or 304 answer has no body (the Response constructor refuses one).
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };
}

/** The agency client an agency would use, driving the test app through inject(). */
export function agencyApi(app: FastifyInstance, apiKey: string | undefined): AgencyClient {
  return createAgencyClient({ baseUrl: 'http://portal.test', apiKey, fetch: injectFetch(app) });
}
