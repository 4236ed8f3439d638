import {
  CONTRACT_DOCUMENT_MASTER_ID,
  trsDocumentTypes,
  type DocumentsAndSignatures,
  type SignedContractDocument,
} from '@hcp/contracts';
import type { AppContext } from '../../../context.ts';
import { memoize } from '../../../lib/cache.ts';
import { notFound } from '../../../lib/errors.ts';
import { signedTrsDocument, signedTrsDocumentsOf } from '../../clinician-record/index.ts';
import * as pipelineRepo from '../pipeline/repository.ts';
import { contractTitle, renderTextDocument } from '../contracts/pdf.ts';
import { policyDocuments, trsDocumentTexts } from './texts.ts';

/** The policy documents never change while the process runs: each is rendered once. */
const policyPdf = memoize((documentName: 'Grievance' | 'Handbook') => {
  const p = policyDocuments[documentName];
  return renderTextDocument(p.title, p.paragraphs);
});

export class DocumentService {
  constructor(private readonly ctx: AppContext) {}

  async lists(userId: number): Promise<DocumentsAndSignatures> {
    const rows = await pipelineRepo.contractRows(this.ctx.db, userId);
    const doc = (r: pipelineRepo.ContractRow) => ({
      contractId: r.contractId,
      contractNum: r.contractNum,
      documentMasterId: r.documentMasterId ?? CONTRACT_DOCUMENT_MASTER_ID,
      documentTitle: contractTitle,
      profession: r.profession,
      specialty: r.specialty,
      facilityName: r.facilityName,
      city: r.city,
      state: r.state,
      startDate: r.contractStart,
      endDate: r.contractEnd,
    });
    const signed = (r: pipelineRepo.ContractRow): SignedContractDocument => ({
      ...doc(r),
      dateTimeSigned: r.signedAt!.toISOString(),
    });
    const live = (r: pipelineRepo.ContractRow) => ['offer', 'onboarding', 'working'].includes(r.contractStage);
    const trs = await signedTrsDocumentsOf(this.ctx.db, userId);
    const byDateDesc = (x: SignedContractDocument, y: SignedContractDocument) =>
      y.dateTimeSigned.localeCompare(x.dateTimeSigned);
    return {
      signableDocuments: rows.filter((r) => r.contractStatus === 'sent' && live(r)).map(doc),
      signedDocumentsForCurrentAssignment: rows
        .filter((r) => r.contractStatus === 'signed' && live(r))
        .map(signed)
        .sort(byDateDesc),
      signedDocumentsForPastAssignments: rows
        .filter((r) => r.contractStatus === 'signed' && ['completed', 'cancelled'].includes(r.contractStage))
        .map(signed)
        .sort(byDateDesc),
      signedTrsDocuments: trs.map((t) => ({
        signatureTypeId: t.signatureTypeId,
        name: trsDocumentTypes.find((d) => d.signatureTypeId === t.signatureTypeId)?.name ?? 'TRS Document',
        dateTimeSigned: t.signedAt.toISOString(),
      })),
    };
  }

  async trsDocument(userId: number, signatureTypeId: number) {
    const type = trsDocumentTypes.find((d) => d.signatureTypeId === signatureTypeId);
    if (!type) throw notFound('Document');
    const row = await signedTrsDocument(this.ctx.db, userId, signatureTypeId);
    if (!row) throw notFound('Document');
    const bytes = await renderTextDocument(type.name, trsDocumentTexts[signatureTypeId] ?? [], {
      name: `${row.firstName} ${row.lastName}`,
      signedAt: row.signedAt,
    });
    return { bytes, fileName: `${type.documentName}.pdf` };
  }

  async policy(documentName: 'Grievance' | 'Handbook') {
    return { bytes: await policyPdf(documentName), fileName: `${documentName}.pdf` };
  }
}
