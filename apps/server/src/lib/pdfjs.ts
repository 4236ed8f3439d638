import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';

type PdfJs = typeof PdfJsModule;

const require = createRequire(import.meta.url);
let pdfjsPromise: Promise<PdfJs> | null = null;

/**
 * pdf.js for the server, loaded once for every caller (contract page images, upload previews). The canvas
 * globals it draws with are set from our @napi-rs/canvas before pdf.js loads: otherwise pdf.js installs its
 * own, and a Path2D from one canvas build handed to a context of another fails while drawing text.
 */
export function loadPdfjs(): Promise<PdfJs> {
  if (!pdfjsPromise) {
    pdfjsPromise = (async () => {
      const canvas = await import('@napi-rs/canvas');
      const g = globalThis as Record<string, unknown>;
      g.Path2D ??= canvas.Path2D;
      g.DOMMatrix ??= canvas.DOMMatrix;
      g.ImageData ??= canvas.ImageData;
      return import('pdfjs-dist/legacy/build/pdf.mjs');
    })();
  }
  return pdfjsPromise;
}

/** pdf.js's standard fonts, so text in PDFs without embedded fonts renders. */
export function standardFontsDir(): string {
  return `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
}
