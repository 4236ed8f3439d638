import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, devHeaders, requestReset, signUp, type TestApp } from '../build.ts';
import { startServer } from '../spawn-server.ts';

/**
 * Development conveniences (the mail outbox with everyone's reset links, minting agency keys) never
 * reach a stranger, whatever the network path, and production mode has none of them.
 */

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'hcp-devmode-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const secrets = { JWT_SECRET: randomBytes(32).toString('hex'), DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex') };

/**
 * A reverse proxy on the same host as nginx ships it: it passes the request on from 127.0.0.1 and adds
 * no forwarding header, so to the server every visitor looks like a request made on its own machine.
 */
function sameHostProxy(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host, connection: 'close' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise((r) => server.close(() => r())),
      }),
    ),
  );
}

describe('the dev routes behind a stock reverse proxy on the same host', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof sameHostProxy>>;
  beforeAll(async () => {
    t = await buildTestApp();
    const direct = await t.app.listen({ port: 0, host: '127.0.0.1' });
    proxy = await sameHostProxy(direct);
  });
  afterAll(async () => {
    await proxy?.close();
    await t?.close();
  });

  it('neither show a stranger the outbox (with its reset links) nor mint an agency key for them', async () => {
    const victim = await signUp(t);
    expect((await requestReset(t, victim.email)).statusCode).toBe(200);
    await t.drain();
    const outbox = await fetch(`${proxy.url}/core/api/dev/outbox`);
    expect(outbox.status).toBe(404);
    expect(await outbox.text()).not.toContain('reset-password');
    const minted = await fetch(`${proxy.url}/core/api/dev/agency/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'stranger', scopes: ['read', 'write'] }),
    });
    expect(minted.status).toBe(404);
    expect(await minted.text()).not.toContain('agk_');
    // Whoever started the server has the key (the start banner prints it) and reads the outbox.
    const own = await fetch(`${proxy.url}/core/api/dev/outbox?to=${encodeURIComponent(victim.email)}`, {
      headers: devHeaders,
    });
    expect(own.status).toBe(200);
    expect(JSON.stringify(await own.json())).toContain('reset-password');
  });
});

describe('production mode (HCP_MODE=production)', () => {
  it('registers no dev route, even on a loopback address without SMTP, where development mode would', async () => {
    const prod = await buildTestApp({
      env: { HCP_MODE: 'production', DEV_OUTBOX: undefined, DEV_SECRET: undefined, ...secrets },
    });
    try {
      expect(prod.routes.filter((r) => /\/dev\//i.test(r.url)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
      expect(
        (await prod.app.inject({ method: 'GET', url: '/core/api/dev/outbox', headers: devHeaders })).statusCode,
      ).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('refuses to start without JWT_SECRET and DATA_ENCRYPTION_KEY, and writes no generated ones', () => {
    const dataDir = tempDir();
    const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        HCP_MODE: 'production',
        PORT: '0',
        DATA_DIR: dataDir,
        JWT_SECRET: undefined,
        DATA_ENCRYPTION_KEY: undefined,
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/JWT_SECRET: required in production mode/);
    expect(run.stderr).toMatch(/DATA_ENCRYPTION_KEY: required in production mode/);
    expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
  }, 60_000);

  it('starts with its secrets, seeds no demo users or jobs and prints no demo login, outbox or key', async () => {
    const server = await startServer({
      HCP_MODE: 'production',
      DATA_DIR: tempDir(),
      SEED_DEMO: undefined,
      SEED_JOBS: undefined,
      ...secrets,
    });
    try {
      const banner = server.output();
      expect(banner).toContain('Mode: production');
      expect(banner).not.toMatch(/Demo login|Mail outbox|Dev routes key/);
      const demo = await fetch(`${server.url}/core/api/auth/HcpLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'username=demo.nurse%40example.com&password=Demo-Travel-2026',
      });
      expect(demo.status).toBe(401);
      const jobs = (await (await fetch(`${server.url}/core/api/jobsearch/jobs`)).json()) as { jobCount: number };
      expect(jobs.jobCount).toBe(0);
      expect((await fetch(`${server.url}/core/api/dev/outbox`, { headers: devHeaders })).status).toBe(404);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
