import { CONTRACT_DOCUMENT_MASTER_ID, localIsoDate } from '@hcp/contracts';
import { auth, signUp, type TestApp } from '../build.ts';
import { completeAllSteps, validDegree } from '../application-factories.ts';
import { pdfBytes, upload, uploadAndAttach } from '../dropbox-factories.ts';
import {
  addEmployment,
  addReference,
  completeSubmission,
  markSubmitted,
  referenceGuidFromMail,
} from '../profile-factories.ts';
import { facilityRow, jobRow, validPair } from '../agency-factories.ts';
import * as f from '../pipeline-factories.ts';
import type { RegisteredRoute } from '../../src/app.ts';
import { exampleParts, routeKey, schemaAccepts, type RequestParts } from './harness.ts';

/**
 * The per-endpoint data of the generated security suites. The suites enumerate the routes of the
 * running app; this table only says what a route needs that its schema cannot tell:
 * - PUBLIC: routes that answer without a clinician token, each with the reason;
 * - OWNED: for every clinician route taking an id, a path or a guid, how to address one clinician's
 *   object (the suite sends it as another clinician and expects 404 and nothing changed), or why the
 *   id names nothing owned;
 * - EXAMPLES: a valid request where the schema alone cannot produce one (patterns, refinements).
 * A route missing here fails the suites, so new endpoints cannot be forgotten.
 */

export const PUBLIC: Record<string, string> = {
  'GET /core/api/health/live': 'liveness probe for the orchestrator; answers only {status}',
  'GET /core/api/health/ready': 'readiness probe; answers only database and migration state',
  'POST /core/api/auth/HcpSignUp': 'creating an account (rate limited per IP)',
  'POST /core/api/auth/HcpLogin': 'logging in (rate limited per IP and per account)',
  'POST /core/api/auth/ResetPasswordRequest': 'asking for a reset mail; same answer for every address (rate limited)',
  'POST /core/api/auth/ValidateResetGuid': 'checking a mailed 256-bit reset guid',
  'POST /core/api/auth/UpdateHcpUserPassword': 'setting a password with a mailed reset guid (single use)',
  'POST /api/home/login/website': 'the hub login (answers a hub-audience token the portal API refuses)',
  'GET /core/api/FeatureFlags': 'public configuration the logged-out pages need',
  'GET /core/api/leadSources': 'reference data for the sign-up form',
  'GET /core/api/Disciplines': 'reference data for sign-up and job search',
  'GET /core/api/Specialty/getSpecialties': 'reference data for sign-up and job search',
  'GET /core/api/jobsearch/SearchOptions': 'public job search',
  'GET /core/api/jobsearch/jobs': 'public job search',
  'GET /core/api/jobsearch/jobDetails': "public job page; with a token it adds only the caller's own favorite flag",
  'GET /core/api/HcpReferral/getReferralData':
    "the former supervisor's form autofill, authorised by the mailed 192-bit guid (rate limited)",
  'POST /core/api/HcpReferral/saveProfessionalClinicalReference':
    "the former supervisor's answer, authorised by the mailed guid (single use, rate limited)",
  'GET /core/api/dev/outbox':
    'development mail outbox: registered only with DEV_OUTBOX (loopback host without SMTP), never in a deployment',
  'POST /core/api/dev/agency/keys':
    "browser tests' agency key (what `npm run ops -- keys:create` does): only with DEV_OUTBOX and only for a direct loopback request",
  'POST /core/api/dev/agency/webhooks':
    "browser tests' loopback webhook receiver: only with DEV_OUTBOX and only for a direct loopback request",
  'ANY /core/api/*': 'unknown API paths answer 404 for every method',
};

export interface Person {
  userId: number;
  token: string;
  email: string;
  password: string;
  headers: Record<string, string>;
  employmentHistoryId: number;
}

export interface World {
  t: TestApp;
  a: Person;
  b: Person;
}

/** A clinician with a complete application and every pipeline state (contracts, pay periods, TRS documents). */
export async function person(t: TestApp): Promise<Person> {
  const u = await signUp(t);
  const steps = await completeAllSteps(t, u.token);
  await markSubmitted(t, u.userId);
  await f.createDemoPlacements(t.ctx, u.userId);
  return { ...u, headers: auth(u.token), employmentHistoryId: steps.employmentHistoryId };
}

