import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import zlib from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { loadEnv } from '../env.ts';
import { ephemeralSecrets } from '../lib/secrets.ts';
import { createThrowawayDatabase } from '../../test/build.ts';

const dist = mkdtempSync(path.join(tmpdir(), 'hcp-dist-'));
const bigScript = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `row ${i}` })))};`;
let built: BuiltApp;
let database: Database;
let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>>;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The web build's per-route preload hints.
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(
    path.join(dist, '.vite', 'route-preloads.json'),
    JSON.stringify({
      '/job-search': {
        js: ['assets/job-search-page-1a2b.js', 'assets/jobs-3c4d.js'],
        css: ['assets/job-search-5e6f.css'],
      },
      '/careers/find-a-job/:jobId': { js: ['assets/details-7a8b.js'], css: [] },
    }),
  );
  // What the web build writes: hashed text assets with brotli and gzip copies beside them.
  writeFileSync(path.join(dist, 'assets', 'app-def456.js'), bigScript);
  writeFileSync(path.join(dist, 'assets', 'app-def456.js.br'), zlib.brotliCompressSync(bigScript));
  writeFileSync(path.join(dist, 'assets', 'app-def456.js.gz'), zlib.gzipSync(bigScript));
  throwaway = await createThrowawayDatabase();
  database = await openDatabase({ databaseUrl: throwaway?.url });
  built = await buildApp({
    env: loadEnv({ LOG_LEVEL: 'silent' }),
    database,
    secrets: ephemeralSecrets(),
    webDist: dist,
    logger: false,
  });
});
afterAll(async () => {
  await built.app.close();
  await database.close();
  await throwaway?.drop();
  rmSync(dist, { recursive: true, force: true });
});

function expectSecurityHeaders(h: Record<string, unknown>) {
  const csp = String(h['content-security-policy']);
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['referrer-policy']).toBeTruthy();
  expect(h['x-request-id']).toBeTruthy();
}

describe('security and cache headers', () => {
  it('API answers carry the security headers and no-store', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/core/api/health/live' });
    expectSecurityHeaders(res.headers);
    expect(res.headers['cache-control']).toBe('no-store');
    const err = await built.app.inject({ method: 'GET', url: '/core/api/HcpApiUser/userInfo' });
    expect(err.statusCode).toBe(401);
    expectSecurityHeaders(err.headers);
  });

  it('client routes answer index.html, never cached; hashed assets are immutable for a year', async () => {
    const page = await built.app.inject({ method: 'GET', url: '/job-search?professionId=13' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    expectSecurityHeaders(page.headers);
    const deep = await built.app.inject({ method: 'GET', url: '/careers/find-a-job/123' });
    expect(deep.body).toContain('<div id="root">');
    const asset = await built.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await built.app.inject({ method: 'GET', url: '/assets/nope.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('paths that try to leave the web root get index.html or 404, never a file outside', async () => {
    for (const url of ['/../package.json', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fetc%2fpasswd']) {
      const res = await built.app.inject({ method: 'GET', url });
      expect(res.body).not.toContain('root:x:0:0');
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('HSTS only over https', async () => {
    const http = await built.app.inject({ method: 'GET', url: '/core/api/health/live' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });

  it('compresses API JSON for clients that accept it (brotli first, then gzip), never small answers', async () => {
    const plain = await built.app.inject({ method: 'GET', url: '/core/api/docs/json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await built.app.inject({
      method: 'GET',
      url: '/core/api/docs/json',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await built.app.inject({
      method: 'GET',
      url: '/core/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const refused = await built.app.inject({
      method: 'GET',
      url: '/core/api/docs/json',
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(refused.headers['content-encoding']).toBe('gzip');
    const small = await built.app.inject({
      method: 'GET',
      url: '/core/api/health/live',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('serves the build-time compressed copy of a hashed asset, immutable for a year', async () => {
    const br = await built.app.inject({
      method: 'GET',
      url: '/assets/app-def456.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);
    const gz = await built.app.inject({
      method: 'GET',
      url: '/assets/app-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(bigScript);
    const plain = await built.app.inject({ method: 'GET', url: '/assets/app-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
    const page = await built.app.inject({ method: 'GET', url: '/dashboard', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it("names the chunks of the requested route's page in index.html, so they load with the entry", async () => {
    const page = await built.app.inject({ method: 'GET', url: '/job-search?disciplineId=13' });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root">');
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/job-search-page-1a2b.js">');
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/jobs-3c4d.js">');
    expect(page.body).toContain('<link rel="stylesheet" crossorigin href="/assets/job-search-5e6f.css">');
    expect((await built.app.inject({ method: 'GET', url: '/JOB-SEARCH' })).body).toContain('job-search-page-1a2b.js');
    const details = await built.app.inject({ method: 'GET', url: '/careers/find-a-job/123' });
    expect(details.body).toContain('/assets/details-7a8b.js');
    expect(details.body).not.toContain('job-search-page');
    const other = await built.app.inject({ method: 'GET', url: '/careers/find-a-job/123/more' });
    expect(other.body).not.toContain('modulepreload');
  });
});
