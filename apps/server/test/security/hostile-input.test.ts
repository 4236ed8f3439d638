import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../src/app.ts';
import type { TestApp } from '../build.ts';
import { person, PUBLIC, validParts, type Person, type World } from './endpoints.ts';
import {
  agencyHeaders,
  apiRoutes,
  buildSecurityApp,
  changedTables,
  exampleParts,
  injectOf,
  isAgencyRoute,
  jsonSchemaOf,
  publicKey,
  routeKey,
  tableDigests,
  type RequestParts,
} from './harness.ts';

/**
 * Hostile input, property-based over every route of the running app (ASVS V1/V2/V4, API8/API4):
 * wrong types, huge values, deep nesting, unicode edge cases, SQL and HTML metacharacters in bodies,
 * queries and paths. Every answer is below 500, never HTML, a JSON problem when refused, and a
 * refused request changes no table.
 */

let t: TestApp;
let w: World;
let fuzzer: Person;
let agency: Record<string, string>;
beforeAll(async () => {
  t = await buildSecurityApp();
  w = { t, a: await person(t), b: await person(t) };
  fuzzer = w.a;
  agency = await agencyHeaders(t);
  // A key's first use stamps last_used_at (then at most every 5 minutes): done here, not inside a digest.
  await t.app.inject({ method: 'GET', url: '/core/api/agency/events', headers: agency });
}, 120_000);
afterAll(async () => t?.close());

const DEEP = '__DEEP_NESTING__';
const deepJson = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

const metacharacters = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; select pg_sleep(5)',
  "\\'; \\\\",
  '%_%',
  '$1',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  'C:\\Windows\\win.ini',
  '\u0000',
  'a\u0000b',
  '\r\nSet-Cookie: x=1',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Egnp.exe',
  '\u200B\u200D\uFEFF',
  'e\u0301\u0301\u0301',
  '𝕳𝖊𝖑𝖑𝖔 👩🏽‍⚕️',
  'İıſK',
  '\u0085\u2028\u2029',
  '１２３',
  '٣',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '9'.repeat(400),
  '__proto__',
  'constructor',
  'true',
  'null',
  '',
  ' ',
];

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...metacharacters) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(70_000), '<script>'.repeat(5_000), 'é'.repeat(30_000)) },
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, -1e308, 0.5, Number.MIN_VALUE) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 20_000 }, (_, i) => i)) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom({ __proto__x: 1 }, JSON.parse('{"__proto__":{"admin":true}}'), { constructor: { prototype: { admin: true } } }) },
  { weight: 1, arbitrary: fc.constantFrom(DEEP) },
);

/** Every path into a JSON value (the root included). */
function pathsOf(v: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out = [prefix];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...pathsOf(x, [...prefix, i])));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push(...pathsOf(x, [...prefix, k]));
  return out;
}

function setAt(root: unknown, path: (string | number)[], value: unknown, mode: 'replace' | 'delete' | 'add'): unknown {
  if (path.length === 0) return mode === 'delete' ? undefined : value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let cur = copy;
  for (const p of path.slice(0, -1)) cur = cur[p] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (mode === 'delete') {
    if (Array.isArray(cur)) cur.splice(Number(last), 1);
    else delete cur[last];
  } else if (mode === 'add' && cur && typeof cur === 'object' && !Array.isArray(cur)) {
    Object.defineProperty(cur, `${String(last)}_extra`, { value, enumerable: true, configurable: true, writable: true });
  } else cur[last] = value;
  return copy;
}

type Mutation =
  | { kind: 'body'; path: number; mode: 'replace' | 'delete' | 'add'; value: unknown }
  | { kind: 'raw'; payload: string; contentType: string }
  | { kind: 'query'; key: number; value: unknown; repeat: boolean }
  | { kind: 'param'; key: number; value: string };

const rawBodies = fc.record({
  payload: fc.oneof(
    fc.constantFrom('{"a":', '{', 'nul', '[1,2', '"unterminated', '{"a":1}{"b":2}', '\uFEFF{}', deepJson(50_000), `{"a":${'1'.repeat(5000)}}`),
    hostileString,
  ),
  contentType: fc.constantFrom(
    'application/json',
    'application/json; charset=utf-16',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'application/json; charset=utf-8; a=b',
  ),
});

function mutationsFor(base: RequestParts): fc.Arbitrary<Mutation> {
  const options: fc.Arbitrary<Mutation>[] = [];
  const bodyPaths = pathsOf(base.body ?? {});
  options.push(
    fc.record({
      kind: fc.constant('body' as const),
      path: fc.nat({ max: bodyPaths.length - 1 }),
      mode: fc.constantFrom('replace' as const, 'replace' as const, 'delete' as const, 'add' as const),
      value: hostileValue,
    }),
  );
  options.push(rawBodies.map((r) => ({ kind: 'raw' as const, ...r })));
  const queryKeys = Object.keys(base.query ?? {});
  options.push(
    fc.record({
      kind: fc.constant('query' as const),
      key: fc.nat({ max: queryKeys.length }),
      value: hostileValue,
      repeat: fc.boolean(),
    }),
  );
  const paramKeys = Object.keys(base.params ?? {});
  if (paramKeys.length)
    options.push(
      fc.record({
        kind: fc.constant('param' as const),
        key: fc.nat({ max: paramKeys.length - 1 }),
        value: fc.oneof(hostileString, fc.constantFrom('..', '%2e%2e', '-1', '0', '99999999999999999999', '1.5', '1e3', ' 1')),
      }),
    );
  return fc.oneof(...options);
}

