import { expect, loginViaApi, newClinician, test } from '../fixtures.ts';
import type { Page } from '@playwright/test';

function mmddyyyy(daysFromToday: number) {
  const d = new Date();
  d.setDate(d.getDate() + daysFromToday);
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
}
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function pick(page: Page, combobox: string, search: string, option: RegExp) {
  const box = page.getByRole('combobox', { name: combobox });
  await box.fill(search);
  await page.getByRole('option', { name: option }).first().click();
  await box.fill('');
  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
}

test('a visitor searches, opens a job, favorites it after logging in and applies with time off', async ({
  page,
  request,
}) => {
  const narrow = (page.viewportSize()?.width ?? 1280) <= 1250;
  // Two specialties with open nursing jobs in the seeded data.
  const res = await request.get('/core/api/jobsearch/jobs?disciplineId=13&pageSize=100');
  const seeded = (await res.json()) as { jobList: { specialty: string }[] };
  const counts = new Map<string, number>();
  for (const j of seeded.jobList) counts.set(j.specialty, (counts.get(j.specialty) ?? 0) + 1);
  const [s1, s2] = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([name]) => name);
  // A clinician of its own with a complete application (the demo clinician's pipeline belongs to other tests).
  const who = await newClinician(request);
  const done = await request.post('/core/api/dev/pipeline/demoPlacements', {
    headers: { authorization: `Bearer ${who.token}` },
    data: { applicationOnly: true },
  });
  expect(done.status()).toBe(200);

  await page.goto('/search-form');
  await expect(page.getByRole('heading', { level: 1, name: 'Search Jobs' })).toBeVisible();
  await page.getByLabel('Profession').selectOption({ label: 'Registered Nurse' });
  await pick(page, 'Specialty', s1!, new RegExp(`^${escape(s1!)}`));
  await pick(page, 'Specialty', s2!, new RegExp(`^${escape(s2!)}`));
  await expect(page.getByRole('button', { name: new RegExp(`Remove ${escape(s1!)}`) })).toBeVisible();
  await pick(page, 'Location', 'Compact', /^All Compact States$/);
  // All compact states are chosen: three tokens, then '+ n more'.
  await expect(page.getByText(/^\+ \d+ more$/)).toBeVisible();
  await pick(page, 'Location', 'Dallas', /^Dallas, TX$/);
  const radius = page.getByLabel('Radius around Dallas, TX');
  await expect(radius).toHaveValue('100');
  await radius.selectOption('200');
  await page.getByRole('button', { name: 'Search for Jobs' }).click();

  await expect(page).toHaveURL(/\/job-search\?/);
  expect(page.url()).toMatch(/cityIds=\d+_200/);
  expect(page.url()).toContain('stateIds=');
  expect(new URL(page.url()).searchParams.getAll('specialtyIds')).toHaveLength(2);
  const counts1 = page.getByRole('heading', { name: /Unique Jobs? \(\d+ Total Openings?\)/ });
  await expect(counts1).toBeVisible();
  await expect(page.getByRole('button', { name: narrow ? /^Search Filters \(\d+\)$/ : 'Show Filters' })).toBeVisible();

  await page.getByLabel('Sort by').selectOption({ label: 'Pay: High to Low' });
  await expect(page).toHaveURL(/sortBy=pay/);
  const cards = page.locator('article[data-job-id]');
  await expect(cards.first()).toBeVisible();
  const pays = await cards.locator('text=/\\$[\\d,]+/').allInnerTexts();
  const values = pays.map((p) => Number(p.replace(/[^\d]/g, '')));
  expect([...values].sort((a, b) => b - a)).toEqual(values);

  const card = cards.first();
  const title = (await card.getByRole('heading').innerText()).trim();
  const jobId = await card.getAttribute('data-job-id');
  await expect(card.getByRole('link')).toHaveAttribute(
    'href',
    new RegExp(`^/careers/find-a-job/${jobId}\\?returnUrl=%2Fjob-search`),
  );
  await card.click();
  if (narrow) await expect(page.getByRole('button', { name: /Results/ })).toBeVisible();
  const details = narrow ? page.locator('main') : page.getByRole('region', { name: 'Job details' });
  await expect(details.getByRole('heading', { name: title })).toBeVisible();
  await expect(details.getByRole('region', { name: /^Map of / })).toBeAttached();
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(ld['@type']).toBe('JobPosting');
  expect(ld.baseSalary.currency).toBe('USD');
  expect(ld.baseSalary.value.unitText).toBe('WEEK');
  expect(ld.jobLocation.address.addressCountry).toBe('US');
  expect(ld.employmentType).toBe('TEMPORARY');

  // Favorite: the visitor logs in and the change runs after login.
  await details.getByRole('button', { name: /Add to Favorites/ }).click();
  const login = page.getByRole('dialog', { name: /Log into your account/ });
  await login.getByRole('textbox', { name: 'Email' }).fill(who.email);
  await login.getByLabel(/^Password/).fill(who.password);
  await login.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(details.getByRole('button', { name: /Favorited/ })).toHaveAttribute('aria-pressed', 'true');

  // Apply with time off.
  await details.getByRole('button', { name: 'Apply Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Specify your desired start date and requested time off' });
  await expect(dialog.getByRole('textbox', { name: 'Your Desired Start Date' })).toHaveValue(mmddyyyy(14));
  await expect(dialog.getByLabel('Any Other Requests')).toHaveAttribute(
    'placeholder',
    'ex: Block scheduling, unknown required time off, etc.',
  );
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Please provide Requested Time Off to continue')).toBeVisible();
  await expect(dialog.getByLabel('From', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  // From: chosen with the keyboard in the calendar (a month from today).
  await dialog.getByRole('button', { name: 'Choose From' }).click();
  const calendar = dialog.getByRole('dialog', { name: 'From calendar' });
  await expect(calendar).toHaveAttribute('data-touch', narrow ? 'true' : 'false');
  // The calendar moves focus to the current day once it is shown; keys go there.
  await expect(calendar.locator('[data-focus="true"]')).toBeFocused();
  await page.keyboard.press('PageDown');
  // The next month renders new day buttons and focuses its day a tick later: Enter must wait for it.
  await expect(calendar.locator('[data-focus="true"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Please provide Requested Time Off to continue')).toBeHidden();
  await expect(dialog.getByLabel('From', { exact: true })).not.toHaveValue('');
  await dialog.getByRole('button', { name: '+ New Date' }).click();
  const second = dialog.getByRole('group', { name: 'Time off 2' });
  await second.getByRole('checkbox', { name: 'Single day' }).check();
  await expect(second.getByLabel('Day', { exact: true })).toBeVisible();
  await expect(second.getByLabel('To', { exact: true })).toHaveCount(0);
  await second.getByLabel('Day', { exact: true }).fill(mmddyyyy(45));
  await dialog.getByLabel('When is the best time to contact you?').fill('Weekday mornings');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
  await expect(details.getByText('You applied for this job')).toBeVisible();

  await page.goto('/favorite-jobs');
  await expect(page.getByRole('tab', { name: /^Active \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Archived \(\d+\)$/ })).toBeVisible();
  await expect(page.locator(`article[data-job-id="${jobId}"]`)).toBeVisible();
});

test('no matches show the empty-state texts and Create an Account for visitors', async ({ page }) => {
  await page.goto('/job-search?professionId=13&cityIds=999999_25');
  await expect(page.getByRole('heading', { name: '0 Unique Jobs (0 Total Openings)' })).toBeVisible();
  await expect(page.getByText("Hmm… we didn't find a match for your search.")).toBeVisible();
  await expect(page.getByText("You can create an account, and we'll remind you to return.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create an Account' })).toBeVisible();
});

test('the filter panel updates the results', async ({ page }) => {
  const narrow = (page.viewportSize()?.width ?? 1280) <= 1250;
  await page.goto('/job-search');
  await expect(page.getByRole('heading', { name: /Unique Jobs/ })).toBeVisible();
  await page.getByRole('button', { name: narrow ? 'Search Filters (1)' : 'Show Filters' }).click();
  const panel = page.getByRole('dialog', { name: narrow ? 'Filters' : 'All Filters' });
  await panel.getByLabel('Number of Shifts per Week').selectOption('4');
  await panel.getByRole('button', { name: 'Update Results' }).click();
  await expect(page).toHaveURL(/numberOfShifts=4/);
  await expect(
    page
      .locator('article')
      .getByText(/^(Close Match|Exact Match!)$/)
      .first(),
  ).toBeVisible();
});

test('a clinician whose application is not complete is sent to /apply-now; embedded job page keeps the returnUrl', async ({
  page,
  request,
}) => {
  const who = await newClinician(request);
  await loginViaApi(page, request, who);
  const list = (await (await request.get('/core/api/jobsearch/jobs?pageSize=5')).json()) as {
    jobList: { jobId: number; profession: string; specialty: string }[];
  };
  const job = list.jobList[2]!;
  await page.goto(
    `/careers/find-a-job/${job.jobId}?returnUrl=${encodeURIComponent('/careers/find-a-job?professionId=13')}`,
  );
  await expect(page.getByRole('heading', { level: 1, name: `${job.profession} - ${job.specialty}` })).toBeVisible();
  await expect(page.getByRole('link', { name: /Back to results/ })).toHaveAttribute(
    'href',
    '/careers/find-a-job?professionId=13',
  );
  await page.getByRole('button', { name: 'Apply Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Specify your desired start date and requested time off' });
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog.getByRole('textbox', { name: 'From' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/apply-now$/);
});
