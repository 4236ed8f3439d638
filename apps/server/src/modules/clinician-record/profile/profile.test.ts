import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auth, buildTestApp, signUp, signUpComplete, type TestApp } from '../../../../test/build.ts';
import {
  addEmployment,
  addReference,
  employmentPayload,
  markSubmitted,
  referencePayload,
} from '../../../../test/profile-factories.ts';
import {
  backgroundAnswers,
  employmentHistories,
  hcpReferences,
  mailOutbox,
  referenceRequests,
} from '../../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/core/api/${url}`, headers: token ? auth(token) : {} });
const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/core/api/${url}`,
    payload: payload as object,
    headers: token ? auth(token) : {},
  });

describe('GET HcpProfileData/getProfile', () => {
  it('needs a login', async () => {
    expect((await get('HcpProfileData/getProfile')).statusCode).toBe(401);
  });

  it('answers biodata and empty sections for a new clinician, never cached', async () => {
    const u = await signUp(t);
    const res = await get('HcpProfileData/getProfile', u.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const p = res.json();
    expect(p.email).toBe(u.email);
    expect(p.firstName).toBe('Test');
    expect(p.licenses).toEqual([]);
    expect(p.employmentHistories).toEqual([]);
    expect(p.references).toEqual([]);
  });

  it("sorts employment by end date (current first) and shows only the caller's data", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await addEmployment(t, a.token, { startYear: 2015, endYear: 2017, facilityName: 'Old Hospital' });
    await addEmployment(t, a.token, { startYear: 2018, endYear: 2022, facilityName: 'Middle Hospital' });
    await addEmployment(t, a.token, {
      startYear: 2023,
      startMonth: 2,
      endYear: null,
      endMonth: null,
      facilityName: 'Current Hospital',
    });
    await addEmployment(t, b.token, { facilityName: 'Other Person Hospital' });
    const p = (await get('HcpProfileData/getProfile', a.token)).json();
    expect(p.employmentHistories.map((e: { facilityName: string }) => e.facilityName)).toEqual([
      'Current Hospital',
      'Middle Hospital',
      'Old Hospital',
    ]);
    expect(p.employmentHistories[0].endDate).toBeNull();
    expect(p.employmentHistories[1]).toMatchObject({
      startDate: '01/2018',
      endDate: '06/2022',
      employmentType: 'Core Staff (Full-Time)',
      state: 'Texas',
    });
    expect(p.employmentHistories[1].specialties.length).toBe(1);
  });
});

describe('POST HcpProfileEmploymentHistory/saveEmploymentHistory', () => {
  it('adds a record with the standard rule', async () => {
    const u = await signUp(t);
    const id = await addEmployment(t, u.token);
    const [row] = await t.ctx.db.select().from(employmentHistories).where(eq(employmentHistories.id, id));
    expect(row!.userId).toBe(u.userId);
  });

  it("refuses incomplete records, an existing id (even another user's) and hostile values", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const bId = await addEmployment(t, b.token);
    const url = 'HcpProfileEmploymentHistory/saveEmploymentHistory';
    const cases: [Record<string, unknown>, number][] = [
      [{ emrs: [] }, 422],
      [{ facilityName: '' }, 422],
      [{ professionId: 999999 }, 404],
      [{ employmentTypeId: 99 }, 404],
      [{ employmentHistoryId: bId, facilityName: 'Hijack' }, 400],
      [{ startMonth: 13 }, 400],
      [{ startYear: 'nineteen' }, 400],
      [{ facilityName: 'x'.repeat(5000) }, 400],
      [{ specialties: [999999] }, 422],
      [{ stateId: 987654 }, 422],
    ];
    for (const [o, status] of cases) {
      const res = await post(url, await employmentPayload(t, o), a.token);
      expect(res.statusCode, JSON.stringify(o)).toBe(status);
    }
    const rows = await t.ctx.db.select().from(employmentHistories).where(eq(employmentHistories.userId, a.userId));
    expect(rows).toEqual([]);
    const [bRow] = await t.ctx.db.select().from(employmentHistories).where(eq(employmentHistories.id, bId));
    expect(bRow!.facilityName).toBe('Seton Medical Center');
  });

  it('stores SQL metacharacters as text', async () => {
    const u = await signUp(t);
    const id = await addEmployment(t, u.token, { facilityName: "St. Mary's'); drop table users; --" });
    const [row] = await t.ctx.db.select().from(employmentHistories).where(eq(employmentHistories.id, id));
    expect(row!.facilityName).toBe("St. Mary's'); drop table users; --");
  });
});

describe('POST HcpReferences/saveReference', () => {
  it('saves a reference, creates a request and mails the link; the profile shows it requested', async () => {
    const u = await signUp(t);
    await markSubmitted(t, u.userId);
    const hid = await addEmployment(t, u.token);
    const email = `ref.${u.userId}@example.com`;
    const res = await post('HcpReferences/saveReference', referencePayload(hid, { email }), u.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().ok).toBe(true);
    const referenceId = res.json().referenceId as number;
    const reqs = await t.ctx.db.select().from(referenceRequests).where(eq(referenceRequests.referenceId, referenceId));
    expect(reqs).toHaveLength(1);
    expect(reqs[0]!.sentTo).toBe(email);
    expect(reqs[0]!.expiresAt.getTime() - reqs[0]!.createdAt.getTime()).toBe(30 * 24 * 3600 * 1000);
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(mails).toHaveLength(1);
    const guid = /clinical-professional-reference\/([A-Za-z0-9_-]+)/.exec(mails[0]!.textBody)![1]!;
    // >= 128 random bits, base64url, not a UUID; only its hash is stored.
    expect(guid.length).toBeGreaterThanOrEqual(22);
    expect(guid).not.toMatch(/^[0-9a-f]{8}-/);
    expect(reqs[0]!.guidHash).not.toContain(guid);
    const p = (await get('HcpProfileData/getProfile', u.token)).json();
    expect(p.references).toEqual([
      expect.objectContaining({ referenceId, answered: false, status: 'requested', facility: 'Seton Medical Center' }),
    ]);
  });

  it('before the application is submitted, saves the reference and mails nobody; the profile shows it not contacted yet', async () => {
    const u = await signUp(t);
    const hid = await addEmployment(t, u.token);
    const email = `early.${u.userId}@example.com`;
    const referenceId = await addReference(t, u.token, hid, { email });
    expect(
      await t.ctx.db.select().from(referenceRequests).where(eq(referenceRequests.referenceId, referenceId)),
    ).toEqual([]);
    expect(await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).toEqual([]);
    const p = (await get('HcpProfileData/getProfile', u.token)).json();
    expect(p.references[0]).toMatchObject({ status: 'waiting', answered: false });
  });

  it('saves a reference without an email and sends nothing', async () => {
    const u = await signUp(t);
    const hid = await addEmployment(t, u.token);
    const referenceId = await addReference(t, u.token, hid, { email: null });
    const reqs = await t.ctx.db.select().from(referenceRequests).where(eq(referenceRequests.referenceId, referenceId));
    expect(reqs).toHaveLength(0);
    const p = (await get('HcpProfileData/getProfile', u.token)).json();
    expect(p.references[0]).toMatchObject({ status: 'no-email', answered: false });
  });

  it('refuses someone already named as a reference, by name in any case or by email, as the references step does', async () => {
    const u = await signUp(t);
    await markSubmitted(t, u.userId);
    const hid = await addEmployment(t, u.token);
    const other = await addEmployment(t, u.token, { facilityName: 'Dell Seton' });
    const email = `dana.${u.userId}@example.com`;
    await addReference(t, u.token, hid, { firstName: 'Dana', lastName: 'Rivera', email });
    const mails = async () => (await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).length;
    expect(await mails()).toBe(1);
    for (const [again, field] of [
      // The same name, in other letter case and spacing, from another facility and without an email.
      [referencePayload(other, { firstName: ' DANA ', lastName: 'rivera', email: null }), 'firstName'],
      // Another name with the same email.
      [referencePayload(other, { firstName: 'D.', lastName: 'R.', email: email.toUpperCase() }), 'email'],
    ] as const) {
      const res = await post('HcpReferences/saveReference', again, u.token);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'same_reference',
        message: 'Please name someone else: Reference 1 is already this person',
        errors: [{ field, message: 'Please name someone else: Reference 1 is already this person' }],
      });
    }
    // Nothing was saved and the referee was not asked twice.
    expect(await t.ctx.db.select().from(hcpReferences).where(eq(hcpReferences.userId, u.userId))).toHaveLength(1);
    expect(await mails()).toBe(1);
    // The references of the application's step count as well.
    const fromStep = await signUp(t);
    const stepHid = await addEmployment(t, fromStep.token);
    const saved = await post(
      'HcpJobApplication/HcpReferences',
      [0, 1].map((n) => ({
        ...referencePayload(stepHid, { firstName: `Ref${n}`, email: `ref${n}.${fromStep.userId}@example.com` }),
        referenceNumber: n,
      })),
      fromStep.token,
    );
    expect(saved.statusCode).toBe(200);
    const dup = await post(
      'HcpReferences/saveReference',
      referencePayload(stepHid, { firstName: 'ref1' }),
      fromStep.token,
    );
    expect(dup.statusCode).toBe(409);
    // Someone else is welcome.
    expect((await post('HcpReferences/saveReference', referencePayload(stepHid), fromStep.token)).statusCode).toBe(200);
  });

  it("refuses another clinician's employment record, bad phones, emails and missing fields", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const bHid = await addEmployment(t, b.token);
    const aHid = await addEmployment(t, a.token);
    const timeOff = await addEmployment(t, a.token, {
      employmentTypeId: 5,
      facilityName: null,
      city: null,
      stateId: null,
      professionId: null,
      specialties: [],
      emrs: [],
      isCharge: null,
    });
    const cases: [Record<string, unknown>, number][] = [
      [referencePayload(bHid), 404],
      [referencePayload(999999), 404],
      [referencePayload(timeOff), 404],
      [referencePayload(aHid, { phoneNumber: '12345' }), 400],
      [referencePayload(aHid, { phoneNumber: "5125550171' or 1=1" }), 400],
      [referencePayload(aHid, { email: 'not-an-email' }), 400],
      [referencePayload(aHid, { firstName: '' }), 400],
      [referencePayload(aHid, { phoneType: 'Pager' }), 400],
      [referencePayload(aHid, { historyId: 'abc' }), 400],
      [referencePayload(aHid, { title: 'x'.repeat(10_000) }), 400],
    ];
    for (const [payload, status] of cases) {
      const res = await post('HcpReferences/saveReference', payload, a.token);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(status);
    }
    expect(await t.ctx.db.select().from(hcpReferences).where(eq(hcpReferences.userId, a.userId))).toEqual([]);
    expect((await post('HcpReferences/saveReference', referencePayload(aHid))).statusCode).toBe(401);
  });
});

describe('BackgroundQuestions (update screen)', () => {
  const answers = {
    isUsCitizen: true,
    isAuthorizedToWorkInUs: null,
    hasMilitaryService: true,
    militaryStartDate: '2010-01-15',
    militaryEndDate: '2014-01-15',
    isCaliforniaResident: false,
    liabilityAction: false,
    licenseSuspended: false,
    canPerformTravelerTasks: false,
    convicted: false,
    hasHadMisconductActivity: false,
    isBilingual: true,
  };

  it('reads nulls first, saves and reads back the same row the application uses', async () => {
    const u = await signUpComplete(t);
    const empty = (await get('BackgroundQuestions/getBackgroundAnswers', u.token)).json();
    expect(Object.values(empty).every((v) => v === null)).toBe(true);
    expect((await post('BackgroundQuestions/postBackgroundAnswers', answers, u.token)).statusCode).toBe(200);
    const back = (await get('BackgroundQuestions/getBackgroundAnswers', u.token)).json();
    expect(back).toEqual(answers);
    const app = (await get('HcpBackground/hcpBackgroundAnswers', u.token)).json();
    expect(app).toEqual(answers);
  });

  it('applies the rules: Q2 when Q1 is no, the military start date, Q8/Q9 unless California', async () => {
    const u = await signUpComplete(t);
    const url = 'BackgroundQuestions/postBackgroundAnswers';
    expect(
      (await post(url, { ...answers, isUsCitizen: false, isAuthorizedToWorkInUs: null }, u.token)).statusCode,
    ).toBe(422);
    expect(
      (await post(url, { ...answers, isUsCitizen: false, isAuthorizedToWorkInUs: false }, u.token)).statusCode,
    ).toBe(422);
    expect((await post(url, { ...answers, militaryStartDate: null }, u.token)).statusCode).toBe(422);
    expect(
      (await post(url, { ...answers, militaryStartDate: '2099-01-01', militaryEndDate: null }, u.token)).statusCode,
    ).toBe(422);
    expect((await post(url, { ...answers, convicted: null }, u.token)).statusCode).toBe(422);
    expect((await post(url, { ...answers, isBilingual: 'yes' }, u.token)).statusCode).toBe(400);
    expect((await post(url, { ...answers, militaryStartDate: "2010-01-01'; --" }, u.token)).statusCode).toBe(400);
    expect(await t.ctx.db.select().from(backgroundAnswers).where(eq(backgroundAnswers.userId, u.userId))).toEqual([]);
    const ca = {
      ...answers,
      isCaliforniaResident: true,
      convicted: null,
      hasHadMisconductActivity: null,
      isUsCitizen: false,
      isAuthorizedToWorkInUs: true,
    };
    expect((await post(url, ca, u.token)).statusCode).toBe(200);
    expect((await get('BackgroundQuestions/getBackgroundAnswers', u.token)).json()).toMatchObject({
      isAuthorizedToWorkInUs: true,
      convicted: null,
    });
    expect((await post(url, answers)).statusCode).toBe(401);
  });
});