function apply(base: RequestParts, m: Mutation): RequestParts {
  switch (m.kind) {
    case 'body': {
      const path = pathsOf(base.body ?? {})[m.path]!;
      return { ...base, body: setAt(base.body ?? {}, path, m.value, m.mode) ?? null };
    }
    case 'raw':
      return { ...base, raw: { payload: m.payload, contentType: m.contentType } };
    case 'query': {
      const keys = Object.keys(base.query ?? {});
      const key = keys[m.key] ?? 'unexpected';
      const value = typeof m.value === 'string' ? m.value : JSON.stringify(m.value);
      return { ...base, query: { ...base.query, [key]: m.repeat ? [value, value] : value } };
    }
    case 'param': {
      const keys = Object.keys(base.params ?? {});
      return { ...base, params: { ...base.params, [keys[m.key]!]: m.value } };
    }
  }
}

function headersFor(r: RegisteredRoute): Record<string, string> {
  if (isAgencyRoute(r)) return agency;
  if (PUBLIC[publicKey(r)]) return {};
  return fuzzer.headers;
}

/** One valid request per route, made once (creating objects for every call would use up the demo jobs). */
const baseParts = new Map<string, RequestParts>();
async function baseFor(r: RegisteredRoute): Promise<RequestParts> {
  const key = routeKey(r);
  if (!baseParts.has(key)) baseParts.set(key, (await validParts(w, r, fuzzer)) ?? exampleParts(r));
  return baseParts.get(key)!;
}

/** A fresh session for the fuzzing clinician (a fuzzed Logout ends the one before). */
async function freshSession() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/core/api/auth/HcpLogin',
    payload: new URLSearchParams({ username: fuzzer.email, password: fuzzer.password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.statusCode, res.body).toBe(200);
  fuzzer = { ...fuzzer, token: res.body, headers: { authorization: `Bearer ${res.body}` } };
}
const endsSession = (r: RegisteredRoute) => r.url === '/core/api/auth/Logout';

function describeRequest(r: RegisteredRoute, parts: RequestParts): string {
  const s = JSON.stringify({ route: routeKey(r), ...parts, raw: parts.raw ? { ...parts.raw, payload: String(parts.raw.payload).slice(0, 200) } : undefined });
  return s.length > 600 ? `${s.slice(0, 600)}…` : s;
}

async function send(r: RegisteredRoute, parts: RequestParts) {
  const opts = injectOf(r, parts, headersFor(r));
  if (typeof opts.payload === 'string' && opts.payload.includes(JSON.stringify(DEEP)))
    opts.payload = opts.payload.replaceAll(JSON.stringify(DEEP), deepJson(20_000));
  return t.app.inject(opts);
}

