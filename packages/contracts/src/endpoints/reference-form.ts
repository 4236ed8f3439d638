import { defineEndpoint } from '../endpoint.ts';
import {
  referenceAutofillRequestSchema,
  referenceAutofillSchema,
  referenceSubmissionResponseSchema,
  referenceSubmissionSchema,
} from '../reference-form.ts';

// The public clinical and professional reference form: no login, identified by the mailed guid, limited per address.

export const referenceAutofill = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpReferral/getReferralData',
  operationId: 'referenceAutofill',
  summary: "What the reference form shows pre-filled for a mailed link's guid",
  description: 'Never cached; the guid is left out of logged URLs.',
  tags: ['reference-form'],
  access: 'public',
  query: referenceAutofillRequestSchema,
  responses: { 200: referenceAutofillSchema },
  errors: { 404: ['reference_not_found'], 410: ['reference_answered', 'reference_expired'], 429: ['rate_limited'] },
});

export const submitClinicalReference = defineEndpoint({
  method: 'POST',
  path: '/core/api/HcpReferral/saveProfessionalClinicalReference',
  operationId: 'submitClinicalReference',
  summary: "Return a former supervisor's reference (one answer per link)",
  tags: ['reference-form'],
  access: 'public',
  body: referenceSubmissionSchema,
  bodyLimit: 64 * 1024,
  responses: { 200: referenceSubmissionResponseSchema },
  errors: {
    404: ['reference_not_found'],
    410: ['reference_answered', 'reference_expired'],
    422: ['validation_failed'],
    429: ['rate_limited'],
  },
});
