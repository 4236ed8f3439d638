import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auth, buildTestApp, signUp, signUpComplete, type TestApp } from '../../../test/build.ts';
import { anyJob, closeJob, isoDaysFromNow, setJobStart } from '../../../test/jobs-factories.ts';
import { facilities, favoriteJobs, jobs, submissions } from '../../db/schema/index.ts';
import { distanceMiles, normalizeSearchQuery, type JobResults } from '@hcp/contracts';
import { referenceService } from '../reference-data/index.ts';
import { ProfessionIndex } from './search-index.ts';
import { JobsService, jobsService } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ jobs: 800 });
}, 60_000);
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/core/api/${url}`, headers });
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/core/api/${url}`, payload: payload as object, headers });

describe('GET jobsearch/SearchOptions', () => {
  it('answers disciplines, specialties, states and cities with string ids', async () => {
    const res = await get('jobsearch/SearchOptions');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.disciplines.find((d: { id: number }) => d.id === 13).name).toBe('Registered Nurse');
    expect(body.states.length).toBeGreaterThan(49);
    expect(typeof body.cities[0].id).toBe('string');
    expect(body.specialties.length).toBeGreaterThan(10);
  });
});

describe('GET jobsearch/jobs', () => {
  it('defaults to discipline 13 and counts unique jobs and openings', async () => {
    const res = await get('jobsearch/jobs');
    expect(res.statusCode).toBe(200);
    const body = res.json() as JobResults;
    const rows = await t.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.professionId, 13), eq(jobs.isAvailable, true)));
    expect(body.jobCount).toBe(rows.length);
    expect(body.positionCount).toBe(rows.reduce((s, r) => s + r.availablePositions, 0));
    expect(body.jobList.length).toBe(Math.min(50, rows.length));
    expect(
      body.jobList.every((j) => j.profession === 'Registered Nurse' && j.matchTypes?.displayText === 'Exact Match!'),
    ).toBe(true);
  });

  it('filters by specialty and sorts by preference (grade, missing 99, then pay)', async () => {
    const [row] = await t.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.professionId, 13), eq(jobs.isAvailable, true)))
      .limit(1);
    const res = await get(`jobsearch/jobs?specialtyIds=${row!.specialtyId}&pageSize=100`);
    const body = res.json() as JobResults;
    expect(body.jobCount).toBeGreaterThan(0);
    const grades = body.jobList.map((j) => j.grade ?? 99);
    expect([...grades].sort((a, b) => a - b)).toEqual(grades);
  });

  it('pay and shift sorts', async () => {
    const pay = (await get('jobsearch/jobs?sortBy=pay')).json() as JobResults;
    const p = pay.jobList.map((j) => j.grossWeeklyPay);
    expect([...p].sort((a, b) => b - a)).toEqual(p);
    const asc = (await get('jobsearch/jobs?sortBy=shiftsAsc')).json() as JobResults;
    const s = asc.jobList.map((j) => Number(j.shift.split('x')[0]));
    expect([...s].sort((a, b) => a - b)).toEqual(s);
  });

  it('number of shifts: the same number is exact, another close, and no offered number empties the results', async () => {
    const body = (await get('jobsearch/jobs?numberOfShifts=4&pageSize=100')).json() as JobResults;
    for (const j of body.jobList.filter((x) => !x.shift.includes(','))) {
      const n = Number(j.shift.split('x')[0]);
      expect(j.matchTypes!.shiftsPerWeek).toBe(n === 4 ? 'ExactMatch' : 'CloseMatch');
    }
    // Exact matches come first in the default order.
    const firstClose = body.jobList.findIndex((j) => j.matchTypes!.displayText === 'Close Match');
    if (firstClose >= 0)
      expect(body.jobList.slice(firstClose).every((j) => j.matchTypes!.displayText === 'Close Match')).toBe(true);
    const all = ((await get('jobsearch/jobs?disciplineId=26')).json() as JobResults).jobCount;
    for (const n of [3, 4, 5])
      expect(((await get(`jobsearch/jobs?disciplineId=26&numberOfShifts=${n}`)).json() as JobResults).jobCount).toBe(
        all,
      );
  });

  it('a state is an exact location; a city with radius reports the nearest city', async () => {
    const job = await anyJob(t);
    const byState = (
      await get(`jobsearch/jobs?disciplineId=${job.professionId}&stateIds=${job.stateId}&pageSize=100`)
    ).json() as JobResults;
    expect(byState.jobCount).toBeGreaterThan(0);
    expect(byState.jobList.every((j) => j.matchTypes!.location === 'ExactMatch')).toBe(true);
    const opts = (await get('jobsearch/SearchOptions')).json() as {
      cities: { id: string; name: string; stateAbbreviation: string }[];
    };
    const dallas = opts.cities.find((c) => c.name === 'Dallas' && c.stateAbbreviation === 'TX')!;
    const res = (
      await get(`jobsearch/jobs?cityIds=${dallas.id}_200&cityIds=garbage&cityIds=5&pageSize=100`)
    ).json() as JobResults;
    for (const j of res.jobList) {
      expect(j.matchTypes!.nearestLocation).toBe('Dallas, TX');
      expect(j.matchTypes!.milesFromNearestLocation!).toBeLessThanOrEqual(300);
      expect(j.matchTypes!.location).toBe(j.matchTypes!.milesFromNearestLocation! <= 200 ? 'ExactMatch' : 'CloseMatch');
    }
    expect(distanceMiles(0, 0, 0, 0)).toBe(0);
  });

  it('unknown ids and an unknown city answer no results, not errors', async () => {
    expect((await get('jobsearch/jobs?cityIds=99999999_100')).json().jobCount).toBe(0);
    expect((await get('jobsearch/jobs?disciplineId=999999')).json().jobCount).toBe(0);
    expect((await get('jobsearch/jobs?specialtyIds=999999')).json().jobCount).toBe(0);
  });

  it('hostile input is a 4xx or ignored, never a 500', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => `specialtyIds=${i + 1}`).join('&');
    expect((await get(`jobsearch/jobs?${many}`)).statusCode).toBe(200);
    const cities = Array.from({ length: 1000 }, (_, i) => `cityIds=${i + 1}_25`).join('&');
    expect((await get(`jobsearch/jobs?${cities}`)).statusCode).toBe(200);
    expect((await get('jobsearch/jobs?disciplineId=abc')).statusCode).toBe(400);
    expect((await get('jobsearch/jobs?numberOfShifts=1e9')).statusCode).toBe(400);
    // Malformed list items are ignored, like an absent filter.
    const all = (await get('jobsearch/jobs')).json().jobCount;
    expect((await get(`jobsearch/jobs?specialtyIds=${encodeURIComponent("1' or 1=1 --")}`)).json().jobCount).toBe(all);
    expect((await get('jobsearch/jobs?sortBy=drop')).statusCode).toBe(400);
    expect((await get('jobsearch/jobs?page=99999')).statusCode).toBe(200);
  });

  it('several specialties: every job of each, in pay order and by job id among equal pay', async () => {
    const opts = (await get('jobsearch/SearchOptions')).json() as {
      disciplines: { id: number; specialtyIds: number[] }[];
    };
    const ids = async (q: string) =>
      (await get(`jobsearch/jobs?disciplineId=13&${q}&sortBy=pay&pageSize=100`)).json() as JobResults;
    // Two specialties with a few jobs each (together within one page).
    const counted = [];
    for (const id of opts.disciplines.find((d) => d.id === 13)!.specialtyIds.slice(0, 30))
      counted.push({ id, n: (await ids(`specialtyIds=${id}`)).jobCount });
    const small = counted.filter((x) => x.n > 1 && x.n <= 50);
    const [a, b] = [small[0]!.id, small[1]!.id];
    const one = await ids(`specialtyIds=${a}`);
    const two = await ids(`specialtyIds=${b}`);
    const both = await ids(`specialtyIds=${b}&specialtyIds=${a}&specialtyIds=${b}`);
    expect(both.jobCount).toBe(one.jobCount + two.jobCount);
    expect(both.jobCount).toBeLessThanOrEqual(100);
    expect(new Set(both.jobList.map((j) => j.jobId))).toEqual(
      new Set([...one.jobList, ...two.jobList].map((j) => j.jobId)),
    );
    for (let i = 1; i < both.jobList.length; i++) {
      const [p, q] = [both.jobList[i - 1]!, both.jobList[i]!];
      expect(p.grossWeeklyPay > q.grossWeeklyPay || (p.grossWeeklyPay === q.grossWeeklyPay && p.jobId < q.jobId)).toBe(
        true,
      );
    }
  });

  it('the response cache is dropped when jobs change', async () => {
    const job = await anyJob(t);
    const url = `jobsearch/jobs?disciplineId=${job.professionId}&specialtyIds=${job.specialtyId}&pageSize=100`;
    // Asked twice: an answer is kept from its second ask.
    await get(url);
    const before = (await get(url)).json() as JobResults;
    expect(before.jobList.some((j) => j.jobId === job.id)).toBe(true);
    await closeJob(t, job.id);
    const after = (await get(url)).json() as JobResults;
    expect(after.jobList.some((j) => j.jobId === job.id)).toBe(false);
    expect(after.jobCount).toBe(before.jobCount - 1);
  });

  it('a search asked once is answered and not kept; from its second ask on it is kept', async () => {
    const job = await anyJob(t, true, 13);
    // A page size of its own keeps this URL apart from the other tests' answers.
    const url = `jobsearch/jobs?disciplineId=13&stateIds=${job.stateId}&sortBy=pay&pageSize=93`;
    const searched = vi.spyOn(ProfessionIndex.prototype, 'search');
    try {
      const answers: JobResults[] = [];
      const searches: number[] = [];
      for (const _ of [1, 2, 3, 4]) {
        searched.mockClear();
        const res = await get(url, { 'accept-encoding': 'br' });
        expect(res.headers['content-encoding']).toBe('br');
        answers.push(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString()) as JobResults);
        searches.push(searched.mock.calls.length);
      }
      // Searched on the first two asks (the first answer was not kept), then answered from what the second kept.
      expect(searches).toEqual([1, 1, 0, 0]);
      expect(answers[0]!.jobList.some((j) => j.jobId === job.id)).toBe(true);
      for (const a of answers.slice(1)) expect(a).toEqual(answers[0]);
      // The kept answer holds brotli bytes alone: a client taking gzip, or nothing, gets the same answer from them.
      searched.mockClear();
      const gzip = await get(url, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(answers[0]);
      const plain = await get(url, { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.json()).toEqual(answers[0]);
      expect(searched).not.toHaveBeenCalled();
    } finally {
      searched.mockRestore();
    }
  });

  it('a change heard while the index is still loading (another process closed a job): searches meanwhile answer, without it', async () => {
    const svc = jobsService(t.ctx);
    const job = await anyJob(t);
    const criteria = { disciplineId: String(job.professionId), specialtyIds: String(job.specialtyId), pageSize: '100' };
    await t.ctx.db.update(jobs).set({ isAvailable: false }).where(eq(jobs.id, job.id));
    svc.invalidate();
    // A search starts loading the index; before it has, the notice of the change comes (as the change feed's would),
    // and another search asks for the index at once.
    const loading = svc['searchIndex']();
    t.ctx.events.emit('jobs.changed', { jobIds: [job.id] });
    const meanwhile = svc['searchIndex']();
    await expect(meanwhile).resolves.toMatchObject({ byProfession: expect.any(Map) });
    const answer = JSON.parse(await svc.search(normalizeSearchQuery(criteria))) as JobResults;
    expect(answer.jobList.some((j) => j.jobId === job.id)).toBe(false);
    await loading.catch(() => {});
    expect(((await get(`jobsearch/jobs?${new URLSearchParams(criteria)}`)).json() as JobResults).jobCount).toBe(
      answer.jobCount,
    );
  });
});

