import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, auth, type TestApp } from '../../../../test/build.ts';
import * as f from '../../../../test/pipeline-factories.ts';
import { shifts, timesheets } from '../../../db/schema/index.ts';
import { createPayPeriods } from '../pipeline/placements.ts';

let t: TestApp;
/** The app's clock: the real time unless a test pins it. */
let pinned: Date | null = null;
beforeAll(async () => {
  t = await buildTestApp({ jobs: 120, env: { FEATURE_TIMESHEETS: 'true' }, now: () => pinned ?? new Date() });
});
afterAll(async () => t.close());

const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/core/api/${url}`, headers: auth(token) });
const post = (url: string, token: string, payload: unknown = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/core/api/${url}`,
    headers: auth(token),
    payload: payload as Record<string, unknown>,
  });

describe('timesheets', () => {
  it('lists working contracts with their pay periods', async () => {
    const u = await signUp(t);
    const w = await f.workingAssignment(t, u.userId);
    const list = (await get('Timesheets/getList', u.token)).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ contractNum: w.contractNum, startDate: '2026-01-04', endDate: '2026-04-04' });
    expect(
      list[0].timesheets.map((p: { isLocked: boolean; submittedDate: string | null }) => [
        p.isLocked,
        !!p.submittedDate,
      ]),
    ).toEqual([
      [true, true],
      [false, true],
      [false, false],
    ]);
    const types = (await get(`Timesheets/getShiftTypesForTimesheetId/${w.open.id}`, u.token)).json();
    expect(types).toHaveLength(10);
    expect(types[7]).toEqual({ shiftTypeId: 8, name: 'Sick', includeShiftTimes: false, includeLunch: false });
    const list2 = (await get(`Timesheets/getShiftList/${w.open.id}`, u.token)).json();
    expect(list2[0]).toMatchObject({
      shiftId: w.openShift,
      shiftDate: '2026-01-18T00:00:00',
      startTime: '2026-01-18T07:00:00',
      endTime: '2026-01-18T19:30:00',
      lunch: 30,
    });
  });

  it('creates, updates and deletes a shift in an open period', async () => {
    const u = await signUp(t);
    const w = await f.workingAssignment(t, u.userId);
    const created = await post('Timesheets/createShift', u.token, f.shiftBody(w.open.id, '2026-01-20'));
    expect(created.statusCode).toBe(200);
    const { shiftId } = created.json();
    // A night shift ending the next morning.
    const upd = await post(
      'Timesheets/createShift',
      u.token,
      f.shiftBody(w.open.id, '2026-01-20', {
        shiftId,
        startTime: '2026-01-20T19:00',
        endTime: '2026-01-21T07:30',
        lunch: 45,
      }),
    );
    expect(upd.json()).toEqual({ shiftId });
    // PTO has no times: answered with the 1 Jan 1900 default.
    const pto = await post('Timesheets/createShift', u.token, {
      shiftDate: '2026-01-22',
      shiftTypeId: 9,
      timesheetId: w.open.id,
      startTime: null,
      endTime: null,
      lunch: null,
    });
    expect(pto.statusCode).toBe(200);
    const sick = await post('Timesheets/createShift', u.token, {
      shiftDate: '2026-01-23T00:00:00',
      shiftTypeId: 8,
      timesheetId: w.open.id,
      startTime: '1900-01-01T00:00:00',
      endTime: '1900-01-01T00:00:00',
      lunch: null,
    });
    expect(sick.statusCode).toBe(200);
    const list = (await get(`Timesheets/getShiftList/${w.open.id}`, u.token)).json();
    expect(list.find((s: { shiftId: number }) => s.shiftId === shiftId)).toMatchObject({
      startTime: '2026-01-20T19:00:00',
      endTime: '2026-01-21T07:30:00',
      lunch: 45,
    });
    expect(list.find((s: { shiftId: number }) => s.shiftId === pto.json().shiftId)).toMatchObject({
      startTime: '1900-01-01T00:00:00',
      endTime: '1900-01-01T00:00:00',
      lunch: null,
    });
    expect((await post(`Timesheets/deleteShift/${shiftId}`, u.token)).json()).toEqual({ ok: true });
    expect((await post(`Timesheets/deleteShift/${shiftId}`, u.token)).statusCode).toBe(404);
  });

  it('applies the shift rules', async () => {
    const u = await signUp(t);
    const w = await f.workingAssignment(t, u.userId);
    const cases: [Record<string, unknown>, number, string][] = [
      [f.shiftBody(w.open.id, '2026-01-25'), 422, 'shift_outside_period'],
      [f.shiftBody(w.open.id, '2026-01-17'), 422, 'shift_outside_period'],
      [f.shiftBody(w.open.id, '2026-01-20', { startTime: null }), 422, 'start_time_required'],
      [f.shiftBody(w.open.id, '2026-01-20', { endTime: '1900-01-01T00:00:00' }), 422, 'end_time_required'],
      [f.shiftBody(w.open.id, '2026-01-20', { lunch: null }), 422, 'lunch_required'],
      [f.shiftBody(w.open.id, '2026-01-20', { endTime: '2026-01-20T06:00:00' }), 422, 'end_before_start'],
      [f.shiftBody(w.open.id, '2026-01-20', { endTime: '2026-01-22T08:00:00' }), 422, 'shift_too_long'],
      [f.shiftBody(w.open.id, '2026-01-20', { shiftTypeId: 999 }), 422, 'invalid_shift_type'],
      [
        f.shiftBody(w.open.id, '2026-01-18', { startTime: '2026-01-18T12:00:00', endTime: '2026-01-18T20:00:00' }),
        422,
        'shift_overlap',
      ],
      [f.shiftBody(w.open.id, '2026-02-30'), 400, 'validation_failed'],
      [f.shiftBody(w.open.id, '2026-01-20', { lunch: 'abc' }), 400, ''],
      [f.shiftBody(w.open.id, '2026-01-20', { lunch: 100000 }), 400, ''],
      [f.shiftBody(w.open.id, '2026-01-20', { startTime: "07:00'; drop table shifts;--" }), 400, ''],
      [f.shiftBody(w.open.id, '2026-01-20', { unit: 'x'.repeat(5000) }), 400, ''],
    ];
    for (const [body, status, code] of cases) {
      const res = await post('Timesheets/createShift', u.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (code) expect(res.json().code).toBe(code);
    }
    const rows = await t.ctx.db.select().from(shifts).where(eq(shifts.timesheetId, w.open.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses changes to locked and submitted periods on the server', async () => {
    const u = await signUp(t);
    const w = await f.workingAssignment(t, u.userId);
    const a = await post('Timesheets/createShift', u.token, f.shiftBody(w.locked.id, '2026-01-05'));
    expect(a.statusCode).toBe(409);
    expect(a.json().code).toBe('pay_period_locked');
    expect((await post('Timesheets/createShift', u.token, f.shiftBody(w.submitted.id, '2026-01-12'))).statusCode).toBe(
      409,
    );
    expect(
      (
        await post(
          'Timesheets/createShift',
          u.token,
          f.shiftBody(w.locked.id, '2026-01-05', { shiftId: w.lockedShift }),
        )
      ).statusCode,
    ).toBe(409);
    expect((await post(`Timesheets/deleteShift/${w.lockedShift}`, u.token)).statusCode).toBe(409);
    expect(await t.ctx.db.select().from(shifts).where(eq(shifts.id, w.lockedShift))).toHaveLength(1);
    // A shift of another period cannot be moved into this one.
    expect(
      (await post('Timesheets/createShift', u.token, f.shiftBody(w.open.id, '2026-01-19', { shiftId: w.lockedShift })))
        .statusCode,
    ).toBe(404);
  });

  it('submits an open pay period once, then refuses changes', async () => {
    const u = await signUp(t);
    const w = await f.workingAssignment(t, u.userId);
    const res = await post(`Timesheets/submitTimesheet/${w.open.id}`, u.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().submittedDate).toMatch(/^\d{4}-/);
    expect((await post(`Timesheets/submitTimesheet/${w.open.id}`, u.token)).statusCode).toBe(409);
    expect((await post(`Timesheets/submitTimesheet/${w.locked.id}`, u.token)).statusCode).toBe(409);
    expect((await post(`Timesheets/deleteShift/${w.openShift}`, u.token)).statusCode).toBe(409);
  });

  it('answers 404 for another clinician ids and leaves their data unchanged', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const w = await f.workingAssignment(t, a.userId);
    expect((await get('Timesheets/getList', b.token)).json()).toEqual([]);
    expect((await get(`Timesheets/getShiftList/${w.open.id}`, b.token)).statusCode).toBe(404);
    expect((await get(`Timesheets/getShiftTypesForTimesheetId/${w.open.id}`, b.token)).statusCode).toBe(404);
    expect((await post('Timesheets/createShift', b.token, f.shiftBody(w.open.id, '2026-01-20'))).statusCode).toBe(404);
    expect((await post(`Timesheets/deleteShift/${w.openShift}`, b.token)).statusCode).toBe(404);
    expect((await post(`Timesheets/submitTimesheet/${w.open.id}`, b.token)).statusCode).toBe(404);
    expect((await get('Timesheets/getShiftList/abc', b.token)).statusCode).toBe(400);
    expect((await post('Timesheets/deleteShift/-5', b.token)).statusCode).toBe(400);
    const [p] = await t.ctx.db.select().from(timesheets).where(eq(timesheets.id, w.open.id));
    expect(p!.submittedAt).toBeNull();
    expect(await t.ctx.db.select().from(shifts).where(eq(shifts.id, w.openShift))).toHaveLength(1);
  });

  it('refuses a shift in the future: a later day, or one that has not ended yet on the latest US wall clock', async () => {
    const u = await signUp(t);
    const w = await f.workingAssignment(t, u.userId);
    // 21 Jan 2026, 10:00 in New York (15:00 UTC): the open period runs 18 to 24 Jan.
    pinned = new Date('2026-01-21T15:00:00Z');
    try {
      const cases: [Record<string, unknown>, string][] = [
        [f.shiftBody(w.open.id, '2026-01-22'), 'shiftDate'],
        [
          f.shiftBody(w.open.id, '2026-01-24', { shiftTypeId: 9, startTime: null, endTime: null, lunch: null }),
          'shiftDate',
        ],
        // Started this morning, ends tonight.
        [
          f.shiftBody(w.open.id, '2026-01-21', { startTime: '2026-01-21T07:00:00', endTime: '2026-01-21T19:00:00' }),
          'endTime',
        ],
        // A night shift from yesterday evening that ends after now.
        [
          f.shiftBody(w.open.id, '2026-01-20', { startTime: '2026-01-20T23:00:00', endTime: '2026-01-21T11:00:00' }),
          'endTime',
        ],
      ];
      for (const [body, field] of cases) {
        const res = await post('Timesheets/createShift', u.token, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.json()).toMatchObject({ code: 'shift_in_future', errors: [{ field }] });
      }
      expect(await t.ctx.db.select().from(shifts).where(eq(shifts.timesheetId, w.open.id))).toHaveLength(1);
      // What has been worked is accepted: a shift that ended this morning, and today's sick day.
      const nightDone = f.shiftBody(w.open.id, '2026-01-20', {
        startTime: '2026-01-20T21:00:00',
        endTime: '2026-01-21T09:30:00',
      });
      expect((await post('Timesheets/createShift', u.token, nightDone)).statusCode).toBe(200);
      const sickToday = {
        shiftDate: '2026-01-21T00:00:00',
        shiftTypeId: 8,
        timesheetId: w.open.id,
        startTime: null,
        endTime: null,
        lunch: null,
      };
      expect((await post('Timesheets/createShift', u.token, sickToday)).statusCode).toBe(200);
    } finally {
      pinned = null;
    }
  });

  it('refuses a shift that overlaps one of the same clinician in another pay period or contract, also when both are saved at once', async () => {
    const u = await signUp(t);
    const w = await f.workingAssignment(t, u.userId);
    const [next] = await createPayPeriods(t.ctx.db, w.contractId, '2026-01-25', 1);
    // Saturday's night shift in the open period runs into Sunday, the first day of the next period.
    const night = f.shiftBody(w.open.id, '2026-01-24', {
      startTime: '2026-01-24T19:00:00',
      endTime: '2026-01-25T07:30:00',
    });
    expect((await post('Timesheets/createShift', u.token, night)).statusCode).toBe(200);
    const sundayEarly = f.shiftBody(next!.id, '2026-01-25', {
      startTime: '2026-01-25T06:00:00',
      endTime: '2026-01-25T14:00:00',
    });
    const res = await post('Timesheets/createShift', u.token, sundayEarly);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('shift_overlap');
    // After the night shift ended it is fine.
    const sundayLater = f.shiftBody(next!.id, '2026-01-25', {
      startTime: '2026-01-25T07:30:00',
      endTime: '2026-01-25T15:00:00',
    });
    expect((await post('Timesheets/createShift', u.token, sundayLater)).statusCode).toBe(200);

    // A second contract of the same clinician in the same weeks: its periods count too.
    const other = await f.contractAt(t, u.userId, 'working', true, { startDate: '2026-01-04', endDate: '2026-04-04' });
    const [otherPeriod] = await createPayPeriods(t.ctx.db, other.contractId, '2026-01-25', 1);
    const clash = f.shiftBody(otherPeriod!.id, '2026-01-25', {
      startTime: '2026-01-25T12:00:00',
      endTime: '2026-01-25T20:00:00',
    });
    expect((await post('Timesheets/createShift', u.token, clash)).json().code).toBe('shift_overlap');

    // Overlapping shifts in two periods saved at the same time: exactly one is kept.
    const saves = Array.from({ length: 8 }, (_, k) =>
      f.shiftBody(k % 2 ? otherPeriod!.id : next!.id, '2026-01-26', {
        startTime: `2026-01-26T0${k}:00:00`,
        endTime: '2026-01-26T16:00:00',
      }),
    );
    const results = await Promise.all(saves.map((b) => post('Timesheets/createShift', u.token, b)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).every((r) => r.json().code === 'shift_overlap')).toBe(true);
    const monday = await t.ctx.db.select().from(shifts).where(eq(shifts.shiftDate, '2026-01-26'));
    expect(monday.filter((s) => [next!.id, otherPeriod!.id].includes(s.timesheetId))).toHaveLength(1);
  });
});

