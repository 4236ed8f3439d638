import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, auth, devHeaders, type TestApp } from '../../../../test/build.ts';
import * as f from '../../../../test/pipeline-factories.ts';
import * as p from './placements.ts';
import { applyJobsChange } from '../../jobs/changes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ jobs: 120 });
});
afterAll(async () => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/core/api/${url}`, headers: token ? auth(token) : {} });

describe('dashboard and offers', () => {
  it('refuses anonymous callers', async () => {
    for (const url of [
      'HcpJobOffers/getHcpDashboardOffersAndOnboardingContracts',
      'HcpJobSubmissions/getHcpDashboardSubmissions',
      'HcpJobOffers/getJobOffers',
      'HcpSubmittedJob/submittedJobs',
    ])
      expect((await get(url)).statusCode).toBe(401);
  });

  it('answers empty lists for a new clinician', async () => {
    const u = await signUp(t);
    const d = (await get('HcpJobOffers/getHcpDashboardOffersAndOnboardingContracts', u.token)).json();
    expect(d).toEqual({ submissionOffers: [], onboardingContracts: [], workingContracts: [] });
    expect((await get('HcpJobSubmissions/getHcpDashboardSubmissions', u.token)).json()).toEqual({
      hcpDashboardSubmissions: [],
    });
  });

  it('shows every state of the demo placements, submissions newest first', async () => {
    const u = await signUp(t);
    expect(await f.createDemoPlacements(t.ctx, u.userId)).toBe(true);
    const d = (await get('HcpJobOffers/getHcpDashboardOffersAndOnboardingContracts', u.token)).json();
    expect(d.submissionOffers).toHaveLength(2);
    expect(d.submissionOffers.filter((o: { isSignable: boolean }) => o.isSignable)).toHaveLength(1);
    expect(d.submissionOffers.filter((o: { contractId: number | null }) => o.contractId === null)).toHaveLength(1);
    expect(d.onboardingContracts.map((c: { isSigned: boolean }) => c.isSigned).sort()).toEqual([false, true]);
    expect(d.workingContracts).toHaveLength(1);
    expect(d.workingContracts[0].endDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const subs = (await get('HcpJobSubmissions/getHcpDashboardSubmissions', u.token)).json().hcpDashboardSubmissions;
    expect(subs).toHaveLength(3);
    const dates = subs.map((s: { requestDate: string }) => s.requestDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect((await get('HcpSubmittedJob/submittedJobs', u.token)).json()).toHaveLength(3);
    expect((await get('HcpJobOffers/getJobOffers', u.token)).json()).toHaveLength(2);
  });

  it('shows one start date per job: the one the clinician asked for, until a contract sets its own', async () => {
    const u = await signUp(t);
    const jobId = await f.pickJob(t, u.userId);
    const desired = '2031-05-05';
    const submissionId = await p.createSubmission(t.ctx.db, { userId: u.userId, jobId, desiredStartDate: desired });
    const dash = (await get('HcpJobSubmissions/getHcpDashboardSubmissions', u.token)).json().hcpDashboardSubmissions;
    expect(dash.find((x: { jobId: number }) => x.jobId === jobId).startDate).toBe(desired);
    const list = (await get('HcpSubmittedJob/submittedJobs', u.token)).json();
    expect(list.find((x: { jobId: number }) => x.jobId === jobId).startDate).toBe(desired);
    expect((await get(`HcpSubmittedJob/submittedJobDetails?jobId=${jobId}`, u.token)).json().startDate).toBe(desired);
    const offerId = await p.extendOffer(t.ctx.db, submissionId);
    expect(offerId).toBeGreaterThan(0);
    const offers = (await get('HcpJobOffers/getJobOffers', u.token)).json();
    expect(offers.find((o: { submissionId: number }) => o.submissionId === submissionId).startDate).toBe(desired);
    expect((await get(`HcpJobOffers/getJobOfferDetails?submissionId=${submissionId}`, u.token)).json().startDate).toBe(
      desired,
    );
  });

  it('answers details only for the caller and 404 for another clinician', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const o = await f.offerWithContract(t, a.userId);
    const s = await f.submission(t, a.userId);
    const offer = await get(`HcpJobOffers/getJobOfferDetails?submissionId=${o.submissionId}`, a.token);
    expect(offer.statusCode).toBe(200);
    expect(offer.json()).toMatchObject({ contractId: o.contractId, isSignable: true });
    expect((await get(`HcpJobOffers/getContractDetails?contractId=${o.contractId}`, a.token)).json().contractNum).toBe(
      o.contractNum,
    );
    const det = await get(`HcpSubmittedJob/submittedJobDetails?jobId=${s.jobId}`, a.token);
    expect(det.statusCode).toBe(200);
    expect(det.json()).toMatchObject({ jobId: s.jobId, bestContactTime: 'Weekday mornings' });
    expect((await get(`HcpJobOffers/getJobOfferDetails?submissionId=${o.submissionId}`, b.token)).statusCode).toBe(404);
    expect((await get(`HcpJobOffers/getContractDetails?contractId=${o.contractId}`, b.token)).statusCode).toBe(404);
    expect((await get(`HcpSubmittedJob/submittedJobDetails?jobId=${s.jobId}`, b.token)).statusCode).toBe(404);
    // A submission without an offer is not an offer.
    expect((await get(`HcpJobOffers/getJobOfferDetails?submissionId=${s.submissionId}`, a.token)).statusCode).toBe(404);
  });

  it('answers 400 for hostile ids', async () => {
    const u = await signUp(t);
    for (const q of ['abc', '-1', '0', '99999999999', "1' or '1'='1", '1;drop table contracts'])
      for (const url of [
        'HcpJobOffers/getJobOfferDetails?submissionId=',
        'HcpJobOffers/getContractDetails?contractId=',
        'HcpSubmittedJob/submittedJobDetails?jobId=',
      ]) {
        const res = await get(`${url}${encodeURIComponent(q)}`, u.token);
        expect(res.statusCode).toBe(400);
      }
    expect((await get('HcpJobOffers/getContractDetails?contractId=2147483647', u.token)).statusCode).toBe(404);
  });
});

describe('the dev call that makes demo placements', () => {
  const demo = (token: string, payload?: string, contentType?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/core/api/dev/pipeline/demoPlacements',
      remoteAddress: '127.0.0.1',
      headers: { ...auth(token), ...devHeaders, ...(contentType ? { 'content-type': contentType } : {}) },
      ...(payload === undefined ? {} : { payload }),
    });

  it('asks for a JSON object body with a 400 instead of failing, and never answers 500 to a double click', async () => {
    const u = await signUp(t);
    for (const [payload, type] of [
      [undefined, undefined],
      ['', 'application/json'],
      ['null', 'application/json'],
      ['[]', 'application/json'],
      ['{"applicationOnly":"yes"}', 'application/json'],
    ] as const) {
      const res = await demo(u.token, payload, type);
      expect(res.statusCode, `${payload}`).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message: expect.any(String) });
    }
    const runs = await Promise.all([1, 2, 3].map(() => demo(u.token, '{}', 'application/json')));
    expect(runs.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const dash = (
      await t.app.inject({
        method: 'GET',
        url: '/core/api/HcpJobOffers/getHcpDashboardOffersAndOnboardingContracts',
        headers: auth(u.token),
      })
    ).json();
    expect(dash.workingContracts.length).toBe(3);
  }, 60_000);
});

describe('kept dashboard answers', () => {
  const offersCard = async (token: string) =>
    (await get('HcpJobOffers/getHcpDashboardOffersAndOnboardingContracts', token)).json();
  const submissionsCard = async (token: string) =>
    (await get('HcpJobSubmissions/getHcpDashboardSubmissions', token)).json().hcpDashboardSubmissions;

  it('never shows an offer withdrawn behind the service: a write straight to the database, as another node or the CLI makes it', async () => {
    const u = await signUp(t);
    const o = await f.offerWithoutContract(t, u.userId);
    // Asked twice, so the second answer is the kept one.
    expect((await offersCard(u.token)).submissionOffers).toHaveLength(1);
    expect((await offersCard(u.token)).submissionOffers).toHaveLength(1);
    await t.ctx.db.execute(sql`update offers set status = 'rescinded' where id = ${o.offerId}`);
    expect((await offersCard(u.token)).submissionOffers).toEqual([]);
    // A contract moved on to onboarding the same way shows up on the next call.
    const c = await f.contractAt(t, u.userId, 'onboarding', false);
    expect((await offersCard(u.token)).onboardingContracts.map((x: { contractId: number }) => x.contractId)).toEqual([
      c.contractId,
    ]);
    await t.ctx.db.execute(sql`update contracts set stage = 'working' where id = ${c.contractId}`);
    const after = await offersCard(u.token);
    expect(after.onboardingContracts).toEqual([]);
    expect(after.workingContracts.map((x: { contractId: number }) => x.contractId)).toEqual([c.contractId]);
    // Deleted rows go too.
    await t.ctx.db.execute(sql`delete from contracts where id = ${c.contractId}`);
    expect((await offersCard(u.token)).workingContracts).toEqual([]);
  });

  it('shows a new submission and a deleted one on the next call', async () => {
    const u = await signUp(t);
    expect(await submissionsCard(u.token)).toEqual([]);
    const s = await f.submission(t, u.userId);
    expect((await submissionsCard(u.token)).map((x: { jobId: number }) => x.jobId)).toEqual([s.jobId]);
    await t.ctx.db.execute(sql`delete from submissions where id = ${s.submissionId}`);
    expect(await submissionsCard(u.token)).toEqual([]);
  });

  it("shows a job's change on a kept card once the jobs change is told", async () => {
    const u = await signUp(t);
    const s = await f.submission(t, u.userId);
    const before = (await submissionsCard(u.token))[0];
    await t.ctx.db.execute(sql`update jobs set duration_weeks = duration_weeks + 1 where id = ${s.jobId}`);
    applyJobsChange(t.ctx, { jobIds: [s.jobId] });
    const after = (await submissionsCard(u.token))[0];
    expect(after.duration).toBe(before.duration + 1);
  });

  it('never answers a kept card to a session that ended or expired behind the service', async () => {
    const u = await signUp(t);
    await f.offerWithoutContract(t, u.userId);
    await f.submission(t, u.userId);
    expect((await offersCard(u.token)).submissionOffers).toHaveLength(1);
    expect(await submissionsCard(u.token)).toHaveLength(1);
    // Ended on another node (or by the CLI): the card's version is read with the session, in the same statement.
    await t.ctx.db.execute(sql`update sessions set revoked_at = now() where user_id = ${u.userId}`);
    for (const url of [
      'HcpJobOffers/getHcpDashboardOffersAndOnboardingContracts',
      'HcpJobSubmissions/getHcpDashboardSubmissions',
    ])
      expect((await get(url, u.token)).statusCode).toBe(401);

    const v = await signUp(t);
    expect((await offersCard(v.token)).submissionOffers).toEqual([]);
    await t.ctx.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${v.userId}`,
    );
    expect((await get('HcpJobOffers/getHcpDashboardOffersAndOnboardingContracts', v.token)).statusCode).toBe(401);
  });

  it("keeps one clinician's answer apart from another's", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await f.offerWithoutContract(t, a.userId);
    expect((await offersCard(a.token)).submissionOffers).toHaveLength(1);
    expect((await offersCard(b.token)).submissionOffers).toEqual([]);
  });
});
