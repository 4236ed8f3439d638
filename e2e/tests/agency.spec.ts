import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, loginViaApi, newClinician, test } from '../fixtures.ts';

/**
 * The agency's side of a placement, end to end: its system feeds a job through the agency API, a
 * clinician finds it and applies in the browser, the agency extends an offer and sends the contract
 * through the API, the clinician signs in the browser, and the agency's webhook receiver gets the
 * signed `contract.signed` event. Keys and the receiver are registered through the dev endpoints
 * (the e2e server holds its embedded database, so the command line cannot open it meanwhile).
 */

interface Delivery {
  headers: Record<string, string | string[] | undefined>;
  raw: string;
  body: { id: number; type: string; userId: number | null; data: Record<string, unknown> };
}

/** A small webhook receiver, as an agency would run one. */
async function startReceiver(): Promise<{ url: string; deliveries: Delivery[]; close(): Promise<void> }> {
  const deliveries: Delivery[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      deliveries.push({ headers: req.headers, raw, body: JSON.parse(raw) as Delivery['body'] });
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hcp-webhooks`,
    deliveries,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The verification docs/integration.md gives agency developers. */
function verify(secret: string, rawBody: string, header: string, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return expected.length === parts.v1?.length && timingSafeEqual(Buffer.from(expected), Buffer.from(parts.v1));
}

const isoDays = (n: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

async function agencyKey(request: APIRequestContext): Promise<string> {
  const res = await request.post('/core/api/dev/agency/keys', { data: { name: 'E2E ATS', scopes: ['read', 'write'] } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { key: string }).key;
}

function agency(request: APIRequestContext, key: string) {
  const headers = { authorization: `Bearer ${key}` };
  return {
    get: async (url: string) => {
      const res = await request.get(`/core/api/agency${url}`, { headers });
      expect(res.status(), url).toBe(200);
      return res.json();
    },
    send: async (method: 'POST' | 'PUT' | 'PATCH', url: string, data: unknown = {}) => {
      const res = await request.fetch(`/core/api/agency${url}`, { method, headers, data });
      expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
      return res.json();
    },
  };
}

async function pick(page: Page, combobox: string, search: string, option: RegExp) {
  const box = page.getByRole('combobox', { name: combobox });
  await box.fill(search);
  await page.getByRole('option', { name: option }).first().click();
  await box.fill('');
  await box.press('Escape');
}

test('a job fed by the agency is found and applied for, offered, signed in the browser, and the signature reaches the agency', async ({
  page,
  request,
}) => {
  const narrow = (page.viewportSize()?.width ?? 1280) <= 1250;
  const receiver = await startReceiver();
  try {
    const key = await agencyKey(request);
    const api = agency(request, key);
    const hookRes = await request.post('/core/api/dev/agency/webhooks', {
      data: { url: receiver.url, events: ['job.applied', 'contract.signed'] },
    });
    expect(hookRes.status()).toBe(200);
    const { secret } = (await hookRes.json()) as { secret: string };

    // 1. The agency's system feeds a job (a registered nurse job with a pay that tops the list).
    const run = randomBytes(4).toString('hex');
    const disciplines = (await (await request.get('/core/api/Disciplines')).json()) as {
      id: number;
      specialtyIds: number[];
    }[];
    const specialtyId = disciplines.find((d) => d.id === 13)!.specialtyIds[0]!;
    const specialties = (await (await request.get('/core/api/Specialty/getSpecialties')).json()) as {
      id: number;
      name: string;
    }[];
    const specialty = specialties.find((s) => s.id === specialtyId)!.name;
    const facilityName = `Agency Feed Medical Center ${run}`;
    const externalId = `E2E-${run}`;
    const fed = await api.send('PUT', `/jobs/${externalId}`, {
      facility: { externalId: `E2E-FAC-${run}`, name: facilityName, city: 'Austin', state: 'TX', zip: '78701' },
      job: {
        facilityExternalId: `E2E-FAC-${run}`,
        professionId: 13,
        specialtyId,
        shift: '3x12',
        shiftCategory: 1,
        durationWeeks: 13,
        startDate: isoDays(30),
        hourlyRate: 150,
        regularPayHours: 36,
        regularPayPerWeek: 5400,
        weeklyMeals: 500,
        weeklyLodging: 1500,
        benefits: ['Medical', 'Dental'],
      },
    });
    expect(fed.jobs.inserted).toBe(1);
    const { jobId } = (await api.get(`/jobs/${externalId}`)) as { jobId: number };

    // 2. A clinician with a complete application finds it in the job search and applies.
    const who = await newClinician(request, { FirstName: 'Avery', LastName: 'Feed' });
    expect(
      (
        await request.post('/core/api/dev/pipeline/demoPlacements', {
          headers: { authorization: `Bearer ${who.token}` },
          data: { applicationOnly: true },
        })
      ).status(),
    ).toBe(200);
    await loginViaApi(page, request, who);
    await page.goto('/search-form');
    await page.getByLabel('Profession').selectOption({ label: 'Registered Nurse' });
    await pick(page, 'Specialty', specialty, new RegExp(`^${specialty.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    await page.getByRole('button', { name: 'Search for Jobs' }).click();
    await expect(page).toHaveURL(/\/job-search\?/);
    await page.getByLabel('Sort by').selectOption({ label: 'Pay: High to Low' });
    await expect(page).toHaveURL(/sortBy=pay/);
    const card = page.locator(`article[data-job-id="${jobId}"]`);
    await expect(card).toContainText(facilityName);
    await expect(card).toContainText('$7,400');
    await card.click();
    const details = narrow ? page.locator('main') : page.getByRole('region', { name: 'Job details' });
    await expect(details.getByText(facilityName).first()).toBeVisible();
    await details.getByRole('button', { name: 'Apply Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Specify your desired start date and requested time off' });
    await dialog.getByRole('group', { name: 'Requested Time Off' }).getByRole('button', { name: 'No' }).click();
    await dialog.getByLabel('When is the best time to contact you?').fill('Afternoons');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog).toBeHidden();
    await expect(details.getByText('You applied for this job')).toBeVisible();

    // 3. The agency reads the submission, extends an offer and sends the contract.
    const clinicians = await api.get(`/clinicians?email=${encodeURIComponent(who.email)}`);
    const userId = clinicians.items[0].userId as number;
    const subs = await api.get(`/submissions?userId=${userId}`);
    expect(subs.items).toHaveLength(1);
    const submission = subs.items[0];
    expect(submission).toMatchObject({
      status: 'submitted',
      job: { externalId, jobId },
      bestContactTime: 'Afternoons',
      requestedTimeOff: [],
    });
    await api.send('POST', `/submissions/${submission.submissionId}/offer`);
    const contract = await api.send('POST', `/submissions/${submission.submissionId}/contract`, {
      unit: 'ICU',
      send: true,
    });
    expect(contract).toMatchObject({
      status: 'sent',
      stage: 'offer',
      terms: { hourlyRate: 150, grossWeeklyPay: 7400, unit: 'ICU' },
    });

    // 4. The clinician signs in the browser.
    await page.goto('/dashboard');
    const offers = page.getByRole('region', { name: 'Offers' });
    const signable = offers.getByRole('article').filter({ hasText: 'Your contract is ready to sign!' });
    await expect(signable).toContainText(facilityName);
    await signable.getByRole('link', { name: 'View Offer Details' }).click();
    await expect(page).toHaveURL(new RegExp(`/submitted-jobs#contract-${contract.contractId}$`));
    await page
      .getByRole('article', { name: 'Job details' })
      .getByRole('button', { name: 'Review & Sign Contract' })
      .click();
    await expect(page.getByRole('img', { name: /^Contract page 1 of \d+$/ })).toBeVisible({ timeout: 30_000 });
    // While the clinician reads, the agency raises the rate and sends the contract again: the sign of the
    // terms shown is refused with the new terms, and the clinician signs after reviewing them.
    await api.send('PATCH', `/contracts/${contract.contractId}`, { hourlyRate: 152.5 });
    await api.send('POST', `/contracts/${contract.contractId}/send`);
    const agree = page.getByRole('checkbox', { name: 'I have reviewed and agree to sign electronically.' });
    await agree.check();
    await page.getByRole('button', { name: 'Sign Contract' }).click();
    const changed = page.getByRole('dialog', { name: 'The contract has changed' });
    await expect(changed).toContainText('This contract changed after you opened it');
    await expect(changed).toContainText('$152.50 per hour');
    expect(await api.get(`/contracts/${contract.contractId}`)).toMatchObject({ status: 'sent' });
    await changed.getByRole('button', { name: 'Review the new terms' }).click();
    await expect(changed).toBeHidden();
    await expect(page.getByRole('img', { name: /^Contract page 1 of \d+$/ })).toBeVisible({ timeout: 30_000 });
    await expect(agree).not.toBeChecked();
    await agree.check();
    await page.getByRole('button', { name: 'Sign Contract' }).click();
    await expect(page).toHaveURL(/\/submitted-jobs$/);
    expect(await api.get(`/contracts/${contract.contractId}`)).toMatchObject({
      status: 'signed',
      stage: 'onboarding',
      terms: { hourlyRate: 152.5 },
    });

    // 5. The agency's receiver gets the signature event, signed with its secret, after the application's.
    await expect
      .poll(() => receiver.deliveries.filter((d) => d.body.userId === userId).map((d) => d.body.type), {
        timeout: 30_000,
      })
      .toEqual(['job.applied', 'contract.signed']);
    const mine = receiver.deliveries.filter((d) => d.body.userId === userId);
    const signed = mine[1]!;
    expect(signed.headers['x-hcp-event-type']).toBe('contract.signed');
    expect(signed.headers['x-hcp-event-id']).toBe(String(signed.body.id));
    expect(verify(secret, signed.raw, String(signed.headers['x-hcp-signature']))).toBe(true);
    expect(verify('whsec_wrong', signed.raw, String(signed.headers['x-hcp-signature']))).toBe(false);
    expect(signed.body.data).toMatchObject({
      contractId: contract.contractId,
      contractNum: contract.contractNum,
      signerName: 'Avery Feed',
    });
    expect(mine[0]!.body.data).toMatchObject({ submissionId: submission.submissionId, jobId });
  } finally {
    await receiver.close();
  }
});

