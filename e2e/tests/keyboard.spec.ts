// Keyboard-only journeys: no mouse clicks, only Tab, Shift+Tab, arrows, Enter, Space, Escape and typing.
// Every Tab stop must show a focus indicator (tabTo checks the computed outline or ring); open modals keep
// focus inside; closing one returns focus to what opened it; Escape closes dismissable modals only.
import type { Page } from '@playwright/test';
import { expectFocusTrapped, expectFocusVisible, tabTo } from '../a11y.ts';
import { DEMO, clinicianWithPlacements, expect, loginViaApi, newClinician, test } from '../fixtures.ts';

// Each test walks several pages and states; on a shared two-core machine that can take minutes.
test.describe.configure({ timeout: 180_000 });

const narrow = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 1250;
const phone = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 800;

test('skip link, then search and filter jobs with the multi-selects and open a job', async ({ page }) => {
  await page.goto('/search-form');
  await expect(page.getByRole('heading', { level: 1, name: 'Search Jobs' })).toBeVisible();
  // The first Tab stop is the skip link; it moves focus to the main content.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  await tabTo(page, page.getByRole('combobox', { name: 'Specialty' }));
  await page.keyboard.type('Intensive Care');
  await expect(page.getByRole('listbox', { name: 'Specialty' }).getByRole('option').first()).toBeVisible();
  // The list is searched by label; arrows move through the matches, Enter chooses.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /^Remove Intensive Care Unit/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox', { name: 'Specialty' })).toHaveAttribute('aria-expanded', 'false');

  await tabTo(page, page.getByRole('combobox', { name: 'Location' }));
  await page.keyboard.type('Dallas, TX');
  await expect(
    page.getByRole('listbox', { name: 'Location' }).getByRole('option', { name: 'Dallas, TX' }),
  ).toBeVisible();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  const radius = page.getByRole('combobox', { name: 'Radius around Dallas, TX' });
  await tabTo(page, radius);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(radius).toHaveValue('150');
  await tabTo(page, page.getByRole('button', { name: 'Search for Jobs' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/job-search\?.*cityIds=\d+_150/);
  expect(new URL(page.url()).searchParams.getAll('specialtyIds')).toHaveLength(1);

  // The filter panel: opened with Enter, focus trapped, Escape closes it and focus returns to the toggle.
  const toggle = page.getByRole('button', { name: narrow(page) ? /^Search Filters \(\d+\)$/ : 'Show Filters' });
  await tabTo(page, toggle);
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: narrow(page) ? 'Filters' : 'All Filters' });
  await expect(panel).toBeVisible();
  // The panel's form is a lazy chunk: trap checks walk its controls once they are there, not the close button alone.
  await expect(panel.getByRole('combobox', { name: 'Specialty' })).toBeVisible();
  await expectFocusTrapped(page, panel);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(toggle).toBeFocused();

  // Filter again: shifts per week, Update Results.
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  const shifts = panel.getByRole('combobox', { name: 'Number of Shifts per Week' });
  await tabTo(page, shifts);
  await page.keyboard.type('4');
  await expect(shifts).toHaveValue('4');
  await tabTo(page, panel.getByRole('button', { name: 'Update Results' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/numberOfShifts=4/);
  await expect(panel).toBeHidden();
  await expect(toggle).toBeFocused();

  // Open the first job with the keyboard.
  const card = page.locator('article[data-job-id]').first();
  const title = (await card.getByRole('heading').innerText()).trim();
  await tabTo(page, card.getByRole('link'), { max: 10 });
  await page.keyboard.press('Enter');
  if (narrow(page)) {
    // The list gives way to the full-screen details: focus moves to the 'Results' link, and back to the card.
    const back = page.getByRole('button', { name: /Results/ });
    await expect(back).toBeFocused();
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: /Unique Jobs?/ })).toBeVisible();
    await expect(card.getByRole('link')).toBeFocused();
  } else {
    await expect(
      page.getByRole('region', { name: 'Job details' }).getByRole('heading', { level: 2, name: title }),
    ).toBeVisible();
  }
});

