import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ACCEPTED_EXTENSIONS, extensionMatches, sniffFile, sniffFileType } from './file-types.ts';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p)))));

describe('sniffFileType', () => {
  it('recognises the accepted kinds by their bytes', () => {
    expect(sniffFileType(bytes('%PDF-1.7\n'))).toBe('pdf');
    expect(sniffFileType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('png');
    expect(sniffFileType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
    expect(sniffFileType(bytes('GIF89a....'))).toBe('gif');
    expect(sniffFileType(bytes('GIF87a....'))).toBe('gif');
    const bmp = new Uint8Array(54);
    bmp.set([0x42, 0x4d]);
    bmp[14] = 40;
    expect(sniffFileType(bmp)).toBe('bmp');
    expect(sniffFileType(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBe('doc');
    expect(sniffFileType(bytes([0x50, 0x4b, 0x03, 0x04], '....[Content_Types].xml....word/document.xml'))).toBe('docx');
  });
  it('refuses everything else', () => {
    expect(sniffFileType(bytes('MZ\x90\x00This program cannot be run in DOS mode'))).toBeNull();
    expect(sniffFileType(bytes([0x50, 0x4b, 0x03, 0x04], 'xl/workbook.xml'))).toBeNull();
    expect(sniffFileType(bytes('BM'))).toBeNull();
    expect(sniffFileType(bytes('<html><script>'))).toBeNull();
    expect(sniffFileType(new Uint8Array())).toBeNull();
    expect(sniffFileType(bytes(' %PDF-1.4'))).toBeNull();
  });
});

describe('sniffFile', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hcp-sniff-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let n = 0;
  const sniffOnDisk = (b: Uint8Array) => {
    const p = path.join(dir, `f${(n += 1)}`);
    writeFileSync(p, b);
    return sniffFile(p);
  };

  it('says of an upload on disk what sniffFileType says of its bytes', async () => {
    const bmp = new Uint8Array(54);
    bmp.set([0x42, 0x4d]);
    bmp[14] = 40;
    const samples = [
      bytes('%PDF-1.7\n'),
      bytes([0xff, 0xd8, 0xff, 0xe0]),
      bmp,
      bytes('BM'),
      bytes([0x50, 0x4b, 0x03, 0x04], 'xl/workbook.xml'),
      bytes([0x50, 0x4b, 0x03, 0x04], '....word/document.xml'),
      new Uint8Array(),
    ];
    for (const b of samples) expect(await sniffOnDisk(b)).toBe(sniffFileType(b));
  });

  it("finds a DOCX's word/ part megabytes in, also across the pieces it reads", async () => {
    for (const at of [3 * 1024 * 1024 + 5, 1024 * 1024 - 2, 2 * (1024 * 1024 - 4) - 1]) {
      const b = new Uint8Array(at + 200);
      b.set([0x50, 0x4b, 0x03, 0x04]);
      b.set(Buffer.from('word/document.xml'), at);
      expect(sniffFileType(b)).toBe('docx');
      expect(await sniffOnDisk(b)).toBe('docx');
    }
  });
});

describe('extensionMatches', () => {
  it('matches case-insensitively, with or without a dot', () => {
    expect(extensionMatches('PDF', 'pdf')).toBe(true);
    expect(extensionMatches('.jpeg', 'jpg')).toBe(true);
    expect(extensionMatches('JFIF', 'jpg')).toBe(true);
    expect(extensionMatches('pdf', 'png')).toBe(false);
    expect(extensionMatches('exe', 'pdf')).toBe(false);
  });
  it('covers every accepted extension', () => {
    const kinds = ['pdf', 'png', 'jpg', 'gif', 'bmp', 'doc', 'docx'] as const;
    for (const ext of ACCEPTED_EXTENSIONS) expect(kinds.some((k) => extensionMatches(ext, k))).toBe(true);
  });
});
