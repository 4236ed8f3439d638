import { recordEvent } from '../events/service.ts';
import { eq } from 'drizzle-orm';
import {
  CONTRACT_DOCUMENT_MASTER_ID,
  shiftCategoryName,
  type ContractImagesResponse,
  type ESignResponse,
} from '@hcp/contracts';
import type { AppContext } from '../../context.ts';
import { contracts } from '../../db/schema/index.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { AppError, conflict, notFound, unavailable } from '../../lib/errors.ts';
import { newFileKey } from '../../lib/storage.ts';
import * as pipelineRepo from '../pipeline/repository.ts';
import { FileWorkTimeout } from '../../lib/file-worker/pool.ts';
import { renderContractPdf, type ContractPdfData, type SignatureData } from './pdf.ts';
import * as repo from './repository.ts';

/** Storage area of signed contract PDFs. */
export const SIGNED_CONTRACT_AREA = 'contracts';

export type ContractRef = { contractId?: number; contractNum?: string; documentMasterId: number };

function pdfData(r: pipelineRepo.ContractRow): ContractPdfData {
  return {
    contractNum: r.contractNum,
    clinician: { firstName: r.signerFirstName, lastName: r.signerLastName, email: r.signerEmail, phone: r.signerPhone },
    profession: r.profession,
    specialty: r.specialty,
    facility: {
      name: r.facilityName,
      address1: r.address1,
      address2: r.address2,
      city: r.city,
      state: r.state,
      zip: r.zip,
    },
    startDate: r.contractStart,
    endDate: r.contractEnd,
    durationWeeks: r.duration,
    shiftCategoryName: shiftCategoryName(r.shiftCategory),
    terms: r.terms,
  };
}

export class ContractService {
  constructor(private readonly ctx: AppContext) {}

  /** The caller's contract by id or number, for document master 54; anything else is a 404. */
  async find(userId: number, ref: ContractRef) {
    if (ref.documentMasterId !== CONTRACT_DOCUMENT_MASTER_ID) throw notFound('Contract document');
    const where =
      ref.contractId !== undefined ? eq(contracts.id, ref.contractId) : eq(contracts.contractNum, ref.contractNum!);
    const [row] = await pipelineRepo.contractRows(this.ctx.db, userId, where);
    if (!row || (ref.contractNum !== undefined && row.contractNum !== ref.contractNum)) throw notFound('Contract');
    if (row.documentMasterId !== ref.documentMasterId || row.contractStatus === 'void')
      throw notFound('Contract document');
    return row;
  }

  /** The document as the clinician sees it now: the signed PDF once signed, otherwise the generated one. */
  async currentPdf(row: pipelineRepo.ContractRow): Promise<Uint8Array> {
    if (row.contractStatus === 'signed' && row.signedPdfKey) {
      const bytes = await this.ctx.storage.get(row.signedPdfKey);
      if (!bytes) throw new AppError(500, 'document_missing', 'The signed document is missing');
      return bytes;
    }
    return renderContractPdf(pdfData(row));
  }

  async images(userId: number, ref: ContractRef): Promise<ContractImagesResponse> {
    const row = await this.find(userId, ref);
    const bytes = await this.currentPdf(row);
    const key = `contract-images/${userId}/${row.contractId}-${sha256Hex(Buffer.from(bytes)).slice(0, 32)}.json`;
    const cached = await this.ctx.storage.get(key);
    let images: string[];
    if (cached) images = JSON.parse(cached.toString('utf8')) as string[];
    else {
      const pngs = await this.pageImages(bytes);
      images = pngs.map((p) => `data:image/png;base64,${p.toString('base64')}`);
      await this.ctx.storage.put(key, Buffer.from(JSON.stringify(images)));
    }
    return { images, pageCount: images.length, isSigned: row.contractStatus === 'signed' };
  }

