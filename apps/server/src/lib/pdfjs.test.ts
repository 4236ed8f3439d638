import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { pdfPageImages, pdfPreview } from './file-worker/render.ts';

async function textPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText('Travel contract', { x: 20, y: 150, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

describe('pdf.js on the server', () => {
  // Regression: an upload preview loaded pdf.js first, after which every contract page image failed (500).
  it('renders contract pages with text after an upload preview loaded pdf.js first', async () => {
    const pdf = await textPdf();
    expect(await pdfPreview(pdf)).toMatch(/^data:image\/png;base64,/);
    const [png] = await pdfPageImages(pdf, 1.5);
    expect(Buffer.from(png!).subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  });
});
