import { open, type FileHandle } from 'node:fs/promises';
import { imageSize } from 'image-size';
import { IMAGE_MAX_PIXELS, uploadLimitMessages } from '@hcp/contracts';
import { unprocessable } from '../errors.ts';
import type { FileKind } from '../file-types.ts';

/**
 * What the file worker may spend on one file. Decoding allocates width x height x 4 bytes before a single
 * pixel is read, so the budget is checked on the dimensions the header declares, before anything decodes.
 */
export const RENDER_LIMITS = {
  /** Largest image a preview decodes (and the largest image an upload may declare). */
  imageMaxPixels: IMAGE_MAX_PIXELS,
  /** Largest image inside a PDF that pdf.js decodes; larger ones are left out of the rendering. */
  pdfImageMaxPixels: 25_000_000,
  /** Previews are at most this wide and this tall (CSS pixels). */
  previewWidth: 600,
  previewMaxHeight: 1600,
  /** PDFs larger than this get no preview (the first page of a 10 MB scan is already slow to reach). */
  pdfPreviewMaxBytes: 10 * 1024 * 1024,
  /** Page images: at most this many pages, each at most this many pixels. */
  pageImagesMaxPages: 60,
  pageImageMaxPixels: 4_000_000,
} as const;

export const IMAGE_KINDS: readonly FileKind[] = ['png', 'jpg', 'gif', 'bmp'];

export interface ImageSize {
  width: number;
  height: number;
}

/** The dimensions an image's header declares, read without decoding; null when the header cannot be read. */
export function declaredImageSize(bytes: Uint8Array): ImageSize | null {
  try {
    const s = imageSize(bytes);
    return s.width > 0 && s.height > 0 ? { width: s.width, height: s.height } : null;
  } catch {
    return null;
  }
}

/** A file read through a window of about a mebibyte, moved along as the reader goes. */
class FileWindow {
  private window = Buffer.alloc(0);
  private start = 0;

  constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  /** Makes [from, from + length) readable (as far as the file goes) with `at`. */
  async need(from: number, length: number): Promise<void> {
    const end = Math.min(this.size, from + length);
    if (from >= this.start && end <= this.start + this.window.length) return;
    const want = Math.min(this.size - from, Math.max(length, 1024 * 1024));
    const buf = Buffer.alloc(Math.max(0, want));
    const { bytesRead } = await this.handle.read(buf, 0, buf.length, from);
    this.window = buf.subarray(0, bytesRead);
    this.start = from;
  }

  /** The byte at a position made readable by `need`; undefined past the end of the file. */
  at(pos: number): number | undefined {
    return pos < this.size ? this.window[pos - this.start] : undefined;
  }

  u16(pos: number): number {
    return (this.at(pos)! << 8) | this.at(pos + 1)!;
  }

  slice(from: number, to: number): Buffer {
    return this.window.subarray(from - this.start, Math.min(to, this.size) - this.start);
  }
}

/**
 * Whether image-size throws on the EXIF block of a JPEG segment (it reads the orientation from it, and a block
 * cut short makes it throw, which leaves the image without a size). The same reads, in the same order.
 */
function exifThrows(block: Buffer): boolean {
  const align = block.subarray(6, 8).toString('hex');
  if (align !== '4d4d' && align !== '4949') return false;
  const big = align === '4d4d';
  const u16 = (b: Buffer, at: number) => (big ? b.readUInt16BE(at) : b.readUInt16LE(at));
  const u32 = (b: Buffer, at: number) => (big ? b.readUInt32BE(at) : b.readUInt32LE(at));
  try {
    const entries = u16(block, 14);
    for (let n = 0; n < entries; n++) {
      const start = 16 + n * 12;
      if (start > block.length) return false;
      const entry = block.subarray(start, start + 12);
      if (u16(entry, 0) !== 274) continue;
      if (u16(entry, 2) !== 3) return false;
      if (u32(entry, 4) !== 1) return false;
      u16(entry, 8);
      return false;
    }
    return false;
  } catch {
    return true;
  }
}

/**
 * The size a JPEG file declares, found as image-size finds it in a buffer (its walk over the segments, step
 * for step, the same answer and the same failures), but read from the file a window at a time: a photo's
 * header is near its start, and a file made to hide it deep is read in pieces, never whole.
 */
async function jpegDeclaredSize(file: FileWindow): Promise<ImageSize | null> {
  const size = file.size;
  let pos = 4;
  while (pos < size) {
    // Each step reads at most a segment length (< 65536) and 9 bytes past where it stands.
    await file.need(pos, 65_546);
    if (size - pos < 2) return null;
    const i = file.u16(pos);
    if (i > size - pos) return null;
    if (file.at(pos + i) !== 0xff) {
      pos += 1;
      continue;
    }
    if (file.slice(pos + 2, pos + 6).toString('hex') === '45786966' && exifThrows(file.slice(pos + 2, pos + i)))
      return null;
    const next = file.at(pos + i + 1);
    if (next === 0xc0 || next === 0xc1 || next === 0xc2) {
      if (pos + i + 9 > size) return null;
      const height = file.u16(pos + i + 5);
      const width = file.u16(pos + i + 7);
      return width > 0 && height > 0 ? { width, height } : null;
    }
    pos += i + 2;
  }
  return null;
}

/** declaredImageSize of an image file on disk (an upload's temp file), without reading it whole. */
export async function declaredImageSizeOfFile(kind: FileKind, filePath: string): Promise<ImageSize | null> {
  const handle = await open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    if (kind === 'jpg') return await jpegDeclaredSize(new FileWindow(handle, size));
    // PNG, GIF and BMP declare their size at fixed places in their first 40 bytes.
    const head = Buffer.alloc(Math.min(size, 4096));
    await handle.read(head, 0, head.length, 0);
    return declaredImageSize(new Uint8Array(head));
  } finally {
    await handle.close();
  }
}

/**
 * Refuses an image whose header declares more pixels than the budget (a few dozen bytes can declare a canvas
 * of gigabytes). Other kinds, and images whose header cannot be read, pass: they are never decoded as images.
 * Read from the upload's temp file, never whole.
 */
export async function assertImageFileWithinBudget(kind: FileKind, filePath: string, field: string): Promise<void> {
  if (!IMAGE_KINDS.includes(kind)) return;
  const size = await declaredImageSizeOfFile(kind, filePath);
  if (size && size.width * size.height > RENDER_LIMITS.imageMaxPixels)
    throw unprocessable('image_too_large', uploadLimitMessages.imageTooLarge(size.width, size.height), field);
}
