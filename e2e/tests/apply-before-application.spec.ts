import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { completeStepsBeforeSkills, expect, fillSignUp, loginViaApi, newClinician, test } from '../fixtures.ts';

/** The browser's calendar day `days` from today as the date fields show it (MM/DD/YYYY). */
function mmddyyyy(days: number) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
}
const iso = (us: string) => `${us.slice(6)}-${us.slice(0, 2)}-${us.slice(3, 5)}`;

/** Types a date into a field, whichever kind of date input the page uses. */
async function typeDate(field: Locator, us: string) {
  if ((await field.getAttribute('type')) === 'date') await field.fill(iso(us));
  else {
    await field.fill(us);
    await field.blur();
  }
}

const DIALOG = 'Specify your desired start date and requested time off';

async function openJobs(request: APIRequestContext) {
  const list = (await (await request.get('/core/api/jobsearch/jobs?pageSize=30')).json()) as {
    jobList: { jobId: number }[];
  };
  return list.jobList;
}

async function applyNow(page: Page) {
  await page.getByRole('button', { name: 'Apply Now' }).click();
  return page.getByRole('dialog', { name: DIALOG });
}

/** What the journeys below type in the apply dialog: a start date, two time-off rows, notes and a contact time. */
async function fillApply(dialog: Locator) {
  await typeDate(dialog.getByRole('textbox', { name: 'Your Desired Start Date' }), mmddyyyy(30));
  await typeDate(dialog.getByRole('textbox', { name: 'From', exact: true }), mmddyyyy(40));
  await typeDate(dialog.getByRole('textbox', { name: 'To', exact: true }), mmddyyyy(42));
  await dialog.getByRole('button', { name: '+ New Date' }).click();
  const second = dialog.getByRole('group', { name: 'Time off 2' });
  await second.getByRole('checkbox', { name: 'Single day' }).check();
  await typeDate(second.getByRole('textbox', { name: 'Day', exact: true }), mmddyyyy(50));
  await dialog.getByLabel('Any Other Requests').fill('Block scheduling please');
  await dialog.getByLabel('When is the best time to contact you?').fill('Weekday evenings');
}

/** Submits the application on its last step (the steps before it are filled). */
async function submitApplication(page: Page) {
  await page.goto('/identification-info');
  await page.getByLabel('Social Security Number', { exact: false }).fill('123456789');
  await typeDate(page.getByRole('textbox', { name: 'Date of Birth' }), '03/14/1991');
  await page.getByRole('button', { name: 'Submit Application' }).click();
}

/** Back on the job once the application is complete: the dialog as `fillApply` left it; Continue applies. */
async function expectKeptApply(page: Page, jobId: number) {
  await expect(page).toHaveURL(new RegExp(`/careers/find-a-job/${jobId}\\b`));
  const again = page.getByRole('dialog', { name: DIALOG });
  await expect(again.getByRole('status')).toContainText('Your TRS application is complete');
  await expect(again.getByRole('textbox', { name: 'Your Desired Start Date' })).toHaveValue(mmddyyyy(30));
  await expect(again.getByRole('textbox', { name: 'From', exact: true }).first()).toHaveValue(mmddyyyy(40));
  await expect(again.getByRole('textbox', { name: 'To', exact: true })).toHaveValue(mmddyyyy(42));
  const day = again.getByRole('group', { name: 'Time off 2' });
  await expect(day.getByRole('checkbox', { name: 'Single day' })).toBeChecked();
  await expect(day.getByRole('textbox', { name: 'Day', exact: true })).toHaveValue(mmddyyyy(50));
  await expect(again.getByLabel('Any Other Requests')).toHaveValue('Block scheduling please');
  await expect(again.getByLabel('When is the best time to contact you?')).toHaveValue('Weekday evenings');
  await again.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('You applied for this job')).toBeVisible();
}

