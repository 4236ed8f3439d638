import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage, type Storage } from '../src/lib/storage.ts';
import { startS3Server, type S3TestServer } from './s3-server.ts';

/**
 * One contract for every Storage driver: what the services rely on holds on a local directory and on an
 * S3 bucket (s3rver, started by the test) alike.
 */

const MiB = 1024 * 1024;
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function readAll(stream: Readable): Promise<{ bytes: Buffer; chunks: number; largest: number }> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return { bytes: Buffer.concat(chunks), chunks: chunks.length, largest: Math.max(0, ...chunks.map((c) => c.length)) };
}

/** `size` bytes made 64 KiB at a time as the reader asks: the whole never exists in one buffer. */
function lazySource(size: number, seed: number): { stream: Readable; hash: () => string } {
  const hash = createHash('sha256');
  let made = 0;
  const stream = new Readable({
    highWaterMark: 64 * 1024,
    read() {
      if (made >= size) return void this.push(null);
      const chunk = Buffer.alloc(Math.min(64 * 1024, size - made), (made / 65536 + seed) % 251);
      made += chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, hash: () => hash.digest('hex') };
}

let s3: S3TestServer;
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'hcp-storage-'));
  dirs.push(d);
  return d;
};

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const drivers: [string, () => Promise<Storage>][] = [
  ['local directory', async () => new LocalStorage(path.join(tempDir(), 'files'))],
  // Lists of two keys a page, so every list below crosses pages.
  ['S3 bucket', async () => s3.storage(await s3.createBucket(), 'hcp/files', { pageSize: 2 })],
];

describe.each(drivers)('storage on a %s', (_name, open) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await open();
  });

  it('gives back what was put, whole or as a stream with its size', async () => {
    const bytes = randomBytes(70_000);
    await storage.put('uploads/1/a.pdf', bytes);
    expect(sha((await storage.get('uploads/1/a.pdf'))!)).toBe(sha(bytes));
    const file = await storage.getStream('uploads/1/a.pdf');
    expect(file!.size).toBe(bytes.length);
    expect(sha((await readAll(file!.stream)).bytes)).toBe(sha(bytes));
    // Put again under the same key: the new bytes replace the old.
    await storage.put('uploads/1/a.pdf', Buffer.from('%PDF-1.4 replaced'));
    expect((await storage.get('uploads/1/a.pdf'))!.toString()).toBe('%PDF-1.4 replaced');
  });

  it('stores a file from a path and leaves that file where it was', async () => {
    const src = path.join(tempDir(), 'upload.bin');
    const bytes = randomBytes(300_000);
    writeFileSync(src, bytes);
    await storage.putFile('certifications/2/c.png', src);
    expect(sha((await storage.get('certifications/2/c.png'))!)).toBe(sha(bytes));
    expect(readFileSync(src)).toHaveLength(bytes.length);
  });

  it('streams a 24 MiB file in and out without holding it whole', async () => {
    const size = 24 * MiB;
    const source = lazySource(size, 7);
    await storage.putStream('uploads/3/big.pdf', source.stream);
    const file = await storage.getStream('uploads/3/big.pdf');
    // The size is known before a byte is read, and the bytes come in many pieces, none of them the file.
    expect(file!.size).toBe(size);
    const read = await readAll(file!.stream);
    expect(read.bytes).toHaveLength(size);
    expect(sha(read.bytes)).toBe(source.hash());
    expect(read.chunks).toBeGreaterThan(16);
    expect(read.largest).toBeLessThanOrEqual(2 * MiB);
    await storage.delete('uploads/3/big.pdf');
  });

  it('answers null for a key never stored, and deleting it is not an error', async () => {
    expect(await storage.get('uploads/4/never.pdf')).toBeNull();
    expect(await storage.getStream('uploads/4/never.pdf')).toBeNull();
    await expect(storage.delete('uploads/4/never.pdf')).resolves.toBeUndefined();
  });

  it('deletes for real: the file is gone from reads and lists', async () => {
    await storage.put('contracts/5/s.pdf', Buffer.from('%PDF-1.7'));
    await storage.delete('contracts/5/s.pdf');
    expect(await storage.get('contracts/5/s.pdf')).toBeNull();
    expect(await storage.getStream('contracts/5/s.pdf')).toBeNull();
    expect(await storage.list('contracts/5')).toEqual([]);
  });

  it('lists every file under a folder across pages, and nothing of a folder that only starts alike', async () => {
    const before = Date.now() - 60_000;
    const keys = [1, 2, 3, 4, 5].map((i) => `uploads/6/f${i}.pdf`);
    for (const k of keys) await storage.put(k, Buffer.from(k));
    await storage.put('uploads/60/other.pdf', Buffer.from('x'));
    await storage.put('uploads/6/sub/deep.png', Buffer.from('y'));
    const listed = await storage.list('uploads/6');
    expect(listed.map((f) => f.key).sort()).toEqual([...keys, 'uploads/6/sub/deep.png'].sort());
    for (const f of listed) expect(f.modifiedAt.getTime()).toBeGreaterThan(before);
    expect((await storage.list('uploads')).map((f) => f.key)).toEqual(
      expect.arrayContaining([...keys, 'uploads/60/other.pdf']),
    );
  });

  it.each(['../etc/passwd', 'uploads/../../x', '/abs/path', 'uploads/1/.hidden', 'Uploads/1/a.pdf', 'uploads//a', ''])(
    'refuses the unsafe key %j: writes throw, reads find nothing, deletes and lists do nothing',
    async (key) => {
      const src = path.join(tempDir(), 'f.bin');
      writeFileSync(src, 'x');
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.putFile(key, src)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.putStream(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(/Unsafe storage key/);
      expect(await storage.get(key)).toBeNull();
      expect(await storage.getStream(key)).toBeNull();
      await expect(storage.delete(key)).resolves.toBeUndefined();
      expect(await storage.list(key)).toEqual([]);
      expect(existsSync(src)).toBe(true);
    },
  );
});
