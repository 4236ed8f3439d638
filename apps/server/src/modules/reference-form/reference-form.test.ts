import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auth, buildTestApp, signUp, type TestApp } from '../../../test/build.ts';
import {
  addEmployment,
  addReference,
  completeSubmission,
  referenceGuidFromMail,
} from '../../../test/profile-factories.ts';
import { mailOutbox, referenceAnswers, referenceRequests } from '../../db/schema/index.ts';

let t: TestApp;
let offsetMs = 0;
const realNow = () => new Date(Date.now() + offsetMs);
beforeAll(async () => {
  t = await buildTestApp({ now: realNow, env: { RATE_LIMIT_SCALE: '10' } });
});
afterAll(async () => {
  await t.close();
});

const save = (payload: unknown, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/core/api/HcpReferral/saveProfessionalClinicalReference',
    payload: payload as object,
    remoteAddress: ip,
  });
const autofill = (guid: unknown, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'GET',
    url: '/core/api/HcpReferral/getReferralData',
    query: guid === undefined ? {} : { guid: String(guid) },
    remoteAddress: ip,
  });

let n = 0;
async function newRequest(overrides: Record<string, unknown> = {}) {
  n += 1;
  const u = await signUp(t);
  const hid = await addEmployment(t, u.token, { employmentTypeId: 6, endMonth: null, endYear: null, isCharge: false });
  const email = `referee${n}.${u.userId}@example.com`;
  const referenceId = await addReference(t, u.token, hid, { email, ...overrides });
  return { u, hid, email, referenceId, guid: await referenceGuidFromMail(t, email) };
}

