/**
 * Content sniffing for uploaded documents: the bytes decide what a file is, never the name the client
 * claims. Only the kinds the portal accepts are recognised (spec 02 section 9); anything else is null.
 */
export type FileKind = 'pdf' | 'png' | 'jpg' | 'gif' | 'bmp' | 'doc' | 'docx';

export const ACCEPTED_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png', 'gif', 'bmp', 'jfif'];

const startsWith = (bytes: Uint8Array, sig: readonly number[], offset = 0) =>
  bytes.length >= offset + sig.length && sig.every((b, i) => bytes[offset + i] === b);

function containsAscii(bytes: Uint8Array, text: string): boolean {
  const needle = Buffer.from(text, 'latin1');
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(needle);
}

export function sniffFileType(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'gif';
  // BMP: 'BM', then a DIB header size of 12, 40, 52, 56, 64, 108 or 124 at offset 14.
  if (startsWith(bytes, [0x42, 0x4d]) && bytes.length >= 18 && [12, 40, 52, 56, 64, 108, 124].includes(bytes[14]!)) return 'bmp';
  // Legacy Word: an OLE compound file.
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc';
  // Word 2007+: a ZIP package holding word/ parts and a content-types manifest.
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) && containsAscii(bytes, '[Content_Types].xml') && containsAscii(bytes, 'word/'))
    return 'docx';
  return null;
}

const EXTENSIONS_OF: Record<FileKind, readonly string[]> = {
  pdf: ['pdf'],
  png: ['png'],
  jpg: ['jpg', 'jpeg', 'jfif'],
  gif: ['gif'],
  bmp: ['bmp'],
  doc: ['doc'],
  docx: ['docx'],
};

/** True when the (case-insensitive, dot optional) extension is one a file of this kind may carry. */
export function extensionMatches(ext: string, kind: FileKind): boolean {
  return EXTENSIONS_OF[kind].includes(ext.trim().replace(/^\./, '').toLowerCase());
}
