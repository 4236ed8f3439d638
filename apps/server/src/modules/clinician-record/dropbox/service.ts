import {
  dropboxMessages,
  DROPBOX_MAX_BYTES,
  DROPBOX_MAX_FILES,
  DROPBOX_MAX_TOTAL_BYTES,
  uploadLimitMessages,
  normalizeDocumentTitle,
  type DropboxItem,
  type UploadDocumentRequest,
  type UploadDocumentResponse,
} from '@hcp/contracts';
import type { AppContext } from '../../../context.ts';
import { badRequest, notFound, payloadTooLarge, unprocessable } from '../../../lib/errors.ts';
import { extensionMatches, mimeOf, sniffFile } from '../../../lib/file-types.ts';
import { assertImageFileWithinBudget } from '../../../lib/file-worker/limits.ts';
import type { Base64File } from '../../../lib/streamed-upload.ts';
import { isSafeKey, newFileKey, type StoredFileStream } from '../../../lib/storage.ts';
import { recordEvent } from '../../platform/index.ts';
import * as repo from './repository.ts';

export const UPLOAD_AREA = 'uploads';
/** Uploads never attached are removed after this long. */
export const PENDING_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

const EXT_OF_MIME: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/pjpeg': 'jpg',
  'image/gif': 'gif',
  'image/bmp': 'bmp',
  'image/x-ms-bmp': 'bmp',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

/** The claimed type as an extension: 'pdf', '.PDF', 'application/pdf' and 'x.pdf' all give 'pdf'. */
export function claimedExtension(fileType: string): string {
  const t = fileType.trim().toLowerCase();
  if (t.includes('/'))
    return (
      EXT_OF_MIME[t.split(';')[0]!.trim()] ??
      t
        .split('/')
        .pop()!
        .replace(/[^a-z0-9]/g, '')
    );
  const dot = t.lastIndexOf('.');
  return (dot >= 0 ? t.slice(dot + 1) : t).replace(/[^a-z0-9]/g, '');
}

/**
 * The dropbox's base64 rule, on what the streamed decoder recorded (lib/streamed-upload.ts): after an optional
 * 'data:...,' prefix, base64 letters and at most two '=' (whitespace anywhere), not empty, padding optional.
 */
function isDropboxBase64(f: Base64File): boolean {
  return f.dataUrl !== 'no-comma' && f.base64Chars > 0 && f.alphabetOk && f.base64Chars % 4 !== 1;
}

/** One clinician's dropbox holds at most DROPBOX_MAX_FILES uploads and DROPBOX_MAX_TOTAL_BYTES bytes. */
function assertWithinCaps(used: { files: number; bytes: number }, size: number): void {
  if (used.files >= DROPBOX_MAX_FILES)
    throw unprocessable('upload_quota_exceeded', uploadLimitMessages.dropboxCount, 'file');
  if (used.bytes + size > DROPBOX_MAX_TOTAL_BYTES)
    throw unprocessable('upload_quota_exceeded', uploadLimitMessages.dropboxBytes, 'file');
}

