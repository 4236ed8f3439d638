import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { loadEnv } from '../env.ts';
import { ephemeralSecrets } from '../lib/secrets.ts';
import { createThrowawayDatabase } from '../../test/build.ts';

const dist = mkdtempSync(path.join(tmpdir(), 'hcp-dist-'));
let built: BuiltApp;
let database: Database;
let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>>;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  throwaway = await createThrowawayDatabase();
  database = await openDatabase({ databaseUrl: throwaway?.url });
  built = await buildApp({ env: loadEnv({ LOG_LEVEL: 'silent' }), database, secrets: ephemeralSecrets(), webDist: dist, logger: false });
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
});
