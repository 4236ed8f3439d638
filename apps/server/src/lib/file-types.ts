/**
 * File types by content (magic bytes), not by name: an upload is accepted only when its bytes are
 * one of the accepted kinds and its extension names that kind. Shared by certifications and the dropbox.
 */
export type SniffedType = 'pdf' | 'png' | 'jpg' | 'gif' | 'bmp' | 'doc' | 'docx';

/** Extensions the portal accepts for documents: PDFs, Word files and the common image formats. */
export const ACCEPTED_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png', 'gif', 'bmp', 'jfif'] as const;

const startsWith = (b: Uint8Array, sig: number[], at = 0) =>
  b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);

export function sniffFileType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg'; // JPEG / JFIF / Exif
  if (
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) ||
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38, 0x39, 0x61])
  )
    return 'gif';
  if (startsWith(bytes, [0x42, 0x4d]) && bytes.length >= 26) {
    // 'BM' plus a file size field that matches and a sane header size.
    const declared = bytes[2]! | (bytes[3]! << 8) | (bytes[4]! << 16) | (bytes[5]! << 24);
    const header = bytes[14]! | (bytes[15]! << 8);
    if ((declared === bytes.length || declared === 0) && [12, 40, 52, 56, 64, 108, 124].includes(header)) return 'bmp';
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) && zipHasWordPart(bytes)) return 'docx';
  return null;
}

/** A DOCX is a zip whose entries include 'word/' parts ([Content_Types].xml alone is any OOXML). */
function zipHasWordPart(bytes: Uint8Array): boolean {
  const needle = Buffer.from('word/');
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return buf.indexOf(needle) >= 0;
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

/** Strict base64 decode (an optional data: URL prefix allowed); null when the text is not base64. */
export function decodeBase64(content: string): Buffer | null {
  const body = content.replace(/^data:[^;,]{0,100};base64,/, '').replace(/\s+/g, '');
  if (body.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(body)) return null;
  return Buffer.from(body, 'base64');
}

export type FileKind = SniffedType;

/** The content type a stored file of this kind is served with; unknown kinds are plain bytes. */
export function mimeOf(kind: string): string {
  return contentTypeOf[kind as FileKind] ?? 'application/octet-stream';
}

/** True when the (case-insensitive, dot optional) extension is one a file of this kind may carry. */
export function extensionMatches(ext: string, kind: FileKind): boolean {
  return typeForExtension(ext.trim()) === kind;
}
