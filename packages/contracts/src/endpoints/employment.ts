import {
  applicationOkSchema,
  deleteEmploymentRequestSchema,
  employmentIdResponseSchema,
  employmentOptionsSchema,
  employmentRecordSchema,
  employmentRecordsResponseSchema,
  facilityOptionsResponseSchema,
  recentEmploymentResponseSchema,
  referencesResponseSchema,
  saveReferencesRequestSchema,
} from '../application.ts';
import { defineEndpoint } from '../endpoint.ts';

// The employment history and references steps of the employment application.

export const employmentOptions = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpEmploymentHistory/optionsv2',
  operationId: 'employmentOptions',
  summary: 'The choices of an employment record (types, professions, specialties, states, EMR systems...)',
  tags: ['application'],
  access: 'clinician',
  responses: { 200: employmentOptionsSchema },
});

export const employmentRecords = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpEmploymentHistory/getEmploymentHistoryRecords',
  operationId: 'employmentRecords',
  summary: "The clinician's employment records",
  tags: ['application'],
  access: 'clinician',
  responses: { 200: employmentRecordsResponseSchema },
});

export const insertEmployment = defineEndpoint({
  method: 'POST',
  path: '/core/api/HcpEmploymentHistory/insert',
  operationId: 'insertEmployment',
  summary: 'Add an employment record',
  tags: ['application'],
  access: 'clinician',
  body: employmentRecordSchema,
  responses: { 200: employmentIdResponseSchema },
  errors: { 404: ['not_found'], 409: ['too_many'], 422: ['validation_failed'] },
});

export const updateEmployment = defineEndpoint({
  method: 'PUT',
  path: '/core/api/HcpEmploymentHistory/update',
  operationId: 'updateEmployment',
  summary: 'Change an employment record',
  tags: ['application'],
  access: 'clinician',
  body: employmentRecordSchema,
  responses: { 200: employmentIdResponseSchema },
  errors: { 404: ['not_found'], 409: ['record_verified'], 422: ['validation_failed'] },
});

export const deleteEmployment = defineEndpoint({
  method: 'DELETE',
  path: '/core/api/HcpEmploymentHistory/delete',
  operationId: 'deleteEmployment',
  summary: 'Delete an employment record',
  tags: ['application'],
  access: 'clinician',
  body: deleteEmploymentRequestSchema,
  responses: { 200: applicationOkSchema },
  errors: { 404: ['not_found'], 409: ['record_verified', 'last_record', 'record_in_use'] },
});

export const recentEmployment = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpEmploymentHistory/recentEmploymentHistory',
  operationId: 'recentEmployment',
  summary: 'Recent employment records a reference can be given for',
  tags: ['application'],
  access: 'clinician',
  responses: { 200: recentEmploymentResponseSchema },
});

export const facilityOptions = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpReferences/getFacilityOptions',
  operationId: 'facilityOptions',
  summary: 'The facilities a reference can be given for',
  tags: ['application'],
  access: 'clinician',
  responses: { 200: facilityOptionsResponseSchema },
});

export const references = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpJobApplication/getHcpReferences',
  operationId: 'references',
  summary: "The clinician's two references",
  tags: ['application'],
  access: 'clinician',
  responses: { 200: referencesResponseSchema },
});

export const saveReferences = defineEndpoint({
  method: 'POST',
  path: '/core/api/HcpJobApplication/HcpReferences',
  operationId: 'saveReferences',
  summary: 'Save the two references (each referee is mailed the reference form)',
  tags: ['application'],
  access: 'clinician',
  body: saveReferencesRequestSchema,
  responses: { 200: applicationOkSchema },
  errors: { 404: ['not_found'], 422: ['reference_is_own_address'], 429: ['rate_limited'] },
});