async function json<T>(t: TestApp, who: Person, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<T> {
  const res = await t.app.inject({
    method,
    url: `/core/api/${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

const newDegree = async (w: World, who: Person) =>
  (
    await json<{ degreeId: number }>(w.t, who, 'POST', 'HcpDegree/saveHcpDegree', {
      ...validDegree,
      school: 'Second School',
    })
  ).degreeId;

async function certWithFile(w: World, who: Person) {
  const { certId } = await json<{ certId: number }>(w.t, who, 'POST', 'HcpCertification/saveCertification', {
    certId: null,
    certificationTypeId: 2,
    expirationDate: '2030-01-01',
    deleted: false,
    file: { content: pdfBytes('cert').toString('base64'), extension: 'pdf' },
  });
  return certId;
}

const contractDoc = (c: { contractId: number; contractNum: string }, by: 'id' | 'num') =>
  by === 'id'
    ? { contractId: String(c.contractId), documentMasterId: String(CONTRACT_DOCUMENT_MASTER_ID) }
    : { contractNum: c.contractNum, documentMasterId: String(CONTRACT_DOCUMENT_MASTER_ID) };

export interface OwnedCase {
  name: string;
  /**
   * The request that addresses `owner`'s object, as `caller` would send it (caller's own objects
   * where the request needs one of theirs too). Sent by the owner it must succeed (`own`, default 200);
   * sent by the other clinician it must answer `other` (default 404) and change nothing.
   */
  parts(w: World, owner: Person, caller: Person): Promise<RequestParts>;
  own?: number;
  other?: number;
}

export type OwnedEntry = OwnedCase[] | { notOwned: string };

export const OWNED: Record<string, OwnedEntry> = {
  'POST /core/api/HcpDegree/saveHcpDegree': [
    {
      name: "edit another clinician's degree",
      parts: async (w, o) => ({ body: { ...validDegree, degreeId: await newDegree(w, o), school: 'Changed' } }),
    },
    {
      name: "delete another clinician's degree",
      parts: async (w, o) => ({ body: { ...validDegree, degreeId: await newDegree(w, o), deleted: true } }),
    },
  ],
  'PUT /core/api/HcpEmploymentHistory/update': [
    {
      name: "edit another clinician's employment record",
      parts: async (w, o) => {
        const id = await addEmployment(w.t, o.token);
        const records = await json<{ employmentHistoryId: number }[]>(
          w.t,
          o,
          'GET',
          'HcpEmploymentHistory/getEmploymentHistoryRecords',
        );
        const rec = records.find((r) => r.employmentHistoryId === id)!;
        return { body: { ...rec, facilityName: 'Changed Hospital' } };
      },
    },
  ],
  'DELETE /core/api/HcpEmploymentHistory/delete': [
    {
      name: "delete another clinician's employment record",
      parts: async (w, o) => ({ body: { EmploymentHistoryId: await addEmployment(w.t, o.token) } }),
    },
  ],
  'POST /core/api/HcpJobApplication/HcpReferences': [
    {
      name: "attach references to another clinician's employment record",
      parts: async (_w, o) => ({
        body: [0, 1].map((n) => ({
          historyId: o.employmentHistoryId,
          firstName: `Ref${n}`,
          lastName: 'Person',
          title: 'Charge Nurse',
          phoneNumber: '5125550111',
          phoneType: 'Office',
          email: null,
          referenceNumber: n,
        })),
      }),
    },
  ],
  'POST /core/api/HcpReferences/saveReference': [
    {
      name: "add a reference on another clinician's employment record",
      parts: async (_w, o) => ({
        body: {
          historyId: o.employmentHistoryId,
          firstName: 'Eve',
          lastName: 'Intruder',
          title: 'Manager',
          phoneNumber: '5125550112',
          phoneType: 'Office',
          email: null,
        },
      }),
    },
  ],
  'POST /core/api/HcpProfileEmploymentHistory/saveEmploymentHistory': [
    {
      name: "overwrite another clinician's employment record from the profile (additions only: refused for everyone)",
      parts: async (w, o) => {
        const records = await json<{ employmentHistoryId: number }[]>(
          w.t,
          o,
          'GET',
          'HcpEmploymentHistory/getEmploymentHistoryRecords',
        );
        return { body: { ...records[0]!, facilityName: 'Changed Hospital' } };
      },
      own: 400,
      other: 400,
    },
  ],
  'POST /core/api/HcpCertification/saveCertification': [
    {
      name: "edit another clinician's certification",
      parts: async (w, o) => ({
        body: {
          certId: await certWithFile(w, o),
          certificationTypeId: 2,
          expirationDate: '2031-01-01',
          deleted: false,
        },
      }),
    },
    {
      name: "delete another clinician's certification",
      parts: async (w, o) => ({ body: { certId: await certWithFile(w, o), certificationTypeId: 2, deleted: true } }),
    },
  ],
  'GET /core/api/HcpCertification/getCertificationFile/:certId': [
    {
      name: "read another clinician's certification file",
      parts: async (w, o) => ({ params: { certId: String(await certWithFile(w, o)) } }),
    },
  ],
  'GET /core/api/HcpJobOffers/getJobOfferDetails': [
    {
      name: "read another clinician's offer",
      parts: async (w, o) => ({
        query: { submissionId: String((await f.offerWithoutContract(w.t, o.userId)).submissionId) },
      }),
    },
  ],
  'GET /core/api/HcpJobOffers/getContractDetails': [
    {
      name: "read another clinician's contract details",
      parts: async (w, o) => ({ query: { contractId: String((await f.offerWithContract(w.t, o.userId)).contractId) } }),
    },
  ],
  'GET /core/api/HcpSubmittedJob/submittedJobDetails': [
    {
      name: "read another clinician's submission",
      parts: async (w, o) => ({ query: { jobId: String((await f.submission(w.t, o.userId)).jobId) } }),
    },
  ],
  'GET /core/api/Contract/getContractDocumentImages': [
    {
      name: "read another clinician's contract pages by id",
      parts: async (w, o) => ({ query: contractDoc(await f.offerWithContract(w.t, o.userId), 'id') }),
    },
    {
      name: "read another clinician's contract pages by number",
      parts: async (w, o) => ({ query: contractDoc(await f.offerWithContract(w.t, o.userId), 'num') }),
    },
  ],
  'GET /core/api/Contract/getSignedContractDocument': [
    {
      name: "read another clinician's signed contract",
      parts: async (w, o) => {
        const c = await f.offerWithContract(w.t, o.userId);
        await f.signContract(w.t, o.userId, c.contractId);
        return { query: contractDoc(c, 'num') };
      },
    },
  ],
  'POST /core/api/Document/eSignDocument': [
    {
      name: "sign another clinician's contract",
      parts: async (w, o) => ({ query: contractDoc(await f.offerWithContract(w.t, o.userId), 'id'), body: {} }),
    },
  ],
  'GET /core/api/Timesheets/getShiftList/:timesheetId': [
    {
      name: "read another clinician's shifts",
      parts: async (w, o) => ({ params: { timesheetId: String((await f.workingAssignment(w.t, o.userId)).open.id) } }),
    },
  ],
  'GET /core/api/Timesheets/getShiftTypesForTimesheetId/:id': [
    {
      name: "read shift types of another clinician's pay period",
      parts: async (w, o) => ({ params: { id: String((await f.workingAssignment(w.t, o.userId)).open.id) } }),
    },
  ],
  'POST /core/api/Timesheets/createShift': [
    {
      name: "add a shift to another clinician's pay period",
      parts: async (w, o) => ({
        body: f.shiftBody((await f.workingAssignment(w.t, o.userId)).open.id, '2026-01-21', {
          endTime: '2026-01-21T15:00:00',
        }),
      }),
    },
    {
      name: "move another clinician's shift into the caller's own pay period",
      parts: async (w, o, caller) => {
        const victim = await f.workingAssignment(w.t, o.userId);
        const own = o === caller ? victim : await f.workingAssignment(w.t, caller.userId);
        return {
          body: f.shiftBody(own.open.id, '2026-01-22', { shiftId: victim.openShift, endTime: '2026-01-22T15:00:00' }),
        };
      },
    },
  ],
  'POST /core/api/Timesheets/deleteShift/:shiftId': [
    {
      name: "delete another clinician's shift",
      parts: async (w, o) => ({
        params: { shiftId: String((await f.workingAssignment(w.t, o.userId)).openShift) },
        body: {},
      }),
    },
  ],
  'POST /core/api/Timesheets/submitTimesheet/:timesheetId': [
    {
      name: "submit another clinician's pay period",
      parts: async (w, o) => ({
        params: { timesheetId: String((await f.workingAssignment(w.t, o.userId)).open.id) },
        body: {},
      }),
    },
  ],
  'POST /core/api/HcpCredentialsDropbox/attachDocument': [
    {
      name: "attach another clinician's pending upload",
      parts: async (w, o) => ({
        body: { filepath: (await upload(w.t, o.token, pdfBytes())).json().filePath, documentTitle: 'Taken' },
      }),
    },
  ],
  'POST /core/api/HcpCredentialsDropbox/deleteDocument': [
    {
      name: "delete another clinician's dropbox document",
      parts: async (w, o) => ({ body: { hcpDropboxId: (await uploadAndAttach(w.t, o.token)).hcpDropBoxId } }),
    },
  ],
  'GET /core/api/Document/getDocumentAttachment': [
    {
      name: "read another clinician's dropbox file",
      parts: async (w, o) => ({ query: { filePath: (await uploadAndAttach(w.t, o.token)).uploadedDocumentPath } }),
    },
  ],

  // Ids that name nothing a clinician owns.
  'POST /core/api/auth/ValidateResetGuid': { notOwned: 'public; the guid is the mailed secret itself' },
  'POST /core/api/auth/UpdateHcpUserPassword': { notOwned: 'public; the guid is the mailed secret itself' },
  'POST /core/api/auth/HcpSignUp': { notOwned: 'ProfessionId/ReferralId are reference data' },
  'POST /core/api/HcpFavoriteJobs/updateFavorite': {
    notOwned: "jobId names a public job; the favorite written is always the caller's own",
  },
  'POST /core/api/HcpJobApplication/startJobApplication': {
    notOwned: "jobId names a public job; the submission written is always the caller's own",
  },
  'GET /core/api/jobsearch/jobDetails': { notOwned: 'public job page; jobId names a public job' },
  'GET /core/api/jobsearch/jobs': { notOwned: 'public search; ids are reference data filters' },
  'POST /core/api/HcpLicenseSearchInfo': {
    notOwned: "stateId is reference data; the license row is the caller's own primary license",
  },
  'POST /core/api/HcpEmploymentHistory/insert': {
    notOwned: 'the route forces employmentHistoryId to null (insert only); the other ids are reference data',
  },
  'POST /core/api/HcpSkills/assignSkillsChecklists': {
    notOwned: 'checklistIds name vendor checklists (reference data)',
  },
  'POST /core/api/HcpReferral/saveReferral': { notOwned: 'DisciplineId/SpecialtyId are reference data' },
  'GET /core/api/HcpReferral/getReferralData': { notOwned: 'public; the guid is the mailed secret itself' },
  'POST /core/api/HcpReferral/saveProfessionalClinicalReference': {
    notOwned: 'public; the guid is the mailed secret itself',
  },
  'GET /core/api/DocumentsAndSignatures/getTrsDocument': {
    notOwned: "signatureTypeId is a document type (1-11); the PDF is always built from the caller's own signature row",
  },
  'POST /core/api/HcpWebApplicationStep/updateWebApplicationStep': {
    notOwned: "StepName names a step of the caller's own application",
  },
};

/**
 * A referee not named before: the same person may be a clinician's reference only once, and the sweep adds one for
 * every request it makes. Letters only, as a person's name must be.
 */
let refereeCount = 0;
function anotherReferee(): { firstName: string; lastName: string } {
  let n = ++refereeCount;
  let suffix = '';
  do {
    suffix = String.fromCharCode(97 + (n % 26)) + suffix;
    n = Math.floor(n / 26);
  } while (n > 0);
  return { firstName: 'Referee', lastName: `Hale${suffix}` };
}

/** Valid requests where the schema-derived example is not (patterns, refinements, real objects). */
export const EXAMPLES: Record<string, (w: World) => RequestParts | Promise<RequestParts>> = {
  'GET /core/api/SubmitApplication/getSubmitApplicationDocuments/:documentName': () => ({
    params: { documentName: 'Handbook' },
  }),
  'GET /core/api/agency/jobs/:externalId': () => ({ params: { externalId: 'JOB-000001' } }),
  'GET /core/api/agency/documents/:id/file': async (w) => ({
    params: { id: String((await uploadAndAttach(w.t, w.a.token)).hcpDropBoxId) },
  }),
  'GET /core/api/agency/clinicians/:userId/certifications/:certId/file': async (w) => ({
    params: { userId: String(w.a.userId), certId: String(await certWithFile(w, w.a)) },
  }),
  'GET /core/api/HcpReferral/getReferralData': async (w) => {
    const email = `referee.${w.a.userId}.${Date.now()}@example.com`;
    await addReference(w.t, w.a.token, w.a.employmentHistoryId, { email, ...anotherReferee() });
    return { query: { guid: await referenceGuidFromMail(w.t, email) } };
  },
  // A live link of the other clinician's reference, so hostile answers reach the form's rules (and the database) behind the guid check.
  'POST /core/api/HcpReferral/saveProfessionalClinicalReference': async (w) => {
    const email = `referee.form.${w.b.userId}.${Date.now()}@example.com`;
    await addReference(w.t, w.b.token, w.b.employmentHistoryId, { email, ...anotherReferee() });
    return { body: completeSubmission(await referenceGuidFromMail(w.t, email), { ReferenceDate: localIsoDate() }) };
  },
  // One real facility and job, so hostile rows reach the feed's row rules (the full-feed sync is left with its empty example: it would archive every other job).
  'POST /core/api/agency/jobs/batch': async (w) => ({
    body: {
      facilities: [facilityRow({ externalId: 'FAC-SWEEP' })],
      jobs: [jobRow(await validPair(w.t), { externalId: 'JOB-SWEEP', facilityExternalId: 'FAC-SWEEP' })],
    },
  }),
  'PUT /core/api/agency/jobs/:externalId': async (w) => ({
    params: { externalId: 'JOB-SWEEP' },
    body: {
      job: jobRow(await validPair(w.t), { externalId: 'JOB-SWEEP', facilityExternalId: 'FAC-SWEEP' }),
      facility: facilityRow({ externalId: 'FAC-SWEEP' }),
    },
  }),
  'POST /core/api/dev/agency/keys': () => ({ body: { name: 'Security sweep', scopes: ['read'] } }),
  'POST /core/api/dev/agency/webhooks': () => ({ body: { url: 'http://127.0.0.1:9/hooks' } }),
  'POST /core/api/auth/HcpSignUp': () => ({
    body: {
      EmailAddress: 'example.person@example.com',
      PhoneNumber: '5125550100',
      FirstName: 'Ex',
      LastName: 'Ample',
      ProfessionId: 13,
      ReferralId: 121,
      WebPassword: 'Example-Pass-42',
    },
  }),
  'POST /core/api/HcpReferral/saveReferral': () => ({
    body: { FirstName: 'Friend', LastName: 'Nurse', PhoneNumber: '5125550123', DisciplineId: 13, SpecialtyId: 0 },
  }),
};

/**
 * A valid request: the route's OWNED case (a real object of `who`), else EXAMPLES, else the schema-derived
 * example when the schema accepts it. Null if none.
 */
export async function validParts(w: World, r: RegisteredRoute, who: Person = w.a): Promise<RequestParts | null> {
  const owned = OWNED[routeKey(r)];
  const candidates = [
    async () => (Array.isArray(owned) ? owned[0]!.parts(w, who, who) : undefined),
    () => EXAMPLES[routeKey(r)]?.(w),
    () => exampleParts(r),
  ];
  for (const c of candidates) {
    const parts = await c();
    if (parts && schemaAccepts(r, parts)) return parts;
  }
  return null;
}

/** Authenticated GETs whose answers are the same for everyone (reference lists, generic documents). */
export const NOT_PERSONAL: Record<string, string> = {
  'GET /core/api/HcpPermanentAddress/permanentAddressStates': 'the list of states and provinces',
  'GET /core/api/HcpEmploymentHistory/optionsv2': 'reference lists of the employment form',
  'GET /core/api/SubmitApplication/getSubmitApplicationDocuments/:documentName':
    'the eleven generic pre-employment documents (no clinician data)',
};
