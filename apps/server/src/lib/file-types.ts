import { open } from 'node:fs/promises';
/**
 * File types by content (magic bytes), not by name: an upload is accepted only when its bytes are
 * one of the accepted kinds and its extension names that kind. Shared by certifications and the dropbox.
 */
export type SniffedType = 'pdf' | 'png' | 'jpg' | 'gif' | 'bmp' | 'doc' | 'docx';

/** Extensions the portal accepts for documents: PDFs, Word files and the common image formats. */
export const ACCEPTED_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png', 'gif', 'bmp', 'jfif'] as const;

const startsWith = (b: Uint8Array, sig: number[], at = 0) =>
  b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);

/** What the first bytes (and the size, for BMP) say; a zip still has to show a Word part to be a DOCX. */
function sniffStart(bytes: Uint8Array, size: number): SniffedType | 'zip' | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg'; // JPEG / JFIF / Exif
  if (
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) ||
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38, 0x39, 0x61])
  )
    return 'gif';
  if (startsWith(bytes, [0x42, 0x4d]) && size >= 26) {
    // 'BM' plus a file size field that matches and a sane header size.
    const declared = bytes[2]! | (bytes[3]! << 8) | (bytes[4]! << 16) | (bytes[5]! << 24);
    const header = bytes[14]! | (bytes[15]! << 8);
    if ((declared === size || declared === 0) && [12, 40, 52, 56, 64, 108, 124].includes(header)) return 'bmp';
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  return null;
}

export function sniffFileType(bytes: Uint8Array): SniffedType | null {
  const start = sniffStart(bytes, bytes.length);
  if (start !== 'zip') return start;
  return zipHasWordPart(bytes) ? 'docx' : null;
}

/** A DOCX is a zip whose entries include 'word/' parts ([Content_Types].xml alone is any OOXML). */
function zipHasWordPart(bytes: Uint8Array): boolean {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return buf.indexOf(WORD_PART) >= 0;
}

const WORD_PART = Buffer.from('word/');

/** sniffFileType of a file on disk (an upload's temp file), read in pieces: never the whole file at once. */
export async function sniffFile(filePath: string): Promise<SniffedType | null> {
  const handle = await open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(size, 64));
    await handle.read(head, 0, head.length, 0);
    const start = sniffStart(head, size);
    if (start !== 'zip') return start;
    // Pieces overlap by the needle's length less one, so a part name across two pieces is found.
    const piece = Buffer.alloc(1024 * 1024);
    for (let at = 0; at < size; at += piece.length - (WORD_PART.length - 1)) {
      const { bytesRead } = await handle.read(piece, 0, piece.length, at);
      if (piece.subarray(0, bytesRead).indexOf(WORD_PART) >= 0) return 'docx';
      if (at + bytesRead >= size) break;
    }
    return null;
  } finally {
    await handle.close();
  }
}

/** The sniffed type an extension stands for (jpeg and jfif are JPEG), or null for an unaccepted extension. */
export function typeForExtension(ext: string): SniffedType | null {
  const e = ext.replace(/^\./, '').toLowerCase();
  if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(e)) return null;
  if (e === 'jpeg' || e === 'jfif') return 'jpg';
  return e as SniffedType;
}

export const contentTypeOf: Record<SniffedType, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export type FileKind = SniffedType;

/** The content type a stored file of this kind is served with; unknown kinds are plain bytes. */
export function mimeOf(kind: string): string {
  return contentTypeOf[kind as FileKind] ?? 'application/octet-stream';
}

/** True when the (case-insensitive, dot optional) extension is one a file of this kind may carry. */
export function extensionMatches(ext: string, kind: FileKind): boolean {
  return typeForExtension(ext.trim()) === kind;
}
