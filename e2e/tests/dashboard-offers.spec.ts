import type { APIRequestContext, Page } from '@playwright/test';
import {
  clinicianWithPlacements,
  expect,
  hydrated,
  loginViaApi,
  newClinician,
  renderedByBrowser,
  test,
} from '../fixtures.ts';

const isNarrow = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 1250;

/** The browser's calendar day `days` from today, as YYYY-MM-DD and as the pages show it. */
function day(days: number) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const iso = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return { iso, us: `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` };
}

/** A clinician with a complete application and no placements. */
async function approvedClinician(page: Page, request: APIRequestContext) {
  const who = await newClinician(request);
  const res = await request.post('/core/api/dev/pipeline/demoPlacements', {
    headers: { authorization: `Bearer ${who.token}` },
    data: { applicationOnly: true },
  });
  expect(res.status()).toBe(200);
  await loginViaApi(page, request, who);
  return who;
}

test('the Approved panel stands for an empty pipeline, never for offers or submissions that could not be read', async ({
  page,
  request,
}) => {
  await approvedClinician(page, request);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Approved' })).toBeVisible();

  // Either read failing leaves the pipeline unknown: no Approved, and the page says something went wrong. The reads
  // are the browser's when the server leaves the page to it.
  await renderedByBrowser(page, '/dashboard');
  for (const failing of [
    '**/core/api/HcpJobOffers/getHcpDashboardOffersAndOnboardingContracts',
    '**/core/api/HcpJobSubmissions/getHcpDashboardSubmissions',
  ]) {
    await page.route(failing, (route) =>
      route.fulfill({ status: 500, json: { status: 500, code: 'internal', message: 'x' } }),
    );
    await page.reload();
    await expect(page.getByText('It looks like something went wrong. Please try again.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Approved' })).toHaveCount(0);
    await page.unroute(failing);
  }
});

test('a job shows one start date: the one the clinician asked for, on the dashboard, the list and the details', async ({
  page,
  request,
}) => {
  const who = await approvedClinician(page, request);
  const jobs = (await (await request.get('/core/api/jobsearch/jobs?pageSize=10')).json()) as {
    jobList: { jobId: number }[];
  };
  const asked = day(30);
  let jobId = 0;
  for (const j of jobs.jobList) {
    const d = (await (await request.get(`/core/api/jobsearch/jobDetails?jobId=${j.jobId}`)).json()) as {
      startDate: string;
    };
    if (d.startDate.slice(0, 10) !== asked.iso) {
      jobId = j.jobId;
      break;
    }
  }
  const applied = await request.post('/core/api/HcpJobApplication/startJobApplication', {
    headers: { authorization: `Bearer ${who.token}` },
    data: { jobId, isInterested: true, desiredStartDate: asked.iso, requestedTimeOff: [] },
  });
  expect(applied.status()).toBe(200);

  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Submissions' }).getByRole('article').first();
  await expect(card.getByText(asked.us)).toBeVisible();
  await card.getByRole('link', { name: 'View Submission' }).click();
  await expect(page).toHaveURL(new RegExp(`/submitted-jobs#job-${jobId}$`));
  const details = page.getByRole('article', { name: 'Job details' });
  await expect(details.getByText('Start date', { exact: true })).toBeVisible();
  const starts = await details
    .locator('dt:text-is("Start date") + dd, dt:text-is("Desired start date") + dd')
    .allInnerTexts();
  expect(starts).toEqual([asked.us, asked.us]);
  if (!isNarrow(page)) await expect(page.locator(`[data-item="job-${jobId}"]`)).toContainText(`Starts ${asked.us}`);
});