describe('kept search answers when some jobs change', () => {
  /** Queries around one job: some it matches (before or after the change), some it cannot. */
  async function queriesAround(job: typeof jobs.$inferSelect) {
    const ref = await referenceService(t.ctx).get();
    const byDistance = ref.cities
      .map((c) => ({ c, d: distanceMiles(c.lat, c.lng, job.lat!, job.lng!) }))
      .sort((a, b) => a.d - b.d);
    const near = byDistance[0]!.c;
    const far = byDistance.at(-1)!.c;
    const otherState = ref.states.find((s) => s.id !== job.stateId)!;
    const otherSpecialty = ref.specialties.find((s) => s.id !== job.specialtyId)!;
    const p = job.professionId;
    // A page size of its own keeps these URLs apart from the other tests' answers.
    return [
      { matches: true, q: `disciplineId=${p}` },
      { matches: true, q: `disciplineId=${p}&specialtyIds=${job.specialtyId}` },
      { matches: false, q: `disciplineId=${p}&specialtyIds=${otherSpecialty.id}` },
      { matches: true, q: `disciplineId=${p}&stateIds=${job.stateId}&sortBy=pay` },
      { matches: false, q: `disciplineId=${p}&stateIds=${otherState.id}` },
      { matches: true, q: `disciplineId=${p}&cityIds=${near.id}_${Math.ceil(byDistance[0]!.d) + 10}` },
      { matches: false, q: `disciplineId=${p}&cityIds=${far.id}_25` },
      { matches: false, q: `disciplineId=${p === 13 ? 12 : 13}` },
    ].map((x) => ({ ...x, url: `jobsearch/jobs?${x.q}&pageSize=97` }));
  }

  it('a patch keeps the answers the written job cannot change, and every answer after it is a fresh search’s', async () => {
    const job = await anyJob(t, true, 13);
    const queries = await queriesAround(job);
    // Each asked twice, so each is kept (an answer is kept from its second ask).
    for (const { url } of queries) for (const _ of [1, 2]) expect((await get(url)).statusCode).toBe(200);

    // More openings and another pay, told as the feed tells a written job (its id).
    await t.ctx.db
      .update(jobs)
      .set({ availablePositions: job.availablePositions + 3, grossWeeklyPay: job.grossWeeklyPay + 111 })
      .where(eq(jobs.id, job.id));
    t.ctx.events.emit('jobs.changed', { jobIds: [job.id] });
    // Once the written row is in (the kept answers are sorted out then), before any search asks again.
    await jobsService(t.ctx)['searchIndex']();

    const searched = vi.spyOn(ProfessionIndex.prototype, 'search');
    try {
      const fresh = new JobsService(t.ctx);
      for (const { url, q, matches } of queries) {
        searched.mockClear();
        const answer = (await get(url)).json() as JobResults;
        const searchedAgain = searched.mock.calls.length > 0;
        // Each parameter appears once in these queries: the search's own query object reads them as they are.
        const query = Object.fromEntries(new URLSearchParams(`${q}&pageSize=97`));
        expect(answer, url).toEqual(JSON.parse(await fresh.search(normalizeSearchQuery(query))));
        // The answers the job is part of are searched again; the others were kept.
        expect(searchedAgain, url).toBe(matches);
        if (matches) {
          const card = answer.jobList.find((j) => j.jobId === job.id);
          if (card) expect(card.grossWeeklyPay).toBeCloseTo(job.grossWeeklyPay + 111, 2);
        }
      }
    } finally {
      searched.mockRestore();
    }
  });

  it('a facility renamed keeps no answer: its cards show the new name', async () => {
    const job = await anyJob(t, true, 13);
    const url = `jobsearch/jobs?disciplineId=13&stateIds=${job.stateId}&pageSize=96`;
    const before = (await get(url)).json() as JobResults;
    expect(before.jobList.some((j) => j.jobId === job.id)).toBe(true);
    await t.ctx.db
      .update(facilities)
      .set({ name: 'Renamed Regional Medical Center' })
      .where(eq(facilities.id, job.facilityId));
    // A feed that only updates a facility tells a change with no job ids.
    t.ctx.events.emit('jobs.changed', { jobIds: [] });
    await jobsService(t.ctx)['searchIndex']();
    const after = (await get(url)).json() as JobResults;
    expect(after.jobList.find((j) => j.jobId === job.id)!.hospitalName).toBe('Renamed Regional Medical Center');
  });
});

