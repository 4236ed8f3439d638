import { completedStepsResponseSchema, userInfoSchema } from '../auth.ts';
import { defineEndpoint } from '../endpoint.ts';

export const userInfo = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpApiUser/userInfo',
  operationId: 'userInfo',
  summary: "The signed-in clinician's names, email, profession and application state",
  tags: ['user'],
  access: 'clinician',
  responses: { 200: userInfoSchema },
  errors: { 404: ['not_found'] },
});

export const completedSteps = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpJobApplication/getCompletedHCPApplicationSteps',
  operationId: 'completedSteps',
  summary: 'The names of the completed application steps',
  tags: ['application'],
  access: 'clinician',
  responses: { 200: completedStepsResponseSchema },
});