test('a link to one item of /submitted-jobs opens at the top with that item, and a changed hash is followed', async ({
  page,
  request,
}) => {
  await clinicianWithPlacements(page, request);
  await page.goto('/dashboard');
  const submissions = page.getByRole('region', { name: 'Submissions' });
  await expect(submissions).toBeVisible();
  // Far down the dashboard first, as a clinician reading it would be.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await submissions.getByRole('link', { name: 'View Submission' }).last().click();
  await expect(page).toHaveURL(/\/submitted-jobs#job-\d+$/);
  const details = page.getByRole('article', { name: 'Job details' });
  await expect(details).toBeVisible();
  if (isNarrow(page)) await expect(page.getByRole('button', { name: '‹ Submissions' })).toBeInViewport();
  else {
    const tab = page.getByRole('tab', { name: /^Submissions \(\d+\)$/ });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(tab).toBeInViewport();
    await expect(page.locator('button[aria-current="true"]')).toBeInViewport();
  }

  // The hash changes while on the page: the page follows it.
  await page.evaluate(() => {
    window.location.hash = '#offers';
  });
  await expect(page.getByRole('tab', { name: /^Offers \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
  await page.evaluate(() => {
    window.location.hash = '#submissions';
  });
  await expect(page.getByRole('tab', { name: /^Submissions \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
});

test('with nothing applied for yet, /submitted-jobs says what will show up there and leads to the search', async ({
  page,
  request,
}) => {
  const who = await newClinician(request);
  await loginViaApi(page, request, who);
  await page.goto('/submitted-jobs');
  await expect(page.getByText('No offers to show')).toBeVisible();
  await expect(page.getByText('When you apply for a job, your submission shows up here')).toBeVisible();
  await expect(page.getByText('Select an offer or a submission to see its details.')).toHaveCount(0);
  await page.getByRole('link', { name: 'Search for jobs' }).click();
  await expect(page).toHaveURL(/\/job-search$/);
});

test('the header fits a phone: Find Jobs on one line beside the login', async ({ page }) => {
  await page.goto('/job-search');
  const width = page.viewportSize()!.width;
  const findJobs = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Find Jobs' });
  const box = (await findJobs.boundingBox())!;
  const lineHeight = await findJobs.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 24);
  const text = await findJobs.evaluate((el) => {
    const r = document.createRange();
    r.selectNodeContents(el);
    return r.getBoundingClientRect().height;
  });
  expect(text).toBeLessThan(lineHeight * 1.5);
  const login = page.getByRole('banner').getByRole('button', { name: /Login/ }).filter({ visible: true });
  const loginBox = (await login.first().boundingBox())!;
  expect(loginBox.x + loginBox.width).toBeLessThanOrEqual(width);
  expect(box.x + box.width).toBeLessThanOrEqual(loginBox.x);
});

test('@layout the dashboard uses the width of a wide screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await clinicianWithPlacements(page, request);
  await page.goto('/dashboard');
  const offers = page.getByRole('region', { name: 'Offers' }).getByRole('article');
  const submissions = page.getByRole('region', { name: 'Submissions' }).getByRole('article');
  await expect(submissions.first()).toBeVisible();
  const frame = (await page.getByRole('heading', { level: 1, name: 'Dashboard' }).locator('..').boundingBox())!;
  const left = (await offers.first().boundingBox())!;
  const right = (await submissions.last().boundingBox())!;
  // The cards span the page, not half of it.
  expect(right.x + right.width - left.x).toBeGreaterThan(frame.width * 0.9);
});

test('after signing, the page the clinician returns to confirms the contract is signed', async ({ page, request }) => {
  await clinicianWithPlacements(page, request);
  await page.goto('/dashboard');
  const onboarding = page.getByRole('region', { name: 'Onboarding' });
  const review = onboarding
    .getByRole('article')
    .filter({ hasText: 'Ready to sign' })
    .getByRole('button', { name: 'Review & Sign Contract' });
  // The server's page shows first; the button answers once the app has taken it over.
  await hydrated(review);
  await review.click();
  await expect(page.getByRole('img', { name: 'Contract page 1 of 2' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('checkbox', { name: 'I have reviewed and agree to sign electronically.' }).check();
  await page.getByRole('button', { name: 'Sign Contract' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('status').filter({ hasText: 'Thank you, your contract is signed.' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('signing from Submissions & Offers or from E-Documents returns there, and that page confirms it', async ({
  page,
  request,
}) => {
  const signed = page.getByRole('status').filter({ hasText: 'Thank you, your contract is signed.' });
  const sign = async () => {
    await expect(page.getByRole('img', { name: 'Contract page 1 of 2' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('checkbox', { name: 'I have reviewed and agree to sign electronically.' }).check();
    await page.getByRole('button', { name: 'Sign Contract' }).click();
  };
  await clinicianWithPlacements(page, request);

  // The offer's contract, from its details on /submitted-jobs.
  await page.goto('/dashboard');
  await page
    .getByRole('region', { name: 'Offers' })
    .getByRole('article')
    .filter({ hasText: 'Your contract is ready to sign!' })
    .getByRole('link', { name: 'View Offer Details' })
    .click();
  await page
    .getByRole('article', { name: 'Job details' })
    .getByRole('button', { name: 'Review & Sign Contract' })
    .click();
  await sign();
  await expect(page).toHaveURL(/\/submitted-jobs$/);
  await expect(signed).toBeVisible();

  // The other one, from the list of documents waiting to be signed.
  await page.goto('/e-documents-and-signatures');
  await expect(signed).toHaveCount(0);
  await page
    .getByRole('region', { name: 'Contract Documents Waiting to be Signed' })
    .getByRole('button', { name: /^Review and sign / })
    .click();
  await sign();
  await expect(page).toHaveURL(/\/e-documents-and-signatures$/);
  await expect(signed).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Contract Documents Waiting to be Signed' }).getByRole('listitem'),
  ).toHaveCount(0);
});

test('@layout on a phone the contract pages can be shown at full size before signing', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await clinicianWithPlacements(page, request);
  await page.goto('/dashboard');
  const review = page
    .getByRole('region', { name: 'Onboarding' })
    .getByRole('article')
    .filter({ hasText: 'Ready to sign' })
    .getByRole('button', { name: 'Review & Sign Contract' });
  // A desktop browser in a phone-sized window: the server rendered the page for a desktop's width, and the app
  // renders it again for the real one once it has taken over, so a tap made before then may land on markup that is
  // replaced. Phones get a phone's markup from the start (the mobile project's tests tap at once).
  await hydrated(review);
  await review.click();
  const first = page.getByRole('img', { name: 'Contract page 1 of 2' });
  await expect(first).toBeVisible({ timeout: 30_000 });
  const fitted = (await first.boundingBox())!.width;
  expect(fitted).toBeLessThan(400);
  const zoom = page.getByRole('button', { name: 'Show pages at full size' });
  await zoom.click();
  await expect(zoom).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await first.boundingBox())!.width).toBeGreaterThan(fitted * 2);
  await zoom.click();
  await expect.poll(async () => (await first.boundingBox())!.width).toBeLessThan(400);
});