describe('GET jobsearch/jobDetails', () => {
  it('answers the details; favorited and interested are the caller’s', async () => {
    const job = await anyJob(t);
    const anon = await get(`jobsearch/jobDetails?jobId=${job.id}`);
    expect(anon.statusCode).toBe(200);
    const d = anon.json();
    expect(d).toMatchObject({ jobId: job.id, favorited: false, interested: false, isAvailable: true });
    expect(d.facility.facilityName).toBeTruthy();
    expect(typeof d.facility.lat).toBe('number');
    const u = await signUp(t);
    await post('HcpFavoriteJobs/updateFavorite', { jobId: job.id, isFavorited: true }, auth(u.token));
    expect((await get(`jobsearch/jobDetails?jobId=${job.id}`, auth(u.token))).json().favorited).toBe(true);
    const other = await signUp(t);
    expect((await get(`jobsearch/jobDetails?jobId=${job.id}`, auth(other.token))).json().favorited).toBe(false);
  });
  it('unknown and malformed ids', async () => {
    expect((await get('jobsearch/jobDetails?jobId=99999999')).statusCode).toBe(404);
    expect((await get('jobsearch/jobDetails?jobId=99999999999')).statusCode).toBe(404);
    expect((await get('jobsearch/jobDetails?jobId=abc')).statusCode).toBe(400);
    expect((await get('jobsearch/jobDetails')).statusCode).toBe(400);
  });
});

