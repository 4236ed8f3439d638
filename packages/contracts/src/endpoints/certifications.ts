import { z } from 'zod';
import {
  certIdResponseSchema,
  certificationTypesResponseSchema,
  certificationsResponseSchema,
  saveCertificationRequestSchema,
} from '../application.ts';
import { idSchema } from '../common.ts';
import { defineEndpoint, fileResponse } from '../endpoint.ts';

export const certificationTypes = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpCertification/hcpCertificationTypes',
  operationId: 'certificationTypes',
  summary: 'Certification types',
  tags: ['application'],
  access: 'clinician',
  responses: { 200: certificationTypesResponseSchema },
});

export const certifications = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpCertification/hcpCertifications',
  operationId: 'certifications',
  summary: "The clinician's certifications",
  tags: ['application'],
  access: 'clinician',
  responses: { 200: certificationsResponseSchema },
});

export const saveCertification = defineEndpoint({
  method: 'POST',
  path: '/core/api/HcpCertification/saveCertification',
  operationId: 'saveCertification',
  summary: 'Add, change or delete a certification (with its file, base64)',
  tags: ['application'],
  access: 'clinician',
  body: saveCertificationRequestSchema,
  // Base64 of a 30 MB file is 40 MB; the JSON around it fits in 42 MB.
  bodyLimit: 42 * 1024 * 1024,
  responses: { 200: certIdResponseSchema },
  errors: {
    404: ['not_found'],
    409: ['record_verified', 'last_record', 'too_many'],
    413: ['payload_too_large'],
    415: ['unsupported_file_type'],
    422: ['validation_failed', 'image_too_large', 'upload_quota_exceeded'],
  },
});

export const certificationFile = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpCertification/getCertificationFile/:certId',
  operationId: 'certificationFile',
  summary: 'The file uploaded with a certification',
  tags: ['application'],
  access: 'clinician',
  params: z.object({ certId: idSchema }),
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
