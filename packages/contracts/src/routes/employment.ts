// Generated from ../endpoints/employment.ts by scripts/generate-routes.ts: do not edit. The routes of the area's
// endpoints without their schemas, for the web's client; each is typed against its definition.
import type { Route } from '../endpoint.ts';
import type * as endpoints from '../endpoints/employment.ts';

export const deleteEmployment: Route<typeof endpoints.deleteEmployment> = {
  method: 'DELETE',
  path: '/core/api/HcpEmploymentHistory/delete',
  operationId: 'deleteEmployment',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
export const employmentOptions: Route<typeof endpoints.employmentOptions> = {
  method: 'GET',
  path: '/core/api/HcpEmploymentHistory/optionsv2',
  operationId: 'employmentOptions',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
export const employmentRecords: Route<typeof endpoints.employmentRecords> = {
  method: 'GET',
  path: '/core/api/HcpEmploymentHistory/getEmploymentHistoryRecords',
  operationId: 'employmentRecords',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
export const facilityOptions: Route<typeof endpoints.facilityOptions> = {
  method: 'GET',
  path: '/core/api/HcpReferences/getFacilityOptions',
  operationId: 'facilityOptions',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
export const insertEmployment: Route<typeof endpoints.insertEmployment> = {
  method: 'POST',
  path: '/core/api/HcpEmploymentHistory/insert',
  operationId: 'insertEmployment',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
export const recentEmployment: Route<typeof endpoints.recentEmployment> = {
  method: 'GET',
  path: '/core/api/HcpEmploymentHistory/recentEmploymentHistory',
  operationId: 'recentEmployment',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
export const references: Route<typeof endpoints.references> = {
  method: 'GET',
  path: '/core/api/HcpJobApplication/getHcpReferences',
  operationId: 'references',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
export const saveReferences: Route<typeof endpoints.saveReferences> = {
  method: 'POST',
  path: '/core/api/HcpJobApplication/HcpReferences',
  operationId: 'saveReferences',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
export const updateEmployment: Route<typeof endpoints.updateEmployment> = {
  method: 'PUT',
  path: '/core/api/HcpEmploymentHistory/update',
  operationId: 'updateEmployment',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
