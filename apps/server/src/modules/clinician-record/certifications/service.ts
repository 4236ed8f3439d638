import {
  CERT_FILE_MAX_BYTES,
  CERT_FILES_MAX_TOTAL_BYTES,
  uploadLimitMessages,
  applicationMessages,
  certificationTypes,
  localIsoDate,
  type Certification,
  type SaveCertificationRequest,
} from '@hcp/contracts';
import type { AppContext } from '../../../context.ts';
import { contentTypeOf, sniffFile, typeForExtension, type SniffedType } from '../../../lib/file-types.ts';
import { assertImageFileWithinBudget } from '../../../lib/file-worker/limits.ts';
import type { Base64File } from '../../../lib/streamed-upload.ts';
import { newFileKey } from '../../../lib/storage.ts';
import { AppError, badRequest, conflict, notFound, payloadTooLarge, unprocessable } from '../../../lib/errors.ts';
import * as repo from './repository.ts';

const MAX_CERTS = 40;
/** Storage area of certification files. */
export const CERTIFICATION_FILE_AREA = 'certifications';

export class CertificationService {
  constructor(private readonly ctx: AppContext) {}

  async list(userId: number): Promise<Certification[]> {
    const rows = await repo.list(this.ctx.db, userId);
    return rows.map((r) => ({
      certId: r.id,
      certificationTypeId: r.certificationTypeId,
      certificationType: certificationTypes.find((t) => t.certTypeId === r.certificationTypeId)?.certName ?? '',
      expirationDate: r.expirationDate,
      completionDate: r.completionDate,
      issuedBy: r.issuedBy,
      createdOrder: r.createdOrder,
      saved: true,
      deleted: false,
      verified: r.verified,
      hasFile: !!r.fileKey,
    }));
  }

  /**
   * Checks an attached file by its content: base64 (400), size (413), empty (400), type (415), then an image's
   * declared canvas (422). The file arrived decoded into a temp file (lib/streamed-upload.ts); the base64 rule
   * is strict: an optional 'data:<type>;base64,' prefix, whitespace anywhere, whole groups of four.
   */
  private async checkFile(
    file: NonNullable<SaveCertificationRequest['file']>,
    upload: Base64File | null,
  ): Promise<{ upload: Base64File; type: SniffedType }> {
    if (!upload) throw new Error('the certification file did not come through the streamed upload parser');
    const valid =
      (upload.dataUrl === 'none' || upload.dataUrl === 'base64') && upload.alphabetOk && upload.base64Chars % 4 === 0;
    if (!valid) throw badRequest('The file content is not valid base64.', 'file');
    if (upload.size > CERT_FILE_MAX_BYTES) throw payloadTooLarge(applicationMessages.fileTooLarge);
    if (upload.size === 0) throw badRequest('The file is empty.', 'file');
    const expected = typeForExtension(file.extension);
    const actual = await sniffFile(upload.path);
    if (!expected || !actual || expected !== actual)
      throw new AppError(415, 'unsupported_file_type', applicationMessages.fileType, [
        { field: 'file', message: applicationMessages.fileType },
      ]);
    // Never decoded here, but the agency opens these files: an image declaring a giant canvas is refused.
    await assertImageFileWithinBudget(actual, upload.path, 'file');
    return { upload, type: actual };
  }

  /** `upload` is the file's content as the request's body streamed it (null when the body carried none). */
  async save(userId: number, input: SaveCertificationRequest, upload: Base64File | null = null): Promise<number> {
    const existing = input.certId ? await repo.find(this.ctx.db, userId, input.certId) : undefined;
    if (input.certId && !existing) throw notFound('Certification');
    if (input.deleted) {
      if (!existing) throw notFound('Certification');
      if (existing.verified) throw conflict('record_verified', applicationMessages.certificationVerified);
      if ((await repo.stats(this.ctx.db, userId)).n <= 1) throw conflict('last_record', applicationMessages.lastRecord);
      await repo.remove(this.ctx.db, userId, existing.id);
      if (existing.fileKey) await this.ctx.storage.delete(existing.fileKey);
      return existing.id;
    }
    if (existing?.verified) throw conflict('record_verified', applicationMessages.certificationVerified);
    const type = certificationTypes.find((t) => t.certTypeId === input.certificationTypeId);
    if (!type) throw notFound('Certification type');
    if (type.hasExpireDate && !input.expirationDate)
      throw unprocessable('validation_failed', 'Please enter the expiration date.', 'expirationDate');
    if (input.expirationDate && input.expirationDate < '1950-01-01')
      throw unprocessable('validation_failed', 'Please enter a valid expiration date.', 'expirationDate');
    if (input.completionDate && input.completionDate > localIsoDate(this.ctx.now()))
      throw unprocessable('validation_failed', 'The completion date cannot be in the future.', 'completionDate');
    const file = input.file && type.canAttachCert ? await this.checkFile(input.file, upload) : null;
    if (input.file && !type.canAttachCert)
      throw unprocessable('validation_failed', 'This certification type does not take a file.', 'file');

    let fileKey: string | null = null;
    if (file) {
      fileKey = newFileKey(CERTIFICATION_FILE_AREA, userId, file.type);
      await this.ctx.storage.putFile(fileKey, file.upload.path);
    }
    const values = {
      certificationTypeId: type.certTypeId,
      expirationDate: type.hasExpireDate ? input.expirationDate! : null,
      completionDate: input.completionDate ?? null,
      issuedBy: input.issuedBy?.trim() || null,
    };
    try {
      const replaced: { key: string | null } = { key: null };
      const id = await this.ctx.db.transaction(async (tx) => {
        // One clinician's certification writes one at a time: the count and bytes caps hold under races.
        await repo.lockCertifications(tx, userId);
        const current = existing ? await repo.find(tx, userId, existing.id) : undefined;
        if (existing && !current) throw notFound('Certification');
        if (file && (await repo.fileBytes(tx, userId, current?.id)) + file.upload.size > CERT_FILES_MAX_TOTAL_BYTES)
          throw unprocessable('upload_quota_exceeded', uploadLimitMessages.certificationBytes, 'file');
        if (current) {
          await repo.update(tx, userId, current.id, {
            ...values,
            ...(fileKey ? { fileKey, fileType: file!.type, fileSizeBytes: file!.upload.size } : {}),
          });
          if (fileKey) replaced.key = current.fileKey;
          return current.id;
        }
        const st = await repo.stats(tx, userId);
        if (st.n >= MAX_CERTS) throw conflict('too_many', `You can list at most ${MAX_CERTS} certifications.`);
        return repo.insert(tx, userId, {
          ...values,
          createdOrder: st.maxOrder + 1,
          fileKey,
          fileType: file?.type ?? null,
          fileSizeBytes: file?.upload.size ?? null,
        });
      });
      // The replaced file goes once the row no longer names it (a failure here leaves it to the orphan sweep).
      if (replaced.key) await this.ctx.storage.delete(replaced.key);
      return id;
    } catch (e) {
      if (fileKey) await this.ctx.storage.delete(fileKey);
      throw e;
    }
  }

  async file(userId: number, certId: number) {
    const row = await repo.find(this.ctx.db, userId, certId);
    if (!row?.fileKey) throw notFound('File');
    const file = await this.ctx.storage.getStream(row.fileKey);
    if (!file) throw notFound('File');
    const type = (row.fileType ?? 'pdf') as SniffedType;
    return { file, contentType: contentTypeOf[type], name: `certification-${row.id}.${type}` };
  }
}
