import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { InjectOptions } from 'fastify';
import type { RegisteredRoute } from '../../src/app.ts';
import { auth, buildTestApp, devHeaders, signUp, type TestApp, type TestAppOptions } from '../build.ts';
import { agencyKey } from '../agency-factories.ts';

/**
 * Shared pieces of the generated security suites (access control, hostile input, files, headers):
 * the routes of the running app, schema-derived example requests, and a checksum of every table.
 */

/** Every feature on, so every route is reachable. */
export const ALL_FEATURES_ON: Record<string, string> = {
  FEATURE_SKILLS_CHECKLIST: 'true',
  FEATURE_TIMESHEETS: 'true',
  FEATURE_CREDENTIALS_DROPBOX: 'true',
  FEATURE_REFER_A_FRIEND: 'true',
  FEATURE_DOCUMENTS_AND_SIGNATURES: 'true',
  FEATURE_UPDATE_BACKGROUND_QUESTIONS: 'true',
  FEATURE_DASHBOARD_ASSIGNMENTS: 'true',
};

export function buildSecurityApp(opts: TestAppOptions = {}): Promise<TestApp> {
  return buildTestApp({ jobs: 400, ...opts, env: { ...ALL_FEATURES_ON, RATE_LIMIT_SCALE: '1000', ...opts.env } });
}

export const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** The API routes (under /core/api and the hub login), without the OpenAPI UI and the HEAD twins of GETs. */
export function apiRoutes(t: TestApp): RegisteredRoute[] {
  const seen = new Set<string>();
  return t.routes.filter((r) => {
    if (r.method === 'HEAD' || r.method === 'OPTIONS') return false;
    if (!r.url.startsWith('/core/api') && !r.url.startsWith('/api/')) return false;
    if (r.url.startsWith('/core/api/docs')) return false;
    const k = routeKey(r);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export const isAgencyRoute = (r: RegisteredRoute) => r.url.toLowerCase().startsWith('/core/api/agency');
export const isCatchAll = (r: RegisteredRoute) => r.url.endsWith('/*');
/** The PUBLIC table key of a route: the catch-all answers every method under one entry. */
export const publicKey = (r: RegisteredRoute) => (isCatchAll(r) ? `ANY ${r.url}` : routeKey(r));
export const requiresClinician = (t: TestApp, r: RegisteredRoute) =>
  r.hooks.some((h) => t.guards.checksClinicianSession(h));

type Zod = z.ZodType;
const zodOf = (r: RegisteredRoute, part: 'body' | 'querystring' | 'params'): Zod | undefined =>
  (r.schema?.[part] as Zod | undefined) ?? undefined;

/** The JSON schema (request side) of a route part, for generating examples and finding id-carrying fields. */
export function jsonSchemaOf(r: RegisteredRoute, part: 'body' | 'querystring' | 'params'): JsonSchema | undefined {
  const s = zodOf(r, part);
  if (!s) return undefined;
  return z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  examples?: unknown[];
}

/** A value the schema accepts, as far as a JSON schema can tell (refinements are the table's business). */
export function exampleOf(s: JsonSchema | undefined, name = ''): unknown {
  if (!s) return undefined;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  if (s.examples?.length) return s.examples[0];
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length) {
    const nonNull = alts.find((a) => a.type !== 'null') ?? alts[0];
    return exampleOf(nonNull, name);
  }
  if (s.allOf?.length) return exampleOf(s.allOf[0], name);
  const type = Array.isArray(s.type) ? (s.type.find((x) => x !== 'null') ?? s.type[0]) : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = exampleOf(v, k);
      return out;
    }
    case 'array': {
      if (s.prefixItems) return s.prefixItems.map((p) => exampleOf(p, name));
      return Array.from({ length: s.minItems ?? 0 }, () => exampleOf(s.items, name));
    }
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1));
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string': {
      if (s.format === 'email' || /email/i.test(name)) return 'someone@example.com';
      if (s.format === 'date') return '2026-01-05';
      if (s.format === 'date-time') return '2026-01-05T10:00:00.000Z';
      const candidates = [
        '2026-01-05',
        '2026-01-05T07:00:00',
        '1',
        '5125550100',
        'A1',
        'a'.repeat(Math.max(1, s.minLength ?? 1)),
      ];
      if (s.pattern) {
        const re = new RegExp(s.pattern, 'u');
        return candidates.find((c) => re.test(c)) ?? candidates.at(-1);
      }
      return /Id$|ids?$/i.test(name) ? '1' : candidates.at(-1);
    }
    default:
      return 'x';
  }
}