/** The invariants of every answer to a hostile request. */
async function check(r: RegisteredRoute, parts: RequestParts) {
  const before = await tableDigests(t);
  const res = await send(r, parts);
  const what = `${describeRequest(r, parts)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, what).toBeLessThan(500);
  // The caller is authenticated: a 401 would mean the request never reached the code under test.
  if (headersFor(r) !== agency && !PUBLIC[publicKey(r)] && !endsSession(r)) expect(res.statusCode, what).not.toBe(401);
  expect(String(res.headers['content-type'] ?? ''), what).not.toContain('text/html');
  expect(res.body, what).not.toMatch(/node_modules|\.ts:\d+|at [A-Za-z.]+ \(/);
  if (res.statusCode >= 400) {
    expect(res.json(), what).toMatchObject({ status: res.statusCode, code: expect.any(String), message: expect.any(String) });
    expect(changedTables(before, await tableDigests(t)), what).toEqual([]);
  }
}

const fuzzRoutes = () => apiRoutes(t).filter((r) => r.url !== '/core/api/*' || r.method === 'GET');

describe('hostile input on every route', () => {
  it('enumerates the whole API', () => {
    expect(fuzzRoutes().length).toBeGreaterThan(80);
  });

  // One property per route, generated from the running app so new routes are fuzzed too.
  it('never answers 500, HTML or a stack trace, and a refused request changes nothing', async () => {
    const failures: string[] = [];
    for (const r of fuzzRoutes()) {
      await freshSession();
      const base = await baseFor(r);
      try {
        await fc.assert(
          fc.asyncProperty(mutationsFor(base), async (m) => check(r, apply(base, m))),
          { numRuns: Number(process.env.FUZZ_RUNS ?? 12), endOnFailure: true },
        );
      } catch (e) {
        const cause = (e as { cause?: Error }).cause;
        failures.push(`${routeKey(r)}: ${(cause ?? (e as Error)).message.split('\n').slice(0, 8).join('\n')}`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

/** Replaces every string in a JSON value (keys kept). */
function mapStrings(v: unknown, f: (s: string) => string): unknown {
  if (typeof v === 'string') return f(v);
  if (Array.isArray(v)) return v.map((x) => mapStrings(x, f));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mapStrings(x, f)]));
  return v;
}

const hasStrings = (v: unknown): boolean =>
  typeof v === 'string' || (!!v && typeof v === 'object' && Object.values(v).some(hasStrings));
const takesBody = (r: RegisteredRoute) => ['POST', 'PUT', 'DELETE', 'PATCH'].includes(r.method) && r.url !== '/core/api/*';
const DEFAULT_BODY_LIMIT = 1024 * 1024;

describe('deterministic hostile cases on every route', () => {
  it('a NUL character anywhere in the path, query or body is a 400 naming the field, and changes nothing', async () => {
    const failures: string[] = [];
    for (const r of fuzzRoutes()) {
      await freshSession();
      const base = await baseFor(r);
      const variants: RequestParts[] = [];
      if (hasStrings(base.body)) variants.push({ ...base, body: mapStrings(base.body, (s) => `${s}\u0000`) });
      if (base.query && Object.keys(base.query).length) variants.push({ ...base, query: mapStrings(base.query, (s) => `${s}\u0000x`) as Record<string, unknown> });
      if (base.params) variants.push({ ...base, params: mapStrings(base.params, (s) => `${s}\u0000`) as Record<string, string> });
      for (const parts of variants) {
        const before = await tableDigests(t);
        const res = await send(r, parts);
        if (res.statusCode !== 400 || res.json().code !== 'invalid_character') failures.push(`${describeRequest(r, parts)} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (changedTables(before, await tableDigests(t)).length) failures.push(`${routeKey(r)}: a refused request changed the database`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('every body route refuses a 50,000-deep JSON body, broken JSON, XML, prototype pollution and a body over its limit with 4xx', async () => {
    const failures: string[] = [];
    for (const r of fuzzRoutes().filter(takesBody)) {
      await freshSession();
      const limit = r.bodyLimit ?? DEFAULT_BODY_LIMIT;
      // Routes that ignore their body (no schema, or z.unknown()) may accept a deep one; the rest refuse it.
      const bodySchema = jsonSchemaOf(r, 'body');
      const readsBody = !!bodySchema && (!!bodySchema.type || !!bodySchema.anyOf);
      const cases: [string, RequestParts, number[]][] = [
        ['deep', { raw: { payload: deepJson(50_000), contentType: 'application/json' } }, readsBody ? [400, 413] : [200, 204, 400, 401, 404, 409, 413]],
        ['broken', { raw: { payload: '{"a":', contentType: 'application/json' } }, [400]],
        ['XML (no XML parser: external entities cannot be resolved)', { raw: { payload: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>', contentType: 'application/xml' } }, [415]],
        ['prototype pollution', { raw: { payload: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}', contentType: 'application/json' } }, [400]],
        ['over the limit', { raw: { payload: `{"a":"${'x'.repeat(limit)}"}`, contentType: 'application/json' } }, [413]],
      ];
      const base = await baseFor(r);
      for (const [label, raw, expected] of cases) {
        const res = await send(r, { ...base, ...raw });
        if (!expected.includes(res.statusCode)) failures.push(`${routeKey(r)} ${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('routes taking bodies over 1 MB refuse an anonymous caller before reading the body (401, not 413)', async () => {
    const big = fuzzRoutes().filter((r) => takesBody(r) && (r.bodyLimit ?? DEFAULT_BODY_LIMIT) > DEFAULT_BODY_LIMIT && !PUBLIC[publicKey(r)]);
    expect(big.length).toBeGreaterThanOrEqual(3);
    for (const r of big) {
      const res = await t.app.inject({
        ...injectOf(r, { ...exampleParts(r), raw: { payload: Buffer.alloc(r.bodyLimit! + 10, 0x20), contentType: 'application/json' } }),
      });
      expect(res.statusCode, routeKey(r)).toBe(401);
    }
  }, 120_000);

  it('SQL and HTML metacharacters in every string field at once are answered below 500, and a refusal changes nothing', async () => {
    for (const meta of ["Robert'); DROP TABLE users;--", '<img src=x onerror=alert(1)>', "' OR 1=1 --"]) {
      for (const r of fuzzRoutes()) {
        if (endsSession(r)) continue;
        await freshSession();
        const base = await baseFor(r);
        if (!hasStrings(base.body) && !base.query) continue;
        await check(r, {
          ...base,
          body: base.body === undefined ? undefined : mapStrings(base.body, () => meta),
          query: base.query ? (mapStrings(base.query, () => meta) as Record<string, unknown>) : undefined,
        });
      }
    }
  }, 300_000);
});
