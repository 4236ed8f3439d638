import { recordEvent } from '../../platform/index.ts';
import { eq } from 'drizzle-orm';
import {
  CONTRACT_DOCUMENT_MASTER_ID,
  CONTRACT_TERMS_CHANGED,
  formatDate,
  formatMoney,
  jobTitle,
  shiftCategoryName,
  type ContractImagesResponse,
  type ESignResponse,
} from '@hcp/contracts';
import type { AppContext } from '../../../context.ts';
import { contracts } from '../schema.ts';
import { sha256Hex } from '../../../lib/crypto.ts';
import { AppError, conflict, notFound, unavailable } from '../../../lib/errors.ts';
import { newFileKey, type StoredFileStream } from '../../../lib/storage.ts';
import * as pipelineRepo from '../pipeline/repository.ts';
import { FileWorkTimeout } from '../../../lib/file-worker/pool.ts';
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

/** The 409 of a stale sign: what the contract says now, in one paragraph the sign screen shows. */
export function termsChangedMessage(d: ContractPdfData): string {
  const t = d.terms;
  const parts = [
    `${jobTitle(d.profession, d.specialty)} at ${d.facility.name}, ${d.facility.city}, ${d.facility.state}`,
    `${formatDate(d.startDate)} to ${formatDate(d.endDate)} (${d.durationWeeks} weeks)`,
    `${t.shift} ${d.shiftCategoryName}, ${t.guaranteedHoursPerWeek} guaranteed hours per week`,
    `${formatMoney(t.hourlyRate)} per hour, overtime ${formatMoney(t.overTimeRate)}`,
    `stipends ${formatMoney(t.weeklyMeals)} meals and ${formatMoney(t.weeklyLodging)} lodging per week`,
    `estimated gross weekly pay ${formatMoney(t.grossWeeklyPay)}`,
  ];
  if (t.bonuses.length) parts.push(`bonuses: ${t.bonuses.map((b) => `${b.name} ${formatMoney(b.amount)}`).join(', ')}`);
  if (t.unit) parts.push(`unit ${t.unit}`);
  return `This contract changed after you opened it, so it was not signed. The new terms: ${parts.join('; ')}. Please review the updated contract before you sign.`;
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
    const hash = sha256Hex(Buffer.from(bytes));
    const key = `contract-images/${userId}/${row.contractId}-${hash.slice(0, 32)}.json`;
    const cached = await this.ctx.storage.get(key);
    let images: string[];
    if (cached) images = JSON.parse(cached.toString('utf8')) as string[];
    else {
      const pngs = await this.pageImages(bytes);
      images = pngs.map((p) => `data:image/png;base64,${p.toString('base64')}`);
      await this.ctx.storage.put(key, Buffer.from(JSON.stringify(images)));
    }
    const isSigned = row.contractStatus === 'signed';
    // The images are drawn from these bytes: their hash names exactly the terms the clinician is shown.
    return { images, pageCount: images.length, isSigned, termsHash: isSigned ? null : hash };
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

  /** The document to send: the signed PDF streamed from storage once signed, otherwise the generated one. */
  async currentPdfFile(row: pipelineRepo.ContractRow): Promise<Uint8Array | StoredFileStream> {
    if (row.contractStatus === 'signed' && row.signedPdfKey) {
      const file = await this.ctx.storage.getStream(row.signedPdfKey);
      if (!file) throw new AppError(500, 'document_missing', 'The signed document is missing');
      return file;
    }
    return renderContractPdf(pdfData(row));
  }

  async signedDocument(
    userId: number,
    ref: ContractRef,
  ): Promise<{ pdf: Uint8Array | StoredFileStream; fileName: string }> {
    const row = await this.find(userId, ref);
    if (row.contractStatus !== 'signed') throw notFound('Signed contract document');
    return { pdf: await this.currentPdfFile(row), fileName: `contract-${row.contractNum}-signed.pdf` };
  }

  /**
   * Signs the contract as it stands under a row lock: the terms hash is checked, the signed PDF rendered, the
   * row marked signed and the audit row written from that one snapshot, in one transaction. A `termsHash`
   * (the hash the images answered) that no longer matches is refused with 409 and the new terms; a client
   * that sends none signs the current terms, recorded as unconfirmed (docs/decisions/0141).
   */
  async sign(
    userId: number,
    ref: { contractId: number; documentMasterId: number; termsHash?: string },
    client: { ip: string | null; userAgent: string | null },
    /** Demo data only: when the signature happened (defaults to now). */
    at?: Date,
  ): Promise<ESignResponse> {
    const first = await this.find(userId, ref);
    this.assertSignable(first.contractStatus);
    const key = newFileKey(SIGNED_CONTRACT_AREA, userId, 'pdf');
    let stored = false;
    try {
      const out = await this.ctx.db.transaction(async (tx) => {
        if (!(await repo.lockContract(tx, first.contractId, userId))) throw notFound('Contract');
        const [row] = await pipelineRepo.contractRows(tx, userId, eq(contracts.id, first.contractId));
        if (!row) throw notFound('Contract');
        // Under the lock: a second tab or a double click that signed first answers here.
        this.assertSignable(row.contractStatus);
        const data = pdfData(row);
        const termsSha256 = sha256Hex(Buffer.from(await renderContractPdf(data)));
        if (ref.termsHash !== undefined && ref.termsHash !== termsSha256)
          throw conflict(CONTRACT_TERMS_CHANGED, termsChangedMessage(data));
        const signature: SignatureData = {
          signerName: `${row.signerFirstName} ${row.signerLastName}`,
          signedAt: at ?? this.ctx.now(),
          ip: client.ip,
          userAgent: client.userAgent,
        };
        const bytes = await renderContractPdf(data, signature);
        await this.ctx.storage.put(key, bytes);
        stored = true;
        const done = await repo.markSigned(tx, {
          contractId: row.contractId,
          userId,
          documentMasterId: ref.documentMasterId,
          signedAt: signature.signedAt,
          signedPdfKey: key,
        });
        if (!done) throw conflict('contract_not_signable', 'This contract can no longer be signed.');
        if (done.offerId !== null) await pipelineRepo.acceptOffer(tx, done.offerId, signature.signedAt);
        await repo.insertAudit(tx, {
          contractId: row.contractId,
          documentMasterId: ref.documentMasterId,
          userId,
          signerName: signature.signerName,
          signedAt: signature.signedAt,
          ip: client.ip,
          userAgent: client.userAgent,
          sha256: sha256Hex(Buffer.from(bytes)),
          termsSha256,
          termsConfirmed: ref.termsHash !== undefined,
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
            termsSha256,
          },
        });
        return { row, signedAt: signature.signedAt };
      });
      this.ctx.log.info({ contractId: out.row.contractId, userId }, 'contract signed');
      return {
        contractId: out.row.contractId,
        contractNum: out.row.contractNum,
        documentMasterId: ref.documentMasterId,
        dateTimeSigned: out.signedAt.toISOString(),
      };
    } catch (e) {
      if (stored) await this.ctx.storage.delete(key);
      throw e;
    }
  }

  private assertSignable(status: string) {
    if (status === 'signed') throw conflict('contract_already_signed', 'This contract has already been signed.');
    if (status === 'draft') throw conflict('contract_not_ready', 'This contract is not ready to sign yet.');
    if (status !== 'sent') throw conflict('contract_not_signable', 'This contract can no longer be signed.');
  }
}
