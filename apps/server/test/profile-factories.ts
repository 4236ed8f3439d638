import type { TestApp } from './build.ts';
import { auth, devHeaders } from './build.ts';

/** A valid standard employment record (travel, profession 13 with its first specialty). */
export async function employmentPayload(t: TestApp, overrides: Record<string, unknown> = {}) {
  const opts = await t.app.inject({
    method: 'GET',
    url: '/core/api/HcpEmploymentHistory/optionsv2',
    headers: await anyAuth(t),
  });
  const body = opts.json() as {
    professions: { professionId: number; specialties: { id: number }[] }[];
    states: { stateId: number; name: string }[];
  };
  const prof = body.professions.find((p) => p.professionId === 13)!;
  const state = body.states.find((s) => s.name === 'Texas')!;
  return {
    employmentHistoryId: null,
    employmentTypeId: 1,
    facilityName: 'Seton Medical Center',
    city: 'Austin',
    stateId: state.stateId,
    startMonth: 1,
    startYear: 2020,
    endMonth: 6,
    endYear: 2023,
    professionId: 13,
    agencyName: null,
    isCharge: true,
    unitsFloated: null,
    shiftPerMonth: null,
    specialties: prof.specialties.length ? [prof.specialties[0]!.id] : [],
    emrs: [1],
    ...overrides,
  };
}

// One clinician per app reads the options (a file may build more than one app).
let tokensForOptions = new WeakMap<TestApp['app'], string>();
async function anyAuth(t: TestApp) {
  let token = tokensForOptions.get(t.app);
  if (!token) {
    const { signUp } = await import('./build.ts');
    token = (await signUp(t)).token;
    tokensForOptions.set(t.app, token);
  }
  return auth(token);
}
export function resetFactoryCache() {
  tokensForOptions = new WeakMap();
}

/** Adds an employment record from the profile and answers its id. */
export async function addEmployment(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/core/api/HcpProfileEmploymentHistory/saveEmploymentHistory',
    headers: auth(token),
    payload: await employmentPayload(t, overrides),
  });
  if (res.statusCode !== 200) throw new Error(`employment failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { employmentHistoryId: number }).employmentHistoryId;
}

export const referencePayload = (historyId: number, overrides: Record<string, unknown> = {}) => ({
  historyId,
  firstName: 'Monica',
  lastName: 'Hale',
  title: 'Nurse Manager',
  phoneNumber: '5125550171',
  phoneType: 'Office',
  email: 'monica.hale@example.com',
  ...overrides,
});

/** Adds a reference from the profile and answers its id. */
export async function addReference(
  t: TestApp,
  token: string,
  historyId: number,
  overrides: Record<string, unknown> = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/core/api/HcpReferences/saveReference',
    headers: auth(token),
    payload: referencePayload(historyId, overrides),
  });
  if (res.statusCode !== 200) throw new Error(`reference failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { referenceId: number }).referenceId;
}

/** The guid in the newest reference-request mail to `to`. */
export async function referenceGuidFromMail(t: TestApp, to: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/core/api/dev/outbox?to=${encodeURIComponent(to)}`,
    headers: devHeaders,
  });
  const mails = (res.json() as { kind: string; text: string }[]).filter((m) => m.kind === 'reference-request');
  if (!mails.length) throw new Error(`no reference mail to ${to}`);
  const m = /\/clinical-professional-reference\/([A-Za-z0-9_-]+)/.exec(mails[0]!.text);
  return m![1]!;
}

export const completeSubmission = (guid: string, overrides: Record<string, unknown> = {}) => ({
  ReferenceGuid: guid,
  HistoryTypeId: '1',
  HcpName: 'Test Nurse',
  HcpDiscipline: 'Registered Nurse',
  HcpSpecialty: 'ICU',
  WasCharge: true,
  EmrWorked: 'Epic',
  SafeCareLevel: 4,
  DependableLevel: 4,
  ProfessionalLevel: 3,
  CooperativeLevel: 4,
  CommunicatorLevel: 3,
  AttendanceLevel: 4,
  AssetLevel: 4,
  Comments: 'Excellent clinician.',
  SupervisorName: 'Monica Hale',
  SupervisorTitle: 'Nurse Manager',
  FacilityName: 'Seton Medical Center',
  ReferenceDate: '2026-11-01',
  CityState: 'Austin, TX',
  StartDate: '2020-01-01',
  EndDate: '2023-06-01',
  Unit: 'ICU',
  ...overrides,
});

/**
 * Marks the clinician's application submitted without walking its steps: referees are contacted only after the
 * submission, so a test about reference mails starts here.
 */
export async function markSubmitted(t: TestApp, userId: number) {
  const { completeApplication } = await import('../src/modules/identity/index.ts');
  await completeApplication(t.ctx.db, userId, new Date());
}
