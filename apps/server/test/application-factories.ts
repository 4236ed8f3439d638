import { auth, type TestApp } from './build.ts';

export const validBackground = {
  isUsCitizen: true,
  isAuthorizedToWorkInUs: null,
  hasMilitaryService: false,
  militaryStartDate: null,
  militaryEndDate: null,
  isCaliforniaResident: false,
  liabilityAction: false,
  licenseSuspended: false,
  canPerformTravelerTasks: false,
  convicted: false,
  hasHadMisconductActivity: false,
  isBilingual: false,
};

export const validAddress = {
  country: 'United States',
  streetAddress: '100 Main St',
  city: 'Austin',
  state: 'Texas',
  zipCode: '78701',
  province: null,
  postalCode: null,
};

export const validLicense = {
  hasLicense: true,
  stateId: 0, // filled in by stateIdOf
  nursysLicenseType: 'RN',
  licenseNumber: 'RN12345',
  nameOnLicense: 'Test Nurse',
  isCompact: false,
};

export const validDegree = {
  degreeId: null,
  degreeTypeId: 4,
  degreeFieldId: 1,
  school: 'State University',
  location: 'Austin, TX',
  degreeDate: '05/2015',
  deleted: false,
};

export function validEmployment(overrides: Record<string, unknown> = {}) {
  return {
    employmentHistoryId: null,
    employmentTypeId: 1,
    facilityName: 'General Hospital',
    city: 'Austin',
    stateId: 44,
    startMonth: 1,
    startYear: 2020,
    endMonth: 6,
    endYear: 2023,
    professionId: 13,
    agencyName: null,
    isCharge: false,
    unitsFloated: null,
    shiftPerMonth: null,
    specialties: [1],
    emrs: [1],
    ...overrides,
  };
}

let referees = 0;
/** A referee address no other test clinician names (reference mails are capped per referee mailbox a day). */
export const refereeEmail = () => `ref.${++referees}.${process.pid}@example.com`;

export function validReferences(historyId: number, email = refereeEmail()) {
  return [0, 1].map((n) => ({
    historyId,
    firstName: `Ref${n}`,
    lastName: 'Person',
    title: 'Nurse Manager',
    phoneNumber: '5125550111',
    phoneType: n ? 'Office' : 'Mobile',
    email: n ? null : email,
    referenceNumber: n,
  }));
}

export const tinyPdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

export async function api(
  t: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: unknown,
) {
  const res = await t.app.inject({
    method,
    url: `/core/api/${path}`,
    headers: auth(token),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.body, json: () => JSON.parse(res.body), headers: res.headers };
}

export async function stateIdOf(t: TestApp, token: string, name: string) {
  const list = (await api(t, token, 'GET', 'HcpPermanentAddress/permanentAddressStates')).json() as {
    stateId: number;
    name: string;
  }[];
  return list.find((s) => s.name === name)!.stateId;
}

/** Fills every step through the API (the default flags: terms first, no skills checklist). */
export async function completeAllSteps(t: TestApp, token: string) {
  const ok = <R extends { status: number; body: string }>(r: R): R => {
    if (r.status !== 200) throw new Error(`${r.status} ${r.body}`);
    return r;
  };
  const tx = await stateIdOf(t, token, 'Texas');
  ok(
    await api(t, token, 'POST', 'HcpWebApplicationStep/updateWebApplicationStep', {
      StepName: 'Started',
      StepComplete: true,
    }),
  );
  ok(await api(t, token, 'POST', 'HcpBackground/hcpBackgroundAnswers', validBackground));
  ok(await api(t, token, 'POST', 'HcpPermanentAddress/permanentAddress', validAddress));
  ok(await api(t, token, 'POST', 'HcpLicenseSearchInfo', { ...validLicense, stateId: tx }));
  ok(await api(t, token, 'POST', 'HcpDegree/saveHcpDegree', validDegree));
  const emp = ok(await api(t, token, 'POST', 'HcpEmploymentHistory/insert', validEmployment({ stateId: tx }))).json()
    .employmentHistoryId as number;
  ok(
    await api(t, token, 'POST', 'HcpWebApplicationStep/updateWebApplicationStep', {
      StepName: 'Employment',
      StepComplete: true,
    }),
  );
  const referee = refereeEmail();
  ok(await api(t, token, 'POST', 'HcpJobApplication/HcpReferences', validReferences(emp, referee)));
  ok(
    await api(t, token, 'POST', 'HcpCertification/saveCertification', {
      certId: null,
      certificationTypeId: 1,
      expirationDate: '2030-01-01',
      deleted: false,
    }),
  );
  ok(
    await api(t, token, 'POST', 'HcpWebApplicationStep/updateWebApplicationStep', {
      StepName: 'Certifications',
      StepComplete: true,
    }),
  );
  ok(
    await api(t, token, 'POST', 'HcpIdentification/saveHcpIdentification', {
      SocialSecurityNumber: '123456789',
      DateOfBirth: '1990-01-01',
    }),
  );
  return { employmentHistoryId: emp, texasId: tx, refereeEmail: referee };
}
