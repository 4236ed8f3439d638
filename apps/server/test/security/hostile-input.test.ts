import { Writable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../src/app.ts';
import { loggerOptions } from '../../src/plugins/logger.ts';
import type { TestApp } from '../build.ts';
import { person, PUBLIC, validParts, type Person, type World } from './endpoints.ts';
import {
  agencyHeaders,
  apiRoutes,
  buildSecurityApp,
  encodeAny,
  exampleParts,
  injectOf,
  installWriteLog,
  isAgencyRoute,
  jsonSchemaOf,
  publicKey,
  queryString,
  routeKey,
  tablesWritten,
  type RequestParts,
} from './harness.ts';
import { INVALID_UTF8, RAW_PERCENT, hostileOfKind, kindOf, oversizeValue, type FieldKind } from './hostile-values.ts';

/**
 * Hostile input, property-based over every route of the running app (ASVS V1/V2/V4, API8/API4):
 * wrong types, huge values, deep nesting, unicode edge cases, SQL and HTML metacharacters in bodies,
 * queries and paths, and values aimed at each field's kind (hostile-values.ts): impossible dates, numbers
 * and ids past int4/int8, malformed UTF-8 and percent-encoding, oversize fields. Every answer is below
 * 500, never HTML, a JSON problem when refused, and a refused request changes no table.
 * FUZZ_RUNS (default 80) generated requests per route; the run counts them (at least 10,000 by default).
 */

let t: TestApp;
let w: World;
let fuzzer: Person;
let agency: Record<string, string>;
/** The error handler's 'database.refused' warnings: values the database refused that validation let through. */
const refusedByDatabase: string[] = [];
/** The error lines of 5xx answers, shown with the request that caused them. */
const errorLines: string[] = [];
beforeAll(async () => {
  const warnings = new Writable({
    write(chunk, _enc, done) {
      const line = String(chunk);
      if (line.includes('"database.refused"')) refusedByDatabase.push(line.trim());
      if (line.includes('"level":50')) errorLines.push(line.trim());
      done();
    },
  });
  t = await buildSecurityApp({ logger: { ...(loggerOptions('warn') as object), stream: warnings } as never });
  w = { t, a: await person(t), b: await person(t) };
  fuzzer = w.a;
  agency = await agencyHeaders(t);
  // A key's first use stamps last_used_at (then at most every 5 minutes): done here, not inside a digest.
  await t.app.inject({ method: 'GET', url: '/core/api/agency/events', headers: agency });
  await installWriteLog(t);
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
  {
    weight: 1,
    arbitrary: fc.constantFrom(0, -1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, -1e308, 0.5, Number.MIN_VALUE),
  },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 20_000 }, (_, i) => i)) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 3 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom({ __proto__x: 1 }, JSON.parse('{"__proto__":{"admin":true}}'), {
      constructor: { prototype: { admin: true } },
    }),
  },
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
    Object.defineProperty(cur, `${String(last)}_extra`, {
      value,
      enumerable: true,
      configurable: true,
      writable: true,
    });
  } else cur[last] = value;
  return copy;
}

type Mutation =
  | { kind: 'body'; path: number; mode: 'replace' | 'delete' | 'add'; value: unknown }
  | { kind: 'raw'; payload: string; contentType: string }
  | { kind: 'query'; key: number; value: unknown; repeat: boolean }
  | { kind: 'param'; key: number; value: string }
  | { kind: 'typed'; slot: number; value: unknown }
  | { kind: 'bytes'; slot: number; bytes: Buffer; frame: 'field' | 'bom' | 'utf16' }
  | { kind: 'rawUrl'; slot: number; text: string };

/** A place in a request that holds one value: a leaf of the JSON body, a query key or a path parameter. */
interface Slot {
  where: 'body' | 'query' | 'param';
  /** Body: the path into the JSON value; query and params: [key]. */
  path: (string | number)[];
  kind: FieldKind;
}

/** The name a value goes by: the last key of its path (array items go by their list's name). */
const nameAt = (path: (string | number)[]) => String([...path].reverse().find((p) => typeof p === 'string') ?? '');

function slotsOf(base: RequestParts): Slot[] {
  const out: Slot[] = [];
  if (base.body !== undefined && base.body !== null && typeof base.body === 'object')
    for (const path of pathsOf(base.body).slice(1)) {
      const v = path.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], base.body);
      if (v === null || typeof v !== 'object') out.push({ where: 'body', path, kind: kindOf(nameAt(path), v) });
    }
  for (const [k, v] of Object.entries(base.query ?? {})) out.push({ where: 'query', path: [k], kind: kindOf(k, v) });
  for (const [k, v] of Object.entries(base.params ?? {})) out.push({ where: 'param', path: [k], kind: kindOf(k, v) });
  return out;
}

