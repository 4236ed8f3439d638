/**
 * Limits on what one clinician may store (dropbox documents and certification files) and on the images they
 * upload. The server enforces them; the pages show the same messages.
 */
/** An image may declare at most this many pixels (50 megapixels: an 8,000 x 6,000 photo fits). */
export const IMAGE_MAX_PIXELS = 50_000_000;
/** Dropbox documents per clinician, uploads not yet named included. */
export const DROPBOX_MAX_FILES = 100;
/** Bytes of dropbox documents per clinician, uploads not yet named included. */
export const DROPBOX_MAX_TOTAL_BYTES = 300 * 1024 * 1024;
/** Bytes of certification files per clinician. */
export const CERT_FILES_MAX_TOTAL_BYTES = 200 * 1024 * 1024;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export const uploadLimitMessages = {
  imageTooLarge: (width: number, height: number) =>
    `This image is too large (${width} x ${height} pixels). Please upload an image of at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels, or a PDF.`,
  dropboxCount: `Your dropbox holds the most documents allowed (${DROPBOX_MAX_FILES}). Please delete a document before uploading another.`,
  dropboxBytes: `Your dropbox documents reach the ${mb(DROPBOX_MAX_TOTAL_BYTES)} allowed. Please delete a document before uploading another.`,
  certificationBytes: `Your certification files reach the ${mb(CERT_FILES_MAX_TOTAL_BYTES)} allowed. Please replace or delete a file first.`,
} as const;
