import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, expect, hydrated, test } from '../fixtures.ts';

interface Card {
  jobId: number;
  profession: string;
  specialty: string;
  shift: string;
}

async function search(request: APIRequestContext, query: string) {
  const res = await request.get(`/core/api/jobsearch/jobs?${query}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { jobList: Card[]; jobCount: number };
}

test('a closed job is no live posting for search engines; an open one is', async ({ page, request }) => {
  const favorites = (await (
    await request.get('/core/api/hcpfavoritejobs/favoriteJobs', { headers: await apiLogin(request) })
  ).json()) as { archivedJobs: { jobId: number }[] };
  const closed = favorites.archivedJobs[0]!.jobId;
  await page.goto(`/careers/find-a-job/${closed}`);
  await expect(page.getByText('This job has closed')).toBeVisible();
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);

  const open = (await search(request, 'pageSize=1')).jobList[0]!;
  await page.goto(`/careers/find-a-job/${open.jobId}`);
  await expect(page.getByRole('button', { name: 'Apply Now' })).toBeVisible();
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
});

test('an unknown job id shows that the job was not found, with the way to the search', async ({ page }) => {
  await page.goto('/careers/find-a-job/99999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Job not found' })).toBeVisible();
  await expect(page).toHaveTitle(/^Job not found \|/);
  await page.getByRole('link', { name: 'Search for jobs' }).click();
  await expect(page).toHaveURL(/\/careers\/find-a-job$/);
  await expect(page.getByRole('heading', { name: /Unique Jobs? \(\d+ Total Openings?\)/ })).toBeVisible();
});

test('the job search with an unknown job id says the job was not found, with the way back to the results', async ({
  page,
}) => {
  await page.goto('/job-search?professionId=13&jobId=99999999');
  const pane = page.getByRole('region', { name: 'Job details' });
  await expect(pane.getByRole('heading', { name: 'Job not found' })).toBeVisible();
  await expect(pane).toContainText('This job is no longer listed, or the link to it is incomplete.');
  await pane.getByRole('link', { name: 'Search for jobs' }).click();
  // The same search, without the job that is not there.
  await expect(page).toHaveURL(
    (u) => u.pathname === '/job-search' && !u.searchParams.has('jobId') && u.searchParams.get('professionId') === '13',
  );
  await expect(page.getByRole('heading', { name: /Unique Jobs? \(\d+ Total Openings?\)/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Job not found' })).toHaveCount(0);
});

test('a job page opened without returnUrl has a way back to the job search', async ({ page, request }) => {
  const job = (await search(request, 'pageSize=1')).jobList[0]!;
  await page.goto(`/careers/find-a-job/${job.jobId}`);
  await expect(page.getByRole('button', { name: 'Apply Now' })).toBeVisible();
  await page.getByRole('link', { name: '‹ Search all jobs' }).click();
  await expect(page).toHaveURL(/\/careers\/find-a-job$/);
});

test('a job whose specialty names its profession is titled once', async ({ page, request }) => {
  const jobs = (await search(request, 'disciplineId=11&pageSize=100')).jobList;
  const same = jobs.find((j) => j.specialty === j.profession);
  expect(same, 'a Surgical Technologist job of the specialty Surgical Technologist').toBeDefined();
  await page.goto(`/job-search?professionId=11`);
  const card = page.locator(`article[data-job-id="${same!.jobId}"]`);
  // The title, then the flame of a featured job.
  const once = /^Surgical Technologist( Featured job)?$/;
  await expect(card.getByRole('heading', { name: once })).toBeVisible();
  await expect(page.getByText('Surgical Technologist - Surgical Technologist')).toHaveCount(0);
  await page.goto(`/careers/find-a-job/${same!.jobId}`);
  await expect(page.getByRole('heading', { level: 1, name: once })).toBeVisible();
  await expect(page).toHaveTitle(/^Surgical Technologist \| Job Details \|/);
});

test('each profession is offered once, in the search form and in sign-up', async ({ page }) => {
  const narrow = (page.viewportSize()?.width ?? 1280) <= 800;
  await page.goto('/search-form');
  const profession = page.getByLabel('Profession');
  await expect(profession.locator('optgroup[label="Most Common"] option').first()).toBeAttached();
  const names = await profession.locator('option').allTextContents();
  expect(names.length).toBeGreaterThan(5);
  expect(new Set(names).size).toBe(names.length);

  await page.getByRole('button', { name: narrow ? 'Login' : 'Traveler Login' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Sign Up' }).click();
  const signUp = dialog.getByLabel('Profession', { exact: false });
  await expect(signUp.locator('option', { hasText: /^Registered Nurse$/ })).toHaveCount(1);
  const signUpNames = (await signUp.locator('option').allTextContents()).filter((n) => n.trim() && !/^Select/.test(n));
  expect(new Set(signUpNames).size).toBe(signUpNames.length);
});

test('every number of shifts the filter offers keeps the jobs of the profession, exact ones first', async ({
  page,
  request,
}) => {
  // A profession whose jobs all have the same number of shifts, so that other numbers are two or more apart.
  const options = (await (await request.get('/core/api/jobsearch/SearchOptions')).json()) as {
    disciplines: { id: number }[];
  };
  let chosen: { id: number; count: number; far: number } | null = null;
  for (const d of options.disciplines) {
    const all = await search(request, `disciplineId=${d.id}&pageSize=100`);
    const counts = new Set(all.jobList.map((j) => Number(j.shift.split('x')[0])));
    if (all.jobCount > 0 && counts.size === 1) {
      const n = [...counts][0]!;
      chosen = { id: d.id, count: all.jobCount, far: n <= 3 ? 5 : 3 };
      break;
    }
  }
  expect(chosen, 'a profession whose jobs share one number of shifts').not.toBeNull();
  await page.goto(`/job-search?professionId=${chosen!.id}&numberOfShifts=${chosen!.far}`);
  const n = chosen!.count;
  await expect(page.getByRole('heading', { name: `${n} Unique Job${n === 1 ? '' : 's'}`, exact: false })).toBeVisible();
  await expect(page.locator('article[data-job-id]').first().getByText('Close Match')).toBeVisible();
});

test('offline, the facility map gives way to its address and a link; outside links say so instead of opening', async ({
  page,
  context,
  request,
}) => {
  const job = (await search(request, 'pageSize=1')).jobList[0]!;
  const details = (await (await request.get(`/core/api/jobsearch/jobDetails?jobId=${job.jobId}`)).json()) as {
    facility: { address1: string | null; city: string };
  };
  // No tile arrives (the tile server is out of reach), and the connection is gone before the map is scrolled to.
  await page.route(/\/__tiles\/|^https:\/\/tile\.openstreetmap\.org\//, (route) => route.abort('internetdisconnected'));
  await page.goto(`/careers/find-a-job/${job.jobId}`);
  // The page shows before the app's code has loaded (the server rendered it): the connection goes once the app has
  // taken over and fetched the code it loads when idle.
  await hydrated(page.getByRole('button', { name: 'Apply Now' }));
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  const map = page.getByRole('region', { name: /^Map of / });
  await map.scrollIntoViewIfNeeded();
  await expect(map.getByText('The map cannot be shown right now.')).toBeVisible();
  await expect(map).toContainText(details.facility.city);
  if (details.facility.address1) await expect(map).toContainText(details.facility.address1);
  const mapLink = map.getByRole('link', { name: 'Open this address in Google Maps (opens in a new tab)' });
  await expect(mapLink).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);

  // Every link that leaves the portal says where it goes, and offline says so in place of a tab that cannot load.
  const opened: Page[] = [];
  context.on('page', (p) => opened.push(p));
  const offlineNotice = (site: string) =>
    `You are offline, so ${site} cannot open right now. Please connect to the internet and try again.`;
  await mapLink.click();
  await expect(map.getByRole('alert')).toHaveText(offlineNotice('google.com'));
  const about = page.getByRole('region', { name: `About ${details.facility.city}, `, exact: false });
  for (const label of ['Housing in', 'Weather in', 'Cost of living in']) {
    const link = about.getByRole('link', {
      name: `${label} ${details.facility.city} (google.com, opens in a new tab)`,
    });
    await expect(link).toBeVisible();
    await link.click();
  }
  await expect(about.getByRole('alert')).toHaveText(Array(3).fill(offlineNotice('google.com')));
  const site = page.getByRole('contentinfo').getByRole('link', { name: /website \(opens in a new tab\)$/ });
  await site.click();
  await expect(page.getByRole('contentinfo').getByRole('alert')).toHaveText(offlineNotice('trs-healthcare.example'));
  expect(opened).toEqual([]);
  await context.setOffline(false);
});

test('a job page whose apply form cannot be downloaded stays on screen; Apply Now says so and tries again', async ({
  page,
  request,
}) => {
  const job = (await search(request, 'pageSize=1')).jobList[0]!;
  // The apply form's code is fetched once the job has shown: here the connection drops for that download.
  const formCode = /\/assets\/start-application-dialog-[\w-]+\.js$/;
  await page.route(formCode, (route) => route.abort('internetdisconnected'));
  const failed = page.waitForEvent('requestfailed', (r) => formCode.test(r.url()));
  await page.goto(`/careers/find-a-job/${job.jobId}`);
  await failed;
  const apply = page.getByRole('button', { name: 'Apply Now' });
  await expect(apply).toBeVisible();
  await expect(page.getByText('Reload the page')).toHaveCount(0);

  await apply.click();
  const dialog = page.getByRole('dialog', { name: 'Specify your desired start date and requested time off' });
  await expect(dialog.getByRole('alert')).toHaveText(
    'The application form could not be loaded. Please check your connection and try again.',
  );
  // Still unreachable: the same words again, nothing else breaks.
  await dialog.getByRole('button', { name: 'Try Again' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();

  await page.unroute(formCode);
  await dialog.getByRole('button', { name: 'Try Again' }).click();
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeVisible();
  await expect(dialog.getByText('The application form could not be loaded.', { exact: false })).toHaveCount(0);
});

test('a link to a job in the results opens the list at its card', async ({ page, request }) => {
  const narrow = (page.viewportSize()?.width ?? 1280) <= 1250;
  const job = (await search(request, 'pageSize=50')).jobList[25]!;
  const card = page.locator(`article[data-job-id="${job.jobId}"]`);
  if (!narrow) {
    // Wide: the job's details beside the list, and its card in view.
    await page.goto(`/job-search?jobId=${job.jobId}`);
    await expect(page.getByRole('region', { name: 'Job details' }).getByRole('heading').first()).toBeVisible();
    await expect(card).toBeInViewport();
  } else {
    // A phone in the embedded mode: the job's own page, then back to the same place in the results.
    await page.goto('/careers/find-a-job');
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/careers/find-a-job/${job.jobId}\\?returnUrl=`));
    await page.getByRole('link', { name: '‹ Back to results' }).click();
    await expect(page).toHaveURL(new RegExp(`/careers/find-a-job(\\?.*)?#job-${job.jobId}$`));
    await expect(card).toBeInViewport();
  }
});
