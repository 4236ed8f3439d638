import { z } from 'zod';
import { idSchema } from './common.ts';

/** Credentials dropbox: the file types it takes and its size limit. */
export const DROPBOX_ACCEPTED_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png', 'gif', 'bmp', 'jfif'] as const;
/** The mobile file picker offers the same types but jfif. */
export const DROPBOX_MOBILE_EXTENSIONS = DROPBOX_ACCEPTED_EXTENSIONS.filter((e) => e !== 'jfif');
export const DROPBOX_MAX_BYTES = 30 * 1024 * 1024;
export const DOCUMENT_TITLE_MAX = 100;

export const dropboxMessages = {
  uploadFailed: 'Error uploading file - please try again.',
  invalidType: (ext: string) => `Invalid file type: .${ext}`,
  tooLarge: 'The file is larger than 30 MB.',
  titleRequired: 'Please enter a document name',
} as const;

/** The extension of a file name, lower-cased, without the dot ('' when there is none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Case-insensitive check against the accepted list. */
export function isAcceptedExtension(ext: string): boolean {
  return (DROPBOX_ACCEPTED_EXTENSIONS as readonly string[]).includes(ext.replace(/^\./, '').toLowerCase());
}

/** A document name is required after trimming. */
export function normalizeDocumentTitle(title: string): string | null {
  const t = title.trim().replace(/\s+/g, ' ');
  return t.length > 0 && t.length <= DOCUMENT_TITLE_MAX ? t : null;
}

export const uploadDocumentRequestSchema = z.object({
  /** The file's bytes in base64 (a data: URL prefix is accepted). */
  file: z.string().min(1),
  /** The claimed type: an extension ('pdf', '.PDF') or a MIME type. */
  fileType: z.string().min(1).max(120),
  fileName: z.string().max(255).optional(),
});
export type UploadDocumentRequest = z.infer<typeof uploadDocumentRequestSchema>;

export const uploadDocumentResponseSchema = z.object({
  filePath: z.string(),
  /** Preview images as data: URLs (images only; PDFs and Word files answer an empty list). */
  images: z.array(z.string()),
});
export type UploadDocumentResponse = z.infer<typeof uploadDocumentResponseSchema>;

export const attachDocumentRequestSchema = z
  .object({
    filepath: z.string().max(300).optional(),
    filePath: z.string().max(300).optional(),
    documentTitle: z.string().max(500),
  })
  .refine((v) => !!(v.filepath ?? v.filePath), { message: 'filepath is required', path: ['filepath'] });

export const dropboxItemSchema = z.object({
  hcpDropBoxId: z.number().int(),
  docTitle: z.string(),
  /** ISO timestamp of the attach. */
  addedDate: z.string(),
  uploadedDocumentPath: z.string(),
});
export type DropboxItem = z.infer<typeof dropboxItemSchema>;

export const dropboxItemsResponseSchema = z.object({ dropboxItems: z.array(dropboxItemSchema) });

export const deleteDropboxDocumentRequestSchema = z.object({ hcpDropboxId: idSchema });

export const documentAttachmentQuerySchema = z.object({ filePath: z.string().min(1).max(300) });
