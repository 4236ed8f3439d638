// Generated from ../endpoints/certifications.ts by scripts/generate-routes.ts: do not edit. The routes of the area's
// endpoints without their schemas, for the web's client; each is typed against its definition.
import type { Route } from '../endpoint.ts';
import type * as endpoints from '../endpoints/certifications.ts';

export const certificationFile: Route<typeof endpoints.certificationFile> = {
  method: 'GET',
  path: '/core/api/HcpCertification/getCertificationFile/:certId',
  operationId: 'certificationFile',
  tags: ['application'],
  access: 'clinician',
  answer: 'file',
};
export const certificationTypes: Route<typeof endpoints.certificationTypes> = {
  method: 'GET',
  path: '/core/api/HcpCertification/hcpCertificationTypes',
  operationId: 'certificationTypes',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
export const certifications: Route<typeof endpoints.certifications> = {
  method: 'GET',
  path: '/core/api/HcpCertification/hcpCertifications',
  operationId: 'certifications',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
export const saveCertification: Route<typeof endpoints.saveCertification> = {
  method: 'POST',
  path: '/core/api/HcpCertification/saveCertification',
  operationId: 'saveCertification',
  tags: ['application'],
  access: 'clinician',
  answer: 'json',
};
