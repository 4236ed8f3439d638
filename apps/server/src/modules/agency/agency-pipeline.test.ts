import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auth, buildTestApp, devHeaders, signUp, signUpComplete, type TestApp } from '../../../test/build.ts';
import { agencyClient, agencyKey, applyForJob } from '../../../test/agency-factories.ts';
import { api, completeAllSteps } from '../../../test/application-factories.ts';
import { isoDaysFromNow } from '../../../test/jobs-factories.ts';
import { completeSubmission, referenceGuidFromMail } from '../../../test/profile-factories.ts';
import * as f from '../../../test/pipeline-factories.ts';
import { contracts, jobs, offers, submissions, timesheets } from '../../db/schema/index.ts';
import { pickJobs } from '../placements/pipeline/placements.ts';
import { recentMail } from '../platform/mail/repository.ts';
import { agencyApi } from '../../../test/inject-fetch.ts';
import type { AgencyClient } from '@hcp/agency-client';

let t: TestApp;
/** How far the app's clock runs ahead of real time (the journey lets the assignment's first weeks pass). */
let laterMs = 0;
let call: ReturnType<typeof agencyClient>;
let rw: string;
let readOnly: string;
let writeOnly: string;
/** The agency client (@hcp/agency-client) with a read-write and a read-only key, calling the app through inject(). */
let agency: AgencyClient;
let reader: AgencyClient;
beforeAll(async () => {
  t = await buildTestApp({ jobs: 120, env: { FEATURE_TIMESHEETS: 'true' }, now: () => new Date(Date.now() + laterMs) });
  call = agencyClient(t);
  rw = await agencyKey(t, ['read', 'write']);
  readOnly = await agencyKey(t, ['read']);
  writeOnly = await agencyKey(t, ['write']);
  agency = agencyApi(t.app, rw);
  reader = agencyApi(t.app, readOnly);
});
afterAll(async () => t.close());
afterEach(() => {
  laterMs = 0;
});

