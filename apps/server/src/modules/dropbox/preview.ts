import type { FileKind } from '../../lib/file-types.ts';
import { loadPdfjs } from '../../lib/pdfjs.ts';

/** Previews are at most this wide (CSS pixels) and rendered only for files up to PDF_PREVIEW_MAX_BYTES. */
const PREVIEW_WIDTH = 600;
const PDF_PREVIEW_MAX_BYTES = 10 * 1024 * 1024;
const IMAGE_PREVIEW_MAX_BYTES = 30 * 1024 * 1024;
const PREVIEW_TIMEOUT_MS = 8_000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | null> {
  return Promise.race([p, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms).unref())]);
}

async function renderPdfFirstPage(bytes: Buffer): Promise<string | null> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    const page = await doc.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: Math.min(2, PREVIEW_WIDTH / Math.max(1, base.width)) });
    const canvas = createCanvas(Math.max(1, Math.ceil(viewport.width)), Math.max(1, Math.ceil(viewport.height)));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
    const png = await canvas.encode('png');
    return `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
  } finally {
    await task.destroy().catch(() => {});
  }
}

async function downscaleImage(bytes: Buffer): Promise<string | null> {
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const img = await loadImage(bytes);
  const scale = Math.min(1, PREVIEW_WIDTH / Math.max(1, img.width));
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

/**
 * Preview images of an upload: the first page of a PDF rendered, or a downscaled copy of an image, as
 * data: URLs. Word files and anything that fails to render (or takes too long) answer an empty list.
 */
export async function previewImages(kind: FileKind, bytes: Buffer): Promise<string[]> {
  try {
    let url: string | null = null;
    if (kind === 'pdf' && bytes.length <= PDF_PREVIEW_MAX_BYTES)
      url = await withTimeout(renderPdfFirstPage(bytes), PREVIEW_TIMEOUT_MS);
    else if (['png', 'jpg', 'gif', 'bmp'].includes(kind) && bytes.length <= IMAGE_PREVIEW_MAX_BYTES)
      url = await withTimeout(downscaleImage(bytes), PREVIEW_TIMEOUT_MS);
    return url ? [url] : [];
  } catch {
    return [];
  }
}