  /** The page images, drawn in the file worker (our own PDFs, but the same budget as any file). */
  private async pageImages(bytes: Uint8Array): Promise<Buffer[]> {
    try {
      const pngs = await this.ctx.files.pdfPageImages(bytes);
      if (!pngs) throw new AppError(500, 'document_too_long', 'The contract document has too many pages to show');
      return pngs;
    } catch (e) {
      if (e instanceof FileWorkTimeout)
        throw unavailable('The contract pages are taking too long to prepare. Please try again.');
      throw e;
    }
  }

  async signedDocument(userId: number, ref: ContractRef): Promise<{ bytes: Uint8Array; fileName: string }> {
    const row = await this.find(userId, ref);
    if (row.contractStatus !== 'signed') throw notFound('Signed contract document');
    return { bytes: await this.currentPdf(row), fileName: `contract-${row.contractNum}-signed.pdf` };
  }

  async sign(
    userId: number,
    ref: { contractId: number; documentMasterId: number },
    client: { ip: string | null; userAgent: string | null },
    /** Demo data only: when the signature happened (defaults to now). */
    at?: Date,
  ): Promise<ESignResponse> {
    const row = await this.find(userId, ref);
    this.assertSignable(row.contractStatus);
    const signature: SignatureData = {
      signerName: `${row.signerFirstName} ${row.signerLastName}`,
      signedAt: at ?? this.ctx.now(),
      ip: client.ip,
      userAgent: client.userAgent,
    };
    const bytes = await renderContractPdf(pdfData(row), signature);
    const key = newFileKey(SIGNED_CONTRACT_AREA, userId, 'pdf');
    await this.ctx.storage.put(key, bytes);
    let signed: Awaited<ReturnType<typeof repo.markSigned>>;
    try {
      signed = await this.ctx.db.transaction(async (tx) => {
        const done = await repo.markSigned(tx, {
          contractId: row.contractId,
          userId,
          documentMasterId: ref.documentMasterId,
          signedAt: signature.signedAt,
          signedPdfKey: key,
        });
        if (!done) return null;
        if (done.offerId !== null) await repo.acceptOffer(tx, done.offerId, signature.signedAt);
        await repo.insertAudit(tx, {
          contractId: row.contractId,
          documentMasterId: ref.documentMasterId,
          userId,
          signerName: signature.signerName,
          signedAt: signature.signedAt,
          ip: client.ip,
          userAgent: client.userAgent,
          sha256: sha256Hex(Buffer.from(bytes)),
        });
        await recordEvent(tx, {
          type: 'contract.signed',
          userId,
          payload: {
            contractId: row.contractId,
            contractNum: row.contractNum,
            documentMasterId: ref.documentMasterId,
            offerId: done.offerId,
            signerName: signature.signerName,
            signedAt: signature.signedAt.toISOString(),
          },
        });
        return done;
      });
    } catch (e) {
      await this.ctx.storage.delete(key);
      throw e;
    }
    if (!signed) {
      // Someone (a second tab, a double click) signed first: nothing changed here.
      await this.ctx.storage.delete(key);
      const [now] = await pipelineRepo.contractRows(this.ctx.db, userId, eq(contracts.id, row.contractId));
      this.assertSignable(now?.contractStatus ?? 'void');
      throw conflict('contract_not_signable', 'This contract can no longer be signed.');
    }
    this.ctx.log.info({ contractId: row.contractId, userId }, 'contract signed');
    return {
      contractId: row.contractId,
      contractNum: row.contractNum,
      documentMasterId: ref.documentMasterId,
      dateTimeSigned: signature.signedAt.toISOString(),
    };
  }

  private assertSignable(status: string) {
    if (status === 'signed') throw conflict('contract_already_signed', 'This contract has already been signed.');
    if (status === 'draft') throw conflict('contract_not_ready', 'This contract is not ready to sign yet.');
    if (status !== 'sent') throw conflict('contract_not_signable', 'This contract can no longer be signed.');
  }
}