/** `base` with one slot's value replaced (query and path values travel as text). */
function withSlot(base: RequestParts, slot: Slot, value: unknown): RequestParts {
  const key = String(slot.path[0]);
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  if (slot.where === 'query') return { ...base, query: { ...base.query, [key]: text } };
  if (slot.where === 'param') return { ...base, params: { ...base.params, [key]: text } };
  return { ...base, body: setAt(base.body, slot.path, value, 'replace') };
}

const MARK = '\u0001HOSTILE-BYTES\u0001';

/** The JSON body with raw bytes (not valid UTF-8) as one string field, a BOM before it, or the whole of it in UTF-16. */
function bodyBytes(
  base: RequestParts,
  slot: Slot | undefined,
  bytes: Buffer,
  frame: 'field' | 'bom' | 'utf16',
): RequestParts {
  if (frame === 'utf16')
    return {
      ...base,
      raw: {
        payload: Buffer.from(JSON.stringify(base.body ?? {}), 'utf16le'),
        contentType: 'application/json; charset=utf-16',
      },
    };
  if (frame === 'bom')
    return {
      ...base,
      raw: {
        payload: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(base.body ?? {}))]),
        contentType: 'application/json',
      },
    };
  const body = slot?.where === 'body' ? setAt(base.body, slot.path, MARK, 'replace') : { value: MARK };
  const [before, after] = JSON.stringify(body).split(JSON.stringify(MARK)) as [string, string];
  return {
    ...base,
    raw: {
      payload: Buffer.concat([Buffer.from(`${before}"`), bytes, Buffer.from(`"${after}`)]),
      contentType: 'application/json',
    },
  };
}

/** The URL with one path parameter or query value written as is: percent-sequences reach the server undecoded and unrepaired. */
function rawUrlOf(r: RegisteredRoute, base: RequestParts, slot: Slot | undefined, text: string): string {
  const path = r.url
    .replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) =>
      slot?.where === 'param' && slot.path[0] === name ? text : encodeAny(base.params?.[name] ?? '1'),
    )
    .replace(/\*$/, 'unknown-endpoint');
  const key = slot?.where === 'query' ? String(slot.path[0]) : 'q';
  const rest = Object.fromEntries(Object.entries(base.query ?? {}).filter(([k]) => k !== key));
  const qs = queryString(rest);
  return `${path}${qs ? `${qs}&` : '?'}${encodeAny(key)}=${text}`;
}

const rawBodies = fc.record({
  payload: fc.oneof(
    fc.constantFrom(
      '{"a":',
      '{',
      'nul',
      '[1,2',
      '"unterminated',
      '{"a":1}{"b":2}',
      '\uFEFF{}',
      deepJson(50_000),
      `{"a":${'1'.repeat(5000)}}`,
    ),
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

function mutationsFor(r: RegisteredRoute, base: RequestParts): fc.Arbitrary<Mutation> {
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
        value: fc.oneof(
          hostileString,
          fc.constantFrom('..', '%2e%2e', '-1', '0', '99999999999999999999', '1.5', '1e3', ' 1'),
        ),
      }),
    );
  const generic = fc.oneof(...options);
  const slots = slotsOf(base);
  const stringSlots = slots
    .map((x, i) => [x, i] as const)
    .filter(([x]) => x.where === 'body' && x.kind !== 'other')
    .map(([, i]) => i);
  const urlSlots = slots
    .map((x, i) => [x, i] as const)
    .filter(([x]) => x.where !== 'body')
    .map(([, i]) => i);
  const aimed: fc.WeightedArbitrary<Mutation>[] = [];
  if (slots.length) {
    // A value of the field's own kind (a date into a date field, an id into an id field) passes the outer checks and reaches the rules behind.
    aimed.push({
      weight: 6,
      arbitrary: fc
        .nat({ max: slots.length - 1 })
        .chain((i) => hostileOfKind(slots[i]!.kind).map((value) => ({ kind: 'typed' as const, slot: i, value }))),
    });
    aimed.push({
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('typed' as const),
        slot: fc.nat({ max: slots.length - 1 }),
        value: oversizeValue,
      }),
    });
  }
  if (takesBody(r))
    aimed.push({
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('bytes' as const),
        slot: stringSlots.length ? fc.constantFrom(...stringSlots) : fc.constant(-1),
        bytes: fc.constantFrom(...INVALID_UTF8),
        frame: fc.constantFrom('field' as const, 'field' as const, 'field' as const, 'bom' as const, 'utf16' as const),
      }),
    });
  aimed.push({
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('rawUrl' as const),
      slot: urlSlots.length ? fc.constantFrom(...urlSlots) : fc.constant(-1),
      text: fc.constantFrom(...RAW_PERCENT),
    }),
  });
  return fc.oneof({ weight: 4, arbitrary: generic }, ...aimed);
}

