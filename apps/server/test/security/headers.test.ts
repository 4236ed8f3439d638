import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../src/app.ts';
import type { TestApp } from '../build.ts';
import { NOT_PERSONAL, person, PUBLIC, validParts, type World } from './endpoints.ts';
import {
  agencyHeaders,
  apiRoutes,
  buildSecurityApp,
  exampleParts,
  injectOf,
  isAgencyRoute,
  publicKey,
  routeKey,
} from './harness.ts';

/**
 * Security headers on every kind of response (ASVS V3.4, V12.1, V14.3): API JSON, errors, files, the
 * SPA's HTML and assets, generated over every route of the running app, over http and over https
 * behind a trusted proxy; no-store on every answer that can carry personal data.
 */

const dist = mkdtempSync(path.join(tmpdir(), 'hcp-dist-sec-'));
let t: TestApp;
let https: TestApp;
let w: World;
let agency: Record<string, string>;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>app</title><script type="module" src="/assets/main-abc123.js"></script><div id="root"></div>',
  );
  writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'assets', 'main-abc123.css'), 'body{}');
  // What a Vite build leaves beside the app: its manifest, and precompressed copies.
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    '{"src/main.tsx":{"file":"assets/main-abc123.js","marker":"BUILD-META"}}',
  );
  writeFileSync(path.join(dist, 'assets', 'main-abc123.js.br'), brotliCompressSync('console.log(1)'));
  t = await buildSecurityApp({ webDist: dist });
  https = await buildSecurityApp({ webDist: dist, jobs: 0, env: { TRUST_PROXY: 'true' } });
  w = { t, a: await person(t), b: await person(t) };
  agency = await agencyHeaders(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await https?.close();
  rmSync(dist, { recursive: true, force: true });
});

