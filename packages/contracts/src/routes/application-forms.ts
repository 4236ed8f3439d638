// Generated from ../endpoints/application-forms.ts by scripts/generate-routes.ts: do not edit. The routes of the area's
// endpoints without their schemas, for the web's client; each is typed against its definition.
import type { Route } from '../endpoint.ts';
import type * as endpoints from '../endpoints/application-forms.ts';

export const addressStates: Route<typeof endpoints.addressStates> = {
  method: 'GET',
  path: '/core/api/HcpPermanentAddress/permanentAddressStates',
  operationId: 'addressStates',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
export const backgroundAnswers: Route<typeof endpoints.backgroundAnswers> = {
  method: 'GET',
  path: '/core/api/HcpBackground/hcpBackgroundAnswers',
  operationId: 'backgroundAnswers',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
export const degreeFields: Route<typeof endpoints.degreeFields> = {
  method: 'GET',
  path: '/core/api/HcpJobApplication/getDegreeFields',
  operationId: 'degreeFields',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
export const degreeTypes: Route<typeof endpoints.degreeTypes> = {
  method: 'GET',
  path: '/core/api/HcpJobApplication/getDegreeTypes',
  operationId: 'degreeTypes',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
export const degrees: Route<typeof endpoints.degrees> = {
  method: 'GET',
  path: '/core/api/HcpDegree/getHcpDegrees',
  operationId: 'degrees',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
export const hcpPermanentAddress: Route<typeof endpoints.hcpPermanentAddress> = {
  method: 'GET',
  path: '/core/api/HcpPermanentAddress/getHcpPermanentAddress',
  operationId: 'hcpPermanentAddress',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
export const identification: Route<typeof endpoints.identification> = {
  method: 'GET',
  path: '/core/api/HcpIdentification/identification',
  operationId: 'identification',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
export const licenseInfo: Route<typeof endpoints.licenseInfo> = {
  method: 'GET',
  path: '/core/api/HcpLicenseSearchInfo',
  operationId: 'licenseInfo',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
export const permanentAddress: Route<typeof endpoints.permanentAddress> = {
  method: 'GET',
  path: '/core/api/HcpPermanentAddress/permanentAddress',
  operationId: 'permanentAddress',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
export const saveBackgroundAnswers: Route<typeof endpoints.saveBackgroundAnswers> = {
  method: 'POST',
  path: '/core/api/HcpBackground/hcpBackgroundAnswers',
  operationId: 'saveBackgroundAnswers',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
export const saveDegree: Route<typeof endpoints.saveDegree> = {
  method: 'POST',
  path: '/core/api/HcpDegree/saveHcpDegree',
  operationId: 'saveDegree',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
export const saveIdentification: Route<typeof endpoints.saveIdentification> = {
  method: 'POST',
  path: '/core/api/HcpIdentification/saveHcpIdentification',
  operationId: 'saveIdentification',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
export const saveLicenseInfo: Route<typeof endpoints.saveLicenseInfo> = {
  method: 'POST',
  path: '/core/api/HcpLicenseSearchInfo',
  operationId: 'saveLicenseInfo',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
export const savePermanentAddress: Route<typeof endpoints.savePermanentAddress> = {
  method: 'POST',
  path: '/core/api/HcpPermanentAddress/permanentAddress',
  operationId: 'savePermanentAddress',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
