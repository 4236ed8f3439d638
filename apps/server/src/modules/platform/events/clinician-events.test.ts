import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_DOCUMENT_MASTER_ID } from '@hcp/contracts';
import { auth, buildTestApp, signUp, type TestApp } from '../../../../test/build.ts';
import { agencyKey, keyAuth } from '../../../../test/agency-factories.ts';
import { api, completeAllSteps } from '../../../../test/application-factories.ts';
import { isoDaysFromNow } from '../../../../test/jobs-factories.ts';
import { offerWithContract, pickJob, workingAssignment } from '../../../../test/pipeline-factories.ts';
import {
  addEmployment,
  addReference,
  completeSubmission,
  markSubmitted,
  referenceGuidFromMail,
} from '../../../../test/profile-factories.ts';

/** The clinician actions the agency hears about, each recorded once, with the data it needs. */
let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await buildTestApp({ jobs: 150, env: { FEATURE_TIMESHEETS: 'true' } });
  key = await agencyKey(t, ['read']);
});
afterAll(async () => t.close());

type AgencyEvent = { id: number; type: string; userId: number | null; data: Record<string, unknown> };
async function eventsOf(userId: number, type: string): Promise<AgencyEvent[]> {
  const res = await t.app.inject({ method: 'GET', url: '/core/api/agency/events?limit=1000', headers: keyAuth(key) });
  expect(res.statusCode).toBe(200);
  return (res.json().items as AgencyEvent[]).filter((e) => e.userId === userId && e.type === type);
}

describe('clinician events', () => {
  it('application.submitted once, however often the application is submitted', async () => {
    const u = await signUp(t);
    await completeAllSteps(t, u.token);
    expect(await eventsOf(u.userId, 'application.submitted')).toHaveLength(0);
    expect((await api(t, u.token, 'POST', 'InitialDocuments/saveInitialDocuments')).json().applicationComplete).toBe(
      true,
    );
    expect((await api(t, u.token, 'POST', 'InitialDocuments/saveInitialDocuments')).status).toBe(200);
    const events = await eventsOf(u.userId, 'application.submitted');
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ userId: u.userId });
  });

  it('job.applied once per job, with the requested start and time off', async () => {
    const u = await signUp(t);
    await completeAllSteps(t, u.token);
    await api(t, u.token, 'POST', 'InitialDocuments/saveInitialDocuments');
    const jobId = await pickJob(t, u.userId);
    const payload = {
      jobId,
      isInterested: true,
      desiredStartDate: isoDaysFromNow(20),
      requestedTimeOff: [],
      bestContactTime: 'Mornings',
    };
    for (let i = 0; i < 2; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/core/api/HcpJobApplication/startJobApplication',
        headers: auth(u.token),
        payload,
      });
      expect(res.statusCode).toBe(200);
    }
    const events = await eventsOf(u.userId, 'job.applied');
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ jobId, desiredStartDate: isoDaysFromNow(20), bestContactTime: 'Mornings' });
  });

  it('contract.signed when the clinician signs, not again on a repeated signature', async () => {
    const u = await signUp(t);
    const o = await offerWithContract(t, u.userId);
    const sign = () =>
      t.app.inject({
        method: 'POST',
        url: `/core/api/Document/eSignDocument?contractId=${o.contractId}&documentMasterId=${CONTRACT_DOCUMENT_MASTER_ID}`,
        headers: auth(u.token),
        payload: {},
      });
    expect((await sign()).statusCode).toBe(200);
    await sign();
    const events = await eventsOf(u.userId, 'contract.signed');
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ contractId: o.contractId, contractNum: o.contractNum });
  });

  it('timesheet.submitted with the pay period', async () => {
    const u = await signUp(t);
    const w = await workingAssignment(t, u.userId);
    const before = (await eventsOf(u.userId, 'timesheet.submitted')).length;
    expect((await api(t, u.token, 'POST', `Timesheets/submitTimesheet/${w.open.id}`)).status).toBe(200);
    expect((await api(t, u.token, 'POST', `Timesheets/submitTimesheet/${w.open.id}`)).status).toBe(409);
    const events = await eventsOf(u.userId, 'timesheet.submitted');
    expect(events).toHaveLength(before + 1);
    expect(events.at(-1)!.data).toMatchObject({
      timesheetId: w.open.id,
      contractId: w.contractId,
      startDate: w.open.startDate,
    });
  });

  it('reference.answered under the clinician the reference belongs to', async () => {
    const u = await signUp(t);
    await markSubmitted(t, u.userId);
    const historyId = await addEmployment(t, u.token);
    const email = `ref-${u.userId}@example.com`;
    const referenceId = await addReference(t, u.token, historyId, { email });
    const guid = await referenceGuidFromMail(t, email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/core/api/HcpReferral/saveProfessionalClinicalReference',
      payload: completeSubmission(guid),
    });
    expect(res.statusCode).toBe(200);
    const events = await eventsOf(u.userId, 'reference.answered');
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ referenceId });
  });
});
