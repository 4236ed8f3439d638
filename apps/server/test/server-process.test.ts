import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createThrowawayDatabase } from './build.ts';
import { startServer } from './spawn-server.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'hcp-proc-'));
let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>>;

/** The server on this test's data dir and throwaway database, with the demo data (the server's default). */
const start = (logLevel = 'warn') =>
  startServer({ DATA_DIR: dataDir, DATABASE_URL: throwaway?.url, LOG_LEVEL: logLevel, SEED_DEMO: undefined });

/**
 * A login whose body is held back until `send()`, on a keep-alive connection: once `continued` resolves the server
 * has the request (it answered 100 Continue) and is waiting for the body.
 */
function heldLogin(url: string) {
  const body = 'username=demo.nurse%40example.com&password=Demo-Travel-2026';
  const agent = new http.Agent({ keepAlive: true });
  const req = http.request(new URL('/core/api/auth/HcpLogin', url), {
    method: 'POST',
    agent,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': Buffer.byteLength(body),
      expect: '100-continue',
    },
  });
  const continued = new Promise<void>((resolve) => req.on('continue', () => resolve()));
  const answered = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
  });
  req.flushHeaders();
  return { continued, answered, send: () => req.end(body), agent };
}

afterAll(async () => {
  if (throwaway) await throwaway.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('prints the URL and demo login, shuts down cleanly on SIGTERM (answering the request in flight) and keeps its data across restarts', async () => {
    throwaway = await createThrowawayDatabase();
    const first = await start('info');
    expect(first.output()).toContain('Demo login: demo.nurse@example.com / Demo-Travel-2026');
    const login = await fetch(`${first.url}/core/api/auth/HcpLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=demo.nurse%40example.com&password=Demo-Travel-2026',
    });
    expect(login.status).toBe(200);
    const signUp = await fetch(`${first.url}/core/api/auth/HcpSignUp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        EmailAddress: 'persist@example.com',
        PhoneNumber: '5125550100',
        FirstName: 'Per',
        LastName: 'Sist',
        ProfessionId: 13,
        WebPassword: 'Durable-Harbor-42',
      }),
    });
    expect(signUp.status).toBe(200);
    // `docker stop` while a client on a keep-alive connection is mid-request: the request is answered, and the
    // connection it leaves open does not hold the process until its 15 s limit (exit 1).
    const held = heldLogin(first.url);
    await held.continued;
    first.proc.kill('SIGTERM');
    await vi.waitFor(() => expect(first.output()).toContain('shutting down'), { timeout: 10_000 });
    held.send();
    expect(await held.answered).toBe(200);
    expect(await first.exited).toBe(0);
    held.agent.destroy();

    const second = await start();
    const again = await fetch(`${second.url}/core/api/auth/HcpLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=persist%40example.com&password=Durable-Harbor-42',
    });
    expect(again.status).toBe(200);
    expect(await second.stop('SIGINT')).toBe(0);
  }, 180_000); // two tsx server starts with the demo seed; slow when the machine is shared
});
