/**
 * Every endpoint of the server, by area. The server registers each one, the OpenAPI document lists each one, and
 * the tests check that the server answers exactly these. The web imports the area files it calls, not this index,
 * so a page only carries the definitions (and schemas) it uses.
 */
import type { AnyEndpoint } from '../endpoint.ts';
import * as agency from './agency.ts';
import * as agencyPipeline from './agency-pipeline.ts';
import * as application from './application.ts';
import * as applicationForms from './application-forms.ts';
import * as auth from './auth.ts';
import * as certifications from './certifications.ts';
import * as contracts from './contracts.ts';
import * as dev from './dev.ts';
import * as documents from './documents.ts';
import * as dropbox from './dropbox.ts';
import * as employment from './employment.ts';
import * as health from './health.ts';
import * as jobs from './jobs.ts';
import * as pipeline from './pipeline.ts';
import * as profile from './profile.ts';
import * as referenceData from './reference-data.ts';
import * as referenceForm from './reference-form.ts';
import * as referral from './referral.ts';
import * as timesheets from './timesheets.ts';
import * as users from './users.ts';

export const endpointAreas = {
  health,
  auth,
  users,
  referenceData,
  jobs,
  application,
  applicationForms,
  employment,
  certifications,
  profile,
  referenceForm,
  pipeline,
  contracts,
  documents,
  timesheets,
  dropbox,
  referral,
  agency,
  agencyPipeline,
  dev,
} as const;

export const allEndpoints: readonly AnyEndpoint[] = Object.values(endpointAreas).flatMap(
  (area) => Object.values(area) as AnyEndpoint[],
);

/** `METHOD /path` of an endpoint, the path lower-cased: the server matches paths case-insensitively. */
export const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path.toLowerCase()}`;

const byRoute = new Map(allEndpoints.map((e) => [routeKey(e.method, e.path), e]));

/** The definition of a registered route, if it is an endpoint (Fastify's `url`, prefix included). */
export function findEndpoint(method: string, url: string): AnyEndpoint | undefined {
  return byRoute.get(routeKey(method, url));
}