/** Field names anywhere in a schema (object keys, nested), with the part they are in. */
export function fieldNames(s: JsonSchema | undefined, out = new Set<string>()): Set<string> {
  if (!s) return out;
  for (const [k, v] of Object.entries(s.properties ?? {})) {
    out.add(k);
    fieldNames(v, out);
  }
  for (const sub of [s.items, ...(s.prefixItems ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])])
    fieldNames(sub, out);
  return out;
}

/** Inputs that name a stored object: ids, storage paths, guids, contract numbers. */
export const ID_FIELD = /(^id$|Id$|Ids$|ID$|path$|Path$|guid$|Guid$|Num$)/;

export function idFields(r: RegisteredRoute): string[] {
  const names = new Set<string>();
  for (const part of ['params', 'querystring', 'body'] as const) fieldNames(jsonSchemaOf(r, part), names);
  for (const m of r.url.matchAll(/:([A-Za-z0-9_]+)/g)) names.add(m[1]!);
  return [...names].filter((n) => ID_FIELD.test(n)).sort();
}

/** Percent-encodes the UTF-8 bytes of any string (lone surrogates included, which encodeURIComponent refuses). */
export function encodeAny(s: string): string {
  return [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

export interface RequestParts {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
  /** Raw body text with its content type instead of JSON. */
  raw?: { payload: string | Buffer; contentType: string };
  /** The URL (path and query) exactly as written, not re-encoded: malformed percent-encoding reaches the server as sent. */
  rawUrl?: string;
}

export function queryString(q: Record<string, unknown> | undefined): string {
  if (!q) return '';
  const parts: string[] = [];
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined) continue;
    const values = Array.isArray(v) ? v : [v];
    for (const one of values)
      parts.push(`${encodeAny(k)}=${encodeAny(typeof one === 'string' ? one : JSON.stringify(one))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

export function urlOf(r: RegisteredRoute, parts: RequestParts): string {
  const path = r.url
    .replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeAny(parts.params?.[name] ?? '1'))
    .replace(/\*$/, 'unknown-endpoint');
  return `${path}${queryString(parts.query)}`;
}

/** The inject options of a request to a route; dev routes get the dev key, as the browser tests send it. */
export function injectOf(r: RegisteredRoute, parts: RequestParts, given: Record<string, string> = {}): InjectOptions {
  const headers = /\/dev\//i.test(r.url) ? { ...devHeaders, ...given } : given;
  const method = r.method as InjectOptions['method'];
  const base: InjectOptions = { method, url: parts.rawUrl ?? urlOf(r, parts), headers: { ...headers } };
  if (parts.raw)
    return { ...base, payload: parts.raw.payload, headers: { ...headers, 'content-type': parts.raw.contentType } };
  if (parts.body !== undefined && method !== 'GET' && method !== 'HEAD')
    return {
      ...base,
      payload: JSON.stringify(parts.body),
      headers: { ...headers, 'content-type': 'application/json' },
    };
  return base;
}

/** Schema-derived example parts of a route (valid as far as the JSON schema goes). */
export function exampleParts(r: RegisteredRoute): RequestParts {
  const params = exampleOf(jsonSchemaOf(r, 'params')) as Record<string, unknown> | undefined;
  const query = exampleOf(jsonSchemaOf(r, 'querystring')) as Record<string, unknown> | undefined;
  const bodySchema = jsonSchemaOf(r, 'body');
  return {
    params: params ? Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) : undefined,
    query: query
      ? Object.fromEntries(
          Object.entries(query)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
        )
      : undefined,
    body: bodySchema ? exampleOf(bodySchema) : undefined,
  };
}

/** Does the route's own zod schema accept these parts? (So a 400 cannot hide a missing 401.) */
export function schemaAccepts(r: RegisteredRoute, parts: RequestParts): boolean {
  const check = (part: 'body' | 'querystring' | 'params', value: unknown) => {
    const s = zodOf(r, part);
    return !s || s.safeParse(value).success;
  };
  return check('params', parts.params ?? {}) && check('querystring', parts.query ?? {}) && check('body', parts.body);
}

/** Rows of a raw query on either driver (PGlite answers {rows}, node-postgres too; typed loosely by Drizzle). */
export async function rowsOf<T>(t: TestApp, query: SQL): Promise<T[]> {
  const res = (await t.ctx.db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(res) ? res : (res.rows ?? []);
}

/** The table the write log (below) notes writes in; left out of the digests. */
export const WRITE_LOG_TABLE = 'security_write_log';

/**
 * A digest of every table (row count and md5 of the rows), so a refused request can be shown to have
 * changed nothing. Rate-limit counters change on refused requests by design and are left out.
 */
export async function tableDigests(
  t: TestApp,
  except: string[] = ['rate_limit_hits', WRITE_LOG_TABLE],
): Promise<Record<string, string>> {
  const tables = (
    await rowsOf<{ table_name: string }>(
      t,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  )
    .map((r) => r.table_name)
    .filter((n) => !except.includes(n));
  const union = tables
    .map(
      (n) =>
        `select '${n}' as t, count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${n}" x`,
    )
    .join(' union all ');
  const rows = await rowsOf<{ t: string; n: number; h: string }>(t, sql.raw(union));
  return Object.fromEntries(rows.map((r) => [r.t, `${r.n}:${r.h}`]));
}

/**
 * Row triggers on every table but the rate-limit counters that note each table a statement really changed
 * (inserted, deleted, or updated to other values) in WRITE_LOG_TABLE. Notes of a rolled-back transaction go
 * with it, so the log holds what a request left written: the same question as the digests, at the cost of
 * two small queries instead of reading every table (the property suites send thousands of requests).
 */
export async function installWriteLog(t: TestApp): Promise<void> {
  // One statement per call: the embedded driver takes no multi-statement text.
  await t.ctx.db.execute(sql.raw(`create table if not exists ${WRITE_LOG_TABLE} (tbl text not null)`));
  await t.ctx.db.execute(
    sql.raw(`create or replace function security_note_write() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and to_jsonb(old) = to_jsonb(new) then return null; end if;
        -- An agency key's last-used stamp (at most every 5 minutes) is the key's bookkeeping, like the rate-limit
        -- counters, not a write of the request: a suite running past 5 minutes would otherwise see one.
        if tg_op = 'UPDATE' and tg_table_name = 'agency_api_keys'
          and (to_jsonb(old) - 'last_used_at') = (to_jsonb(new) - 'last_used_at') then return null; end if;
        insert into ${WRITE_LOG_TABLE} values (tg_table_name);
        return null;
      end $$`),
  );
  await t.ctx.db.execute(
    sql.raw(`do $$
      declare r record;
      begin
        for r in select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('${WRITE_LOG_TABLE}', 'rate_limit_hits')
        loop
          execute format('create trigger security_note_write after insert or update or delete on %I for each row execute function security_note_write()', r.table_name);
        end loop;
      end $$`),
  );
}

/** The tables written since the last call (and forgets them). */
export async function tablesWritten(t: TestApp): Promise<string[]> {
  const rows = await rowsOf<{ tbl: string }>(t, sql.raw(`delete from ${WRITE_LOG_TABLE} returning tbl`));
  return [...new Set(rows.map((r) => r.tbl))].sort();
}

export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
}

export interface Caller {
  headers: Record<string, string>;
}

export async function clinician(t: TestApp) {
  const u = await signUp(t);
  return { ...u, headers: auth(u.token) };
}

export async function agencyHeaders(t: TestApp) {
  return auth(await agencyKey(t, ['read', 'write']));
}