function apply(r: RegisteredRoute, base: RequestParts, m: Mutation): RequestParts {
  const slot = 'slot' in m ? slotsOf(base)[m.slot] : undefined;
  switch (m.kind) {
    case 'typed':
      return withSlot(base, slot!, m.value);
    case 'bytes':
      return bodyBytes(base, slot, m.bytes, m.frame);
    case 'rawUrl':
      return { ...base, rawUrl: rawUrlOf(r, base, slot, m.text) };
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
  const s = JSON.stringify({
    route: routeKey(r),
    ...parts,
    raw: parts.raw ? { ...parts.raw, payload: String(parts.raw.payload).slice(0, 200) } : undefined,
  });
  return s.length > 600 ? `${s.slice(0, 600)}…` : s;
}

async function send(r: RegisteredRoute, parts: RequestParts) {
  const opts = injectOf(r, parts, headersFor(r));
  // A URL with malformed percent-encoding is sent as written.
  if (parts.rawUrl) opts.url = parts.rawUrl;
  if (typeof opts.payload === 'string' && opts.payload.includes(JSON.stringify(DEEP)))
    opts.payload = opts.payload.replaceAll(JSON.stringify(DEEP), deepJson(20_000));
  return t.app.inject(opts);
}

/** Requests sent by check() and the answers of 5xx among them, for the run's summary. */
const stats = { sent: 0, serverErrors: 0 };

/** The invariants of every answer to a hostile request. */
async function check(r: RegisteredRoute, parts: RequestParts) {
  await tablesWritten(t);
  refusedByDatabase.length = 0;
  errorLines.length = 0;
  const res = await send(r, parts);
  // Work a request leaves for after its answer (mails, events) lands before the writes are read.
  await t.drain();
  const written = await tablesWritten(t);
  stats.sent += 1;
  if (res.statusCode >= 500) stats.serverErrors += 1;
  const what = `${describeRequest(r, parts)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, `${what}\n${errorLines.map((l) => l.slice(0, 1500)).join('\n')}`).toBeLessThan(500);
  // The caller is authenticated: a 401 would mean the request never reached the code under test.
  if (headersFor(r) !== agency && !PUBLIC[publicKey(r)] && !endsSession(r)) expect(res.statusCode, what).not.toBe(401);
  expect(String(res.headers['content-type'] ?? ''), what).not.toContain('text/html');
  expect(res.body, what).not.toMatch(/node_modules|\.ts:\d+|at [A-Za-z.]+ \(/);
  if (res.statusCode >= 400) {
    expect(res.json(), what).toMatchObject({
      status: res.statusCode,
      code: expect.any(String),
      message: expect.any(String),
    });
    expect(written, what).toEqual([]);
  }
  // The database's refusals are answered as 4xx by the error handler, but each means a rule is missing before it.
  expect(refusedByDatabase, `${what}\n${refusedByDatabase.join('\n')}`).toEqual([]);
  return res;
}

const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 80);

const fuzzRoutes = () => apiRoutes(t).filter((r) => r.url !== '/core/api/*' || r.method === 'GET');

describe('hostile input on every route', () => {
  it('enumerates the whole API', () => {
    expect(fuzzRoutes().length).toBeGreaterThan(80);
  });

  it('covers every operation of the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/core/api/docs/json' });
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
    const methods = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => methods.includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    // The document writes path parameters as {name} and the catch-all's wildcard as {*}.
    const fuzzed = new Set(
      fuzzRoutes().map((r) => `${r.method} ${r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}')}`),
    );
    // The unknown-path catch-all answers every method alike: fuzzing its GET covers the others.
    const covered = (op: string) =>
      fuzzed.has(op) || (op.endsWith(' /core/api/{*}') && fuzzed.has('GET /core/api/{*}'));
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter((op) => !covered(op))).toEqual([]);
  });

  // One property per route, generated from the running app so new routes are fuzzed too.
  it('never answers 500, HTML or a stack trace, and a refused request changes nothing', async () => {
    const failures: string[] = [];
    // Every route's valid request first: fuzzing one route (adding references up to their limit, say) must not
    // leave another without one.
    for (const r of fuzzRoutes()) await baseFor(r);
    // FUZZ_ROUTE (a pattern of 'METHOD /path') narrows the run to some routes while looking into a failure.
    const only = process.env.FUZZ_ROUTE ? new RegExp(process.env.FUZZ_ROUTE) : null;
    for (const r of fuzzRoutes().filter((x) => !only || only.test(routeKey(x)))) {
      await freshSession();
      const base = await baseFor(r);
      try {
        await fc.assert(
          fc.asyncProperty(mutationsFor(r, base), async (m) => {
            try {
              await check(r, apply(r, base, m));
            } catch (e) {
              // The request is long; the mutation says what was hostile in it.
              const mutation = JSON.stringify(m, (_k, v: unknown) =>
                typeof v === 'string' && v.length > 200 ? `${v.slice(0, 200)}…(${v.length})` : v,
              );
              throw new Error(`mutation ${mutation.slice(0, 600)}\n${(e as Error).message}`, { cause: e });
            }
          }),
          { numRuns: FUZZ_RUNS, endOnFailure: true },
        );
      } catch (e) {
        const cause = (e as { cause?: Error }).cause;
        failures.push(`${routeKey(r)}: ${(cause ?? (e as Error)).message.split('\n').slice(0, 12).join('\n')}`);
      }
    }
    console.info(
      `hostile input: ${stats.sent} generated requests over ${fuzzRoutes().length} routes, ${stats.serverErrors} answers of 5xx`,
    );
    expect(failures).toEqual([]);
    expect(stats.serverErrors).toBe(0);
    if (!process.env.FUZZ_RUNS && !only) expect(stats.sent).toBeGreaterThanOrEqual(10_000);
  }, 900_000);
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
const takesBody = (r: RegisteredRoute) =>
  ['POST', 'PUT', 'DELETE', 'PATCH'].includes(r.method) && r.url !== '/core/api/*';
