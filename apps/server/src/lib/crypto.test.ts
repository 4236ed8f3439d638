import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptField, encryptField, hashPassword, randomToken, verifyPassword } from './crypto.ts';
import { loadSecrets } from './secrets.ts';

/** Cryptography at rest (ASVS V11): authenticated encryption, password hashing, random values, key files. */
describe('field encryption (AES-256-GCM)', () => {
  it('round-trips, uses a fresh IV each time, and refuses tampered ciphertext or another key', () => {
    const key = randomBytes(32);
    const a = encryptField(key, '512839467');
    const b = encryptField(key, '512839467');
    expect(a).toMatch(/^v1:/);
    expect(a).not.toBe(b);
    expect(decryptField(key, a)).toBe('512839467');
    const raw = Buffer.from(a.slice(3), 'base64');
    raw[raw.length - 1]! ^= 1;
    expect(() => decryptField(key, `v1:${raw.toString('base64')}`)).toThrow();
    expect(() => decryptField(randomBytes(32), a)).toThrow();
    expect(() => decryptField(key, 'v0:abc')).toThrow('Unknown field encryption format');
  });
});

describe('passwords and random values', () => {
  it('hashes passwords with argon2id at m=19 MiB, t=2, p=1 and a random salt', async () => {
    const h1 = await hashPassword('Correct-Horse-42');
    const h2 = await hashPassword('Correct-Horse-42');
    expect(h1).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(h1).not.toBe(h2);
    expect(await verifyPassword(h1, 'Correct-Horse-42')).toBe(true);
    // Verified exactly as typed: no trimming or case folding.
    for (const other of ['correct-horse-42', 'Correct-Horse-42 ', ' Correct-Horse-42', 'Correct-Horse-4'])
      expect(await verifyPassword(h1, other)).toBe(false);
  });

  it('makes URL-safe tokens of 256 random bits by default, never twice the same', () => {
    const seen = new Set(Array.from({ length: 200 }, () => randomToken()));
    expect(seen.size).toBe(200);
    for (const t of seen) expect(Buffer.from(t, 'base64url')).toHaveLength(32);
  });
});

describe('generated secrets', () => {
  it('are random, kept in DATA_DIR/secrets.json readable by the owner only, and stable across restarts', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hcp-secrets-'));
    try {
      const first = loadSecrets(dir, {});
      const file = path.join(dir, 'secrets.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
      expect(first.dataKey).toHaveLength(32);
      const again = loadSecrets(dir, {});
      expect(Buffer.from(again.jwtSecret).equals(Buffer.from(first.jwtSecret))).toBe(true);
      expect(again.dataKey.equals(first.dataKey)).toBe(true);
      const other = mkdtempSync(path.join(tmpdir(), 'hcp-secrets-'));
      expect(loadSecrets(other, {}).dataKey.equals(first.dataKey)).toBe(false);
      rmSync(other, { recursive: true, force: true });
      // Environment values win and are not written to the file.
      const envKey = randomBytes(32).toString('hex');
      expect(loadSecrets(dir, { DATA_ENCRYPTION_KEY: envKey }).dataKey.toString('hex')).toBe(envKey);
      expect(readFileSync(file, 'utf8')).not.toContain(envKey);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are the same for several server processes starting at once on one data dir (npm start with WEB_CONCURRENCY)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hcp-secrets-'));
    const module = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), 'secrets.ts')).href;
    // Each process waits for the same moment, then loads the secrets and prints them.
    const goAt = Date.now() + 2_000;
    const script = `import { loadSecrets } from ${JSON.stringify(module)};
      while (Date.now() < ${goAt});
      const s = loadSecrets(${JSON.stringify(dir)}, {});
      console.log(Buffer.from(s.jwtSecret).toString('hex') + ' ' + s.dataKey.toString('hex'));`;
    try {
      const outputs = await Promise.all(
        Array.from(
          { length: 4 },
          () =>
            new Promise<string>((resolve, reject) => {
              const p = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
              let out = '';
              p.stdout.on('data', (d: Buffer) => (out += d.toString()));
              p.stderr.on('data', (d: Buffer) => (out += d.toString()));
              p.on('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(out))));
            }),
        ),
      );
      expect(new Set(outputs).size).toBe(1);
      const stored = JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8')) as { dataKey: string };
      expect(outputs[0]).toContain(stored.dataKey);
      // Nothing left behind but the file itself.
      expect(readdirSync(dir)).toEqual(['secrets.json']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
