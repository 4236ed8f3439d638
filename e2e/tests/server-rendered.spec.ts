// Pages the server renders (docs/decisions/0352): the job search and the dashboard show their content before any
// of the app's code has run (here: with JavaScript off), and once the app has loaded it takes over the same markup
// (hydration) without React reporting a mismatch, at a phone's and a desktop's width, and the page answers.
import { devices, type Browser, type Page } from '@playwright/test';
import {
  DEMO,
  clinicianWithPlacements,
  expect,
  holdAppCode,
  hydrated,
  loginViaApi,
  newClinician,
  test,
} from '../fixtures.ts';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the job search shows its results and the first job', async ({ page }) => {
    await page.goto('/job-search');
    await expect(page.getByRole('heading', { name: /Unique Jobs/ })).toBeVisible();
    await expect(page.locator('article[data-job-id]').first()).toBeVisible();
    await expect(page.locator('article[data-job-id]').first().getByRole('link')).toHaveAttribute(
      'href',
      /^\/careers\/find-a-job\/\d+/,
    );
  });

  // "Not found" is the server's answer to show, not a failed call left to the browser (which showed a spinner until
  // the app had loaded, asked again and was told the same).
  test('a job id that names no job says so, on its own page and beside the results', async ({ page }) => {
    // Answered 404, so search engines drop the address of a job that is gone.
    expect((await page.goto('/careers/find-a-job/99999999'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Job not found' })).toBeVisible();
    await expect(page).toHaveTitle(/^Job not found \|/);
    await expect(page.getByRole('link', { name: 'Search for jobs' })).toHaveAttribute('href', '/careers/find-a-job');

    expect((await page.goto('/job-search?professionId=13&jobId=99999999'))?.status()).toBe(200);
    const pane = page.getByRole('region', { name: 'Job details' });
    await expect(pane.getByRole('heading', { name: 'Job not found' })).toBeVisible();
    await expect(pane.getByRole('link', { name: 'Search for jobs' })).toHaveAttribute(
      'href',
      '/job-search?professionId=13',
    );
    await expect(page.getByText('Loading job details')).toHaveCount(0);
  });

  test("the dashboard shows the clinician's offers and submissions", async ({ page, request }) => {
    await loginViaApi(page, request, DEMO);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Offers' }).getByRole('article')).toHaveCount(2);
    await expect(page.getByRole('region', { name: 'Submissions' }).getByRole('article')).toHaveCount(2);
  });
});

/** What the browser reported while the page loaded and hydrated: React's errors and warnings among them. */
function reactProblems(page: Page): () => string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') seen.push(m.text());
  });
  page.on('pageerror', (e) => seen.push(e.message));
  return () => seen.filter((text) => /react|hydrat|did not match/i.test(text));
}

/** A fresh page `width` pixels wide; below 800 a phone, which says so (the server renders for a phone's width). */
async function pageAt(browser: Browser, width: number) {
  const phone = width < 800;
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width, height: 844 },
    isMobile: phone,
    hasTouch: phone,
    ...(phone ? { userAgent: devices['Pixel 7'].userAgent } : {}),
  });
  return context.newPage();
}

// The widths are set here: run once, in the desktop project (as the other breakpoint checks).
test("@layout the job search shows before the app's code has loaded, and a button pressed meanwhile works once it has", async ({
  browser,
}) => {
  for (const width of [390, 1366]) {
    const narrow = width <= 1250;
    const page = await pageAt(browser, width);
    const release = await holdAppCode(page);
    await page.goto('/job-search');
    await expect(page.getByRole('heading', { name: /Unique Jobs/ })).toBeVisible();
    await expect(page.locator('article[data-job-id]').first()).toBeVisible();
    await page.getByRole('button', { name: narrow ? /^Search Filters/ : 'Show Filters' }).click();
    release();
    await expect(page.getByRole('dialog', { name: narrow ? 'Filters' : 'All Filters' })).toBeVisible();
    await page.context().close();
  }
});