/** The agency receives what the clinician asked for in the first place. */
async function expectSubmittedAsTyped(request: APIRequestContext, token: string, jobId: number) {
  const details = await request.get(`/core/api/HcpSubmittedJob/submittedJobDetails?jobId=${jobId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await details.json()) as {
    desiredStartDateText: string;
    timeoff: string;
    otherDetails: string;
    bestContactTime: string;
  };
  expect(body.desiredStartDateText).toBe(mmddyyyy(30));
  expect(body.timeoff).toBe(`${mmddyyyy(40)} - ${mmddyyyy(42)}, ${mmddyyyy(50)}`);
  expect(body.otherDetails).toBe('Block scheduling please');
  expect(body.bestContactTime).toBe('Weekday evenings');
}

test('what a clinician typed to apply before finishing the application is kept, and they finish applying once it is submitted', async ({
  page,
  request,
}) => {
  const who = await newClinician(request);
  await completeStepsBeforeSkills(request, who.token);
  await loginViaApi(page, request, who);
  const job = (await openJobs(request))[3]!;

  await page.goto(`/careers/find-a-job/${job.jobId}`);
  const dialog = await applyNow(page);
  await fillApply(dialog);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  // The application is not complete: the clinician finishes it first.
  await expect(page).toHaveURL(/\/apply-now$/);
  // The detour says the job waits, and links back to it.
  const kept = page.getByRole('region', { name: 'Job you applied to' });
  await expect(kept).toContainText('is kept');
  await expect(kept.getByRole('link', { name: 'View the job' })).toHaveAttribute(
    'href',
    new RegExp(`/careers/find-a-job/${job.jobId}\\b`),
  );
  await submitApplication(page);

  // Back on the job, with the dialog as they left it.
  await expectKeptApply(page, job.jobId);
  await expectSubmittedAsTyped(request, who.token, job.jobId);

  // Done: the dashboard no longer sends the clinician anywhere.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a visitor who applies, then signs up in the login dialog, finishes the application and gets back what they typed', async ({
  page,
  request,
}) => {
  const job = (await openJobs(request))[5]!;
  await page.goto(`/careers/find-a-job/${job.jobId}`);
  const dialog = await applyNow(page);
  await fillApply(dialog);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  // Applying needs an account: the login dialog offers Sign Up, and the apply goes on once it is made.
  const login = page.getByRole('dialog', { name: 'Log into your account or sign up below' });
  await login.getByRole('tab', { name: 'Sign Up' }).click();
  await fillSignUp(login, 'Rowan');
  await login.getByRole('button', { name: 'Create Account' }).click();
  await expect(login).toHaveCount(0);
  // A new account has no application yet: straight to it (no welcome offer in between), with the job kept.
  await expect(page).toHaveURL(/\/apply-now$/);
  await expect(page.getByRole('dialog', { name: 'Your account is ready' })).toHaveCount(0);
  const kept = page.getByRole('region', { name: 'Job you applied to' });
  await expect(kept).toContainText('is kept');
  await expect(kept.getByRole('link', { name: 'View the job' })).toHaveAttribute(
    'href',
    new RegExp(`/careers/find-a-job/${job.jobId}\\b`),
  );

  // The new clinician fills the application (the steps before the last through the API) and submits it.
  const token = (await page.context().cookies()).find((c) => c.name === 'hcp_token')!.value;
  await completeStepsBeforeSkills(request, token);
  await submitApplication(page);

  await expectKeptApply(page, job.jobId);
  await expectSubmittedAsTyped(request, token, job.jobId);
});

test("the apply dialog keeps typed dates with the reason they are not taken, removes time-off rows and offers the job's own start date", async ({
  page,
  request,
}) => {
  // A job that starts sooner than two weeks out (the seeded jobs start 1 to 120 days from today).
  const jobs = await openJobs(request);
  let soon: { jobId: number; startDate: string } | null = null;
  for (const j of jobs) {
    const d = (await (await request.get(`/core/api/jobsearch/jobDetails?jobId=${j.jobId}`)).json()) as {
      jobId: number;
      startDate: string;
    };
    const days = Math.round((Date.parse(d.startDate.slice(0, 10)) - Date.parse(iso(mmddyyyy(0)))) / 86_400_000);
    if (days >= 3 && days < 14) {
      soon = d;
      break;
    }
  }
  expect(soon, 'a seeded job starting within two weeks').not.toBeNull();
  const who = await newClinician(request);
  const done = await request.post('/core/api/dev/pipeline/demoPlacements', {
    headers: { authorization: `Bearer ${who.token}` },
    data: { applicationOnly: true },
  });
  expect(done.status()).toBe(200);
  await loginViaApi(page, request, who);
  await page.goto(`/careers/find-a-job/${soon!.jobId}`);
  const dialog = await applyNow(page);
  const start = dialog.getByRole('textbox', { name: 'Your Desired Start Date' });

  // An impossible date stays as typed, with why.
  await start.fill('02/30/2030');
  await start.blur();
  await expect(start).toHaveValue('02/30/2030');
  await expect(dialog.getByText('Please enter a real date as MM/DD/YYYY')).toBeVisible();

  // Time-off rows can be removed.
  await dialog.getByRole('button', { name: '+ New Date' }).click();
  await expect(dialog.getByRole('group', { name: 'Time off 2' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove time off 2' }).click();
  await expect(dialog.getByRole('group', { name: 'Time off 2' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'No' }).click();

  // The job's own start date is one the clinician can ask for.
  const jobStart = soon!.startDate.slice(0, 10);
  const jobStartUs = `${jobStart.slice(5, 7)}/${jobStart.slice(8, 10)}/${jobStart.slice(0, 4)}`;
  await start.fill(jobStartUs);
  await start.blur();
  await expect(start).not.toHaveAttribute('aria-invalid');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('You applied for this job')).toBeVisible();
});
