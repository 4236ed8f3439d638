// Form errors are tied to their fields (aria-invalid and aria-describedby pointing at the message) and
// announced (the message sits in a role=alert or aria-live region), across the forms of both specs.
import type { Locator, Page } from '@playwright/test';
import { axeScan } from '../a11y.ts';
import {
  DEMO,
  completeStepsBeforeSkills,
  expect,
  latestMail,
  loginViaApi,
  newClinician,
  referenceFormPath,
  test,
} from '../fixtures.ts';

// Each test walks several pages and states; on a shared two-core machine that can take minutes.
test.describe.configure({ timeout: 180_000 });

async function expectTiedError(field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const ok = await field.page().evaluate(
    ([list, msg]) =>
      list.some((id) => {
        const el = document.getElementById(id);
        return (
          !!el &&
          (el.textContent ?? '').includes(msg) &&
          !!el.closest('[role="alert"], [role="status"], [aria-live="polite"], [aria-live="assertive"]')
        );
      }),
    [ids, message] as const,
  );
  expect(ok, `"${message}" is described by a live region (aria-describedby="${ids.join(' ')}")`).toBe(true);
}

const phone = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 800;

test('sign-up and login errors', async ({ page }) => {
  await page.goto('/job-search');
  await page.getByRole('button', { name: phone(page) ? 'Login' : 'Traveler Login', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Log into your account or sign up below' });
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expectTiedError(dialog.getByRole('textbox', { name: 'Email' }), 'Invalid login credentials');
  await expectTiedError(dialog.getByLabel('Password', { exact: true }), 'Invalid login credentials');

  await dialog.getByRole('tab', { name: 'Sign Up' }).click();
  const email = dialog.getByRole('textbox', { name: 'Email' });
  await email.fill('nurse@example');
  await email.blur();
  await expectTiedError(email, 'Please enter a valid email');
  const tel = dialog.getByRole('textbox', { name: 'Phone' });
  await tel.fill('51255');
  await tel.blur();
  await expectTiedError(tel, 'Please enter a 10 digit number');
  await dialog.getByLabel(/^Password/).fill('Some-Strong-Pass-1');
  await dialog.getByLabel('Confirm Password').fill('Other-Strong-Pass-1');
  await dialog.getByLabel('Confirm Password').blur();
  await expectTiedError(dialog.getByLabel('Confirm Password'), 'Passwords must match');
  await axeScan(page, 'sign-up errors');
});

test('reset password: the passwords must match', async ({ page, request }) => {
  const who = await newClinician(request);
  await request.post('/core/api/auth/ResetPasswordRequest', { form: { webUserName: who.email } });
  const mail = await latestMail(request, who.email, 'password-reset');
  const link = new URL(/https?:\/\/\S+reset-password\?rpg=\S+/.exec(mail.text)![0]);
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New Password', { exact: true }).fill('New-Strong-Pass-1');
  await page.getByLabel('Confirm Password', { exact: true }).fill('New-Strong-Pass-2');
  await page.getByLabel('Confirm Password', { exact: true }).blur();
  await expectTiedError(page.getByLabel('Confirm Password', { exact: true }), 'Passwords must match');
});

test('start application: the time-off error on both date fields', async ({ page }) => {
  const res = await page.request.get('/core/api/jobsearch/jobs?pageSize=5');
  const jobId = ((await res.json()) as { jobList: { jobId: number; isAvailable: boolean }[] }).jobList.find(
    (j) => j.isAvailable,
  )!.jobId;
  await page.goto(`/careers/find-a-job/${jobId}`);
  await page.getByRole('button', { name: 'Apply Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Specify your desired start date and requested time off' });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expectTiedError(
    dialog.getByRole('textbox', { name: 'From', exact: true }),
    'Please provide Requested Time Off to continue',
  );
  await expectTiedError(
    dialog.getByRole('textbox', { name: 'To', exact: true }),
    'Please provide Requested Time Off to continue',
  );
});

test('signed-in forms: refer a friend, the profile reference modal and identification', async ({ page, request }) => {
  await loginViaApi(page, request, DEMO);
  await page.goto('/refer-a-friend');
  await page.getByRole('button', { name: 'Submit Referral' }).click();
  await expectTiedError(page.getByLabel(/^First Name/), 'Please enter a first name');
  await expectTiedError(page.getByLabel(/^Last Name/), 'Please enter a last name');
  await axeScan(page, 'refer a friend errors');

  await page.goto('/profile-page');
  await page.getByRole('button', { name: 'Add Reference' }).click();
  const rm = page.getByRole('dialog', { name: 'Add Reference' });
  await rm.getByLabel(/^Phone Number \*/).fill('51255');
  await rm.getByLabel(/^Phone Number \*/).blur();
  await expectTiedError(rm.getByLabel(/^Phone Number \*/), 'Please enter a 10 digit phone number');
  await rm.getByLabel(/^Email/).fill('someone@');
  await rm.getByLabel(/^Email/).blur();
  await expectTiedError(rm.getByLabel(/^Email/), 'Please enter a valid email');

  const who = await newClinician(request);
  const token = await loginViaApi(page, request, who);
  await completeStepsBeforeSkills(request, token);
  await page.goto('/identification-info');
  const ssn = page.getByLabel(/^Social Security Number/);
  await ssn.fill('12345');
  await ssn.blur();
  await expectTiedError(ssn, 'Please enter a 9 digit social security number');
  await axeScan(page, 'identification errors');
});

test('the reference form: an end date before the start date', async ({ page, request }) => {
  await page.goto(await referenceFormPath(request));
  await page.getByRole('textbox', { name: /^Start Date/ }).fill('05/01/2024');
  await page.getByRole('textbox', { name: /^End Date/ }).fill('03/01/2024');
  await expectTiedError(
    page.getByRole('textbox', { name: /^End Date/ }),
    'The end date cannot be before the start date',
  );
});
