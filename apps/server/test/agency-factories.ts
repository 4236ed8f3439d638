import type { AgencyScope, FacilityRow, JobRow } from '@hcp/contracts';
import { and, eq } from 'drizzle-orm';
import { professionSpecialties, submissions } from '../src/db/schema/index.ts';
import { createApiKey } from '../src/modules/agency/keys.ts';
import type { TestApp } from './build.ts';

export async function agencyKey(t: TestApp, scopes: AgencyScope[] = ['read', 'write'], name = 'ATS') {
  return (await createApiKey(t.ctx.db, name, scopes)).key;
}

export const keyAuth = (key: string) => ({ authorization: `Bearer ${key}` });

export async function validPair(t: TestApp) {
  const [pair] = await t.ctx.db.select().from(professionSpecialties).limit(1);
  return pair!;
}

export function facilityRow(overrides: Partial<FacilityRow> = {}): FacilityRow {
  return {
    externalId: 'FAC-1',
    name: 'St. Example Medical Center',
    address1: '100 Main St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    bedCount: 420,
    traumaLevel: 1,
    chartingSystems: ['Epic'],
    scrubColor: 'Navy',
    imageUrl: 'https://images.example.com/fac-1.jpg',
    ...overrides,
  };
}

export function jobRow(pair: { professionId: number; specialtyId: number }, overrides: Partial<JobRow> = {}): JobRow {
  return {
    externalId: 'JOB-1',
    facilityExternalId: 'FAC-1',
    professionId: pair.professionId,
    specialtyId: pair.specialtyId,
    shift: '3x12',
    shiftCategory: 1,
    positions: 2,
    durationWeeks: 13,
    startDate: '2027-01-04',
    hourlyRate: 25,
    overTimeRate: 37.5,
    regularPayHours: 36,
    regularPayPerWeek: 900,
    weeklyMeals: 350,
    weeklyLodging: 900,
    bonuses: [{ name: 'Weekly Taxable Travel Bonus', amount: 100 }],
    minimumRequirements: ['2 years experience'],
    benefits: ['Medical'],
    isAvailable: true,
    ...overrides,
  };
}

/** n jobs spread over n/50 facilities. */
export function bigFeed(pair: { professionId: number; specialtyId: number }, n: number, variant = 0) {
  const facilities = Array.from({ length: Math.ceil(n / 50) }, (_, i) =>
    facilityRow({ externalId: `BF-${i}`, name: `Big Feed Hospital ${i}` }),
  );
  const jobs = Array.from({ length: n }, (_, i) =>
    jobRow(pair, {
      externalId: `BJ-${i}`,
      facilityExternalId: `BF-${Math.floor(i / 50)}`,
      hourlyRate: 25 + (i % 10) + variant,
    }),
  );
  return { facilities, jobs };
}

/** Calls the agency API with a key (null = no key): answers status and parsed JSON. */
export function agencyClient(t: TestApp) {
  return async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    key: string | null | Record<string, string>,
    payload?: unknown,
  ) => {
    const headers = key === null ? {} : typeof key === 'string' ? keyAuth(key) : key;
    const res = await t.app.inject({
      method,
      url: `/core/api/agency${url}`,
      headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    let json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
    try {
      json = JSON.parse(res.body);
    } catch {
      json = null;
    }
    return { status: res.statusCode, json, body: res.rawPayload, headers: res.headers };
  };
}

/** The clinician starts an application for a job (the web's Apply Now), with start-application details. */
export async function applyForJob(
  t: TestApp,
  token: string,
  jobId: number,
  desiredStartDate: string,
  timeOff: { fromDate: string; toDate: string | null }[] = [],
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/core/api/HcpJobApplication/startJobApplication',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      jobId,
      isInterested: true,
      desiredStartDate,
      otherRequests: 'Block scheduling please',
      bestContactTime: 'Weekday mornings',
      requestedTimeOff: timeOff,
    },
  });
  if (res.statusCode !== 200) throw new Error(`apply failed: ${res.statusCode} ${res.body}`);
  const [row] = await t.ctx.db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.jobId, jobId), eq(submissions.userId, await userIdOf(t, token))));
  return row!.id;
}

async function userIdOf(t: TestApp, token: string) {
  const claims = await t.ctx.tokens.verify(token);
  if (!claims) throw new Error('not a valid token');
  return claims.userId;
}
