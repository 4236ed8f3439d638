import { describe, expect, it } from 'vitest';
import { ACCEPTED_EXTENSIONS, extensionMatches, sniffFileType } from './file-types.ts';

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