describe('favorites', () => {
  it('add, list (active and archived), remove', async () => {
    const u = await signUp(t);
    const a = await anyJob(t);
    const res = await post('HcpFavoriteJobs/updateFavorite', { jobId: a.id, isFavorited: true }, auth(u.token));
    expect(res.json()).toEqual({ jobId: a.id, isFavorite: true });
    // Twice is fine.
    expect(
      (await post('HcpFavoriteJobs/updateFavorite', { jobId: a.id, isFavorited: true }, auth(u.token))).statusCode,
    ).toBe(200);
    let list = (await get('hcpfavoritejobs/favoriteJobs', auth(u.token))).json();
    expect(list.activeJobs.map((j: { jobId: number }) => j.jobId)).toEqual([a.id]);
    await closeJob(t, a.id);
    list = (await get('hcpfavoritejobs/favoriteJobs', auth(u.token))).json();
    expect(list.activeJobs).toEqual([]);
    expect(list.archivedJobs.map((j: { jobId: number }) => j.jobId)).toEqual([a.id]);
    await post('HcpFavoriteJobs/updateFavorite', { jobId: a.id, isFavorited: false }, auth(u.token));
    list = (await get('hcpfavoritejobs/favoriteJobs', auth(u.token))).json();
    expect(list.archivedJobs).toEqual([]);
  });
  it('bad input', async () => {
    const u = await signUp(t);
    const closed = await anyJob(t, false);
    expect((await post('HcpFavoriteJobs/updateFavorite', { jobId: 1, isFavorited: true })).statusCode).toBe(401);
    expect((await get('hcpfavoritejobs/favoriteJobs')).statusCode).toBe(401);
    expect(
      (await post('HcpFavoriteJobs/updateFavorite', { jobId: 99999999, isFavorited: true }, auth(u.token))).statusCode,
    ).toBe(404);
    expect(
      (await post('HcpFavoriteJobs/updateFavorite', { jobId: 'x', isFavorited: true }, auth(u.token))).statusCode,
    ).toBe(400);
    expect(
      (await post('HcpFavoriteJobs/updateFavorite', { jobId: 1, isFavorited: 'yes' }, auth(u.token))).statusCode,
    ).toBe(400);
    expect(
      (await post('HcpFavoriteJobs/updateFavorite', { jobId: closed.id, isFavorited: true }, auth(u.token))).statusCode,
    ).toBe(409);
    const rows = await t.ctx.db.select().from(favoriteJobs).where(eq(favoriteJobs.userId, u.userId));
    expect(rows).toEqual([]);
  });
});