test('a visitor applies with time off using the date picker and logs in from the dialog', async ({ page, request }) => {
  // A clinician of their own with a complete application.
  const who = await newClinician(request);
  const done = await request.post('/core/api/dev/pipeline/demoPlacements', {
    headers: { authorization: `Bearer ${who.token}` },
    data: { applicationOnly: true },
  });
  expect(done.status()).toBe(200);
  const list = (await (await request.get('/core/api/jobsearch/jobs?pageSize=10')).json()) as {
    jobList: { jobId: number; isAvailable: boolean }[];
  };
  const jobId = list.jobList.filter((j) => j.isAvailable)[4]!.jobId;
  await page.goto(`/careers/find-a-job/${jobId}`);

  const apply = page.getByRole('button', { name: 'Apply Now' });
  await tabTo(page, apply);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Specify your desired start date and requested time off' });
  await expect(dialog).toBeVisible();
  await expectFocusTrapped(page, dialog);

  // Continue without time off: the error is announced and tied to the date fields.
  await tabTo(page, dialog.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  const from = dialog.getByRole('textbox', { name: 'From', exact: true });
  await expect(
    dialog.getByRole('alert').filter({ hasText: 'Please provide Requested Time Off to continue' }),
  ).toBeVisible();
  await expect(from).toHaveAttribute('aria-invalid', 'true');
  await expect(from).toHaveAttribute('aria-describedby', /time-off-error/);

  // The calendar: Enter opens it on today's date, PageDown moves a month, Enter chooses the day.
  const choose = dialog.getByRole('button', { name: 'Choose From' });
  await tabTo(page, choose, { back: true });
  await page.keyboard.press('Enter');
  const calendar = dialog.getByRole('dialog', { name: 'From calendar' });
  await expect(calendar).toHaveAttribute('data-touch', narrow(page) ? 'true' : 'false');
  await expect(calendar.locator('[data-focus="true"]')).toBeFocused();
  await expectFocusVisible(page);
  if (narrow(page)) {
    // The full-screen calendar keeps Tab inside; back to the day with the keyboard.
    await expectFocusTrapped(page, calendar);
    await tabTo(page, calendar.locator('[data-focus="true"]'), { max: 5 });
  }
  const month = calendar.locator('[aria-live="polite"]');
  const before = await month.innerText();
  await page.keyboard.press('PageDown');
  await expect(month).not.toHaveText(before);
  await expect(calendar.locator('[data-focus="true"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(choose).toBeFocused();
  await expect(from).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);

  // A second, single-day entry typed in.
  await tabTo(page, dialog.getByRole('button', { name: '+ New Date' }));
  await page.keyboard.press('Enter');
  const second = dialog.getByRole('group', { name: 'Time off 2' });
  await tabTo(page, second.getByRole('checkbox', { name: 'Single day' }));
  await page.keyboard.press('Space');
  await expect(second.getByRole('checkbox', { name: 'Single day' })).toBeChecked();
  await tabTo(page, second.getByRole('textbox', { name: 'Day', exact: true }), { back: true });
  const day = new Date(Date.now() + 40 * 86_400_000);
  await page.keyboard.type(
    `${String(day.getMonth() + 1).padStart(2, '0')}/${String(day.getDate()).padStart(2, '0')}/${day.getFullYear()}`,
  );
  await tabTo(page, dialog.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');

  // The login dialog opens over it; log in with the keyboard.
  const login = page.getByRole('dialog', { name: 'Log into your account or sign up below' });
  await expect(login).toBeVisible();
  await tabTo(page, login.getByRole('textbox', { name: 'Email' }));
  await page.keyboard.type(who.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(who.password);
  await page.keyboard.press('Enter');
  await expect(login).toBeHidden();
  await expect(dialog).toBeHidden();
  // Focus lands on the announced confirmation that replaced the Apply Now button.
  await expect(page.getByRole('status').filter({ hasText: 'You applied for this job' })).toBeFocused();
});

test('log in on the login page with the keyboard; the error is tied to the fields', async ({ page }) => {
  await page.goto('/login-page?returnUrl=/favorite-jobs');
  const email = page.getByRole('textbox', { name: 'Email' });
  const password = page.getByLabel('Password', { exact: true });
  await tabTo(page, email);
  await page.keyboard.type(DEMO.email);
  await page.keyboard.press('Tab');
  await expect(password).toBeFocused();
  await page.keyboard.type('not-the-password');
  await page.keyboard.press('Enter');
  const error = page.getByRole('alert').filter({ hasText: 'Invalid login credentials' });
  await expect(error).toBeVisible();
  const errorId = await error.getAttribute('id');
  await expect(email).toHaveAttribute('aria-describedby', errorId!);
  await expect(password).toHaveAttribute('aria-describedby', errorId!);
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  // Focusing a field clears the message, so the clinician retypes without a stale error; select the typed password and replace it.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(error).toHaveCount(0);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(DEMO.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((u) => u.pathname === '/favorite-jobs');
});

test('sign a contract from the dashboard with the keyboard', async ({ page, request }) => {
  await clinicianWithPlacements(page, request, { FirstName: 'Kai', LastName: 'Lindqvist' });
  await page.goto('/dashboard');
  const onboarding = page.getByRole('region', { name: 'Onboarding' });
  const waiting = onboarding.getByRole('article').filter({ hasText: 'Ready to sign' });
  await tabTo(page, waiting.getByRole('button', { name: 'Review & Sign Contract' }), { max: 80 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/review-and-sign-contract$/);
  await expect(page.getByRole('img', { name: 'Contract page 1 of 2' })).toBeVisible({ timeout: 30_000 });
  const agree = page.getByRole('checkbox', { name: 'I have reviewed and agree to sign electronically.' });
  await tabTo(page, agree);
  await page.keyboard.press('Space');
  await expect(agree).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Sign Contract' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(onboarding.getByText('Ready to sign')).toHaveCount(0);
});

test('Escape closes dismissable modals only, and closing returns focus to the opener', async ({ page, request }) => {
  // The login dialog from the header is dismissable.
  await page.goto('/job-search');
  const opener = page.getByRole('button', { name: phone(page) ? 'Login' : 'Traveler Login', exact: true });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const login = page.getByRole('dialog', { name: 'Log into your account or sign up below' });
  await expect(login).toBeVisible();
  await expectFocusTrapped(page, login);
  // Arrow keys move between the Login and Sign Up tabs.
  await tabTo(page, login.getByRole('tab', { name: 'Login' }));
  await page.keyboard.press('ArrowRight');
  await expect(login.getByRole('tab', { name: 'Sign Up' })).toBeFocused();
  await expect(login.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(login).toBeHidden();
  await expect(opener).toBeFocused();

  // The session-expired gate and the login gate cannot be dismissed, but they do not hold focus captive: the
  // header before them stays reachable (a way back to job search), and Tab goes on from the header into the gate.
  for (const [url, text] of [
    ['/submitted-jobs', 'Your session has expired, please log in again.'],
    ['/dashboard', 'Log in to see this page.'],
  ] as const) {
    await page.goto(url);
    const gate = page.getByRole('dialog', { name: 'Login' });
    await expect(gate).toBeVisible();
    await expect(page.getByText(text)).toBeVisible();
    await expect(gate.getByRole('button', { name: 'Close' })).toHaveCount(0);
    const findJobs = page.getByRole('banner').getByRole('link', { name: 'Find Jobs' });
    await tabTo(page, findJobs);
    await tabTo(page, gate.getByRole('textbox', { name: 'Email' }));
    await page.keyboard.press('Escape');
    await expect(gate).toBeVisible();
    await tabTo(page, findJobs, { back: true });
  }

  // Profile modals: Close and Escape return focus to the buttons that opened them.
  await loginViaApi(page, request, DEMO);
  await page.goto('/profile-page');
  const addEmployment = page.getByRole('button', { name: 'Add Employment' });
  await tabTo(page, addEmployment, { max: 120 });
  await page.keyboard.press('Enter');
  const em = page.getByRole('dialog', { name: 'Add Employment Record' });
  await expect(em.getByLabel(/^Employment Type/)).toBeVisible();
  await expectFocusTrapped(page, em);
  await tabTo(page, em.getByRole('button', { name: 'Close' }));
  await page.keyboard.press('Enter');
  await expect(em).toBeHidden();
  await expect(addEmployment).toBeFocused();
  const addReference = page.getByRole('button', { name: 'Add Reference' });
  await tabTo(page, addReference, { max: 120 });
  await page.keyboard.press('Enter');
  const rm = page.getByRole('dialog', { name: 'Add Reference' });
  // Its facility options have loaded.
  await expect(rm.getByLabel(/^Select Facility/).locator('option')).not.toHaveCount(0);
  await expect(rm.getByLabel(/^Select Facility/)).toBeEnabled();
  await expectFocusTrapped(page, rm);
  await page.keyboard.press('Escape');
  await expect(rm).toBeHidden();
  await expect(addReference).toBeFocused();

  // The user menu: Escape closes it and focus goes back to its button.
  const menu = page.getByRole('button', { name: /Account menu/ });
  await tabTo(page, menu, { back: true, max: 200 });
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('link', { name: 'Dashboard', exact: true }));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: 'Jobs Added to Favorites' })).toHaveCount(0);
  await expect(menu).toBeFocused();
});
