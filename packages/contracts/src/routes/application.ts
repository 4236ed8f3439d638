// Generated from ../endpoints/application.ts by scripts/generate-routes.ts: do not edit. The routes of the area's
// endpoints without their schemas, for the web's client; each is typed against its definition.
import type { Route } from '../endpoint.ts';
import type * as endpoints from '../endpoints/application.ts';

export const applicationDocument: Route<typeof endpoints.applicationDocument> = {
  method: 'GET',
  path: '/core/api/SubmitApplication/getSubmitApplicationDocuments/:documentName',
  operationId: 'applicationDocument',
  tags: ['application'],
  access: 'clinician',
  answer: 'file',
};
export const assignSkillsChecklists: Route<typeof endpoints.assignSkillsChecklists> = {
  method: 'POST',
  path: '/core/api/HcpSkills/assignSkillsChecklists',
  operationId: 'assignSkillsChecklists',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
export const saveInitialDocuments: Route<typeof endpoints.saveInitialDocuments> = {
  method: 'POST',
  path: '/core/api/InitialDocuments/saveInitialDocuments',
  operationId: 'saveInitialDocuments',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
export const skillsChecklistItems: Route<typeof endpoints.skillsChecklistItems> = {
  method: 'GET',
  path: '/core/api/HcpSkills/getHcpHshItems',
  operationId: 'skillsChecklistItems',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
export const submitApplication: Route<typeof endpoints.submitApplication> = {
  method: 'POST',
  path: '/core/api/SubmitApplication/saveSubmitApplication',
  operationId: 'submitApplication',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
export const updateApplicationStep: Route<typeof endpoints.updateApplicationStep> = {
  method: 'POST',
  path: '/core/api/HcpWebApplicationStep/updateWebApplicationStep',
  operationId: 'updateApplicationStep',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
