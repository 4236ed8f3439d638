import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_LEAD_SOURCE_ID, dateMessages, localIsoDate } from '@hcp/contracts';
import { users } from '../src/db/schema/index.ts';
import { auth, buildTestApp, signUp, type TestApp } from './build.ts';
import { api, completeAllSteps, validBackground } from './application-factories.ts';
import { addReference, completeSubmission, markSubmitted, referenceGuidFromMail } from './profile-factories.ts';
import { agencyKey, keyAuth } from './agency-factories.ts';
import { uploadAndAttach } from './dropbox-factories.ts';
import { tableDigests, changedTables } from './security/harness.ts';

/**
 * Dates, ids and shapes never cause a 500: days that do not exist (the 31st of a 30-day month, Feb 29 of a
 * common year, year 0) are refused by the one date type with the field's message before anything is written,
 * and ids that name nothing are a 4xx or ignored. The property suite (security/hostile-input.test.ts) sweeps
 * every route; these are the cases a clinician, a referee or the agency meets.
 */

let t: TestApp;
let nurse: { token: string; userId: number; email: string; employmentHistoryId: number };
beforeAll(async () => {
  t = await buildTestApp({
    jobs: 50,
    env: {
      FEATURE_UPDATE_BACKGROUND_QUESTIONS: 'true',
      FEATURE_CREDENTIALS_DROPBOX: 'true',
      FEATURE_TIMESHEETS: 'true',
    },
  });
  const u = await signUp(t);
  const steps = await completeAllSteps(t, u.token);
  await markSubmitted(t, u.userId);
  nurse = { ...u, employmentHistoryId: steps.employmentHistoryId };
}, 60_000);
afterAll(async () => t?.close());

/** An agency key already used once (its first use stamps last_used_at, which is not the request's write). */
async function usedAgencyKey() {
  const headers = keyAuth(await agencyKey(t));
  await t.app.inject({ method: 'GET', url: '/core/api/agency/events', headers });
  return headers;
}

/**
 * Sends a request and answers it with the tables it changed. Work the earlier steps left for after their answers
 * (the outbox delivering their mails) lands first, and the request's own after it: only the request's writes count.
 */
async function sent(request: () => Promise<{ statusCode: number; body: string; json(): unknown }>) {
  await t.drain();
  const before = await tableDigests(t);
  const res = await request();
  await t.drain();
  return { res, changed: changedTables(before, await tableDigests(t)) };
}

const fieldError = (field: string) => ({
  status: 400,
  code: 'validation_failed',
  errors: [{ field, message: dateMessages.invalidDate }],
});

describe('days that do not exist are refused with the field message, and nothing is written', () => {
  it('the clinical reference form: reference, start and end dates (the link stays open for a real answer)', async () => {
    const email = `referee.dates.${Date.now()}@example.com`;
    await addReference(t, nurse.token, nurse.employmentHistoryId, { email });
    const guid = await referenceGuidFromMail(t, email);
    const save = (overrides: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/core/api/HcpReferral/saveProfessionalClinicalReference',
        payload: completeSubmission(guid, { ReferenceDate: localIsoDate(), ...overrides }),
      });
    for (const [field, day] of [
      ['ReferenceDate', '2026-09-31'],
      ['StartDate', '2023-02-29'],
      ['EndDate', '0000-06-15'],
    ] as const) {
      const { res, changed } = await sent(() => save({ [field]: day }));
      expect(res.statusCode, `${field} ${day}`).toBe(400);
      expect(res.json()).toMatchObject(fieldError(`body.${field}`));
      expect(changed).toEqual([]);
    }
    expect((await save({})).statusCode).toBe(200);
  });

  it('certification expiration and completion dates', async () => {
    const before = (await api(t, nurse.token, 'GET', 'HcpCertification/hcpCertifications')).json() as unknown[];
    for (const [field, day] of [
      ['expirationDate', '2029-11-31'],
      ['completionDate', '2021-02-29'],
      ['expirationDate', '0000-12-01'],
    ] as const) {
      const { res, changed } = await sent(() =>
        t.app.inject({
          method: 'POST',
          url: '/core/api/HcpCertification/saveCertification',
          headers: auth(nurse.token),
          payload: { certId: null, certificationTypeId: 2, expirationDate: '2030-06-30', deleted: false, [field]: day },
        }),
      );
      expect(res.statusCode, `${field} ${day}`).toBe(400);
      expect(res.json()).toMatchObject(fieldError(`body.${field}`));
      expect(changed).toEqual([]);
    }
    expect((await api(t, nurse.token, 'GET', 'HcpCertification/hcpCertifications')).json()).toEqual(before);
  });

  it("military service dates, in the application's background step and on the update screen", async () => {
    const serving = {
      ...validBackground,
      hasMilitaryService: true,
      militaryStartDate: '2004-03-01',
      militaryEndDate: '2010-03-01',
    };
    for (const path of ['HcpBackground/hcpBackgroundAnswers', 'BackgroundQuestions/postBackgroundAnswers'])
      for (const [field, day] of [
        ['militaryStartDate', '2004-04-31'],
        ['militaryEndDate', '2009-02-29'],
        ['militaryStartDate', '0000-03-01'],
      ] as const) {
        const { res, changed } = await sent(() =>
          t.app.inject({
            method: 'POST',
            url: `/core/api/${path}`,
            headers: auth(nurse.token),
            payload: { ...serving, [field]: day },
          }),
        );
        expect(res.statusCode, `${path} ${field} ${day}`).toBe(400);
        expect(res.json()).toMatchObject(fieldError(`body.${field}`));
        expect(changed).toEqual([]);
      }
    expect((await api(t, nurse.token, 'GET', 'HcpBackground/hcpBackgroundAnswers')).json()).toMatchObject({
      hasMilitaryService: false,
    });
  });

  it('a shift on a day that does not exist, or at an hour that does not, is refused before the pay period is read', async () => {
    const { res, changed } = await sent(() =>
      t.app.inject({
        method: 'POST',
        url: '/core/api/Timesheets/createShift',
        headers: auth(nurse.token),
        payload: {
          shiftTypeId: 1,
          timesheetId: 1,
          shiftDate: '2026-03-01',
          startTime: '2026-03-01T24:30:00',
          endTime: '2026-03-01T19:00:00',
        },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ field: 'body.startTime', message: dateMessages.invalidTimestamp }] });
    expect(changed).toEqual([]);
  });
});

