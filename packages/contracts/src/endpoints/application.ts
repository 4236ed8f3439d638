import { z } from 'zod';
import {
  applicationOkSchema,
  assignSkillsRequestSchema,
  assignSkillsResponseSchema,
  hshItemsResponseSchema,
  submitApplicationResponseSchema,
  updateStepRequestSchema,
} from '../application.ts';
import { defineEndpoint, fileResponse } from '../endpoint.ts';

export const updateApplicationStep = defineEndpoint({
  method: 'POST',
  path: '/core/api/HcpWebApplicationStep/updateWebApplicationStep',
  operationId: 'updateApplicationStep',
  summary: 'Mark an application step complete (or not) that has no form of its own',
  tags: ['application'],
  access: 'clinician',
  body: updateStepRequestSchema,
  responses: { 200: applicationOkSchema },
  errors: { 404: ['not_found'], 422: ['step_not_client_marked', 'step_required', 'step_incomplete'] },
});

export const submitApplication = defineEndpoint({
  method: 'POST',
  path: '/core/api/SubmitApplication/saveSubmitApplication',
  operationId: 'submitApplication',
  summary: 'Submit the employment application (every required step complete)',
  tags: ['application'],
  access: 'clinician',
  responses: { 200: submitApplicationResponseSchema },
  errors: { 409: ['application_incomplete'] },
});

export const saveInitialDocuments = defineEndpoint({
  method: 'POST',
  path: '/core/api/InitialDocuments/saveInitialDocuments',
  operationId: 'saveInitialDocuments',
  summary: 'Agree to the employment documents first (terms-first flow)',
  tags: ['application'],
  access: 'clinician',
  responses: { 200: submitApplicationResponseSchema },
  errors: { 404: ['not_found'] },
});

export const applicationDocument = defineEndpoint({
  method: 'GET',
  path: '/core/api/SubmitApplication/getSubmitApplicationDocuments/:documentName',
  operationId: 'applicationDocument',
  summary: 'One of the employment documents agreed to with the application, as PDF',
  tags: ['application'],
  access: 'clinician',
  params: z.object({ documentName: z.string().max(60) }),
  responses: { 200: fileResponse('The document', 'application/pdf') },
  errors: { 404: ['not_found'] },
});

export const skillsChecklistItems = defineEndpoint({
  method: 'GET',
  path: '/core/api/HcpSkills/getHcpHshItems',
  operationId: 'skillsChecklistItems',
  summary: 'The skills checklists a clinician can take',
  tags: ['application'],
  access: 'clinician',
  featureFlag: 'HcpApplication_SkillsChecklist_IsEnabled',
  responses: { 200: hshItemsResponseSchema },
});

export const assignSkillsChecklists = defineEndpoint({
  method: 'POST',
  path: '/core/api/HcpSkills/assignSkillsChecklists',
  operationId: 'assignSkillsChecklists',
  summary: 'Send the chosen skills checklists to the clinician',
  tags: ['application'],
  access: 'clinician',
  featureFlag: 'HcpApplication_SkillsChecklist_IsEnabled',
  body: assignSkillsRequestSchema,
  responses: { 200: assignSkillsResponseSchema },
  errors: { 404: ['not_found'] },
});