const DEFAULT_BODY_LIMIT = 1024 * 1024;

describe('deterministic hostile cases on every route', () => {
  it('a NUL character anywhere in the path, query or body is a 400 naming the field, and changes nothing', async () => {
    const failures: string[] = [];
    for (const r of fuzzRoutes()) {
      await freshSession();
      const base = await baseFor(r);
      const variants: RequestParts[] = [];
      if (hasStrings(base.body)) variants.push({ ...base, body: mapStrings(base.body, (s) => `${s}\u0000`) });
      if (base.query && Object.keys(base.query).length)
        variants.push({ ...base, query: mapStrings(base.query, (s) => `${s}\u0000x`) as Record<string, unknown> });
      if (base.params)
        variants.push({ ...base, params: mapStrings(base.params, (s) => `${s}\u0000`) as Record<string, string> });
      for (const parts of variants) {
        await tablesWritten(t);
        const res = await send(r, parts);
        if (res.statusCode !== 400 || res.json().code !== 'invalid_character')
          failures.push(`${describeRequest(r, parts)} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if ((await tablesWritten(t)).length)
          failures.push(`${routeKey(r)}: a refused request changed the database`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('a lone surrogate (half a character) in any string of a body is a 400 naming the field, and writes nothing', async () => {
    const failures: string[] = [];
    for (const r of fuzzRoutes().filter(takesBody)) {
      if (endsSession(r)) continue;
      await freshSession();
      const base = await baseFor(r);
      if (!hasStrings(base.body)) continue;
      // JSON carries it as the escape \ud800, which jsonb refuses and UTF-8 cannot encode.
      const parts = { ...base, body: mapStrings(base.body, (s) => `${s}\uD800`) };
      await tablesWritten(t);
      const res = await send(r, parts);
      const problem = res.statusCode === 400 ? (res.json() as { code: string; errors?: { field: string }[] }) : null;
      if (problem?.code !== 'invalid_character' || !problem.errors?.[0]?.field.startsWith('body'))
        failures.push(`${describeRequest(r, parts)} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
      else if ((await tablesWritten(t)).length) failures.push(`${routeKey(r)}: a refused request wrote`);
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
        [
          'deep',
          { raw: { payload: deepJson(50_000), contentType: 'application/json' } },
          readsBody ? [400, 413] : [200, 204, 400, 401, 404, 409, 413],
        ],
        ['broken', { raw: { payload: '{"a":', contentType: 'application/json' } }, [400]],
        [
          'XML (no XML parser: external entities cannot be resolved)',
          {
            raw: {
              payload: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
              contentType: 'application/xml',
            },
          },
          [415],
        ],
        [
          'prototype pollution',
          {
            raw: {
              payload: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}',
              contentType: 'application/json',
            },
          },
          [400],
        ],
        [
          'over the limit',
          { raw: { payload: `{"a":"${'x'.repeat(limit)}"}`, contentType: 'application/json' } },
          [413],
        ],
      ];
      const base = await baseFor(r);
      for (const [label, raw, expected] of cases) {
        const res = await send(r, { ...base, ...raw });
        if (!expected.includes(res.statusCode))
          failures.push(`${routeKey(r)} ${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('routes taking bodies over 1 MB refuse an anonymous caller before reading the body (401, not 413)', async () => {
    const big = fuzzRoutes().filter(
      (r) => takesBody(r) && (r.bodyLimit ?? DEFAULT_BODY_LIMIT) > DEFAULT_BODY_LIMIT && !PUBLIC[publicKey(r)],
    );
    expect(big.length).toBeGreaterThanOrEqual(3);
    for (const r of big) {
      const res = await t.app.inject({
        ...injectOf(r, {
          ...exampleParts(r),
          raw: { payload: Buffer.alloc(r.bodyLimit! + 10, 0x20), contentType: 'application/json' },
        }),
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

/** Days that look right but do not exist, year 0 and out-of-range years, with and without a time. */
const IMPOSSIBLE_DAYS = [
  '2027-02-29',
  '2026-06-31',
  '2026-11-31',
  '0000-07-04',
  '1850-06-01',
  '2026-09-31T08:00:00',
  '2026-01-05T25:61:00',
];
/** Ids that name nothing: zero, negative, unknown, past int4, past int8, fractional. */
const NOWHERE_IDS: unknown[] = [0, -7, 987_654_321, 2 ** 31, '9223372036854775808', 2.5];

describe('hostile dates and ids in every field of every route', () => {
  it('every date field refuses a day that does not exist, year 0 or a year out of range with a 4xx naming the field, and writes nothing', async () => {
    const failures: string[] = [];
    const dateFields = new Set<string>();
    for (const r of fuzzRoutes()) {
      if (endsSession(r)) continue;
      await freshSession();
      const base = await baseFor(r);
      for (const slot of slotsOf(base).filter((x) => x.kind === 'date')) {
        const name = nameAt(slot.path);
        dateFields.add(`${routeKey(r)} ${name}`);
        for (const day of IMPOSSIBLE_DAYS) {
          const parts = withSlot(base, slot, day);
          try {
            const res = await check(r, parts);
            const body = res.json() as { errors?: { field: string; message: string }[] };
            const named = (body.errors ?? []).some(
              (e) => (e.field === name || e.field.endsWith(`.${name}`)) && e.message.length > 0,
            );
            // The feed answers 200 with the refused rows listed (the other rows of a batch are still taken).
            const refused =
              (res.statusCode >= 400 && res.statusCode < 500) || (res.statusCode === 200 && isAgencyRoute(r));
            if (!refused || !named)
              failures.push(`${describeRequest(r, parts)} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
          } catch (e) {
            failures.push((e as Error).message.split('\n')[0]!);
          }
        }
      }
    }
    // Military service, identification, certifications, start application and time off, the reference form, shifts, the agency's dates and rows.
    expect(dateFields.size).toBeGreaterThanOrEqual(20);
    expect(failures).toEqual([]);
  }, 300_000);

  it('every id field answers an id that names nothing with a 4xx or ignores it, never a 5xx, and a refusal writes nothing', async () => {
    const failures: string[] = [];
    let idFields = 0;
    for (const r of fuzzRoutes()) {
      if (endsSession(r)) continue;
      await freshSession();
      const base = await baseFor(r);
      for (const slot of slotsOf(base).filter((x) => x.kind === 'id')) {
        idFields += 1;
        for (const id of NOWHERE_IDS) {
          try {
            await check(r, withSlot(base, slot, id));
          } catch (e) {
            failures.push((e as Error).message.split('\n')[0]!);
          }
        }
      }
    }
    expect(idFields).toBeGreaterThanOrEqual(40);
    expect(failures).toEqual([]);
  }, 300_000);
});

describe('the refusals above', () => {
  it("carry only codes their endpoint's definition lists for their status", () => {
    expect([...new Set(t.undeclaredRefusals)].sort()).toEqual([]);
  });
});
