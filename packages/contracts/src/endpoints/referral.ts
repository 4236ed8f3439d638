import { defineEndpoint } from '../endpoint.ts';
import { saveReferralRequestSchema, saveReferralResponseSchema } from '../referral.ts';

export const saveReferral = defineEndpoint({
  method: 'POST',
  path: '/core/api/HcpReferral/saveReferral',
  operationId: 'saveReferral',
  summary: 'Refer a friend to the agency',
  tags: ['referral'],
  access: 'clinician',
  featureFlag: 'ReferAFriend_IsEnabled',
  body: saveReferralRequestSchema,
  responses: { 200: saveReferralResponseSchema },
  errors: { 422: ['unknown_profession', 'unknown_specialty'], 429: ['rate_limited'] },
});