describe('POST HcpJobApplication/startJobApplication', () => {
  it('writes one submission, normalising time off; idempotent', async () => {
    const u = await signUpComplete(t);
    const job = await anyJob(t);
    const payload = {
      jobId: job.id,
      isInterested: true,
      desiredStartDate: isoDaysFromNow(20),
      otherRequests: 'Block scheduling',
      bestContactTime: 'Mornings',
      requestedTimeOff: [
        { fromDate: null, toDate: null },
        { fromDate: null, toDate: isoDaysFromNow(40) },
        { fromDate: isoDaysFromNow(50), toDate: isoDaysFromNow(52) },
      ],
    };
    const res = await post('HcpJobApplication/startJobApplication', payload, auth(u.token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ jobId: job.id, isInterested: true });
    const again = await post('HcpJobApplication/startJobApplication', payload, auth(u.token));
    expect(again.statusCode).toBe(200);
    const rows = await t.ctx.db.select().from(submissions).where(eq(submissions.userId, u.userId));
    expect(rows.length).toBe(1);
    expect(rows[0]!.status).toBe('submitted');
    expect(rows[0]!.requestedTimeOff).toEqual([
      { fromDate: isoDaysFromNow(40), toDate: null },
      { fromDate: isoDaysFromNow(50), toDate: isoDaysFromNow(52) },
    ]);
    expect((await get(`jobsearch/jobDetails?jobId=${job.id}`, auth(u.token))).json().interested).toBe(true);
  });

  it('refuses incomplete applications, closed jobs, dates outside the window and bad input', async () => {
    const job = await anyJob(t);
    // A start inside the usual window, so the window is +14..+70 days.
    await setJobStart(t, job.id, isoDaysFromNow(30));
    const closed = await anyJob(t, false);
    const fresh = await signUp(t);
    const ok = { jobId: job.id, isInterested: true, desiredStartDate: isoDaysFromNow(14), requestedTimeOff: [] };
    const incomplete = await post('HcpJobApplication/startJobApplication', ok, auth(fresh.token));
    expect(incomplete.statusCode).toBe(403);
    expect(incomplete.json().code).toBe('application_incomplete');
    const u = await signUpComplete(t);
    const send = (body: object) => post('HcpJobApplication/startJobApplication', body, auth(u.token));
    expect((await post('HcpJobApplication/startJobApplication', ok)).statusCode).toBe(401);
    expect((await send({ ...ok, jobId: closed.id })).statusCode).toBe(409);
    expect((await send({ ...ok, jobId: 99999999 })).statusCode).toBe(404);
    expect((await send({ ...ok, jobId: 'abc' })).statusCode).toBe(400);
    expect((await send({ ...ok, desiredStartDate: isoDaysFromNow(5) })).statusCode).toBe(400);
    expect((await send({ ...ok, desiredStartDate: isoDaysFromNow(90) })).statusCode).toBe(400);
    expect((await send({ ...ok, desiredStartDate: '2026-02-31' })).statusCode).toBe(400);
    expect((await send({ ...ok, desiredStartDate: "'; drop table jobs; --" })).statusCode).toBe(400);
    expect(
      (await send({ ...ok, requestedTimeOff: [{ fromDate: isoDaysFromNow(30), toDate: isoDaysFromNow(20) }] }))
        .statusCode,
    ).toBe(400);
    expect(
      (await send({ ...ok, requestedTimeOff: Array.from({ length: 50 }, () => ({ fromDate: null, toDate: null })) }))
        .statusCode,
    ).toBe(400);
    expect((await send({ ...ok, otherRequests: 'x'.repeat(5000) })).statusCode).toBe(400);
    const rows = await t.ctx.db.select().from(submissions).where(eq(submissions.userId, u.userId));
    expect(rows).toEqual([]);
  });

  it("takes in the job's own start date when it lies before or after the usual window", async () => {
    const u = await signUpComplete(t);
    const send = (jobId: number, desiredStartDate: string) =>
      post('HcpJobApplication/startJobApplication', { jobId, desiredStartDate, requestedTimeOff: [] }, auth(u.token));
    const [soon, late] = await t.ctx.db.select().from(jobs).where(eq(jobs.isAvailable, true)).limit(2);
    await setJobStart(t, soon!.id, isoDaysFromNow(7));
    await setJobStart(t, late!.id, isoDaysFromNow(100));
    expect((await send(soon!.id, isoDaysFromNow(5))).statusCode).toBe(400);
    expect((await send(late!.id, isoDaysFromNow(101))).statusCode).toBe(400);
    expect((await send(soon!.id, isoDaysFromNow(7))).statusCode).toBe(200);
    expect((await send(late!.id, isoDaysFromNow(100))).statusCode).toBe(200);
  });
});
