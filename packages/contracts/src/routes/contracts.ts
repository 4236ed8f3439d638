// Generated from ../endpoints/contracts.ts by scripts/generate-routes.ts: do not edit. The routes of the area's
// endpoints without their schemas, for the web's client; each is typed against its definition.
import type { Route } from '../endpoint.ts';
import type * as endpoints from '../endpoints/contracts.ts';

export const contractDocumentImages: Route<typeof endpoints.contractDocumentImages> = {
  method: 'GET',
  path: '/core/api/Contract/getContractDocumentImages',
  operationId: 'contractDocumentImages',
  tags: ['contracts'],
  access: 'clinician',
  answer: 'json',
};
export const signContract: Route<typeof endpoints.signContract> = {
  method: 'POST',
  path: '/core/api/Document/eSignDocument',
  operationId: 'signContract',
  tags: ['contracts'],
  access: 'clinician',
  answer: 'json',
};
export const signedContractDocument: Route<typeof endpoints.signedContractDocument> = {
  method: 'GET',
  path: '/core/api/Contract/getSignedContractDocument',
  operationId: 'signedContractDocument',
  tags: ['contracts'],
  access: 'clinician',
  answer: 'file',
};
