// What a clinician waits for first: on a cold load, the page's first API calls leave together, before the app's code
// (React, the router, the page) has loaded. Each test holds the answers of the calls it names, and the app's code,
// until every one of the calls has been asked; a call that is only asked once another has answered (a waterfall), or
// that the app's code makes, is never asked meanwhile, and the test names it. No timing is measured.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DEMO, expect, loginViaApi, test } from '../fixtures.ts';

/** The chunk of the app the entry imports once it has started the first calls, from the build the server serves. */
function appChunk(): RegExp {
  const manifest = JSON.parse(
    readFileSync(new URL('../../apps/web/dist/.vite/manifest.json', import.meta.url), 'utf8'),
  ) as Record<string, { file: string }>;
  const file = manifest['src/app/boot.tsx']?.file;
  if (!file) throw new Error('the build has no src/app/boot.tsx chunk');
  return new RegExp(`/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

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

const allAskedWhileHeld = { message: 'calls not asked while the others were held (they wait for another call)' };

test('a cold load of the job search asks for the flags, the search options and the first results together', async ({
  page,
}) => {
  const narrow = (page.viewportSize()?.width ?? 1280) <= 1250;
  const held = await holdUntilAllAsked(page, {
    flags: /\/core\/api\/FeatureFlags$/,
    options: /\/core\/api\/jobsearch\/SearchOptions$/,
    results: /\/core\/api\/jobsearch\/jobs\?/,
  });
  // Filters and a sort in the address: the first results asked early are the ones the list shows.
  await page.goto('/job-search?professionId=13&numberOfShifts=4&sortBy=pay');
  await expect.poll(held.missing, allAskedWhileHeld).toEqual([]);
  await expect(page.locator('article[data-job-id]').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: /Unique Jobs/ })).toBeVisible();
  // The filters open with their options from the same answer.
  await page.getByRole('button', { name: narrow ? /^Search Filters \(\d+\)$/ : 'Show Filters' }).click();
  const panel = page.getByRole('dialog', { name: narrow ? 'Filters' : 'All Filters' });
  await expect(panel.getByLabel('Profession')).toHaveValue('13');
  await expect(panel.getByLabel('Number of Shifts per Week')).toHaveValue('4');
  // Each was asked once: the page took the answers of the calls started before it had loaded.
  expect([held.times('flags'), held.times('options'), held.times('results')]).toEqual([1, 1, 1]);
});

test("a cold load of a job's page asks for the flags and the job's details together", async ({ page, request }) => {
  const list = (await (await request.get('/core/api/jobsearch/jobs?pageSize=1')).json()) as {
    jobList: { jobId: number; hospitalName: string }[];
  };
  const job = list.jobList[0]!;
  const held = await holdUntilAllAsked(page, {
    flags: /\/core\/api\/FeatureFlags$/,
    details: new RegExp(`/core/api/jobsearch/jobDetails\\?jobId=${job.jobId}$`),
  });
  await page.goto(`/careers/find-a-job/${job.jobId}`);
  await expect.poll(held.missing, allAskedWhileHeld).toEqual([]);
  await expect(page.getByText(job.hospitalName).first()).toBeVisible();
  expect([held.times('flags'), held.times('details')]).toEqual([1, 1]);
});

test("a cold load of the dashboard asks for the clinician's data, the flags, offers and submissions together", async ({
  page,
  request,
}) => {
  await loginViaApi(page, request, DEMO);
  const held = await holdUntilAllAsked(page, {
    flags: /\/core\/api\/FeatureFlags$/,
    user: /\/core\/api\/HcpApiUser\/userInfo$/,
    steps: /\/core\/api\/HcpJobApplication\/getCompletedHCPApplicationSteps$/,
    offers: /\/core\/api\/HcpJobOffers\/getHcpDashboardOffersAndOnboardingContracts$/,
    submissions: /\/core\/api\/HcpJobSubmissions\/getHcpDashboardSubmissions$/,
  });
  await page.goto('/dashboard');
  await expect.poll(held.missing, allAskedWhileHeld).toEqual([]);
  await expect(page.getByRole('region', { name: 'Offers' }).getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Submissions' }).getByRole('article')).toHaveCount(2);
  expect(['flags', 'user', 'steps', 'offers', 'submissions'].map(held.times)).toEqual([1, 1, 1, 1, 1]);
});
