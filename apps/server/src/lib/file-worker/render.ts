import type { Canvas } from '@napi-rs/canvas';
import { loadPdfjs, standardFontsDir } from '../pdfjs.ts';
import type { FileKind } from '../file-types.ts';
import { declaredImageSize, IMAGE_KINDS, RENDER_LIMITS } from './limits.ts';

/**
 * The decoding and rendering of files. These functions run only inside the file worker's child processes
 * (worker.ts): a native allocation failure in the canvas library aborts the process it runs in, and a costly
 * page blocks the thread that draws it, so neither may happen in the process serving requests.
 */

/** Thrown for a file the budget does not allow to decode; the caller stores it without a preview. */
export class OverBudget extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OverBudget';
  }
}

function pdfOptions(bytes: Uint8Array) {
  return {
    // A copy: pdf.js wants a plain Uint8Array (not a Buffer) and may detach it.
    data: new Uint8Array(bytes),
    standardFontDataUrl: standardFontsDir(),
    isEvalSupported: false,
    isOffscreenCanvasSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    maxImageSize: RENDER_LIMITS.pdfImageMaxPixels,
    verbosity: 0,
  };
}

/** The scale that fits a page of w x h points into the box, never above `max`. */
function fitScale(w: number, h: number, box: { width: number; height: number }, max: number): number {
  return Math.min(max, box.width / Math.max(1, w), box.height / Math.max(1, h));
}

type PdfPage = Awaited<
  ReturnType<Awaited<ReturnType<Awaited<ReturnType<typeof loadPdfjs>>['getDocument']>['promise']>['getPage']>
>;

async function drawPage(page: PdfPage, scale: number): Promise<Canvas> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.max(1, Math.ceil(viewport.width)), Math.max(1, Math.ceil(viewport.height)));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
  return canvas;
}

/** The first page of a PDF as a PNG data: URL, fitted into the preview box. */
export async function pdfPreview(bytes: Uint8Array): Promise<string> {
  if (bytes.length > RENDER_LIMITS.pdfPreviewMaxBytes) throw new OverBudget('PDF too large for a preview');
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument(pdfOptions(bytes));
  try {
    const doc = await task.promise;
    const page = await doc.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const box = { width: RENDER_LIMITS.previewWidth, height: RENDER_LIMITS.previewMaxHeight };
    const canvas = await drawPage(page, fitScale(base.width, base.height, box, 2));
    const png = await canvas.encode('png');
    return `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
  } finally {
    await task.destroy().catch(() => {});
  }
}

/** A downscaled JPEG copy of an image as a data: URL; images over the pixel budget are never decoded. */
export async function imagePreview(kind: FileKind, bytes: Uint8Array): Promise<string> {
  if (!IMAGE_KINDS.includes(kind)) throw new OverBudget(`no preview for ${kind}`);
  // Checked again here, where the decoding happens: the request path checks too, but this is the last gate.
  const size = declaredImageSize(bytes);
  if (!size) throw new OverBudget('unreadable image header');
  if (size.width * size.height > RENDER_LIMITS.imageMaxPixels) throw new OverBudget('image over the pixel budget');
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const img = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const scale = Math.min(
    1,
    RENDER_LIMITS.previewWidth / Math.max(1, img.width),
    RENDER_LIMITS.previewMaxHeight / Math.max(1, img.height),
  );
  const w = Math.max(1, Math.round(img.width * scale));
  const h = Math.max(1, Math.round(img.height * scale));
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, w, h);
  ctx.drawImage(img, 0, 0, w, h);
  const jpeg = await canvas.encode('jpeg', 82);
  return `data:image/jpeg;base64,${Buffer.from(jpeg).toString('base64')}`;
}

/** PNG images of every page (at most the page cap), each scaled to at most the page pixel budget. */
export async function pdfPageImages(bytes: Uint8Array, scale: number): Promise<Uint8Array[]> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument(pdfOptions(bytes));
  try {
    const doc = await task.promise;
    if (doc.numPages > RENDER_LIMITS.pageImagesMaxPages)
      throw new OverBudget(`more than ${RENDER_LIMITS.pageImagesMaxPages} pages`);
    const out: Uint8Array[] = [];
    for (let i = 1; i <= doc.numPages; i += 1) {
      const page = await doc.getPage(i);
      const base = page.getViewport({ scale: 1 });
      const fit = Math.sqrt(RENDER_LIMITS.pageImageMaxPixels / Math.max(1, base.width * base.height));
      const canvas = await drawPage(page, Math.min(scale, fit));
      out.push(new Uint8Array(canvas.toBuffer('image/png')));
      page.cleanup();
    }
    return out;
  } finally {
    await task.destroy().catch(() => {});
  }
}