describe('reference autofill', () => {
  it('answers the spec fields for a live guid', async () => {
    const r = await newRequest();
    const res = await autofill(r.guid);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.json()).toMatchObject({
      historyTypeId: 4,
      supervisorName: 'Monica Hale',
      supervisorTitle: 'Nurse Manager',
      facilityName: 'Seton Medical Center',
      facCityState: 'Austin, TX',
      evalStartDate: '2020-01-01',
      evalEndDate: null,
      wasCharge: false,
      unit: null,
    });
    expect(res.json().name).toMatch(/^Test Nurse\d+$/);
    expect(res.json().discipline).not.toBe('');
    expect(res.json().referenceDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('answers 404 for unknown or malformed guids', async () => {
    for (const g of ['A'.repeat(32), 'short', "x' or '1'='1", '../../etc/passwd', 'A'.repeat(100)]) {
      const res = await autofill(g);
      expect(res.statusCode, g).toBe(404);
      expect(res.json().code).toBe('reference_not_found');
    }
    expect((await autofill('A'.repeat(500))).statusCode).toBe(400);
    expect((await autofill(undefined)).statusCode).toBe(400);
    expect((await autofill('')).statusCode).toBe(400);
  });
});

describe('POST HcpReferral/saveProfessionalClinicalReference', () => {
  it('stores a complete answer once; a second answer is refused and the profile shows it answered', async () => {
    const r = await newRequest();
    const res = await save(completeSubmission(r.guid));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const rows = await t.ctx.db.select().from(referenceAnswers).where(eq(referenceAnswers.referenceId, r.referenceId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      historyTypeId: 1,
      wasCharge: true,
      safeCareLevel: 4,
      professionalLevel: 3,
      unit: 'ICU',
      comments: 'Excellent clinician.',
    });

    const again = await save(completeSubmission(r.guid, { Comments: 'second try' }));
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('reference_answered');
    expect((await autofill(r.guid)).statusCode).toBe(410);
    expect(
      await t.ctx.db.select().from(referenceAnswers).where(eq(referenceAnswers.referenceId, r.referenceId)),
    ).toHaveLength(1);

    const p = (
      await t.app.inject({ method: 'GET', url: '/core/api/HcpProfileData/getProfile', headers: auth(r.u.token) })
    ).json();
    expect(p.references[0]).toMatchObject({ referenceId: r.referenceId, answered: true, status: 'answered' });
    expect(p.references[0].answeredAt).toBeTruthy();
  });

  it('two answers at the same time: exactly one wins', async () => {
    const r = await newRequest();
    const [a, b] = await Promise.all([save(completeSubmission(r.guid)), save(completeSubmission(r.guid))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 410]);
    expect(
      await t.ctx.db.select().from(referenceAnswers).where(eq(referenceAnswers.referenceId, r.referenceId)),
    ).toHaveLength(1);
  });

  it('checks the completeness rule and the rating range; nothing is stored', async () => {
    const r = await newRequest();
    const cases: [Record<string, unknown>, number][] = [
      [{ HistoryTypeId: '0' }, 422],
      [{ HistoryTypeId: '5' }, 400],
      [{ HcpName: '   ' }, 422],
      [{ HcpDiscipline: '' }, 422],
      [{ HcpSpecialty: '' }, 422],
      [{ WasCharge: null }, 422],
      [{ WasCharge: 'yes' }, 400],
      [{ EmrWorked: '' }, 422],
      [{ SafeCareLevel: 0 }, 422],
      [{ AssetLevel: 5 }, 400],
      [{ DependableLevel: -1 }, 400],
      [{ CommunicatorLevel: 2.5 }, 400],
      [{ SupervisorName: '' }, 422],
      [{ SupervisorTitle: '' }, 422],
      [{ FacilityName: '' }, 422],
      [{ CityState: '' }, 422],
      [{ ReferenceDate: null }, 422],
      [{ ReferenceDate: '2099-01-01' }, 422],
      [{ ReferenceDate: '2999-01-01' }, 400],
      [{ ReferenceDate: "2026-01-01'; drop table reference_answers; --" }, 400],
      [{ StartDate: '2023-01-01', EndDate: '2020-01-01' }, 422],
      [{ Comments: 'x'.repeat(5000) }, 400],
    ];
    for (const [o, status] of cases) {
      const res = await save(completeSubmission(r.guid, o));
      expect(res.statusCode, JSON.stringify(o).slice(0, 80)).toBe(status);
    }
    expect(
      await t.ctx.db.select().from(referenceAnswers).where(eq(referenceAnswers.referenceId, r.referenceId)),
    ).toHaveLength(0);
    // Start, end, unit and comments are optional.
    const ok = await save(completeSubmission(r.guid, { StartDate: null, EndDate: '', Unit: null, Comments: null }));
    expect(ok.statusCode).toBe(200);
  });

  it('answers 404 for an unknown guid and 410 for an expired one', async () => {
    expect((await save(completeSubmission('Z'.repeat(32)))).statusCode).toBe(404);
    const r = await newRequest();
    offsetMs = 31 * 24 * 3600 * 1000;
    try {
      const res = await save(
        completeSubmission(r.guid, { ReferenceDate: new Date(Date.now() + offsetMs).toISOString().slice(0, 10) }),
      );
      expect(res.statusCode).toBe(410);
      expect(res.json().code).toBe('reference_expired');
      expect((await autofill(r.guid)).statusCode).toBe(410);
    } finally {
      offsetMs = 0;
    }
  });

  it('a changed email revokes the old link and mails a new one; the same email sends nothing new', async () => {
    const u = await signUp(t);
    const hid = await addEmployment(t, u.token);
    const res = await t.app.inject({
      method: 'POST',
      url: '/core/api/HcpJobApplication/HcpReferences',
      headers: auth(u.token),
      payload: [
        {
          historyId: hid,
          firstName: 'Ann',
          lastName: 'Lee',
          title: 'Manager',
          phoneNumber: '5125550101',
          phoneType: 'Mobile',
          email: `ann.${u.userId}@example.com`,
          referenceNumber: 0,
        },
        {
          historyId: hid,
          firstName: 'Bo',
          lastName: 'Ray',
          title: 'Director',
          phoneNumber: '5125550102',
          phoneType: 'Office',
          email: null,
          referenceNumber: 1,
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    const oldGuid = await referenceGuidFromMail(t, `ann.${u.userId}@example.com`);
    expect((await autofill(oldGuid)).statusCode).toBe(200);
    const payload = (email: string) => [
      {
        historyId: hid,
        firstName: 'Ann',
        lastName: 'Lee',
        title: 'Manager',
        phoneNumber: '5125550101',
        phoneType: 'Mobile',
        email,
        referenceNumber: 0,
      },
      {
        historyId: hid,
        firstName: 'Bo',
        lastName: 'Ray',
        title: 'Director',
        phoneNumber: '5125550102',
        phoneType: 'Office',
        email: null,
        referenceNumber: 1,
      },
    ];
    await t.app.inject({
      method: 'POST',
      url: '/core/api/HcpJobApplication/HcpReferences',
      headers: auth(u.token),
      payload: payload(`ann.${u.userId}@example.com`),
    });
    expect(
      await t.ctx.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, `ann.${u.userId}@example.com`)),
    ).toHaveLength(1);
    await t.app.inject({
      method: 'POST',
      url: '/core/api/HcpJobApplication/HcpReferences',
      headers: auth(u.token),
      payload: payload(`ann.new.${u.userId}@example.com`),
    });
    const newGuid = await referenceGuidFromMail(t, `ann.new.${u.userId}@example.com`);
    expect((await autofill(oldGuid)).statusCode).toBe(410);
    expect((await autofill(newGuid)).statusCode).toBe(200);
    const all = await t.ctx.db.select().from(referenceRequests);
    expect(all.every((x) => x.guidHash.length === 64)).toBe(true);
  });

  it('rate limits the public endpoints per IP', async () => {
    const ip = '203.0.113.77';
    let limited = 0;
    for (let i = 0; i < 305; i++) {
      const res = await autofill('Q'.repeat(32), ip);
      if (res.statusCode === 429) limited += 1;
    }
    expect(limited).toBeGreaterThan(0);
    const other = await autofill('Q'.repeat(32), '203.0.113.78');
    expect(other.statusCode).toBe(404);
  });
});

describe('agency read of answers', () => {
  it('lists answers with their clinician after a cursor', async () => {
    const { referenceAnswersAfter } = await import('./repository.ts');
    const r = await newRequest();
    expect((await save(completeSubmission(r.guid))).statusCode).toBe(200);
    const rows = await referenceAnswersAfter(t.ctx.db, 0, 100);
    const mine = rows.find((x) => x.answer.referenceId === r.referenceId)!;
    expect(mine).toMatchObject({ clinicianId: r.u.userId, referenceEmail: r.email });
    expect(await referenceAnswersAfter(t.ctx.db, rows[rows.length - 1]!.answer.id, 100)).toEqual([]);
  });
});
