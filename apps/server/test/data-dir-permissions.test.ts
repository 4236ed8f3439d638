import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../src/lib/storage.ts';
import { pdfBytes } from './dropbox-factories.ts';
import { startServer } from './spawn-server.ts';

/**
 * The data dir holds SSNs, credentials and signed contracts: nothing in it may be readable or writable by
 * other users of the machine (files 0600, folders 0700), the embedded database's files included.
 */
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'hcp-perm-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const mode = (p: string) => statSync(p).mode & 0o777;

/** Every entry under root whose mode lets group or others in, as 'path 644'. */
function openToOthers(root: string): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    if ((mode(p) & 0o077) !== 0) out.push(`${path.relative(root, p) || '.'} ${mode(p).toString(8)}`);
    if (statSync(p).isDirectory()) for (const e of readdirSync(p)) walk(path.join(p, e));
  };
  walk(root);
  return out;
}

describe('stored files', () => {
  it('are written 0600 in 0700 folders even under a permissive umask', async () => {
    const root = tempDir();
    const before = process.umask(0o000);
    try {
      const storage = new LocalStorage(path.join(root, 'files'));
      await storage.put('uploads/7/aa.pdf', pdfBytes());
      expect(mode(path.join(root, 'files/uploads/7/aa.pdf'))).toBe(0o600);
      expect(mode(path.join(root, 'files/uploads/7'))).toBe(0o700);
      expect(mode(path.join(root, 'files/uploads'))).toBe(0o700);
    } finally {
      process.umask(before);
    }
  });
});

describe('the server process', () => {
  it('keeps its data dir private: the embedded database, stored files, secrets; and closes what an older version left open', async () => {
    const dataDir = tempDir();
    chmodSync(dataDir, 0o755);
    // What an earlier version left: a stored file 0644 in 0755 folders.
    mkdirSync(path.join(dataDir, 'files/certifications/3'), { recursive: true, mode: 0o755 });
    chmodSync(path.join(dataDir, 'files'), 0o755);
    chmodSync(path.join(dataDir, 'files/certifications'), 0o755);
    chmodSync(path.join(dataDir, 'files/certifications/3'), 0o755);
    writeFileSync(path.join(dataDir, 'files/certifications/3/old.pdf'), pdfBytes(), { mode: 0o644 });
    chmodSync(path.join(dataDir, 'files/certifications/3/old.pdf'), 0o644);

    const server = await startServer({ DATA_DIR: dataDir });
    try {
      const signUp = await fetch(`${server.url}/core/api/auth/HcpSignUp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          EmailAddress: 'private@example.com',
          PhoneNumber: '5125550100',
          FirstName: 'Pri',
          LastName: 'Vate',
          ProfessionId: 13,
          WebPassword: 'Quiet-Harbor-42',
        }),
      });
      expect(signUp.status).toBe(200);
      const up = await fetch(`${server.url}/core/api/Document/uploadDocument`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await signUp.text()}` },
        body: JSON.stringify({ file: pdfBytes().toString('base64'), fileType: 'pdf' }),
      });
      expect(up.status).toBe(200);
      const stored = path.join(dataDir, 'files', ((await up.json()) as { filePath: string }).filePath);
      expect(mode(stored)).toBe(0o600);
      expect(mode(path.dirname(stored))).toBe(0o700);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    // The embedded database's ~1,000 files, the secrets, the earlier file: nothing open to others.
    expect(readdirSync(path.join(dataDir, 'pgdata')).length).toBeGreaterThan(5);
    expect(openToOthers(dataDir)).toEqual([]);
  }, 180_000);
});