export class DropboxService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * `upload` is the file as the request's body streamed it into a temp file (lib/streamed-upload.ts): checked
   * there, previewed from there by the file worker, and streamed from there into storage.
   */
  async upload(
    userId: number,
    input: UploadDocumentRequest,
    upload: Base64File | null,
  ): Promise<UploadDocumentResponse> {
    if (!upload) throw new Error('the dropbox file did not come through the streamed upload parser');
    await this.ctx.rateLimiter.consume('uploadPerUser', String(userId));
    const ext = claimedExtension(input.fileType);
    // Cheap size check before decoding: 4 base64 characters carry 3 bytes.
    if (Math.floor((upload.chars * 3) / 4) > DROPBOX_MAX_BYTES + 3 * 1024)
      throw payloadTooLarge(dropboxMessages.tooLarge);
    if (!isDropboxBase64(upload) || upload.size === 0) throw badRequest('The file is not valid base64', 'file');
    if (upload.size > DROPBOX_MAX_BYTES) throw payloadTooLarge(dropboxMessages.tooLarge);
    const kind = await sniffFile(upload.path);
    if (!kind || !extensionMatches(ext, kind))
      throw unprocessable('invalid_file_type', dropboxMessages.invalidType(ext || 'unknown'), 'fileType');
    await assertImageFileWithinBudget(kind, upload.path, 'file');
    const size = upload.size;
    // A clinician at the cap is refused before any rendering; the check that counts is repeated under the lock.
    assertWithinCaps(await repo.uploadUsage(this.ctx.db, userId), size);
    // The preview comes before storing: when the file worker is saturated the upload is refused (503) with nothing stored.
    const images = await this.ctx.files.previewImages(kind, { path: upload.path, size });
    const key = newFileKey(UPLOAD_AREA, userId, kind);
    await this.ctx.storage.putFile(key, upload.path);
    try {
      await this.ctx.db.transaction(async (tx) => {
        await repo.lockUploads(tx, userId);
        assertWithinCaps(await repo.uploadUsage(tx, userId), size);
        await repo.insertUpload(tx, {
          userId,
          storageKey: key,
          kind,
          extension: ext,
          sizeBytes: size,
          createdAt: this.ctx.now(),
        });
      });
    } catch (e) {
      await this.ctx.storage.delete(key);
      throw e;
    }
    return { filePath: key, images };
  }

  /** The caller's own upload by path; anything else (other users', traversal, unknown) is a 404. */
  private async ownUpload(userId: number, filePath: string) {
    const key = filePath.trim();
    if (!isSafeKey(key) || !key.startsWith(`${UPLOAD_AREA}/${userId}/`)) throw notFound('Document');
    const up = await repo.findOwnUpload(this.ctx.db, userId, key);
    if (!up) throw notFound('Document');
    return up;
  }

  async attach(userId: number, filePath: string, documentTitle: string): Promise<DropboxItem> {
    const title = normalizeDocumentTitle(documentTitle);
    if (!title) throw badRequest(dropboxMessages.titleRequired, 'documentTitle');
    const up = await this.ownUpload(userId, filePath);
    return this.ctx.db.transaction(async (tx) => {
      const now = this.ctx.now();
      if (!(await repo.markAttached(tx, up.id, now))) throw notFound('Pending upload');
      const doc = await repo.insertDropboxDocument(tx, { userId, uploadId: up.id, title, addedAt: now });
      await recordEvent(tx, {
        type: 'document.uploaded',
        userId,
        payload: {
          documentId: doc.id,
          title,
          kind: up.kind,
          sizeBytes: up.sizeBytes,
          addedAt: now.toISOString(),
          source: 'credentials_dropbox',
        },
      });
      return {
        hcpDropBoxId: doc.id,
        docTitle: title,
        addedDate: now.toISOString(),
        uploadedDocumentPath: up.storageKey,
      };
    });
  }

  async list(userId: number): Promise<DropboxItem[]> {
    const rows = await repo.listDropbox(this.ctx.db, userId);
    return rows.map((r) => ({
      hcpDropBoxId: r.id,
      docTitle: r.title,
      addedDate: r.addedAt.toISOString(),
      uploadedDocumentPath: r.storageKey,
    }));
  }

  async remove(userId: number, id: number): Promise<void> {
    const key = await this.ctx.db.transaction((tx) => repo.deleteOwnDropbox(tx, userId, id));
    if (key === null) throw notFound('Document');
    await this.ctx.storage.delete(key);
  }

  /** The caller's own document as a stream from storage, with the name it is served under. */
  async file(
    userId: number,
    filePath: string,
  ): Promise<{ file: StoredFileStream; mime: string; fileName: string; inline: boolean }> {
    const up = await this.ownUpload(userId, filePath);
    const title = (await repo.titleOfUpload(this.ctx.db, up.id)) ?? 'document';
    // Opened last: nothing after it can fail and leave the stream unread.
    const file = await this.ctx.storage.getStream(up.storageKey);
    if (!file) throw notFound('Document');
    const base =
      title
        .replace(/[^A-Za-z0-9 ._-]+/g, '')
        .trim()
        .slice(0, 80) || 'document';
    const ext = up.kind === 'jpg' ? 'jpg' : up.kind;
    return {
      file,
      mime: mimeOf(up.kind),
      fileName: `${base}.${ext}`,
      inline: up.kind === 'pdf' || ['png', 'jpg', 'gif', 'bmp'].includes(up.kind),
    };
  }

  /** Removes uploads never attached within a day (files first, then rows). */
  async removeStaleUploads(): Promise<number> {
    const before = new Date(this.ctx.now().getTime() - PENDING_UPLOAD_TTL_MS);
    let removed = 0;
    for (;;) {
      const batch = await repo.staleUploads(this.ctx.db, before);
      if (batch.length === 0) break;
      for (const u of batch) {
        if (await repo.deleteUploadIfPending(this.ctx.db, u.id)) {
          await this.ctx.storage.delete(u.storageKey);
          removed++;
        }
      }
      if (batch.length < 500) break;
    }
    return removed;
  }
}