test('the agency starts the assignment, creates pay periods and approves submitted time; the clinician sees it', async ({
  page,
  request,
}) => {
  const api = agency(request, await agencyKey(request));
  const who = await newClinician(request, { FirstName: 'Paige', LastName: 'Period' });
  const auth = { authorization: `Bearer ${who.token}` };
  expect(
    (
      await request.post('/core/api/dev/pipeline/demoPlacements', { headers: auth, data: { applicationOnly: true } })
    ).status(),
  ).toBe(200);
  const search = await (await request.get('/core/api/jobsearch/jobs?disciplineId=13&pageSize=1')).json();
  const jobId = search.jobList[0].jobId as number;
  const applied = await request.post('/core/api/HcpJobApplication/startJobApplication', {
    headers: auth,
    data: { jobId, isInterested: true, desiredStartDate: isoDays(15), requestedTimeOff: [] },
  });
  expect(applied.status()).toBe(200);
  const userId = (await api.get(`/clinicians?email=${encodeURIComponent(who.email)}`)).items[0].userId;
  const submissionId = (await api.get(`/submissions?userId=${userId}`)).items[0].submissionId;
  await api.send('POST', `/submissions/${submissionId}/offer`);
  const contract = await api.send('POST', `/submissions/${submissionId}/contract`, { send: true });
  expect(
    (
      await request.post(`/core/api/Document/eSignDocument?contractId=${contract.contractId}&documentMasterId=54`, {
        headers: auth,
        data: {},
      })
    ).status(),
  ).toBe(200);
  await api.send('POST', `/contracts/${contract.contractId}/onboarding-complete`);
  await api.send('POST', `/contracts/${contract.contractId}/start`);
  const { created } = await api.send('POST', `/contracts/${contract.contractId}/pay-periods`);
  const [first, second] = created as { timesheetId: number; startDate: string; endDate: string }[];
  expect(
    (
      await request.post(`/core/api/Timesheets/submitTimesheet/${first!.timesheetId}`, { headers: auth, data: {} })
    ).status(),
  ).toBe(200);
  expect((await api.send('POST', `/timesheets/${first!.timesheetId}/approve`)).status).toBe('approved');
  expect((await api.send('POST', `/timesheets/${second!.timesheetId}/lock`)).status).toBe('locked');

  await loginViaApi(page, request, who);
  await page.goto('/timesheet');
  await expect(page.getByRole('heading', { name: 'Timesheets', level: 1 })).toBeVisible();
  const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
  const periodButton = (p: { startDate: string; endDate: string }) =>
    page.getByRole('button', { name: new RegExp(`^${us(p.startDate)} - ${us(p.endDate)}`) });
  await expect(periodButton(first!)).toContainText('Approved');
  await expect(periodButton(first!).getByRole('img', { name: 'Locked' })).toBeVisible();
  await expect(periodButton(second!).getByRole('img', { name: 'Locked' })).toBeVisible();
  await expect(periodButton(second!)).not.toContainText('Approved');
  await periodButton(second!).click();
  const panel = page.getByRole('region', { name: new RegExp(`${us(second!.startDate)} - ${us(second!.endDate)}`) });
  await expect(panel.getByText(/^Locked/)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'New Time Entry' })).toHaveCount(0);
});