test("the app's code and calls start only once the server-rendered page's first paint is on the screen", async ({
  page,
  browser,
  request,
}) => {
  // What the page fetched once running: the app's chunks (imported) and its calls. The entry named by the document
  // and the chunks it names as preload hints are fetched while it is parsed, and not run before they are imported.
  const loadedBeforePaint = (page: Page) =>
    page.evaluate(() => {
      const entry = new Set([...document.querySelectorAll('script[src]')].map((e) => (e as HTMLScriptElement).src));
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      const loaded = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (e) => ['script', 'fetch', 'xmlhttprequest'].includes(e.initiatorType) && !entry.has(e.name),
      );
      return {
        paint,
        loaded: loaded.length,
        before: loaded.filter((e) => paint === undefined || e.startTime < paint).map((e) => e.name),
      };
    });
  await page.goto('/job-search');
  await hydrated(page.getByRole('contentinfo').getByRole('link').last());
  const search = await loadedBeforePaint(page);
  expect(search.paint).toBeGreaterThan(0);
  expect(search.loaded).toBeGreaterThan(0);
  expect(search.before).toEqual([]);

  // A browser that has not loaded the app's code yet (in the same page it would come from the cache, unseen).
  const dashboardPage = await pageAt(browser, 1366);
  await clinicianWithPlacements(dashboardPage, request);
  await dashboardPage.goto('/dashboard');
  await expect(dashboardPage.getByRole('region', { name: 'Submissions' })).toBeVisible();
  await hydrated(dashboardPage.getByRole('contentinfo').getByRole('link').last());
  const dashboard = await loadedBeforePaint(dashboardPage);
  expect(dashboard.loaded).toBeGreaterThan(0);
  expect(dashboard.before).toEqual([]);
  await dashboardPage.context().close();
});

// One test a width: each loads eight pages (two of them for clinicians made for it), which on a loaded two-core
// machine can take most of one test's time budget.
for (const width of [390, 1366]) {
  test(`@layout the server-rendered pages hydrate without a mismatch and answer at ${width} px`, async ({
    browser,
    request,
  }) => {
    const job = (
      (await (await request.get('/core/api/jobsearch/jobs?pageSize=1')).json()) as { jobList: { jobId: number }[] }
    ).jobList[0]!;
    const narrow = width <= 1250;

    const search = await pageAt(browser, width);
    const searchProblems = reactProblems(search);
    await search.goto('/job-search');
    const filters = search.getByRole('button', { name: narrow ? /^Search Filters/ : 'Show Filters' });
    await hydrated(filters);
    await filters.click();
    await expect(search.getByRole('dialog', { name: narrow ? 'Filters' : 'All Filters' })).toBeVisible();
    expect(searchProblems(), `job search at ${width} px`).toEqual([]);
    await search.context().close();

    const details = await pageAt(browser, width);
    const detailsProblems = reactProblems(details);
    await details.goto(`/careers/find-a-job/${job.jobId}`);
    const apply = details.getByRole('button', { name: 'Apply Now' }).first();
    await hydrated(apply);
    expect(detailsProblems(), `job page at ${width} px`).toEqual([]);
    await details.context().close();

    const dashboard = await pageAt(browser, width);
    await loginViaApi(dashboard, request, DEMO);
    const dashboardProblems = reactProblems(dashboard);
    await dashboard.goto('/dashboard');
    const menu = dashboard.getByRole('button', { name: /Account menu/ });
    await hydrated(menu);
    await menu.click();
    await expect(dashboard.getByRole('link', { name: 'Submissions & Offers' })).toBeVisible();
    expect(dashboardProblems(), `dashboard at ${width} px`).toEqual([]);
    await dashboard.context().close();

    const applyNow = await pageAt(browser, width);
    // A clinician of its own: the application journey completes new.nurse's application (apply-now then leads on).
    await loginViaApi(applyNow, request, await newClinician(request));
    const applyProblems = reactProblems(applyNow);
    await applyNow.goto('/apply-now');
    const start = applyNow.getByRole('button', { name: 'Get Started' });
    await hydrated(start);
    expect(applyProblems(), `apply now at ${width} px`).toEqual([]);
    await applyNow.context().close();
  });
}

test('a dashboard scrolled before the app took it over stays where the clinician left it, and a link there works', async ({
  page,
  request,
}) => {
  await clinicianWithPlacements(page, request);
  const release = await holdAppCode(page);
  await page.goto('/dashboard');
  const link = page.getByRole('region', { name: 'Submissions' }).getByRole('link', { name: 'View Submission' }).last();
  // Far down the page, as a clinician reading it would be.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  release();
  // The footer is the last part React takes over: once it has, the app has mounted (and moved the page if it does).
  await hydrated(page.getByRole('contentinfo').getByRole('link').last());
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await link.click();
  await expect(page).toHaveURL(/\/submitted-jobs#job-\d+$/);
});