describe('ids that name nothing are a 4xx or ignored, never a 500', () => {
  it('sign-up with a lead source the portal does not know creates the account under the default lead source', async () => {
    const unknown = await signUp(t, { ReferralId: 424_242 });
    const known = await signUp(t, { ReferralId: 28 });
    const leadSourceOf = async (userId: number) =>
      (await t.ctx.db.select({ id: users.leadSourceId }).from(users).where(eq(users.id, userId)))[0]!.id;
    expect(await leadSourceOf(unknown.userId)).toBe(DEFAULT_LEAD_SOURCE_ID);
    expect(await leadSourceOf(known.userId)).toBe(28);
  });

  it('agency lists: a cursor past the largest id a row can have is a 400 on the field, not a database error', async () => {
    const headers = await usedAgencyKey();
    for (const list of ['documents', 'submissions', 'contracts', 'clinicians', 'referrals', 'reference-answers']) {
      const { res, changed } = await sent(() =>
        t.app.inject({ method: 'GET', url: `/core/api/agency/${list}?after=2147483648`, headers }),
      );
      expect(res.statusCode, list).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', errors: [{ field: 'querystring.after' }] });
      expect(changed).toEqual([]);
      expect(
        (await t.app.inject({ method: 'GET', url: `/core/api/agency/${list}?after=2147483647`, headers })).json(),
      ).toMatchObject({ items: [] });
    }
    // The event log's ids are 64-bit: any safe integer is a cursor there.
    expect(
      (await t.app.inject({ method: 'GET', url: '/core/api/agency/events?after=2147483648', headers })).json(),
    ).toMatchObject({ items: [] });
  });

  it('unknown job and document ids answer 404 and write nothing', async () => {
    const headers = await usedAgencyKey();
    await uploadAndAttach(t, nurse.token);
    const cases: [string, () => Promise<{ statusCode: number; body: string; json(): unknown }>][] = [
      [
        'favorite',
        () =>
          t.app.inject({
            method: 'POST',
            url: '/core/api/HcpFavoriteJobs/updateFavorite',
            headers: auth(nurse.token),
            payload: { jobId: 2_000_000_001, isFavorited: true },
          }),
      ],
      [
        'dropbox delete',
        () =>
          t.app.inject({
            method: 'POST',
            url: '/core/api/HcpCredentialsDropbox/deleteDocument',
            headers: auth(nurse.token),
            payload: { hcpDropboxId: 2_000_000_002 },
          }),
      ],
      [
        'agency document file',
        () => t.app.inject({ method: 'GET', url: '/core/api/agency/documents/2000000003/file', headers }),
      ],
      [
        'agency job close',
        () => t.app.inject({ method: 'POST', url: '/core/api/agency/jobs/NO-SUCH-JOB/close', headers }),
      ],
      [
        'certification file',
        () =>
          t.app.inject({
            method: 'GET',
            url: '/core/api/HcpCertification/getCertificationFile/2000000004',
            headers: auth(nurse.token),
          }),
      ],
    ];
    for (const [name, request] of cases) {
      const { res, changed } = await sent(request);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(404);
      expect(changed, name).toEqual([]);
    }
  });
});
