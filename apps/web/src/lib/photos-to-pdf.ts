/**
 * Several photos of one document (the pages of a license, the two sides of a card) as one PDF, made in the
 * browser before the upload: the recruiter receives one document, not a pile of pictures. pdf-lib is loaded only
 * here, when photos are combined (it is far too large for any page's first load).
 */

/** The longest side a photo keeps: enough to read a document, small enough that a PDF of several stays light. */
const MAX_SIDE = 2000;
/** A US Letter page in points, with a small margin around the photo. */
const PAGE = { width: 612, height: 792, margin: 18 };

/** One photo as JPEG bytes at most MAX_SIDE on its longest side (any image type the browser can draw). */
async function asJpeg(photo: File): Promise<{ bytes: ArrayBuffer; width: number; height: number }> {
  const bitmap = await createImageBitmap(photo);
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  // A photo with transparency gets a white page behind it, as on paper.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
  if (!blob) throw new Error('no image');
  return { bytes: await blob.arrayBuffer(), width, height };
}

/** The photos, in order, one per page of a PDF named `name`.pdf (pages turned to the photo's orientation). */
export async function photosToPdf(photos: readonly File[], name: string): Promise<File> {
  const { PDFDocument } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  for (const photo of photos) {
    const jpeg = await asJpeg(photo);
    const image = await pdf.embedJpg(jpeg.bytes);
    const landscape = jpeg.width > jpeg.height;
    const pageWidth = landscape ? PAGE.height : PAGE.width;
    const pageHeight = landscape ? PAGE.width : PAGE.height;
    const fit = Math.min((pageWidth - 2 * PAGE.margin) / jpeg.width, (pageHeight - 2 * PAGE.margin) / jpeg.height);
    const width = jpeg.width * fit;
    const height = jpeg.height * fit;
    const page = pdf.addPage([pageWidth, pageHeight]);
    page.drawImage(image, { x: (pageWidth - width) / 2, y: (pageHeight - height) / 2, width, height });
  }
  // Plain objects (no object streams): every PDF reader, and the server's checks, read them.
  const bytes = await pdf.save({ useObjectStreams: false });
  // A file name never carries a path separator or a character file systems refuse ('Chemotherapy/Biotherapy').
  const safe = name.replace(/[\\/:*?"<>|]+/g, '-').trim() || 'document';
  return new File([bytes as BlobPart], `${safe}.pdf`, { type: 'application/pdf' });
}
