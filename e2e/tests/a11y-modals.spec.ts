// Every modal, dialog and panel opened at least once, at the project's size, and held to axe (no serious or
// critical violation) with focus inside it, a screenshot and, at 390px, no horizontal overflow.
import type { Locator, Page } from '@playwright/test';
import { axeScan, expectNoHorizontalOverflow, expectPageStructure, screenshot } from '../a11y.ts';
import {
  DEMO,
  apiLogin,
  completeStepsBeforeSkills,
  expect,
  loginViaApi,
  newClinician,
  referenceFormPath,
  test,
} from '../fixtures.ts';

// Each test walks several pages and states; on a shared two-core machine that can take minutes.
test.describe.configure({ timeout: 180_000 });

const narrow = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 1250;
const phone = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 800;

/** An open modal or panel: visible, holding focus, and passing the checks. */
async function checkOpen(page: Page, container: Locator, label: string) {
  await expect(container).toBeVisible();
  await expect
    .poll(() => container.evaluate((el) => el.contains(document.activeElement)), {
      message: `${label}: focus is inside`,
    })
    .toBe(true);
  await axeScan(page, label);
  await screenshot(page, label);
  if ((page.viewportSize()?.width ?? 1280) <= 390) await expectNoHorizontalOverflow(page, label);
}

async function openJobId(page: Page) {
  const res = await page.request.get('/core/api/jobsearch/jobs?pageSize=5');
  return ((await res.json()) as { jobList: { jobId: number; isAvailable: boolean }[] }).jobList.find(
    (j) => j.isAvailable,
  )!.jobId;
}

test('login dialog: login and sign-up tabs with their errors, forgot password and its confirmation', async ({
  page,
}) => {
  await page.goto('/job-search');
  await page.getByRole('button', { name: phone(page) ? 'Login' : 'Traveler Login', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Log into your account or sign up below' });
  await checkOpen(page, dialog, 'login dialog login tab');
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog.getByText('Invalid login credentials')).toBeVisible();
  await checkOpen(page, dialog, 'login dialog login error');

  await dialog.getByRole('tab', { name: 'Sign Up' }).click();
  await dialog.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await dialog.getByRole('textbox', { name: 'Phone' }).fill('512');
  await dialog.getByLabel('First Name').focus();
  await expect(dialog.getByText('Please enter a valid email')).toBeVisible();
  await expect(dialog.getByText('Please enter a 10 digit number')).toBeVisible();
  await checkOpen(page, dialog, 'login dialog sign-up tab with errors');

  await dialog.getByRole('tab', { name: 'Login' }).click();
  await dialog.getByRole('button', { name: 'Forgot Password?' }).click();
  const reset = page.getByRole('dialog', { name: 'Reset password' });
  await checkOpen(page, reset, 'login dialog forgot password');
  await reset.getByRole('textbox', { name: 'Email' }).fill('someone@example.com');
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await expect(reset.getByText(/Your submissions has been received/)).toBeVisible();
  await checkOpen(page, reset, 'login dialog reset confirmation');
});

test('filters: the lightbox (desktop) or panel (mobile) and the multi-select panel', async ({ page }) => {
  await page.goto('/job-search');
  await expect(page.getByRole('heading', { name: /Unique Jobs?/ })).toBeVisible();
  await page.getByRole('button', { name: narrow(page) ? /^Search Filters \(\d+\)$/ : 'Show Filters' }).click();
  const panel = page.getByRole('dialog', { name: narrow(page) ? 'Filters' : 'All Filters' });
  await checkOpen(page, panel, 'filters');
  const specialty = panel.getByRole('combobox', { name: 'Specialty' });
  await specialty.fill('care');
  await expect(panel.getByRole('listbox', { name: 'Specialty' }).getByRole('option').first()).toBeVisible();
  await checkOpen(page, panel, 'filters with the specialty list open');

  // The same multi-select on the search form page.
  await page.goto('/search-form');
  const location = page.getByRole('combobox', { name: 'Location' });
  await location.fill('Tex');
  await expect(
    page.getByRole('listbox', { name: 'Location' }).getByRole('option', { name: 'Texas', exact: true }),
  ).toBeVisible();
  await checkOpen(page, page.getByRole('form', { name: 'Job search' }), 'search form with the location list open');
});

test('start application dialog: the form, the date picker open and the time-off error', async ({ page }) => {
  const jobId = await openJobId(page);
  await page.goto(`/careers/find-a-job/${jobId}`);
  await page.getByRole('button', { name: 'Apply Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Specify your desired start date and requested time off' });
  await checkOpen(page, dialog, 'start application dialog');
  await dialog.getByRole('button', { name: 'Choose Your Desired Start Date' }).click();
  const calendar = dialog.getByRole('dialog', { name: 'Your Desired Start Date calendar' });
  await checkOpen(page, calendar, 'start application date picker');
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Please provide Requested Time Off to continue')).toBeVisible();
  await checkOpen(page, dialog, 'start application time-off error');
});

test('signed in: the user menu, the signing error modal and the search-for-more modal of a closed job', async ({
  page,
  request,
}) => {
  await loginViaApi(page, request, DEMO);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('link', { name: 'Jobs Added to Favorites' })).toBeVisible();
  // The menu and the header it opens from (the page under it is scanned on its own; links the open menu covers
  // would read as too small).
  await axeScan(page, 'user menu open', 'header');
  await screenshot(page, 'user menu open');

  await page.goto('/review-and-sign-contract');
  const failed = page.getByRole('dialog').filter({ hasText: 'It looks like something went wrong. Please try again.' });
  await checkOpen(page, failed, 'signing error modal');

  const headers = await apiLogin(request);
  const favorites = (await (await request.get('/core/api/hcpfavoritejobs/favoriteJobs', { headers })).json()) as {
    archivedJobs: { jobId: number }[];
  };
  await page.goto(`/careers/find-a-job/${favorites.archivedJobs[0]!.jobId}`);
  await page.getByRole('button', { name: 'Search for more jobs' }).click();
  await checkOpen(page, page.getByRole('dialog', { name: 'Search for more jobs' }), 'closed job search for more jobs');
});

