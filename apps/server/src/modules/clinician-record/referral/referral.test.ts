import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auth, buildTestApp, signUp, type TestApp } from '../../../../test/build.ts';
import { eventOutbox, referrals } from '../../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const save = (token: string | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/core/api/HcpReferral/saveReferral',
    headers: token ? auth(token) : {},
    payload: payload as object,
  });

const valid = { FirstName: '  Jane ', LastName: ' Doe  ', PhoneNumber: '5125550199', DisciplineId: 13, SpecialtyId: 0 };

describe('refer a friend', () => {
  it('stores a trimmed referral and records referral.made', async () => {
    const u = await signUp(t);
    const res = await save(u.token, valid);
    expect(res.statusCode).toBe(200);
    expect(res.json().ok).toBe(true);
    const rows = await t.ctx.db.select().from(referrals).where(eq(referrals.referrerUserId, u.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      firstName: 'Jane',
      lastName: 'Doe',
      phone: '5125550199',
      professionId: 13,
      specialtyId: null,
    });
    const events = await t.ctx.db.select().from(eventOutbox).where(eq(eventOutbox.userId, u.userId));
    const made = events.find((e) => e.type === 'referral.made');
    expect(made?.payload).toMatchObject({ referralId: rows[0]!.id, firstName: 'Jane' });
  });

  it('accepts a specialty of the profession and refuses one that is not', async () => {
    const u = await signUp(t);
    const [prof] = (await t.app.inject({ method: 'GET', url: '/core/api/Disciplines' })).json() as {
      id: number;
      specialtyIds: number[];
    }[];
    const ok = await save(u.token, { ...valid, DisciplineId: prof!.id, SpecialtyId: prof!.specialtyIds[0] });
    expect(ok.statusCode).toBe(200);
    const all = (await t.app.inject({ method: 'GET', url: '/core/api/Specialty/getSpecialties' })).json() as {
      id: number;
    }[];
    const foreign = all.find((s) => !prof!.specialtyIds.includes(s.id));
    if (foreign)
      expect((await save(u.token, { ...valid, DisciplineId: prof!.id, SpecialtyId: foreign.id })).statusCode).toBe(422);
    expect((await save(u.token, { ...valid, SpecialtyId: 999_999 })).statusCode).toBe(422);
    expect((await save(u.token, { ...valid, DisciplineId: 999_999 })).statusCode).toBe(422);
  });

  it('refuses invalid and hostile input, changing nothing', async () => {
    const u = await signUp(t);
    const bad = [
      { ...valid, FirstName: '   ' },
      { ...valid, LastName: '' },
      { ...valid, PhoneNumber: '512555019' },
      { ...valid, PhoneNumber: '51255501999' },
      { ...valid, PhoneNumber: '512-555-01' },
      { ...valid, PhoneNumber: '0000000000' },
      { ...valid, PhoneNumber: '1234567890' },
      { ...valid, DisciplineId: 0 },
      { ...valid, DisciplineId: 'abc' },
      { ...valid, DisciplineId: 1e12 },
      { ...valid, SpecialtyId: -1 },
      { ...valid, FirstName: 'x'.repeat(61) },
      { ...valid, FirstName: 42 },
      {},
    ];
    for (const b of bad) expect((await save(u.token, b)).statusCode, JSON.stringify(b)).toBe(400);
    expect((await save(u.token, { ...valid, FirstName: "Robert'); DROP TABLE referrals;--" })).statusCode).toBe(200);
    const rows = await t.ctx.db.select().from(referrals).where(eq(referrals.referrerUserId, u.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.firstName).toBe("Robert'); DROP TABLE referrals;--");
  });

  it('needs a signed-in clinician', async () => {
    expect((await save(null, valid)).statusCode).toBe(401);
    expect((await save('not-a-token', valid)).statusCode).toBe(401);
  });
});
