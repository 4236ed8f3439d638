// What a clinician waits for first: on a cold load nothing waits for another call or for the app's code (no
// waterfall). The job search, a job's page and the dashboard come from the server with the answers they show
// (docs/decisions/0352): the browser does not ask for those again, and what is left (the filters' options) leaves
// from the entry before the app's code (React, the router, the page) has loaded. A page the browser renders asks its
// first calls together, from the entry. Each test holds the answers of the calls it names, and the app's code, until
// every one of the calls has been asked; a call that is only asked once another has answered, or that the app's code
// makes, is never asked meanwhile, and the test names it. No timing is measured.
import type { Page } from '@playwright/test';
import { DEMO, appChunk, expect, loginViaApi, test } from '../fixtures.ts';

/**
 * Holds the answers of `calls` (name -> URL pattern) and the app's chunk until all of the calls have been asked,
 * then lets everything through. `missing()` names the calls not asked yet; `times(name)` how often one was asked.
 */
async function holdUntilAllAsked(page: Page, calls: Record<string, RegExp>) {
  const asked = new Map(Object.keys(calls).map((name) => [name, 0]));
  const missing = () => [...asked].filter(([, n]) => n === 0).map(([name]) => name);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const app = appChunk();
  await page.route(
    (url) => url.pathname.startsWith('/core/api/') || app.test(url.pathname),
    async (route) => {
      const url = route.request().url();
      const name = Object.keys(calls).find((n) => calls[n]!.test(url));
      if (name !== undefined) asked.set(name, asked.get(name)! + 1);
      else if (!app.test(new URL(url).pathname)) return route.continue();
      if (missing().length === 0) release();
      await released;
      return route.continue();
    },
  );
  return { missing, times: (name: string) => asked.get(name) };
}

/** How often the page asked for each of `calls` (name -> URL pattern), without holding them. */
function countAsked(page: Page, calls: Record<string, RegExp>) {
  const asked = new Map(Object.keys(calls).map((name) => [name, 0]));
  page.on('request', (request) => {
    const name = Object.keys(calls).find((n) => calls[n]!.test(request.url()));
    if (name !== undefined) asked.set(name, asked.get(name)! + 1);
  });
  return (name: string) => asked.get(name);
}

const allAskedWhileHeld = { message: 'calls not asked while the others were held (they wait for another call)' };

const FLAGS = /\/core\/api\/FeatureFlags$/;
const USER = /\/core\/api\/HcpApiUser\/userInfo$/;
const STEPS = /\/core\/api\/HcpJobApplication\/getCompletedHCPApplicationSteps$/;

test('a cold load of the job search comes with the flags and first results; the options leave before the app', async ({
  page,
}) => {
  const narrow = (page.viewportSize()?.width ?? 1280) <= 1250;
  const sent = countAsked(page, { flags: FLAGS, results: /\/core\/api\/jobsearch\/jobs\?/ });
  const held = await holdUntilAllAsked(page, { options: /\/core\/api\/jobsearch\/SearchOptions$/ });
  // Filters and a sort in the address: the results the server sent are the ones the list shows.
  await page.goto('/job-search?professionId=13&numberOfShifts=4&sortBy=pay');
  await expect.poll(held.missing, allAskedWhileHeld).toEqual([]);
  await expect(page.locator('article[data-job-id]').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: /Unique Jobs/ })).toBeVisible();
  // The filters open with their options from the same answer.
  await page.getByRole('button', { name: narrow ? /^Search Filters \(\d+\)$/ : 'Show Filters' }).click();
  const panel = page.getByRole('dialog', { name: narrow ? 'Filters' : 'All Filters' });
  await expect(panel.getByLabel('Profession')).toHaveValue('13');
  await expect(panel.getByLabel('Number of Shifts per Week')).toHaveValue('4');
  // The options were asked once; the flags and results the page came with, never.
  expect([held.times('options'), sent('flags'), sent('results')]).toEqual([1, 0, 0]);
});

test("a cold load of a job's page comes with the flags and the job's details: the browser asks for neither", async ({
  page,
  request,
}) => {
  const list = (await (await request.get('/core/api/jobsearch/jobs?pageSize=1')).json()) as {
    jobList: { jobId: number; hospitalName: string }[];
  };
  const job = list.jobList[0]!;
  const sent = countAsked(page, {
    flags: FLAGS,
    details: new RegExp(`/core/api/jobsearch/jobDetails\\?jobId=${job.jobId}$`),
  });
  await page.goto(`/careers/find-a-job/${job.jobId}`);
  await expect(page.getByText(job.hospitalName).first()).toBeVisible();
  await page.getByRole('button', { name: 'Apply Now' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect([sent('flags'), sent('details')]).toEqual([0, 0]);
});

test("a cold load of the dashboard comes with the clinician's data, the flags, offers and submissions", async ({
  page,
  request,
}) => {
  await loginViaApi(page, request, DEMO);
  const sent = countAsked(page, {
    flags: FLAGS,
    user: USER,
    steps: STEPS,
    offers: /\/core\/api\/HcpJobOffers\/getHcpDashboardOffersAndOnboardingContracts$/,
    submissions: /\/core\/api\/HcpJobSubmissions\/getHcpDashboardSubmissions$/,
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Offers' }).getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Submissions' }).getByRole('article')).toHaveCount(2);
  // Once the app has taken over, the account menu opens: the answers were not asked again meanwhile.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('link', { name: 'Submissions & Offers' })).toBeVisible();
  expect(['flags', 'user', 'steps', 'offers', 'submissions'].map(sent)).toEqual([0, 0, 0, 0, 0]);
});

test("a cold load of a page the browser renders asks for the flags and the clinician's data together", async ({
  page,
  request,
}) => {
  await loginViaApi(page, request, DEMO);
  const held = await holdUntilAllAsked(page, { flags: FLAGS, user: USER, steps: STEPS });
  await page.goto('/submitted-jobs');
  await expect.poll(held.missing, allAskedWhileHeld).toEqual([]);
  await expect(page.getByRole('heading', { name: 'Submissions & Offers', level: 1 })).toBeVisible();
  expect(['flags', 'user', 'steps'].map(held.times)).toEqual([1, 1, 1]);
});
