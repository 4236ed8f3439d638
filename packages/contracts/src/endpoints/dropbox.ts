import { okSchema } from '../common.ts';
import {
  attachDocumentRequestSchema,
  deleteDropboxDocumentRequestSchema,
  documentAttachmentQuerySchema,
  DROPBOX_MAX_BYTES,
  dropboxItemSchema,
  dropboxItemsResponseSchema,
  uploadDocumentRequestSchema,
  uploadDocumentResponseSchema,
} from '../dropbox.ts';
import { defineEndpoint, fileResponse } from '../endpoint.ts';

export const uploadDocument = defineEndpoint({
  method: 'POST',
  path: '/core/api/Document/uploadDocument',
  operationId: 'uploadDocument',
  summary: 'Upload a file (base64); it waits to be named and attached to the dropbox',
  tags: ['dropbox'],
  access: 'clinician',
  body: uploadDocumentRequestSchema,
  // Base64 of the largest accepted file, plus room for the JSON around it.
  bodyLimit: Math.ceil((DROPBOX_MAX_BYTES * 4) / 3) + 64 * 1024,
  responses: { 200: uploadDocumentResponseSchema },
  errors: {
    413: ['payload_too_large'],
    422: ['invalid_file_type', 'image_too_large', 'upload_quota_exceeded'],
    429: ['rate_limited'],
  },
});

export const attachDocument = defineEndpoint({
  method: 'POST',
  path: '/core/api/HcpCredentialsDropbox/attachDocument',
  operationId: 'attachDocument',
  summary: 'Name an uploaded file and add it to the credentials dropbox',
  tags: ['dropbox'],
  access: 'clinician',
  featureFlag: 'CredentialsDropbox_IsEnabled',
  body: attachDocumentRequestSchema,
  responses: { 200: dropboxItemSchema },
  errors: { 404: ['not_found'] },
});

export const dropboxDocuments = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpCredentialsDropbox/getUploadedDropboxDocuments',
  operationId: 'dropboxDocuments',
  summary: 'The documents in the credentials dropbox',
  tags: ['dropbox'],
  access: 'clinician',
  featureFlag: 'CredentialsDropbox_IsEnabled',
  responses: { 200: dropboxItemsResponseSchema },
});

export const deleteDropboxDocument = defineEndpoint({
  method: 'POST',
  path: '/core/api/HcpCredentialsDropbox/deleteDocument',
  operationId: 'deleteDropboxDocument',
  summary: 'Delete a document from the credentials dropbox',
  tags: ['dropbox'],
  access: 'clinician',
  featureFlag: 'CredentialsDropbox_IsEnabled',
  body: deleteDropboxDocumentRequestSchema,
  responses: { 200: okSchema },
  errors: { 404: ['not_found'] },
});

export const documentAttachment = defineEndpoint({
  method: 'GET',
  path: '/core/api/Document/getDocumentAttachment',
  operationId: 'documentAttachment',
  summary: "The bytes of one of the clinician's own uploaded documents",
  tags: ['dropbox'],
  access: 'clinician',
  query: documentAttachmentQuerySchema,
  responses: {
    200: fileResponse(
      'The file (PDFs and images shown inline, Word files downloaded)',
      'application/pdf',
      'image/*',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ),
  },
  errors: { 404: ['not_found'] },
});
