import { z } from 'zod';
import {
  addressSchema,
  addressStatesResponseSchema,
  applicationOkSchema,
  backgroundAnswersSchema,
  degreeFieldsResponseSchema,
  degreeTypesResponseSchema,
  degreesResponseSchema,
  identificationResponseSchema,
  licenseInfoResponseSchema,
  licenseInfoSchema,
  saveDegreeRequestSchema,
  saveIdentificationRequestSchema,
} from '../application.ts';
import { defineEndpoint } from '../endpoint.ts';

// The background, address, license, identification and education steps of the employment application.

export const backgroundAnswers = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpBackground/hcpBackgroundAnswers',
  operationId: 'backgroundAnswers',
  summary: 'The answers to the background questions',
  tags: ['application'],
  access: 'clinician',
  responses: { 200: backgroundAnswersSchema },
});

export const saveBackgroundAnswers = defineEndpoint({
  method: 'POST',
  path: '/core/api/HcpBackground/hcpBackgroundAnswers',
  operationId: 'saveBackgroundAnswers',
  summary: 'Save the answers to the background questions',
  tags: ['application'],
  access: 'clinician',
  body: backgroundAnswersSchema,
  responses: { 200: applicationOkSchema },
  errors: { 422: ['international_application', 'validation_failed'] },
});

export const addressStates = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpPermanentAddress/permanentAddressStates',
  operationId: 'addressStates',
  summary: 'States and provinces of a permanent address',
  tags: ['application'],
  access: 'clinician',
  responses: { 200: addressStatesResponseSchema },
});

export const permanentAddress = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpPermanentAddress/permanentAddress',
  operationId: 'permanentAddress',
  summary: 'The permanent address',
  tags: ['application'],
  access: 'clinician',
  responses: { 200: addressSchema },
});

export const hcpPermanentAddress = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpPermanentAddress/getHcpPermanentAddress',
  operationId: 'hcpPermanentAddress',
  summary: 'The permanent address (the same answer under its other name)',
  tags: ['application'],
  access: 'clinician',
  responses: { 200: addressSchema },
});

export const savePermanentAddress = defineEndpoint({
  method: 'POST',
  path: '/core/api/HcpPermanentAddress/permanentAddress',
  operationId: 'savePermanentAddress',
  summary: 'Save the permanent address',
  tags: ['application'],
  access: 'clinician',
  body: addressSchema,
  responses: { 200: applicationOkSchema },
  errors: { 422: ['validation_failed'] },
});

export const licenseInfo = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpLicenseSearchInfo',
  operationId: 'licenseInfo',
  summary: 'The license step: whether the clinician holds a license, and which',
  tags: ['application'],
  access: 'clinician',
  responses: { 200: licenseInfoResponseSchema },
});

export const saveLicenseInfo = defineEndpoint({
  method: 'POST',
  path: '/core/api/HcpLicenseSearchInfo',
  operationId: 'saveLicenseInfo',
  summary: 'Save the license step',
  tags: ['application'],
  access: 'clinician',
  body: licenseInfoSchema,
  responses: { 200: applicationOkSchema },
  errors: { 404: ['not_found'], 422: ['validation_failed', 'not_compact_state'] },
});

export const identification = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpIdentification/identification',
  operationId: 'identification',
  summary: 'Whether an SSN is on file, and the date of birth',
  tags: ['application'],
  access: 'clinician',
  responses: { 200: identificationResponseSchema },
});

export const saveIdentification = defineEndpoint({
  method: 'POST',
  path: '/core/api/HcpIdentification/saveHcpIdentification',
  operationId: 'saveIdentification',
  summary: 'Save the SSN (stored encrypted) and the date of birth',
  tags: ['application'],
  access: 'clinician',
  body: saveIdentificationRequestSchema,
  responses: { 200: applicationOkSchema },
  errors: { 422: ['invalid_ssn', 'invalid_dob'] },
});

export const degreeTypes = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpJobApplication/getDegreeTypes',
  operationId: 'degreeTypes',
  summary: 'Degree types',
  tags: ['application'],
  access: 'clinician',
  responses: { 200: degreeTypesResponseSchema },
});

export const degreeFields = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpJobApplication/getDegreeFields',
  operationId: 'degreeFields',
  summary: 'Fields of study',
  tags: ['application'],
  access: 'clinician',
  responses: { 200: degreeFieldsResponseSchema },
});

export const degrees = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpDegree/getHcpDegrees',
  operationId: 'degrees',
  summary: "The clinician's degrees",
  tags: ['application'],
  access: 'clinician',
  responses: { 200: degreesResponseSchema },
});

export const saveDegree = defineEndpoint({
  method: 'POST',
  path: '/core/api/HcpDegree/saveHcpDegree',
  operationId: 'saveDegree',
  summary: 'Add, change or delete a degree',
  tags: ['application'],
  access: 'clinician',
  body: saveDegreeRequestSchema,
  responses: { 200: z.object({ degreeId: z.number() }) },
  errors: { 404: ['not_found'], 409: ['record_verified', 'last_record', 'too_many'], 422: ['validation_failed'] },
});
