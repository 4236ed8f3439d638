import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auth, buildTestApp, signUp, type TestApp } from '../../../../test/build.ts';
import {
  addEmployment,
  addReference,
  completeSubmission,
  markSubmitted,
  referenceGuidFromMail,
  referencePayload,
} from '../../../../test/profile-factories.ts';
import { hcpReferences, mailOutbox, referenceAnswers, referenceRequests } from '../../../db/schema/index.ts';
import { LIMITS } from '../../platform/rate-limit/service.ts';
import { OWN_ADDRESS_MESSAGE } from './service.ts';

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
  await markSubmitted(t, u.userId);
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
    await markSubmitted(t, u.userId);
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

describe('reference requests cannot be abused', () => {
  // Its own app at the shipped limits (scale 1) and a clock the test moves by whole days.
  let l: TestApp;
  let clock = new Date('2026-11-24T12:00:00Z');
  beforeAll(async () => {
    l = await buildTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await l.close();
  });

  const mailsTo = async (app: TestApp, address: string) =>
    app.ctx.db
      .select()
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.toAddress}) = ${address.toLowerCase()}`);
  const referenceRows = (app: TestApp, userId: number) =>
    app.ctx.db.select().from(hcpReferences).where(eq(hcpReferences.userId, userId));
  const applicationStep = (app: TestApp, token: string, hid: number, first: string | null, second: string | null) =>
    app.app.inject({
      method: 'POST',
      url: '/core/api/HcpJobApplication/HcpReferences',
      headers: auth(token),
      payload: [
        { ...referencePayload(hid, { email: first }), phoneType: 'Mobile', referenceNumber: 0 },
        { ...referencePayload(hid, { firstName: 'Theo', email: second }), referenceNumber: 1 },
      ],
    });

  it("refuses the clinician's own mailbox as referee, in any letter case, with dots or a +tag, and mails nobody", async () => {
    const gmailUser = await signUp(l, { EmailAddress: `pat.quinn.${Date.now()}@gmail.com` });
    const plainUser = await signUp(l);
    const [local, domain] = plainUser.email.split('@') as [string, string];
    const cases: [typeof gmailUser, string][] = [
      [plainUser, plainUser.email.toUpperCase()],
      [plainUser, ` ${local}+refs@${domain.toUpperCase()} `.trim()],
      [gmailUser, gmailUser.email.replace('pat.quinn', 'PatQuinn').replace('gmail.com', 'googlemail.com')],
    ];
    for (const [u, address] of cases) {
      const hid = await addEmployment(l, u.token);
      const profile = await l.app.inject({
        method: 'POST',
        url: '/core/api/HcpReferences/saveReference',
        headers: auth(u.token),
        payload: referencePayload(hid, { email: address }),
      });
      expect(profile.statusCode, address).toBe(422);
      expect(profile.json()).toMatchObject({
        code: 'reference_is_own_address',
        message: OWN_ADDRESS_MESSAGE,
        errors: [{ field: 'email', message: OWN_ADDRESS_MESSAGE }],
      });
      const step = await applicationStep(l, u.token, hid, `someone.else.${u.userId}@example.com`, address);
      expect(step.statusCode, address).toBe(422);
      expect(step.json().code).toBe('reference_is_own_address');
      expect(await referenceRows(l, u.userId)).toEqual([]);
      expect(await mailsTo(l, address)).toEqual([]);
      expect(await mailsTo(l, u.email)).toEqual([]);
      // The refused step wrote nothing, so the other referee got no mail either.
      expect(await mailsTo(l, `someone.else.${u.userId}@example.com`)).toEqual([]);
    }
  });

  it('caps the mails a clinician can send a day (429 past the cap, nothing saved or mailed), and again the next day', async () => {
    const u = await signUp(l);
    await markSubmitted(l, u.userId);
    const hid = await addEmployment(l, u.token);
    const cap = LIMITS.referenceMailsPerClinician.max;
    const addresses = (i: number) => [`first.${i}.${u.userId}@example.com`, `second.${i}.${u.userId}@example.com`];
    // Each save names two new referees: two mails per save.
    for (let i = 0; i < cap / 2; i++) {
      const [a, b] = addresses(i) as [string, string];
      expect((await applicationStep(l, u.token, hid, a, b)).statusCode).toBe(200);
    }
    const [c, d] = addresses(99) as [string, string];
    const over = await applicationStep(l, u.token, hid, c, d);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailsTo(l, c)).toEqual([]);
    expect(await mailsTo(l, d)).toEqual([]);
    const kept = await referenceRows(l, u.userId);
    expect(kept.map((r) => r.email).sort()).toEqual(addresses(cap / 2 - 1).sort());
    // The profile's own add (of someone not named yet) counts toward the same cap.
    const profile = await l.app.inject({
      method: 'POST',
      url: '/core/api/HcpReferences/saveReference',
      headers: auth(u.token),
      payload: referencePayload(hid, { firstName: 'Priya', email: `profile.${u.userId}@example.com` }),
    });
    expect(profile.statusCode).toBe(429);
    // Saving without a change sends nothing and is not refused.
    const [a, b] = addresses(cap / 2 - 1) as [string, string];
    expect((await applicationStep(l, u.token, hid, a, b)).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 24 * 3600 * 1000);
    expect((await applicationStep(l, u.token, hid, c, d)).statusCode).toBe(200);
    expect(await mailsTo(l, c)).toHaveLength(1);
  });

  it('caps the mails one referee mailbox receives a day, whoever names it and however it is written', async () => {
    const cap = LIMITS.referenceMailsPerAddress.max;
    const stamp = Date.now();
    const spellings = (i: number) =>
      i % 2 ? `Busy.Manager.${stamp}+n${i}@Example.com` : `busy.manager.${stamp}@example.com`;
    for (let i = 0; i < cap; i++) {
      const u = await signUp(l);
      await markSubmitted(l, u.userId);
      const hid = await addEmployment(l, u.token);
      expect((await applicationStep(l, u.token, hid, spellings(i), null)).statusCode).toBe(200);
    }
    const late = await signUp(l);
    await markSubmitted(l, late.userId);
    const hid = await addEmployment(l, late.token);
    expect((await applicationStep(l, late.token, hid, spellings(cap), null)).statusCode).toBe(429);
    expect(await referenceRows(l, late.userId)).toEqual([]);
    const sent = await l.ctx.db
      .select()
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.toAddress}) like ${`%manager.${stamp}%`}`);
    expect(sent).toHaveLength(cap);
  });

  it("puts the clinician's text in the mail escaped, on one line and cut to length", async () => {
    const u = await signUp(l, { FirstName: 'Ava<b>', LastName: 'Stone' });
    await markSubmitted(l, u.userId);
    const facility = `<a href="https://evil.example/login">Verify here</a>\nURGENT: ${'call 555-0100 now '.repeat(6)}`;
    const hid = await addEmployment(l, u.token, { facilityName: facility });
    const referee = `careful.reader.${u.userId}@example.com`;
    await addReference(l, u.token, hid, { email: referee, firstName: 'Dana\u001b[2J\u001b]0;pwned\u0007' });
    const [mail] = await mailsTo(l, referee);
    expect(mail!.htmlBody).not.toContain('<a href="https://evil.example');
    expect(mail!.htmlBody).toContain('&lt;a href=&quot;https://evil.example/login&quot;&gt;');
    expect(mail!.htmlBody).toContain('Ava&lt;b&gt; Stone');
    expect(mail!.textBody).not.toContain('\u001b');
    expect(mail!.textBody).toContain('Hello Dana,');
    expect(mail!.subject).not.toMatch(/[\r\n]/);
    // The facility line holds at most 80 characters of the clinician's text, ending with an ellipsis.
    const line = mail!.textBody.split('\n').find((x) => x.includes('listed you as a reference from'))!;
    const quoted = line.slice(line.indexOf('reference from ') + 'reference from '.length, -1);
    expect([...quoted].length).toBeLessThanOrEqual(80);
    expect(quoted.endsWith('…')).toBe(true);
    expect(mail!.textBody).not.toContain(
      'call 555-0100 now call 555-0100 now call 555-0100 now call 555-0100 now call',
    );
  });
});
