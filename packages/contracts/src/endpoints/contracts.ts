import {
  contractDocumentQuerySchema,
  contractImagesResponseSchema,
  eSignQuerySchema,
  eSignResponseSchema,
} from '../contract-documents.ts';
import { z } from 'zod';
import { defineEndpoint, fileResponse } from '../endpoint.ts';

// Contract documents: the pages to review, the signature, the signed PDF.

export const contractDocumentImages = defineEndpoint({
  method: 'GET',
  path: '/core/api/Contract/getContractDocumentImages',
  operationId: 'contractDocumentImages',
  summary: 'The pages of a contract to review, as images, with the hash of the terms they show',
  tags: ['contracts'],
  access: 'clinician',
  query: contractDocumentQuerySchema,
  responses: { 200: contractImagesResponseSchema },
  errors: { 404: ['not_found'], 500: ['document_missing', 'document_too_long'] },
});

export const signedContractDocument = defineEndpoint({
  method: 'GET',
  path: '/core/api/Contract/getSignedContractDocument',
  operationId: 'signedContractDocument',
  summary: 'The signed contract as PDF, with its audit page',
  tags: ['contracts'],
  access: 'clinician',
  query: contractDocumentQuerySchema,
  responses: { 200: fileResponse('The signed contract', 'application/pdf') },
  errors: { 404: ['not_found'], 500: ['document_missing'] },
});

export const signContract = defineEndpoint({
  method: 'POST',
  path: '/core/api/Document/eSignDocument',
  operationId: 'signContract',
  summary: 'Sign a contract (the terms hash binds the signature to the pages shown)',
  tags: ['contracts'],
  access: 'clinician',
  query: eSignQuerySchema,
  body: z.unknown().optional(),
  responses: { 200: eSignResponseSchema },
  errors: {
    404: ['not_found'],
    409: ['contract_terms_changed', 'contract_not_signable', 'contract_already_signed', 'contract_not_ready'],
  },
});
