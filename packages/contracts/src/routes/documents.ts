// Generated from ../endpoints/documents.ts by scripts/generate-routes.ts: do not edit. The routes of the area's
// endpoints without their schemas, for the web's client; each is typed against its definition.
import type { Route } from '../endpoint.ts';
import type * as endpoints from '../endpoints/documents.ts';

export const documentsAndSignatures: Route<typeof endpoints.documentsAndSignatures> = {
  method: 'GET',
  path: '/core/api/DocumentsAndSignatures/getDocumentsAndSignatures',
  operationId: 'documentsAndSignatures',
  tags: ['documents'],
  access: 'clinician',
  answer: 'json',
};
export const policyDocument: Route<typeof endpoints.policyDocument> = {
  method: 'GET',
  path: '/core/api/Document/getPolicyAndProcedureDocuments',
  operationId: 'policyDocument',
  tags: ['documents'],
  access: 'clinician',
  answer: 'file',
};
export const trsDocument: Route<typeof endpoints.trsDocument> = {
  method: 'GET',
  path: '/core/api/DocumentsAndSignatures/getTrsDocument',
  operationId: 'trsDocument',
  tags: ['documents'],
  access: 'clinician',
  answer: 'file',
};