describe('timesheets while the flag is off', () => {
  it('the whole timesheets API answers 404, with or without a login, and changes nothing', async () => {
    const off = await buildTestApp({ jobs: 40 });
    try {
      expect(off.env.featureFlags.Timesheets_IsEnabled).toBe(false);
      const u = await signUp(off);
      const w = await f.workingAssignment(off, u.userId);
      const calls: [string, string, unknown?][] = [
        ['GET', 'Timesheets/getList'],
        ['GET', `Timesheets/getShiftList/${w.open.id}`],
        ['GET', `Timesheets/getShiftTypesForTimesheetId/${w.open.id}`],
        ['POST', 'Timesheets/createShift', f.shiftBody(w.open.id, '2026-01-20')],
        ['POST', `Timesheets/deleteShift/${w.openShift}`, {}],
        ['POST', `Timesheets/submitTimesheet/${w.open.id}`, {}],
      ];
      for (const [method, url, payload] of calls)
        for (const headers of [auth(u.token), {}]) {
          const res = await off.app.inject({
            method: method as 'GET' | 'POST',
            url: `/core/api/${url}`,
            headers,
            payload: payload as object,
          });
          expect(res.statusCode, `${method} ${url}`).toBe(404);
          expect(res.json()).toMatchObject({ code: 'not_found', message: 'No such API endpoint' });
        }
      expect(await off.ctx.db.select().from(shifts).where(eq(shifts.timesheetId, w.open.id))).toHaveLength(1);
      const [p] = await off.ctx.db.select().from(timesheets).where(eq(timesheets.id, w.open.id));
      expect(p!.submittedAt).toBeNull();
    } finally {
      await off.close();
    }
  });
});