test('profile: the employment and reference modals with an error shown', async ({ page, request }) => {
  await loginViaApi(page, request, DEMO);
  await page.goto('/profile-page');
  await page.getByRole('button', { name: 'Add Employment' }).click();
  const em = page.getByRole('dialog', { name: 'Add Employment Record' });
  await expect(em.getByLabel(/^Employment Type/)).toBeVisible();
  await checkOpen(page, em, 'profile employment modal');
  await em.getByRole('button', { name: 'Close' }).click();
  await expect(em).toBeHidden();

  await page.getByRole('button', { name: 'Add Reference' }).click();
  const rm = page.getByRole('dialog', { name: 'Add Reference' });
  await rm.getByLabel(/^Email/).fill('not-an-email');
  await rm.getByLabel(/^Email/).blur();
  await expect(rm.getByText('Please enter a valid email')).toBeVisible();
  await rm.getByLabel(/^Email/).focus();
  await checkOpen(page, rm, 'profile reference modal with an error');
});

test('dropbox: name your document and the delete confirmation', async ({ page, request }) => {
  const who = await newClinician(request);
  await loginViaApi(page, request, who);
  await page.goto('/credentials-dropbox');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload Document' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'license.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  const name = page.getByRole('dialog', { name: 'Name Your Document' });
  await checkOpen(page, name, 'dropbox name your document');
  await name.getByLabel(/Document Name/).fill('Nursing license');
  await name.getByRole('button', { name: 'Save' }).click();
  await expect(name).toBeHidden();
  await page.getByRole('button', { name: 'Delete Document Nursing license' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Document' });
  await checkOpen(page, confirm, 'dropbox delete confirmation');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
});

test('the reference form: the submitted modal', async ({ page, request }) => {
  await page.goto(await referenceFormPath(request));
  await page.getByLabel(/^EMR/).fill('Epic');
  const groups = page.getByRole('group', { name: /^\d\. / });
  for (let i = 0; i < 7; i++) await groups.nth(i).getByRole('radio', { name: 'Met Expectations' }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await checkOpen(page, page.getByRole('dialog', { name: 'Submitted. Thank you!' }), 'reference form submitted modal');
});

test('the application step error modal', async ({ page, request }) => {
  const who = await newClinician(request);
  const token = await loginViaApi(page, request, who);
  await completeStepsBeforeSkills(request, token);
  await page.route('**/core/api/HcpPermanentAddress/permanentAddress', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, json: { status: 500, code: 'x', message: 'x' } })
      : route.continue(),
  );
  await page.goto('/permanent-address');
  await expect(page.getByLabel(/^Street Address/)).toHaveValue('1 Main St');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await checkOpen(page, page.getByRole('dialog', { name: 'Something went wrong...' }), 'application step error modal');
});

test('the error page when a part of the app cannot be loaded', async ({ page, request }) => {
  await loginViaApi(page, request, DEMO);
  await page.route(/\/assets\/refer-a-friend-page-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/refer-a-friend');
  await expect(page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByText('A part of the page could not be loaded (chunk load error).')).toBeVisible();
  await expectPageStructure(page, 'error page', 'Unexpected Application Error | TRS Healthcare');
  await axeScan(page, 'error page');
  await screenshot(page, 'error page');
  if ((page.viewportSize()?.width ?? 1280) <= 390) await expectNoHorizontalOverflow(page, 'error page');
});

test.describe('the facility map', () => {
  // Tiles must arrive for the map to be drawn (without any, the page shows the address instead): the build's tile
  // host is answered by the tile stub (fixtures.ts), which the page's CSP would otherwise refuse to ask.
  test.use({ bypassCSP: true });

  test('job details with the facility map shown', async ({ page }) => {
    await page.goto(`/careers/find-a-job/${await openJobId(page)}`);
    const map = page.getByRole('region', { name: /^Map of / });
    await map.scrollIntoViewIfNeeded();
    await expect(map.locator('.leaflet-container')).toBeVisible();
    await expect(
      map.getByRole('button', { name: 'Zoom in' }).or(map.getByRole('link', { name: 'Zoom in' })),
    ).toBeVisible();
    await axeScan(page, 'job details with the map');
    await screenshot(page, 'job details with the map');
  });
});
