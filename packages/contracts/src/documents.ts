import { z } from 'zod';
import { idSchema } from './common.ts';

export const contractDocumentSchema = z.object({
  contractId: z.number().int(),
  contractNum: z.string(),
  documentMasterId: z.number().int(),
  documentTitle: z.string(),
  profession: z.string(),
  specialty: z.string(),
  facilityName: z.string(),
  city: z.string(),
  state: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});
export type ContractDocument = z.infer<typeof contractDocumentSchema>;
export const signedContractDocumentSchema = contractDocumentSchema.extend({ dateTimeSigned: z.string() });
export type SignedContractDocument = z.infer<typeof signedContractDocumentSchema>;
export const signedTrsDocumentSchema = z.object({
  signatureTypeId: z.number().int(),
  name: z.string(),
  dateTimeSigned: z.string(),
});

export const documentsAndSignaturesSchema = z.object({
  signableDocuments: z.array(contractDocumentSchema),
  signedDocumentsForCurrentAssignment: z.array(signedContractDocumentSchema),
  signedDocumentsForPastAssignments: z.array(signedContractDocumentSchema),
  signedTrsDocuments: z.array(signedTrsDocumentSchema),
});
export type DocumentsAndSignatures = z.infer<typeof documentsAndSignaturesSchema>;

export const trsDocumentQuerySchema = z.object({ signatureTypeId: idSchema });

/** The TRS employment documents signed with the application (names as on the terms screen). */
export const trsDocumentTypes = [
  { signatureTypeId: 1, name: 'Handbook', documentName: 'Handbook' },
  { signatureTypeId: 2, name: 'Authorization for the Release of Information', documentName: 'AuthForRelease' },
  { signatureTypeId: 3, name: 'Candidate Placement Agreement', documentName: 'CandidatePlacement' },
  { signatureTypeId: 4, name: 'HIPAA Agreement', documentName: 'HealthInfoPrivacy' },
  { signatureTypeId: 5, name: 'Federal Disclosure', documentName: 'ConsumerReportDisclaimer' },
  { signatureTypeId: 6, name: 'Federal Summary of Rights', documentName: 'FairCredit' },
  { signatureTypeId: 7, name: 'California Disclosure', documentName: 'CaliRights' },
  { signatureTypeId: 8, name: 'CA Authorization for Backgrounds', documentName: 'CaliBackground' },
  { signatureTypeId: 9, name: 'CA Applicants Statement and Agreement', documentName: 'CaliAppStatement' },
  { signatureTypeId: 10, name: 'Arbitration Agreements', documentName: 'Arbitration' },
  { signatureTypeId: 11, name: 'Electronic Signature and Communications Agreement', documentName: 'ElectronicSig' },
] as const;

export const policyDocumentNames = ['Grievance', 'Handbook'] as const;
export const policyDocumentQuerySchema = z.object({ documentName: z.enum(policyDocumentNames) });
