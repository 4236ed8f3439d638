import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createThrowawayDatabase } from './build.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'hcp-proc-'));
let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>>;

function start(): Promise<{ proc: ChildProcess; url: string; output: () => string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      SEED_JOBS: '0',
      LOG_LEVEL: 'warn',
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

const exited = (proc: ChildProcess) => new Promise<number | null>((r) => proc.on('exit', (code) => r(code)));

afterAll(async () => {
  if (throwaway) await throwaway.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('prints the URL and demo login, shuts down cleanly on SIGTERM and keeps its data across restarts', async () => {
    throwaway = await createThrowawayDatabase();
    const first = await start();
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
    const exit = exited(first.proc);
    first.proc.kill('SIGTERM');
    expect(await exit).toBe(0);

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
