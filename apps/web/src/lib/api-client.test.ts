import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { JobResults } from '@hcp/contracts';
import * as application from '@hcp/contracts/routes/application';
import * as auth from '@hcp/contracts/routes/auth';
import * as certifications from '@hcp/contracts/routes/certifications';
import * as jobs from '@hcp/contracts/routes/jobs';
import { userInfo } from '@hcp/contracts/routes/users';
import { ApiError, call, endpointKey, isErrorOf, setUnauthorizedHandler, startEarly } from './api-client.ts';
import { TOKEN_COOKIE } from './cookies.ts';

type Sent = { url: string; init: RequestInit };
let sent: Sent[];

function answer(response: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return response;
    }),
  );
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const headersOf = (s: Sent) => s.init.headers as Record<string, string>;

beforeEach(() => {
  sent = [];
  document.cookie = `${TOKEN_COOKIE}=token-1; path=/`;
});
afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
  document.cookie = `${TOKEN_COOKIE}=; path=/; max-age=0`;
});

describe('call', () => {
  it("answers the endpoint's typed body, from the definition's method and path with the query as the server reads it", async () => {
    const results: JobResults = { jobList: [], jobCount: 0, positionCount: 0, page: 1, pageSize: 20 };
    answer(json(results));
    const got = await call(jobs.searchJobs, {
      query: { disciplineId: 13, specialtyIds: [4, 9], stateIds: [], page: 1 },
    });
    expectTypeOf(got).toEqualTypeOf<JobResults>();
    expect(got).toEqual(results);
    expect(sent[0]!.url).toBe('/core/api/jobsearch/jobs?disciplineId=13&specialtyIds=4&specialtyIds=9&page=1');
    expect(sent[0]!.init.method).toBe('GET');
    // A public endpoint never receives the clinician's token.
    expect(headersOf(sent[0]!).authorization).toBeUndefined();
  });

  it("sends the clinician's token to a clinician endpoint, and the body as JSON", async () => {
    answer(json({ jobId: 5, isFavorite: true }));
    const got = await call(jobs.updateFavorite, { body: { jobId: 5, isFavorited: true } });
    expectTypeOf(got).toEqualTypeOf<{ jobId: number; isFavorite: boolean }>();
    expect(sent[0]!.url).toBe('/core/api/HcpFavoriteJobs/updateFavorite');
    expect(sent[0]!.init.method).toBe('POST');
    expect(headersOf(sent[0]!).authorization).toBe('Bearer token-1');
    expect(headersOf(sent[0]!)['content-type']).toBe('application/json');
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual({ jobId: 5, isFavorited: true });
  });

  it("sends a form endpoint's body form-urlencoded and answers a text answer as text", async () => {
    answer(new Response('eyJ.token', { status: 200, headers: { 'content-type': 'text/plain' } }));
    const token = await call(auth.login, { body: { username: 'a@example.com', password: 'p&ss word' } });
    expectTypeOf(token).toEqualTypeOf<string>();
    expect(token).toBe('eyJ.token');
    expect(headersOf(sent[0]!)['content-type']).toBe('application/x-www-form-urlencoded');
    expect(String(sent[0]!.init.body)).toBe('username=a%40example.com&password=p%26ss+word');
    expect(headersOf(sent[0]!).authorization).toBeUndefined();
  });

  it('answers a file as a Blob, with the path parameters encoded', async () => {
    answer(
      new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
        status: 200,
        headers: { 'content-type': 'application/pdf' },
      }),
    );
    const file = await call(certifications.certificationFile, { params: { certId: 7 } });
    expectTypeOf(file).toEqualTypeOf<Blob>();
    expect(file.size).toBe(4);
    expect(sent[0]!.url).toBe('/core/api/HcpCertification/getCertificationFile/7');
    answer(new Response(new Uint8Array([1]), { status: 200 }));
    await call(application.applicationDocument, { params: { documentName: 'a b/c' } });
    expect(sent[1]!.url).toBe('/core/api/SubmitApplication/getSubmitApplicationDocuments/a%20b%2Fc');
  });

  it('answers nothing for a 204 and sends no body when the endpoint takes none', async () => {
    answer(new Response(null, { status: 204 }));
    const none = await call(auth.logout);
    expectTypeOf(none).toEqualTypeOf<undefined>();
    expect(none).toBeUndefined();
    expect(sent[0]!.init.body).toBeUndefined();
    expect(sent[0]!.init.method).toBe('POST');
  });

  it('throws the typed problem of a refusal', async () => {
    answer(json({ status: 409, code: 'job_closed', message: 'This job has closed', requestId: 'r1' }, 409));
    const error = await call(jobs.startJobApplication, { body: { jobId: 5, desiredStartDate: '2026-12-01' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(isErrorOf(jobs.startJobApplication, error)).toBe(true);
    if (!isErrorOf(jobs.startJobApplication, error)) return;
    // Narrowed to the codes this endpoint may answer: its own and the ones every endpoint may.
    expectTypeOf<'job_closed' | 'application_incomplete' | 'validation_failed'>().toExtend<
      NonNullable<typeof error.code>
    >();
    expectTypeOf<'email_exists'>().not.toExtend<NonNullable<typeof error.code>>();
    expect(error.status).toBe(409);
    expect(error.code).toBe('job_closed');
    expect(error.message).toBe('This job has closed');
  });

  it('throws without a problem when the refusal is not one (a proxy page, an empty body)', async () => {
    answer(new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const error = (await call(jobs.searchOptions).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.problem).toBeNull();
    expect(error.code).toBeUndefined();
  });

  it('tells the auth provider when a call made with a token is refused as unauthorized', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    answer(json({ status: 401, code: 'unauthorized', message: 'Authentication required' }, 401));
    await expect(call(jobs.favoriteJobs)).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    // A public call carries no token: its 401 (a failed login) says nothing about the session.
    answer(json({ status: 401, code: 'invalid_credentials', message: 'Invalid login credentials' }, 401));
    await expect(call(auth.login, { body: { username: 'a', password: 'b' } })).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('tells the auth provider when a clinician call is refused because the token cookie went away under the page', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    // Another tab logged out: the cookie is gone, so the call goes without a token and is refused.
    document.cookie = `${TOKEN_COOKIE}=; path=/; max-age=0`;
    answer(json({ status: 401, code: 'unauthorized', message: 'Authentication required' }, 401));
    await expect(call(jobs.favoriteJobs)).rejects.toBeInstanceOf(ApiError);
    expect(headersOf(sent[0]!).authorization).toBeUndefined();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('startEarly', () => {
  /** A fresh answer per request (a body is read once). */
  const answerEach = (body: unknown) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push({ url, init });
        return json(body);
      }),
    );
  const results: JobResults = { jobList: [], jobCount: 0, positionCount: 0, page: 1, pageSize: 50 };
  const firstPage = { query: { disciplineId: 13, sortBy: 'pay' as const, page: 1 } };

  it("gives the page's first call of a request the answer asked before the page loaded, once", async () => {
    answerEach(results);
    startEarly(jobs.searchJobs, firstPage);
    expect(sent.map((s) => s.url)).toEqual(['/core/api/jobsearch/jobs?disciplineId=13&sortBy=pay&page=1']);
    expect(await call(jobs.searchJobs, firstPage)).toEqual(results);
    expect(sent).toHaveLength(1);
    // Taken once: a later call asks again.
    await call(jobs.searchJobs, firstPage);
    expect(sent).toHaveLength(2);
  });

  it('is not taken by another request, nor by the same one under another login', async () => {
    answerEach({ firstName: 'Dana' });
    startEarly(userInfo);
    expect(headersOf(sent[0]!).authorization).toBe('Bearer token-1');
    await call(jobs.searchJobs, { query: { disciplineId: 13, page: 2 } });
    document.cookie = `${TOKEN_COOKIE}=token-2; path=/`;
    await call(userInfo);
    expect(sent).toHaveLength(3);
    expect(headersOf(sent[2]!).authorization).toBe('Bearer token-2');
    // The login it was asked for takes it.
    document.cookie = `${TOKEN_COOKIE}=token-1; path=/`;
    expect(await call(userInfo)).toEqual({ firstName: 'Dana' });
    expect(sent).toHaveLength(3);
  });
});

describe('endpointKey', () => {
  it("keys public answers under 'public' (kept at sign-out) and the others under their area", () => {
    expect(endpointKey(jobs.searchOptions)).toEqual(['public', 'searchOptions']);
    expect(endpointKey(jobs.favoriteJobs, 'token-1')).toEqual(['jobs', 'favoriteJobs', 'token-1']);
  });
});