const clinician = (token: string, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  api(t, token, method, path, payload);
const mails = async (to: string, kind: string) => (await recentMail(t.ctx.db, to, 100)).filter((m) => m.kind === kind);
const sign = (token: string, contractId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/core/api/Document/eSignDocument?contractId=${contractId}&documentMasterId=54`,
    headers: auth(token),
    payload: {},
  });

/** A clinician with a complete application who applied for a job in the browser's way. */
async function applied(desired = isoDaysFromNow(21)) {
  const u = await signUpComplete(t);
  const [jobId] = await pickJobs(t.ctx.db, u.userId, 13, 1);
  const submissionId = await applyForJob(t, u.token, jobId!, desired, [
    { fromDate: isoDaysFromNow(40), toDate: isoDaysFromNow(42) },
  ]);
  return { ...u, jobId: jobId!, submissionId };
}

/** Offer, contract and send through the API; the clinician signs. */
async function signedContract() {
  const a = await applied();
  expect((await call('POST', `/submissions/${a.submissionId}/offer`, rw)).status).toBe(200);
  const c = await call('POST', `/submissions/${a.submissionId}/contract`, rw, { send: true });
  expect(c.status).toBe(201);
  expect((await sign(a.token, c.json.contractId)).statusCode).toBe(200);
  return { ...a, contractId: c.json.contractId as number };
}

describe('the placement pipeline through the agency API', () => {
  it('takes an application from offer to a completed assignment, and the clinician sees every step', async () => {
    const a = await applied(isoDaysFromNow(21));
    const [job] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, a.jobId));
    if (!job) throw new Error('no job');
    const submission = { params: { path: { submissionId: a.submissionId } } };
    // The moves without terms take an empty object (the document lists their body as `{}` or null).
    const noTerms = { body: {} };

    // The submission with the start-application details.
    const submissions = (query: { userId: number; status?: 'offered' }) =>
      reader.GET('/core/api/agency/submissions', { params: { query } });
    const list = await submissions({ userId: a.userId });
    expect(list.response.status).toBe(200);
    expect(list.data!.items).toHaveLength(1);
    expect(list.data!.items[0]).toMatchObject({
      submissionId: a.submissionId,
      status: 'submitted',
      clinician: { userId: a.userId, email: a.email },
      job: { jobId: a.jobId, externalId: job.externalId },
      desiredStartDate: isoDaysFromNow(21),
      requestedTimeOff: [{ fromDate: isoDaysFromNow(40), toDate: isoDaysFromNow(42) }],
      bestContactTime: 'Weekday mornings',
      otherRequests: 'Block scheduling please',
      offer: null,
      contract: null,
    });
    expect((await reader.GET('/core/api/agency/submissions/{submissionId}', submission)).data).toEqual(
      list.data!.items[0],
    );
    expect((await submissions({ userId: a.userId, status: 'offered' })).data!.items).toEqual([]);

    // Offer: the dashboard shows it and the clinician is mailed.
    const offered = await agency.POST('/core/api/agency/submissions/{submissionId}/offer', {
      ...submission,
      ...noTerms,
    });
    expect(offered.response.status).toBe(200);
    expect(offered.data).toMatchObject({ status: 'offered', offer: { status: 'extended' } });
    const dash = (await clinician(a.token, 'GET', 'HcpJobOffers/getHcpDashboardOffersAndOnboardingContracts')).json();
    expect(dash.submissionOffers).toEqual([
      expect.objectContaining({ submissionId: a.submissionId, contractId: null, isSignable: false }),
    ]);
    const [offerMail] = await mails(a.email, 'offer-received');
    expect(offerMail!.subject).toContain('You received an offer');
    expect(offerMail!.textBody).toContain(`/submitted-jobs#offer-${a.submissionId}`);

    // A draft contract with the agency's terms: visible in the offer, not signable yet.
    const created = await agency.POST('/core/api/agency/submissions/{submissionId}/contract', {
      ...submission,
      body: { hourlyRate: 61.5, grossWeeklyPay: 2789.25, unit: '4 West' },
    });
    expect(created.response.status).toBe(201);
    const { contractId, contractNum } = created.data!;
    const contract = { params: { path: { contractId } } };
    expect(created.data).toMatchObject({
      status: 'draft',
      stage: 'offer',
      submissionId: a.submissionId,
      startDate: isoDaysFromNow(21),
      endDate: isoDaysFromNow(21 + job.durationWeeks * 7 - 1),
      terms: { hourlyRate: 61.5, grossWeeklyPay: 2789.25, unit: '4 West', shift: job.shift },
      sentAt: null,
      payPeriods: [],
    });
    const details = (
      await clinician(a.token, 'GET', `HcpJobOffers/getContractDetails?contractId=${contractId}`)
    ).json();
    expect(details).toMatchObject({ isSignable: false, hourlyRate: 61.5, grossWeeklyPay: 2789.25 });
    expect((await sign(a.token, contractId)).json().code).toBe('contract_not_ready');
    expect(await mails(a.email, 'contract-ready')).toHaveLength(0);
    // The PDF is generated from the terms.
    const contractPdf = () =>
      reader.GET('/core/api/agency/contracts/{contractId}/document', { ...contract, parseAs: 'arrayBuffer' });
    const draftPdf = await contractPdf();
    expect(draftPdf.response.status).toBe(200);
    expect(draftPdf.response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(draftPdf.data!).subarray(0, 5).toString()).toBe('%PDF-');

    // Send: signable on the offer and the e-documents page; mailed.
    const send = () => agency.POST('/core/api/agency/contracts/{contractId}/send', { ...contract, ...noTerms });
    expect((await send()).data).toMatchObject({ status: 'sent', sentAt: expect.any(String) });
    expect((await clinician(a.token, 'GET', 'HcpJobOffers/getJobOffers')).json()).toEqual([
      expect.objectContaining({ contractId, isSignable: true }),
    ]);
    const docs = (await clinician(a.token, 'GET', 'DocumentsAndSignatures/getDocumentsAndSignatures')).json();
    expect(docs.signableDocuments.map((d: { contractId: number }) => d.contractId)).toEqual([contractId]);
    const [readyMail] = await mails(a.email, 'contract-ready');
    expect(readyMail!.textBody).toContain(`/submitted-jobs#contract-${contractId}`);
    expect(readyMail!.textBody).toContain(contractNum);

    // The clinician signs; a second signature and edits are refused.
    expect((await sign(a.token, contractId)).statusCode).toBe(200);
    const signed = (await reader.GET('/core/api/agency/contracts/{contractId}', contract)).data!;
    expect(signed).toMatchObject({ status: 'signed', stage: 'onboarding', signedAt: expect.any(String) });
    expect((await sign(a.token, contractId)).json().code).toBe('contract_already_signed');
    const edit = await agency.PATCH('/core/api/agency/contracts/{contractId}', {
      ...contract,
      body: { hourlyRate: 1 },
    });
    expect(edit.error!.code).toBe('contract_already_signed');
    expect((await send()).error!.code).toBe('contract_already_signed');
    expect((await contractPdf()).response.headers.get('content-disposition')).toContain(
      `contract-${contractNum}-signed.pdf`,
    );

    // Onboarding, then the assignment starts: dashboard and timesheets show it.
    const start = () => agency.POST('/core/api/agency/contracts/{contractId}/start', { ...contract, ...noTerms });
    const onboard = () =>
      agency.POST('/core/api/agency/contracts/{contractId}/onboarding-complete', { ...contract, ...noTerms });
    expect((await start()).error!.code).toBe('onboarding_incomplete');
    expect((await onboard()).data!.onboardingCompletedAt).toEqual(expect.any(String));
    expect((await onboard()).error!.code).toBe('onboarding_already_complete');
    expect((await start()).data).toMatchObject({ stage: 'working', startedAt: expect.any(String) });
    expect((await start()).error!.code).toBe('assignment_already_started');
    const dash2 = (await clinician(a.token, 'GET', 'HcpJobOffers/getHcpDashboardOffersAndOnboardingContracts')).json();
    expect(dash2.workingContracts.map((c: { contractId: number }) => c.contractId)).toEqual([contractId]);

    // Pay periods cover the contract week by week; a repeat creates nothing.
    const payPeriods = (body: { from?: string; through?: string } = {}) =>
      agency.POST('/core/api/agency/contracts/{contractId}/pay-periods', { ...contract, body });
    const made = await payPeriods();
    expect(made.response.status).toBe(200);
    const periods = made.data!.created;
    expect(periods.length).toBeGreaterThanOrEqual(job.durationWeeks);
    expect(periods[0]!.startDate <= isoDaysFromNow(21)).toBe(true);
    expect(periods.at(-1)!.endDate >= signed.endDate).toBe(true);
    expect(periods.every((p) => new Date(`${p.startDate}T00:00:00Z`).getUTCDay() === 0 && p.status === 'open')).toBe(
      true,
    );
    expect((await payPeriods()).data).toEqual({ contractId, created: [], existing: 0 });
    const again = await payPeriods({ from: periods[0]!.startDate, through: periods[1]!.endDate });
    expect(again.data).toEqual({ contractId, created: [], existing: 2 });
    const sheetList = (await clinician(a.token, 'GET', 'Timesheets/getList')).json();
    expect(sheetList[0].timesheets).toHaveLength(periods.length);

    // The clinician enters and submits time; the agency reads and approves it.
    const [first, second, third] = periods as [(typeof periods)[0], (typeof periods)[0], (typeof periods)[0]];
    const period = (timesheetId: number) => ({ params: { path: { timesheetId } } });
    const move = (timesheetId: number) => ({ ...period(timesheetId), ...noTerms });
    const approve = (timesheetId: number) =>
      agency.POST('/core/api/agency/timesheets/{timesheetId}/approve', move(timesheetId));
    const lock = (timesheetId: number) =>
      agency.POST('/core/api/agency/timesheets/{timesheetId}/lock', move(timesheetId));
    const reopen = (timesheetId: number) =>
      agency.POST('/core/api/agency/timesheets/{timesheetId}/reopen', move(timesheetId));
    const day = first.startDate > isoDaysFromNow(21) ? first.startDate : isoDaysFromNow(21);
    // Time is logged once worked: the clock moves past the first two weeks of the assignment.
    laterMs = Date.parse(`${second.endDate}T00:00:00Z`) - Date.now() + 2 * 86_400_000;
    expect(
      (await clinician(a.token, 'POST', 'Timesheets/createShift', f.shiftBody(first.timesheetId, day))).status,
    ).toBe(200);
    expect((await approve(first.timesheetId)).error!.code).toBe('pay_period_not_submitted');
    expect((await clinician(a.token, 'POST', `Timesheets/submitTimesheet/${first.timesheetId}`, {})).status).toBe(200);
    const sheet = await reader.GET('/core/api/agency/timesheets/{timesheetId}', period(first.timesheetId));
    expect(sheet.data).toMatchObject({
      status: 'submitted',
      clinician: { userId: a.userId },
      totalHours: 12,
      shifts: [
        { shiftDate: day, shiftType: expect.any(String), startTime: `${day}T07:00:00`, lunchMinutes: 30, minutes: 720 },
      ],
    });
    const approved = await approve(first.timesheetId);
    expect(approved.data).toMatchObject({
      status: 'approved',
      approvedAt: expect.any(String),
      lockedAt: expect.any(String),
    });
    expect((await approve(first.timesheetId)).error!.code).toBe('pay_period_already_approved');
    expect((await reopen(first.timesheetId)).error!.code).toBe('pay_period_approved');
    expect((await lock(first.timesheetId)).error!.code).toBe('pay_period_already_locked');
    const [approvedMail] = await mails(a.email, 'pay-period-locked');
    expect(approvedMail!.subject).toContain('was approved');
    const listed = (await clinician(a.token, 'GET', 'Timesheets/getList')).json()[0].timesheets[0];
    expect(listed).toMatchObject({
      isLocked: true,
      submittedDate: expect.any(String),
      approvedDate: approved.data!.approvedAt,
    });

    // Lock an open period: no more edits by the clinician; reopen gives it back.
    expect((await lock(second.timesheetId)).data!.status).toBe('locked');
    expect((await mails(a.email, 'pay-period-locked')).map((m) => m.subject)).toContainEqual(
      expect.stringContaining('is locked'),
    );
    const refused = await clinician(
      a.token,
      'POST',
      'Timesheets/createShift',
      f.shiftBody(second.timesheetId, second.startDate),
    );
    expect(refused.status).toBe(409);
    expect(refused.json().code).toBe('pay_period_locked');
    expect((await reopen(second.timesheetId)).data!.status).toBe('open');
    expect((await reopen(second.timesheetId)).error!.code).toBe('pay_period_open');
    expect(await mails(a.email, 'pay-period-reopened')).toHaveLength(1);
    expect(
      (await clinician(a.token, 'POST', 'Timesheets/createShift', f.shiftBody(second.timesheetId, second.startDate)))
        .status,
    ).toBe(200);

    // End early: completed, the empty periods after the end go, the signed contract moves to 'previous'.
    const endDate = third.endDate;
    const end = (body: { endDate?: string }) =>
      agency.POST('/core/api/agency/contracts/{contractId}/end', { ...contract, body });
    const ended = await end({ endDate });
    expect(ended.data).toMatchObject({ stage: 'completed', endDate, endedAt: expect.any(String) });
    expect(ended.data!.payPeriods.map((p) => p.timesheetId)).toEqual([
      first.timesheetId,
      second.timesheetId,
      third.timesheetId,
    ]);
    expect((await end({})).error!.code).toBe('assignment_completed');
    const docs2 = (await clinician(a.token, 'GET', 'DocumentsAndSignatures/getDocumentsAndSignatures')).json();
    expect(docs2.signedDocumentsForPastAssignments.map((d: { contractId: number }) => d.contractId)).toEqual([
      contractId,
    ]);

    // The contract list pages by id and filters by stage.
    const byStage = async (stage: 'completed' | 'working') =>
      (await reader.GET('/core/api/agency/contracts', { params: { query: { userId: a.userId, stage } } })).data!;
    expect((await byStage('completed')).items.map((c) => c.contractId)).toEqual([contractId]);
    expect((await byStage('working')).items).toEqual([]);
  });

  it('refuses illegal moves with 409 and a stable code, changing nothing', async () => {
    /** The state of a placement as the agency reads it plus the mails sent, to compare across a refusal. */
    const snapshot = async (submissionId: number, email: string) => ({
      submission: (await call('GET', `/submissions/${submissionId}`, readOnly)).json,
      mails: (await recentMail(t.ctx.db, email, 100)).length,
    });
    const refuse = async (
      method: 'POST' | 'PATCH',
      url: string,
      body: unknown,
      code: string,
      s: { submissionId: number; email: string },
    ) => {
      const before = await snapshot(s.submissionId, s.email);
      const res = await call(method, url, rw, body);
      expect(res.status, url).toBe(409);
      expect(res.json.code, url).toBe(code);
      expect(typeof res.json.message).toBe('string');
      expect(await snapshot(s.submissionId, s.email)).toEqual(before);
    };

    // No offer for a withdrawn submission; no contract without an offer.
    const w = await applied();
    await refuse('POST', `/submissions/${w.submissionId}/contract`, {}, 'offer_required', w);
    expect((await call('POST', `/submissions/${w.submissionId}/close`, rw, { status: 'withdrawn' })).json.status).toBe(
      'withdrawn',
    );
    await refuse('POST', `/submissions/${w.submissionId}/offer`, undefined, 'submission_not_open', w);
    await refuse('POST', `/submissions/${w.submissionId}/close`, { status: 'declined' }, 'submission_closed', w);
    expect(await t.ctx.db.select().from(offers).where(eq(offers.submissionId, w.submissionId))).toEqual([]);
    // The clinician no longer sees it among their submissions.
    expect((await clinician(w.token, 'GET', 'HcpSubmittedJob/submittedJobs')).json()).toEqual([]);

    // One offer, one contract.
    const o = await applied();
    await call('POST', `/submissions/${o.submissionId}/offer`, rw);
    await refuse('POST', `/submissions/${o.submissionId}/offer`, undefined, 'offer_exists', o);
    const draft = await call('POST', `/submissions/${o.submissionId}/contract`, rw, {});
    const draftId = draft.json.contractId as number;
    await refuse('POST', `/submissions/${o.submissionId}/contract`, {}, 'contract_exists', o);
    // Nothing past the signature before it.
    await refuse('POST', `/contracts/${draftId}/onboarding-complete`, undefined, 'contract_not_signed', o);
    await refuse('POST', `/contracts/${draftId}/start`, undefined, 'contract_not_signed', o);
    await refuse('POST', `/contracts/${draftId}/pay-periods`, {}, 'contract_not_signed', o);
    await refuse('POST', `/contracts/${draftId}/end`, {}, 'assignment_not_started', o);
    // Sent, then edited: back to draft, the clinician cannot sign the old terms.
    await call('POST', `/contracts/${draftId}/send`, rw);
    await refuse('POST', `/contracts/${draftId}/send`, undefined, 'contract_already_sent', o);
    const edited = await call('PATCH', `/contracts/${draftId}`, rw, {
      weeklyLodging: 1234,
      startDate: isoDaysFromNow(28),
    });
    expect(edited.json).toMatchObject({
      status: 'draft',
      sentAt: null,
      startDate: isoDaysFromNow(28),
      terms: { weeklyLodging: 1234 },
    });
    expect(edited.json.endDate).toBe(
      new Date(Date.parse(`${draft.json.endDate}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10),
    );
    expect((await sign(o.token, draftId)).json().code).toBe('contract_not_ready');
    // Closing the submission ends the offer and voids the unsigned contract.
    const closed = await call('POST', `/submissions/${o.submissionId}/close`, rw, { status: 'closed' });
    expect(closed.json).toMatchObject({
      status: 'closed',
      offer: { status: 'rescinded' },
      contract: { status: 'void', stage: 'cancelled' },
    });
    await refuse('POST', `/contracts/${draftId}/send`, undefined, 'contract_void', o);
    await refuse('PATCH', `/contracts/${draftId}`, { hourlyRate: 50 }, 'contract_void', o);
    expect((await clinician(o.token, 'GET', 'HcpJobOffers/getJobOffers')).json()).toEqual([]);

    // A signed contract: the submission cannot be closed, a working one cannot be cancelled.
    const s = await signedContract();
    await refuse('POST', `/submissions/${s.submissionId}/close`, { status: 'declined' }, 'contract_signed', s);
    await call('POST', `/contracts/${s.contractId}/onboarding-complete`, rw);
    await call('POST', `/contracts/${s.contractId}/start`, rw);
    await refuse('POST', `/contracts/${s.contractId}/cancel`, undefined, 'assignment_started', s);

    // Cancelling before the start keeps the signed document in 'previous' and refuses later moves.
    const c = await signedContract();
    const cancelled = await call('POST', `/contracts/${c.contractId}/cancel`, rw);
    expect(cancelled.json).toMatchObject({ stage: 'cancelled', status: 'signed' });
    await refuse('POST', `/contracts/${c.contractId}/start`, undefined, 'contract_cancelled', c);
    await refuse('POST', `/contracts/${c.contractId}/pay-periods`, {}, 'contract_cancelled', c);
    const docs = (await clinician(c.token, 'GET', 'DocumentsAndSignatures/getDocumentsAndSignatures')).json();
    expect(docs.signedDocumentsForPastAssignments.map((d: { contractId: number }) => d.contractId)).toEqual([
      c.contractId,
    ]);
  });

  it('answers 404 for unknown ids and 400 for invalid bodies, changing nothing', async () => {
    const a = await applied();
    for (const [method, url, body] of [
      ['POST', '/submissions/99999999/offer', undefined],
      ['POST', '/submissions/99999999/contract', {}],
      ['POST', '/submissions/99999999/close', { status: 'closed' }],
      ['GET', '/submissions/99999999', undefined],
      ['GET', '/contracts/99999999', undefined],
      ['GET', '/contracts/99999999/document', undefined],
      ['PATCH', '/contracts/99999999', { hourlyRate: 10 }],
      ['POST', '/contracts/99999999/send', undefined],
      ['POST', '/contracts/99999999/start', undefined],
      ['POST', '/contracts/99999999/pay-periods', {}],
      ['GET', '/timesheets/99999999', undefined],
      ['POST', '/timesheets/99999999/lock', undefined],
      ['POST', '/timesheets/99999999/approve', undefined],
      ['GET', '/clinicians/99999999', undefined],
      ['POST', '/clinicians/99999999/verify', { employment: [1] }],
      ['POST', '/clinicians/99999999/eligibility', { eligible: true }],
      ['GET', `/clinicians/${a.userId}/certifications/99999999/file`, undefined],
    ] as const) {
      const res = await call(method, url, rw, body);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.json.code).toBe('not_found');
    }
    for (const [method, url, body] of [
      ['POST', '/submissions/abc/offer', undefined],
      ['GET', '/contracts/0', undefined],
      ['POST', '/timesheets/-1/lock', undefined],
      ['GET', '/submissions?status=maybe', undefined],
      ['GET', '/submissions?limit=5000', undefined],
      ['POST', `/submissions/${a.submissionId}/close`, { status: 'maybe' }],
      ['POST', `/submissions/${a.submissionId}/close`, {}],
      ['POST', `/submissions/${a.submissionId}/offer`, { surprise: true }],
      ['POST', `/submissions/${a.submissionId}/contract`, { hourlyRate: -1 }],
      ['POST', `/submissions/${a.submissionId}/contract`, { shift: 'three twelves' }],
      ['POST', `/submissions/${a.submissionId}/contract`, { bogus: 1 }],
      ['POST', `/submissions/${a.submissionId}/contract`, { startDate: "'; drop table contracts; --" }],
      ['POST', `/clinicians/${a.userId}/verify`, { employment: ['x'] }],
      ['POST', `/clinicians/${a.userId}/eligibility`, { eligible: 'yes' }],
    ] as const) {
      const res = await call(method, url, rw, body);
      expect(res.status, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json.code).toBe('validation_failed');
    }
    // Dates: real dates, end not before start, at most two years; checked after the offer rules.
    await call('POST', `/submissions/${a.submissionId}/offer`, rw);
    for (const body of [
      { startDate: '2027-02-30' },
      { startDate: '2027-03-01', endDate: '2027-02-01' },
      { startDate: '2027-03-01', endDate: '2030-03-01' },
    ]) {
      const res = await call('POST', `/submissions/${a.submissionId}/contract`, rw, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.errors[0].field).toMatch(/startDate|endDate/);
    }
    expect(await t.ctx.db.select().from(contracts).where(eq(contracts.userId, a.userId))).toEqual([]);
    const [sub] = await t.ctx.db.select().from(submissions).where(eq(submissions.id, a.submissionId));
    expect(sub!.status).toBe('offered');
  });

  it('needs a valid key for every call and the right scope', async () => {
    const a = await applied();
    const reads = [
      '/submissions',
      `/submissions/${a.submissionId}`,
      '/contracts',
      '/contracts/1',
      '/contracts/1/document',
      '/timesheets/1',
      '/clinicians',
      `/clinicians/${a.userId}`,
      `/clinicians/${a.userId}/certifications/1/file`,
      '/reference-answers',
    ];
    const writes: [string, unknown][] = [
      [`/submissions/${a.submissionId}/offer`, undefined],
      [`/submissions/${a.submissionId}/close`, { status: 'closed' }],
      [`/submissions/${a.submissionId}/contract`, {}],
      ['/contracts/1/send', undefined],
      ['/contracts/1/onboarding-complete', undefined],
      ['/contracts/1/start', undefined],
      ['/contracts/1/end', {}],
      ['/contracts/1/cancel', undefined],
      ['/contracts/1/pay-periods', {}],
      ['/timesheets/1/lock', undefined],
      ['/timesheets/1/approve', undefined],
      ['/timesheets/1/reopen', undefined],
      [`/clinicians/${a.userId}/verify`, { employment: [] }],
      [`/clinicians/${a.userId}/eligibility`, { eligible: true }],
    ];
    const bad = [null, { authorization: 'Bearer agk_nope' }, auth(a.token)];
    for (const url of reads) {
      for (const key of bad) expect((await call('GET', url, key)).status, url).toBe(401);
      const wrong = await call('GET', url, writeOnly);
      expect(wrong.status, url).toBe(403);
      expect(wrong.json.code).toBe('insufficient_scope');
    }
    for (const [url, body] of writes) {
      for (const key of bad) expect((await call('POST', url, key, body)).status, url).toBe(401);
      expect((await call('POST', url, readOnly, body)).status, url).toBe(403);
    }
    expect((await call('PATCH', '/contracts/1', readOnly, { hourlyRate: 1 })).status).toBe(403);
    // Nothing happened: the submission is still just submitted.
    expect((await call('GET', `/submissions/${a.submissionId}`, readOnly)).json).toMatchObject({
      status: 'submitted',
      offer: null,
    });
  });
});

describe('clinicians through the agency API', () => {
  it('reads a clinician without the SSN, verifies records and approves them for submissions', async () => {
    // Signed up from an Indeed campaign: the agency sees where the clinician came from.
    const u = await signUp(t, { FirstName: 'Vera', LastName: 'Fied', ReferralId: 17 });
    const steps = await completeAllSteps(t, u.token);
    const found = await call('GET', `/clinicians?email=${encodeURIComponent(u.email.toUpperCase())}`, readOnly);
    expect(found.json.items).toEqual([
      expect.objectContaining({ userId: u.userId, email: u.email, firstName: 'Vera', leadSourceId: 17 }),
    ]);
    const shown = await call('GET', `/clinicians/${u.userId}`, readOnly);
    expect(shown.status).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.json).toMatchObject({
      userId: u.userId,
      hasSsn: true,
      application: { sectionsCompleted: expect.any(Number), sectionCount: 9 },
      profile: { firstName: 'Vera', dob: '1990-01-01' },
    });
    expect(JSON.stringify(shown.json)).not.toContain('123456789');
    expect(JSON.stringify(shown.json).toLowerCase()).not.toMatch(/"ssn"|socialsecurity/);
    const { employment, education, certifications } = shown.json.verification;
    expect(employment).toEqual([{ employmentHistoryId: steps.employmentHistoryId, verified: false }]);
    expect(education).toHaveLength(1);
    expect(certifications).toHaveLength(1);

    // Another clinician's record: 404 and nothing changes.
    const other = await signUp(t);
    const stranger = await call('POST', `/clinicians/${other.userId}/verify`, rw, {
      employment: [steps.employmentHistoryId],
    });
    expect(stranger.status).toBe(404);
    const mixed = await call('POST', `/clinicians/${u.userId}/verify`, rw, {
      employment: [steps.employmentHistoryId],
      certifications: [99999999],
    });
    expect(mixed.status).toBe(404);
    expect((await call('GET', `/clinicians/${u.userId}`, readOnly)).json.verification.employment[0].verified).toBe(
      false,
    );

    const ids = {
      employment: [steps.employmentHistoryId],
      education: [education[0].degreeId],
      certifications: [certifications[0].certId],
    };
    const verified = await call('POST', `/clinicians/${u.userId}/verify`, rw, ids);
    expect(verified.json).toEqual({
      userId: u.userId,
      verified: true,
      employment: { changed: 1, unchanged: 0 },
      education: { changed: 1, unchanged: 0 },
      certifications: { changed: 1, unchanged: 0 },
    });
    expect((await call('POST', `/clinicians/${u.userId}/verify`, rw, ids)).json.employment).toEqual({
      changed: 0,
      unchanged: 1,
    });
    // The clinician's screens show them verified and read-only.
    const profile = (await clinician(u.token, 'GET', 'HcpProfileData/getProfile')).json();
    expect(profile.employmentHistories[0].isVerified).toBe(true);
    expect(profile.certifications[0].verified).toBe(true);
    const del = await clinician(u.token, 'POST', 'HcpDegree/saveHcpDegree', {
      degreeId: education[0].degreeId,
      degreeTypeId: 4,
      degreeFieldId: 1,
      school: 'Changed',
      location: 'Austin, TX',
      degreeDate: '05/2015',
      deleted: false,
    });
    expect(del.status).toBe(409);
    // And back.
    const undone = await call('POST', `/clinicians/${u.userId}/verify`, rw, {
      employment: ids.employment,
      verified: false,
    });
    expect(undone.json.employment).toEqual({ changed: 1, unchanged: 0 });

    // Eligibility: the dashboard's 'Approved' panel reads eligibleForSubmission.
    const approved = await call('POST', `/clinicians/${u.userId}/eligibility`, rw, { eligible: true });
    expect(approved.json).toMatchObject({ userId: u.userId, eligibleForSubmission: true });
    expect((await clinician(u.token, 'GET', 'HcpApiUser/userInfo')).json().eligibleForSubmission).toBe(true);
  });

  it('serves certification files and reference answers, and mails the clinician when a reference answers', async () => {
    const u = await signUp(t, { FirstName: 'Rhea' });
    const { refereeEmail } = await completeAllSteps(t, u.token);
    // The referees are asked when the application is submitted (the terms-first flow submits with the documents).
    expect((await clinician(u.token, 'POST', 'InitialDocuments/saveInitialDocuments', {})).status).toBe(200);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const saved = await clinician(u.token, 'POST', 'HcpCertification/saveCertification', {
      certId: null,
      certificationTypeId: 2,
      expirationDate: '2031-01-01',
      deleted: false,
      file: { content: png.toString('base64'), extension: 'png' },
    });
    expect(saved.status).toBe(200);
    const certs = (await call('GET', `/clinicians/${u.userId}`, readOnly)).json.verification.certifications as {
      certId: number;
    }[];
    let served = 0;
    for (const c of certs) {
      const file = await call('GET', `/clinicians/${u.userId}/certifications/${c.certId}/file`, readOnly);
      if (file.status === 200) {
        served++;
        expect(file.headers['content-type']).toBe('image/png');
        expect(Buffer.compare(file.body, png)).toBe(0);
      } else expect(file.status).toBe(404);
      // Only with the right clinician.
      expect((await call('GET', `/clinicians/1/certifications/${c.certId}/file`, readOnly)).status).toBe(404);
    }
    expect(served).toBe(1);

    const guid = await referenceGuidFromMail(t, refereeEmail);
    const answered = await t.app.inject({
      method: 'POST',
      url: '/core/api/HcpReferral/saveProfessionalClinicalReference',
      payload: completeSubmission(guid, { Comments: 'Reliable and kind.' }),
    });
    expect(answered.statusCode).toBe(200);
    const all = await call('GET', '/reference-answers?limit=1000', readOnly);
    const mine = all.json.items.filter((x: { clinician: { userId: number } }) => x.clinician.userId === u.userId);
    expect(mine).toEqual([
      expect.objectContaining({
        reference: { firstName: 'Ref0', lastName: 'Person', email: refereeEmail },
        supervisorName: 'Monica Hale',
        ratings: {
          safeCare: 4,
          dependable: 4,
          professional: 3,
          cooperative: 4,
          communicator: 3,
          attendance: 4,
          asset: 4,
        },
        comments: 'Reliable and kind.',
        referenceDate: '2026-11-01',
      }),
    ]);
    const [mail] = await mails(u.email, 'reference-answered');
    expect(mail!.subject).toBe('Ref0 Person returned your reference');
    expect(mail!.textBody).toContain('/profile-page');
  });
});

describe('OpenAPI', () => {
  it('documents the pipeline calls', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/core/api/docs/json' })).json();
    for (const p of [
      '/core/api/agency/submissions',
      '/core/api/agency/submissions/{submissionId}/offer',
      '/core/api/agency/submissions/{submissionId}/contract',
      '/core/api/agency/contracts/{contractId}',
      '/core/api/agency/contracts/{contractId}/send',
      '/core/api/agency/contracts/{contractId}/onboarding-complete',
      '/core/api/agency/contracts/{contractId}/start',
      '/core/api/agency/contracts/{contractId}/end',
      '/core/api/agency/contracts/{contractId}/pay-periods',
      '/core/api/agency/timesheets/{timesheetId}/approve',
      '/core/api/agency/clinicians/{userId}/verify',
      '/core/api/agency/reference-answers',
    ])
      expect(Object.keys(doc.paths), p).toContain(p);
    expect(doc.paths['/core/api/agency/contracts/{contractId}/start'].post.responses['409']).toBeDefined();
  });
});

describe('factories', () => {
  it('still create every state directly', async () => {
    const u = await signUp(t);
    const w = await f.workingAssignment(t, u.userId);
    const read = (await call('GET', `/contracts/${w.contractId}`, readOnly)).json;
    expect(read).toMatchObject({ stage: 'working', status: 'signed', startedAt: expect.any(String) });
    expect(read.payPeriods.map((p: { status: string }) => p.status)).toEqual(['locked', 'submitted', 'open']);
    const [row] = await t.ctx.db.select().from(timesheets).where(eq(timesheets.id, w.locked.id));
    expect(row!.lockedAt).not.toBeNull();
  });
});

describe('dev endpoints for the browser tests', () => {
  it('issue keys and register loopback receivers only while DEV_OUTBOX is on', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/core/api/dev/agency/keys',
      headers: devHeaders,
      payload: { name: 'e2e', scopes: ['read', 'write'] },
    });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/submissions?limit=1', res.json().key)).status).toBe(200);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/core/api/dev/agency/webhooks',
      headers: devHeaders,
      payload: { url: 'http://127.0.0.1:9/hooks', events: ['contract.signed'] },
    });
    expect(hook.statusCode).toBe(200);
    expect(hook.json().secret).toMatch(/^whsec_/);
    for (const url of ['https://ats.example.com/hooks', 'not a url', 'http://10.0.0.1/x']) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/core/api/dev/agency/webhooks',
        headers: devHeaders,
        payload: { url },
      });
      expect(refused.statusCode, url).toBe(400);
    }
    const off = await buildTestApp({ env: { DEV_OUTBOX: 'false' } });
    try {
      for (const url of ['/core/api/dev/agency/keys', '/core/api/dev/agency/webhooks'])
        expect(
          (
            await off.app.inject({
              method: 'POST',
              url,
              headers: devHeaders,
              payload: { name: 'x', scopes: ['read'], url: 'http://127.0.0.1/' },
            })
          ).statusCode,
        ).toBe(404);
    } finally {
      await off.close();
    }
  });
});
