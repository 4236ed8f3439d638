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

/**
 * Refuses an image whose header declares more pixels than the budget (a few dozen bytes can declare a canvas
 * of gigabytes). Other kinds, and images whose header cannot be read, pass: they are never decoded as images.
 */
export function assertImageWithinBudget(kind: FileKind, bytes: Uint8Array, field: string): void {
  if (!IMAGE_KINDS.includes(kind)) return;
  const size = declaredImageSize(bytes);
  if (size && size.width * size.height > RENDER_LIMITS.imageMaxPixels)
    throw unprocessable('image_too_large', uploadLimitMessages.imageTooLarge(size.width, size.height), field);
}
