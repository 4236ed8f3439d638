import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createThrowawayDatabase } from './build.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'hcp-proc-'));
let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>>;

function start(logLevel = 'warn'): Promise<{ proc: ChildProcess; url: string; output: () => string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      SEED_JOBS: '0',
      LOG_LEVEL: logLevel,
      ...(throwaway ? { DATABASE_URL: throwaway.url } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) resolve({ proc, url: m[1]!, output: () => out });
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.on('exit', (code) => reject(new Error(`server exited early (${code}): ${out}`)));
  });
}

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

const exited = (proc: ChildProcess) => new Promise<number | null>((r) => proc.on('exit', (code) => r(code)));

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
    const exit = exited(first.proc);
    first.proc.kill('SIGTERM');
    await vi.waitFor(() => expect(first.output()).toContain('shutting down'), { timeout: 10_000 });
    held.send();
    expect(await held.answered).toBe(200);
    expect(await exit).toBe(0);
    held.agent.destroy();

    const second = await start();
    const again = await fetch(`${second.url}/core/api/auth/HcpLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=persist%40example.com&password=Durable-Harbor-42',
    });
    expect(again.status).toBe(200);
    const exit2 = exited(second.proc);
    second.proc.kill('SIGINT');
    expect(await exit2).toBe(0);
  }, 180_000); // two tsx server starts with the demo seed; slow when the machine is shared
});
