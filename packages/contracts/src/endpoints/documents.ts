import { documentsAndSignaturesSchema, policyDocumentQuerySchema, trsDocumentQuerySchema } from '../documents.ts';
import { defineEndpoint, fileResponse } from '../endpoint.ts';

export const documentsAndSignatures = defineEndpoint({
  method: 'GET',
  path: '/core/api/DocumentsAndSignatures/getDocumentsAndSignatures',
  operationId: 'documentsAndSignatures',
  summary: 'E-documents: contracts to sign, signed contracts and signed employment documents',
  tags: ['documents'],
  access: 'clinician',
  featureFlag: 'DocumentsAndSignatures_IsEnabled',
  responses: { 200: documentsAndSignaturesSchema },
});

export const trsDocument = defineEndpoint({
  method: 'GET',
  path: '/core/api/DocumentsAndSignatures/getTrsDocument',
  operationId: 'trsDocument',
  summary: 'A signed employment document as PDF',
  tags: ['documents'],
  access: 'clinician',
  featureFlag: 'DocumentsAndSignatures_IsEnabled',
  query: trsDocumentQuerySchema,
  responses: { 200: fileResponse('The signed document', 'application/pdf') },
  errors: { 404: ['not_found'] },
});

export const policyDocument = defineEndpoint({
  method: 'GET',
  path: '/core/api/Document/getPolicyAndProcedureDocuments',
  operationId: 'policyDocument',
  summary: 'A policy or procedure document as PDF',
  tags: ['documents'],
  access: 'clinician',
  query: policyDocumentQuerySchema,
  responses: { 200: fileResponse('The document', 'application/pdf') },
  errors: { 404: ['not_found'] },
});
