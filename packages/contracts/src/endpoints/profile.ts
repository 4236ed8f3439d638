import {
  applicationOkSchema,
  backgroundAnswersSchema,
  employmentIdResponseSchema,
  employmentRecordSchema,
} from '../application.ts';
import { defineEndpoint } from '../endpoint.ts';
import { profileSchema, saveProfileReferenceRequestSchema, saveProfileReferenceResponseSchema } from '../profile.ts';

export const profile = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpProfileData/getProfile',
  operationId: 'profile',
  summary: "The clinician's profile: contact details, licenses, education, employment, certifications, references",
  tags: ['profile'],
  access: 'clinician',
  responses: { 200: profileSchema },
  errors: { 404: ['not_found'] },
});

export const saveProfileEmployment = defineEndpoint({
  method: 'POST',
  path: '/core/api/HcpProfileEmploymentHistory/saveEmploymentHistory',
  operationId: 'saveProfileEmployment',
  summary: 'Add an employment record from the profile',
  tags: ['profile'],
  access: 'clinician',
  body: employmentRecordSchema,
  responses: { 200: employmentIdResponseSchema },
  errors: { 400: ['profile_add_only'], 404: ['not_found'], 409: ['too_many'], 422: ['validation_failed'] },
});

export const saveProfileReference = defineEndpoint({
  method: 'POST',
  path: '/core/api/HcpReferences/saveReference',
  operationId: 'saveProfileReference',
  summary: 'Add a reference from the profile (the referee is mailed the reference form)',
  tags: ['profile'],
  access: 'clinician',
  body: saveProfileReferenceRequestSchema,
  responses: { 200: saveProfileReferenceResponseSchema },
  errors: {
    404: ['not_found'],
    409: ['too_many', 'same_reference'],
    422: ['reference_is_own_address'],
    429: ['rate_limited'],
  },
});

// Updating the background questions after the application: the same answers as the application's step.

export const profileBackgroundAnswers = defineEndpoint({
  method: 'GET',
  path: '/core/api/BackgroundQuestions/getBackgroundAnswers',
  operationId: 'profileBackgroundAnswers',
  summary: 'The answers to the background questions (to update them)',
  tags: ['profile'],
  access: 'clinician',
  featureFlag: 'UpdateBackgroundQuestions_IsEnabled',
  responses: { 200: backgroundAnswersSchema },
});

export const updateBackgroundAnswers = defineEndpoint({
  method: 'POST',
  path: '/core/api/BackgroundQuestions/postBackgroundAnswers',
  operationId: 'updateBackgroundAnswers',
  summary: 'Update the answers to the background questions',
  tags: ['profile'],
  access: 'clinician',
  featureFlag: 'UpdateBackgroundQuestions_IsEnabled',
  body: backgroundAnswersSchema,
  responses: { 200: applicationOkSchema },
  errors: { 422: ['international_application', 'validation_failed'] },
});
