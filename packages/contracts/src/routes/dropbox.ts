// Generated from ../endpoints/dropbox.ts by scripts/generate-routes.ts: do not edit. The routes of the area's
// endpoints without their schemas, for the web's client; each is typed against its definition.
import type { Route } from '../endpoint.ts';
import type * as endpoints from '../endpoints/dropbox.ts';

export const attachDocument: Route<typeof endpoints.attachDocument> = {
  method: 'POST',
  path: '/core/api/HcpCredentialsDropbox/attachDocument',
  operationId: 'attachDocument',
  tags: ['dropbox'],
  access: 'clinician',
  answer: 'json',
};
export const deleteDropboxDocument: Route<typeof endpoints.deleteDropboxDocument> = {
  method: 'POST',
  path: '/core/api/HcpCredentialsDropbox/deleteDocument',
  operationId: 'deleteDropboxDocument',
  tags: ['dropbox'],
  access: 'clinician',
  answer: 'json',
};
export const documentAttachment: Route<typeof endpoints.documentAttachment> = {
  method: 'GET',
  path: '/core/api/Document/getDocumentAttachment',
  operationId: 'documentAttachment',
  tags: ['dropbox'],
  access: 'clinician',
  answer: 'file',
};
export const dropboxDocuments: Route<typeof endpoints.dropboxDocuments> = {
  method: 'GET',
  path: '/core/api/HcpCredentialsDropbox/getUploadedDropboxDocuments',
  operationId: 'dropboxDocuments',
  tags: ['dropbox'],
  access: 'clinician',
  answer: 'json',
};
export const uploadDocument: Route<typeof endpoints.uploadDocument> = {
  method: 'POST',
  path: '/core/api/Document/uploadDocument',
  operationId: 'uploadDocument',
  tags: ['dropbox'],
  access: 'clinician',
  answer: 'json',
};
