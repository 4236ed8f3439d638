import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { problemSchema } from '../common.ts';
import { CONTRACT_TERMS_CHANGED } from '../contract-documents.ts';
import { allErrors, successResponse, type AnyEndpoint } from '../endpoint.ts';
import { ERROR_CODES, isErrorCode } from '../error-codes.ts';
import { REFERENCE_OWN_ADDRESS } from '../refusal-codes.ts';
import { allEndpoints, findEndpoint, routeKey } from './index.ts';

const name = (e: AnyEndpoint) => `${e.method} ${e.path}`;

describe('the endpoint definitions', () => {
  it('define each route and each operationId once (paths compared as the server matches them: ignoring case)', () => {
    const routes = allEndpoints.map((e) => routeKey(e.method, e.path));
    expect(new Set(routes).size).toBe(routes.length);
    const ids = allEndpoints.map((e) => e.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(allEndpoints.length).toBeGreaterThan(120);
  });

  it('give every endpoint what its OpenAPI operation needs: operationId, summary, tags, security and its 4xx answers', () => {
    for (const e of allEndpoints) {
      expect(e.operationId, name(e)).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(e.summary.length, name(e)).toBeGreaterThan(5);
      expect(e.tags.length, name(e)).toBeGreaterThan(0);
      expect(['public', 'clinician', 'clinician-optional', 'agency', 'dev', 'dev-clinician'], name(e)).toContain(
        e.access,
      );
      expect(
        Object.keys(allErrors(e)).some((s) => s.startsWith('4')),
        name(e),
      ).toBe(true);
      expect(successResponse(e).status, name(e)).toBeLessThan(300);
    }
  });

  it('name, for every path parameter, a parameter of the params schema, and no other', () => {
    for (const e of allEndpoints) {
      const inPath = [...e.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).sort();
      const declared = e.params instanceof z.ZodObject ? Object.keys(e.params.shape).sort() : [];
      expect(declared, name(e)).toEqual(inPath);
    }
  });

  it('put the clinician API under /core/api, the agency API under /core/api/agency with a scope, and the hub login apart', () => {
    for (const e of allEndpoints) {
      if (e.access === 'agency') {
        expect(e.path, name(e)).toMatch(/^\/core\/api\/agency\//);
        expect(e.scope, name(e)).toBeDefined();
      } else {
        expect(e.scope, name(e)).toBeUndefined();
        expect(e.path === '/api/home/login/website' || e.path.startsWith('/core/api/'), name(e)).toBe(true);
      }
      if (e.access === 'dev' || e.access === 'dev-clinician') expect(e.path, name(e)).toMatch(/^\/core\/api\/dev\//);
    }
  });

  it('send no body with a GET', () => {
    for (const e of allEndpoints.filter((x) => x.method === 'GET')) expect(e.body, name(e)).toBeUndefined();
  });

  it('list only known error codes', () => {
    for (const e of allEndpoints)
      for (const codes of Object.values(allErrors(e)))
        for (const code of codes ?? []) expect(isErrorCode(code), `${name(e)}: ${code}`).toBe(true);
  });

  it('find the definition of a registered route whatever the case of its path', () => {
    expect(findEndpoint('GET', '/core/api/HcpFavoriteJobs/favoriteJobs')?.operationId).toBe('favoriteJobs');
    expect(findEndpoint('post', '/core/api/agency/contracts/:contractId/send')?.operationId).toBe('sendContract');
    expect(findEndpoint('GET', '/core/api/nothing')).toBeUndefined();
  });
});

describe('the error codes', () => {
  it('are one list, without repeats, holding the codes named elsewhere in the contracts', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(isErrorCode(CONTRACT_TERMS_CHANGED)).toBe(true);
    expect(isErrorCode(REFERENCE_OWN_ADDRESS.code)).toBe(true);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('type the problem body: an unknown code is not a problem of this API', () => {
    expect(problemSchema.safeParse({ status: 409, code: 'job_closed', message: 'This job has closed' }).success).toBe(
      true,
    );
    expect(problemSchema.safeParse({ status: 409, code: 'job_gone', message: 'This job has closed' }).success).toBe(
      false,
    );
  });
});