function securityProblems(res: LightMyRequestResponse, overHttps: boolean): string[] {
  const h = res.headers;
  const problems: string[] = [];
  const csp = String(h['content-security-policy'] ?? '');
  const directive = (name: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.split(/\s+/)[0] === name);
  const scriptSrc = directive('script-src') ?? directive('default-src') ?? '';
  if (!csp) problems.push('no Content-Security-Policy');
  if (/unsafe-inline|unsafe-eval/.test(scriptSrc)) problems.push(`scripts may be inline: ${scriptSrc}`);
  if (!scriptSrc) problems.push('no script-src or default-src');
  for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
    if (directive(d.split(' ')[0]!) !== d) problems.push(`CSP lacks ${d}`);
  if (h['x-content-type-options'] !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
  if (!h['referrer-policy']) problems.push('no Referrer-Policy');
  const hsts = String(h['strict-transport-security'] ?? '');
  const ct = String(h['content-type'] ?? '');
  if (res.rawPayload.length > 0 && !ct) problems.push('a body without Content-Type');
  if (/^(text\/|application\/(json|javascript))/.test(ct) && !/charset=utf-8/i.test(ct))
    problems.push(`no charset: ${ct}`);
  if (h['access-control-allow-origin']) problems.push(`CORS allowed: ${h['access-control-allow-origin']}`);
  if (overHttps && !/max-age=(\d{8,})/.test(hsts)) problems.push(`no HSTS of a year over https: '${hsts}'`);
  if (!overHttps && hsts) problems.push('HSTS over plain http');
  return problems;
}

/** Requests covering every kind of answer: each route anonymous and authenticated, the SPA, assets, errors. */
async function everyKindOfRequest(app: TestApp, extra: Record<string, string>) {
  const out: { label: string; res: LightMyRequestResponse }[] = [];
  const send = async (label: string, opts: InjectOptions) =>
    out.push({
      label,
      res: await app.app.inject({ ...opts, headers: { ...(opts.headers as Record<string, string>), ...extra } }),
    });
  for (const r of apiRoutes(t)) {
    const parts = (await validParts(w, r)) ?? exampleParts(r);
    await send(`${routeKey(r)} anonymous`, injectOf(r, parts));
    if (r.method === 'GET' || r.method === 'HEAD') {
      const headers = isAgencyRoute(r) ? agency : w.a.headers;
      await send(`${routeKey(r)} authenticated`, injectOf(r, parts, headers));
    }
  }
  for (const url of [
    '/',
    '/job-search?professionId=13',
    '/profile',
    '/assets/main-abc123.js',
    '/assets/main-abc123.css',
    '/assets/missing.js',
    '/core/api/docs',
    '/core/api/docs/json',
    '/core/api/no-such-thing',
    '/%E0%A4%A',
  ])
    await send(`GET ${url}`, { method: 'GET', url });
  await send('bad JSON', {
    method: 'POST',
    url: '/core/api/auth/HcpLogin',
    payload: '{',
    headers: { 'content-type': 'application/json' },
  });
  await send('413', {
    method: 'POST',
    url: '/core/api/auth/HcpSignUp',
    payload: 'x'.repeat(2 * 1024 * 1024),
    headers: { 'content-type': 'application/json' },
  });
  await send('415', {
    method: 'POST',
    url: '/core/api/auth/HcpSignUp',
    payload: '<a/>',
    headers: { 'content-type': 'application/xml' },
  });
  return out;
}

describe('security headers on every response', () => {
  it('over http: CSP with no inline script, object-src/base-uri/frame-ancestors none, nosniff, Referrer-Policy, no HSTS', async () => {
    const all = await everyKindOfRequest(t, {});
    expect(all.length).toBeGreaterThan(150);
    const kinds = new Set(all.map((x) => String(x.res.headers['content-type']).split(';')[0] ?? ''));
    // The sweep covers JSON, files, HTML and assets.
    for (const k of ['application/json', 'application/pdf', 'text/html', 'text/css', 'text/plain'])
      expect(kinds).toContain(k);
    expect([...kinds].some((k) => /javascript/.test(k))).toBe(true);
    const problems = all.flatMap(({ label, res }) =>
      securityProblems(res, false).map((p) => `${label} (${res.statusCode}): ${p}`),
    );
    expect(problems).toEqual([]);
  }, 180_000);

  it('over https behind a trusted proxy: the same headers plus HSTS for a year', async () => {
    const res = await https.app.inject({
      method: 'GET',
      url: '/core/api/health/live',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    for (const url of [
      '/',
      '/assets/main-abc123.js',
      '/core/api/HcpApiUser/userInfo',
      '/core/api/nope',
      '/core/api/docs',
    ]) {
      const r = await https.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(securityProblems(r, true), url).toEqual([]);
    }
  });

  it("no cross-origin access: another site's Origin and preflight get no CORS permission", async () => {
    const origin = { origin: 'https://evil.example' };
    const get = await t.app.inject({
      method: 'GET',
      url: '/core/api/HcpApiUser/userInfo',
      headers: { ...origin, ...w.a.headers },
    });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
    expect(get.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/core/api/HcpIdentification/saveHcpIdentification',
      headers: {
        ...origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('TRACE echoes nothing, and no directory listing, source metadata or server files are served', async () => {
    for (const url of ['/core/api/HcpApiUser/userInfo', '/', '/assets/main-abc123.js']) {
      const trace = await t.app.inject({
        method: 'TRACE',
        url,
        headers: { ...w.a.headers, 'x-secret-marker': 'marker-1234' },
      });
      expect(trace.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(trace.body).not.toContain('marker-1234');
      expect(trace.body).not.toContain(w.a.token);
    }
    for (const url of [
      '/assets/',
      '/assets',
      '/.git/config',
      '/.env',
      '/package.json',
      '/secrets.json',
      '/../apps/server/src/env.ts',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      // Either the SPA's index.html (client routes) or a 404: never a listing or a file outside the build.
      expect(res.body, url).not.toMatch(/main-abc123\.css|\[core\]|"workspaces"|jwtSecret|DATABASE_URL/);
    }
  });

  it('serves only what the app needs: no build metadata under /.vite/ in any spelling, no raw precompressed copies', async () => {
    const hidden = [
      '/.vite/manifest.json',
      '/%2evite/manifest.json',
      '/%2Evite%2Fmanifest.json',
      '/.VITE/manifest.json',
      '/assets/../.vite/manifest.json',
      '/assets/%2e%2e/.vite/manifest.json',
      '//.vite//manifest.json',
      '/.vite/',
      '/.vite',
      '/assets/main-abc123.js.br',
    ];
    for (const url of hidden) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('BUILD-META');
    }
    // The app itself: its files, the compressed encoding of an asset, and client routes.
    const js = await t.app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-encoding']).toBe('br');
    expect((await t.app.inject({ method: 'GET', url: '/assets/main-abc123.css' })).statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: '/clinical-professional-reference/abc' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });

  it('refuses request smuggling: Transfer-Encoding with Content-Length, or two lengths, is a 400 on a real socket', async () => {
    const smuggler = await buildSecurityApp({ jobs: 0 });
    try {
      await smuggler.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = smuggler.app.server.address() as AddressInfo;
      const raw = (request: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
          let data = '';
          socket.on('data', (d) => (data += d.toString()));
          socket.on('end', () => resolve(data));
          socket.on('close', () => resolve(data));
          socket.on('error', reject);
          socket.setTimeout(10_000, () => socket.destroy());
        });
      const smuggled = 'GET /core/api/HcpApiUser/userInfo HTTP/1.1\r\nHost: x\r\n\r\n';
      const both = await raw(
        `POST /core/api/auth/HcpLogin HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n${smuggled}`,
      );
      expect(both).toMatch(/^HTTP\/1\.1 400/);
      expect(both).not.toContain('"unauthorized"');
      const two = await raw(
        `POST /core/api/auth/HcpLogin HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nContent-Length: 40\r\n\r\nabcd${smuggled}`,
      );
      expect(two).toMatch(/^HTTP\/1\.1 400/);
    } finally {
      await smuggler.close();
    }
  });

  it('a forwarded https header from an untrusted client does not switch HSTS on', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/core/api/health/live',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('Cache-Control: no-store on answers that can carry personal data', () => {
  it('every authenticated GET (clinician and agency) answers no-store unless listed as not personal', async () => {
    const problems: string[] = [];
    const gets = apiRoutes(t).filter((r: RegisteredRoute) => r.method === 'GET' && !r.url.endsWith('*'));
    for (const r of gets) {
      const parts = (await validParts(w, r)) ?? exampleParts(r);
      const headers = isAgencyRoute(r) ? agency : w.a.headers;
      const res = await t.app.inject(injectOf(r, parts, headers));
      const cc = String(res.headers['cache-control'] ?? '');
      const key = routeKey(r);
      const publicData =
        PUBLIC[publicKey(r)] &&
        !res.headers['cache-control']?.toString().includes('private') &&
        r.url !== '/core/api/jobsearch/jobDetails';
      if (res.statusCode >= 400)
        problems.push(`${key}: ${res.statusCode} ${res.body.slice(0, 120)} (the sweep needs a valid request)`);
      else if (NOT_PERSONAL[key] || publicData) {
        if (/public/.test(cc) && !PUBLIC[publicKey(r)])
          problems.push(`${key}: an authenticated answer is publicly cacheable (${cc})`);
      } else if (!/no-store/.test(cc)) problems.push(`${key}: '${cc}'`);
    }
    expect(problems).toEqual([]);
    for (const k of Object.keys(NOT_PERSONAL)) expect(gets.map(routeKey)).toContain(k);
  }, 120_000);
});
