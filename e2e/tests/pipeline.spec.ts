import { inflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { WCAG_A_AA, axeViolations } from '../a11y.ts';
import { DEMO, clinicianWithPlacements, expect, loginViaApi, newClinician, test } from '../fixtures.ts';

const isNarrow = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 1250;
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** All text of a PDF: the content streams are inflated and the hex strings pdf-lib writes are decoded. */
function pdfStrings(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    let body = pdf.subarray(start, end);
    try {
      body = inflateSync(body);
    } catch {
      /* not compressed */
    }
    const text = body.toString('latin1');
    out.push(text);
    for (const hex of text.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) out.push(Buffer.from(hex[1]!, 'hex').toString('latin1'));
  }
  return out.join('\n');
}

test('the demo clinician sees every dashboard card', async ({ page, request }) => {
  await loginViaApi(page, request, DEMO);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const offers = page.getByRole('region', { name: 'Offers' });
  await expect(offers.getByText('Your contract is ready to sign!')).toBeVisible();
  await expect(offers.getByText('You received an offer!')).toBeVisible();
  await expect(offers.getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'View All Offers' })).toHaveAttribute('href', '/submitted-jobs#offers');
  const subs = page.getByRole('region', { name: 'Submissions' });
  await expect(subs.getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'View All Submissions' })).toHaveAttribute(
    'href',
    '/submitted-jobs#submissions',
  );
  const onboarding = page.getByRole('region', { name: 'Onboarding' });
  await expect(onboarding.getByRole('article')).toHaveCount(2);
  await expect(onboarding.getByRole('button', { name: 'View Signed Contract' })).toBeVisible();
  const assignments = page.getByRole('region', { name: 'Assignments' });
  await expect(assignments.getByText('Current Assignment')).toBeVisible();
  await expect(assignments.getByText('End')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Search For Jobs' })).toBeVisible();
  // Application complete and submissions exist: the tracker is hidden.
  await expect(page.getByText('TRS Application Received!')).toHaveCount(0);

  // View All Submissions preselects the submissions tab.
  await page.getByRole('link', { name: 'View All Submissions' }).click();
  await expect(page.getByRole('tab', { name: 'Submissions (3)' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Offers (2)' })).toBeVisible();
  if (isNarrow(page)) await expect(page.getByRole('article', { name: 'Job details' })).toHaveCount(0);
  else await expect(page.getByRole('article', { name: 'Job details' }).getByText('Your submission')).toBeVisible();
});

test('opens an offer from the dashboard, signs its contract, finds and downloads the signed PDF', async ({
  page,
  request,
}) => {
  const who = await clinicianWithPlacements(page, request);
  await page.goto('/dashboard');
  const offers = page.getByRole('region', { name: 'Offers' });
  const signable = offers.getByRole('article').filter({ hasText: 'Your contract is ready to sign!' });
  await signable.getByRole('link', { name: 'View Offer Details' }).click();
  await expect(page).toHaveURL(/\/submitted-jobs#contract-\d+$/);
  const details = page.getByRole('article', { name: 'Job details' });
  await expect(details.getByRole('heading', { name: 'Facility' })).toBeVisible();
  await details.getByRole('button', { name: 'Review & Sign Contract' }).click();

  await expect(page).toHaveURL(/\/review-and-sign-contract$/);
  await expect(page.getByRole('heading', { name: 'Review & Sign Contract', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Contract page 1 of 2' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('img', { name: 'Contract page 2 of 2' })).toBeAttached();
  const sign = page.getByRole('button', { name: 'Sign Contract' });
  await expect(sign).toBeDisabled();
  await page.getByRole('checkbox', { name: 'I have reviewed and agree to sign electronically.' }).check();
  await sign.click();
  await expect(page).toHaveURL(/\/submitted-jobs$/);
  await expect(page.getByRole('tab', { name: 'Offers (1)' })).toBeVisible();

  await page.goto('/e-documents-and-signatures');
  const current = page.getByRole('region', {
    name: 'Signed Contract Documents for Your Current and Future Assignments',
  });
  const docs = await (
    await request.get('/core/api/DocumentsAndSignatures/getDocumentsAndSignatures', {
      headers: { authorization: `Bearer ${who.token}` },
    })
  ).json();
  const signed = (docs.signedDocumentsForCurrentAssignment as { contractNum: string; dateTimeSigned: string }[]).sort(
    (a, b) => b.dateTimeSigned.localeCompare(a.dateTimeSigned),
  )[0]!;
  await expect(current.getByText(`Travel Assignment Contract #${signed.contractNum}`)).toBeVisible();
  await expect(current.getByRole('listitem')).toHaveCount(3);
  await expect(
    page.getByRole('region', { name: 'Contract Documents Waiting to be Signed' }).getByRole('listitem'),
  ).toHaveCount(1);
  await expect(
    page.getByRole('region', { name: 'Signed Contract Documents from Previous Assignments' }).getByRole('listitem'),
  ).toHaveCount(1);
  await expect(
    page.getByRole('region', { name: 'Signed TRS Employment Documents' }).getByText('HIPAA Agreement'),
  ).toBeVisible();

  // Opening it asks for the signed PDF in a new window.
  const popup = page.waitForEvent('popup');
  await current.getByRole('button', { name: `View Travel Assignment Contract #${signed.contractNum}` }).click();
  await (await popup).close();

  const pdf = await request.get(
    `/core/api/Contract/getSignedContractDocument?contractNum=${signed.contractNum}&documentMasterId=54`,
    {
      headers: { authorization: `Bearer ${who.token}` },
    },
  );
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const bytes = await pdf.body();
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfStrings(bytes);
  expect(text).toContain('Electronically signed by Morgan Ellery');
  expect(text).toContain('Signature audit');
});

test('the signing page without its state answers the failure and returns to the dashboard', async ({
  page,
  request,
}) => {
  await loginViaApi(page, request, DEMO);
  await page.goto('/review-and-sign-contract');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('It looks like something went wrong. Please try again.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('adds, edits and deletes a shift and submits a pay period', async ({ page, request }) => {
  const who = await clinicianWithPlacements(page, request);
  const list = await (
    await request.get('/core/api/Timesheets/getList', { headers: { authorization: `Bearer ${who.token}` } })
  ).json();
  const periods = list[0].timesheets as {
    timesheetId: number;
    startDate: string;
    endDate: string;
    isLocked: boolean;
    submittedDate: string | null;
  }[];
  const open = periods[2]!;
  const locked = periods[0]!;
  await page.goto('/timesheet');
  await expect(page.getByRole('heading', { name: 'Timesheets', level: 1 })).toBeVisible();
  if (isNarrow(page)) await expect(page.getByRole('combobox', { name: 'Contract' })).toBeVisible();
  else await expect(page.getByRole('navigation', { name: 'Contracts' }).getByRole('button')).toHaveCount(1);

  const periodButton = (p: { startDate: string; endDate: string }) =>
    page.getByRole('button', { name: new RegExp(`^${us(p.startDate)} - ${us(p.endDate)}`) });
  await expect(periodButton(locked).getByRole('img', { name: 'Locked' })).toBeVisible();
  await expect(periodButton(periods[1]!)).toContainText('Submitted');
  await periodButton(open).click();
  const panel = page.getByRole('region', { name: new RegExp(`${us(open.startDate)} - ${us(open.endDate)}`) });
  await expect(panel.getByRole('listitem')).toHaveCount(3);

  await panel.getByRole('button', { name: 'New Time Entry' }).click();
  await expect(panel.getByRole('button', { name: 'New Time Entry' })).toBeDisabled();
  const form = panel.getByRole('form', { name: 'New time entry' });
  const save = form.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  const day = addDays(open.startDate, 4);
  await form.getByRole('textbox', { name: /^Date/ }).fill(us(day));
  await form.getByLabel(/^Start Time/).fill('07:00');
  await form.getByLabel(/^End Time/).fill('19:30');
  await expect(save).toBeDisabled();
  await form.getByLabel(/^Lunch/).fill('3a0');
  await expect(form.getByLabel(/^Lunch/)).toHaveValue('30');
  await save.click();
  const entry = panel.getByRole('listitem', { name: `Time entry ${us(day)}` });
  await expect(entry).toContainText('7:00 AM - 7:30 PM');
  await expect(entry).toContainText('30 min lunch');

  await entry.getByRole('button', { name: 'Edit' }).click();
  const edit = panel.getByRole('form', { name: 'Edit time entry' });
  await edit.getByLabel(/^Lunch/).fill('45');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(entry).toContainText('45 min lunch');

  await entry.getByRole('button', { name: 'Delete' }).click();
  await expect(entry).toHaveCount(0);
  await expect(panel.getByRole('listitem')).toHaveCount(3);

  await panel.getByRole('button', { name: 'Submit Pay Period' }).click();
  await expect(panel.getByText(/^Submitted \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'New Time Entry' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Edit' })).toHaveCount(0);

  if (isNarrow(page)) {
    await page.getByRole('button', { name: '‹ Pay Periods' }).click();
    await expect(page.getByRole('heading', { name: 'Pay Periods' })).toBeVisible();
  }
});

test('policies and procedures list the two documents and the posters link', async ({ page, request }) => {
  await loginViaApi(page, request, DEMO);
  await page.goto('/policies-and-procedures');
  await expect(page.getByRole('link', { name: /Workplace Posters/ })).toHaveAttribute('target', '_blank');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: /Grievance Policy/ }).click();
  const win = await popup;
  await win.waitForURL(/^blob:/);
  await win.close();
  await expect(page.getByRole('button', { name: /TRS Handbook/ })).toBeVisible();
});

test('signing from a dashboard card returns to the dashboard with the contract signed', async ({ page, request }) => {
  await clinicianWithPlacements(page, request);
  await page.goto('/dashboard');
  const onboarding = page.getByRole('region', { name: 'Onboarding' });
  const waiting = onboarding.getByRole('article').filter({ hasText: 'Ready to sign' });
  await waiting.getByRole('button', { name: 'Review & Sign Contract' }).click();
  await expect(page.getByRole('img', { name: 'Contract page 1 of 2' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('checkbox', { name: 'I have reviewed and agree to sign electronically.' }).check();
  await page.getByRole('button', { name: 'Sign Contract' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(onboarding.getByRole('button', { name: 'View Signed Contract' })).toHaveCount(2);
  await expect(onboarding.getByText('Ready to sign')).toHaveCount(0);
});

test('submissions and timesheets ask to log in again without a token', async ({ page }) => {
  for (const url of ['/submitted-jobs', '/timesheet']) {
    await page.goto(url);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Your session has expired, please log in again.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
  }
});

test('failure paths: contract images, signing, e-documents and shift save', async ({ page, request }) => {
  await loginViaApi(page, request, DEMO);
  const failed = 'It looks like something went wrong. Please try again.';

  // Signing fails: the message, then back to the return location.
  await page.route('**/core/api/Document/eSignDocument**', (route) =>
    route.fulfill({ status: 500, json: { status: 500, code: 'x', message: 'x' } }),
  );
  await page.goto('/dashboard');
  await page.getByRole('region', { name: 'Offers' }).getByRole('button', { name: 'Review & Sign Contract' }).click();
  await expect(page.getByRole('img', { name: 'Contract page 1 of 2' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('checkbox', { name: 'I have reviewed and agree to sign electronically.' }).check();
  await page.getByRole('button', { name: 'Sign Contract' }).click();
  await expect(page.getByRole('dialog').getByText(failed)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The page images fail to load.
  await page.route('**/core/api/Contract/getContractDocumentImages**', (route) =>
    route.fulfill({ status: 500, json: { status: 500, code: 'x', message: 'x' } }),
  );
  await page.goto('/dashboard');
  await page.getByRole('region', { name: 'Offers' }).getByRole('button', { name: 'Review & Sign Contract' }).click();
  await expect(page.getByRole('dialog').getByText(failed)).toBeVisible();

  // E-documents fail to load.
  await page.route('**/core/api/DocumentsAndSignatures/getDocumentsAndSignatures', (route) =>
    route.fulfill({ status: 500, json: { status: 500, code: 'x', message: 'x' } }),
  );
  await page.goto('/e-documents-and-signatures');
  await expect(page.getByText('Something went wrong when retrieving files.')).toBeVisible();

  // A shift save fails: the page's failure message, and the entry stays in edit mode.
  await page.route('**/core/api/Timesheets/createShift', (route) =>
    route.fulfill({ status: 500, json: { status: 500, code: 'x', message: 'x' } }),
  );
  await page.goto('/timesheet');
  if (isNarrow(page))
    await page
      .getByRole('button', { name: /^\d{2}\/\d{2}\/\d{4} - / })
      .first()
      .click();
  const panel = page.getByRole('region').filter({ has: page.getByRole('button', { name: 'New Time Entry' }) });
  await panel.getByRole('button', { name: 'New Time Entry' }).click();
  const form = panel.getByRole('form', { name: 'New time entry' });
  // The pay period's first day, as its title writes it (MM/DD/YYYY - MM/DD/YYYY).
  const first = (await panel.locator('#period-title').innerText()).match(/\d{2}\/\d{2}\/\d{4}/)![0];
  await form.getByRole('textbox', { name: /^Date/ }).fill(first);
  await form.getByLabel(/^Shift Type/).selectOption({ label: 'PTO' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Oops... looks like something went wrong. Please try again.')).toBeVisible();
});

test('pipeline pages have no automatically detectable accessibility violations', async ({ page, request }) => {
  await loginViaApi(page, request, DEMO);
  for (const [url, ready] of [
    ['/dashboard', 'Search For Jobs'],
    ['/submitted-jobs', 'Offers (2)'],
    ['/timesheet', 'Pay Periods'],
    ['/e-documents-and-signatures', 'Signed TRS Employment Documents'],
    ['/policies-and-procedures', 'Workplace Posters'],
  ] as const) {
    await page.goto(url);
    await expect(page.getByText(ready).first()).toBeVisible();
    expect(await axeViolations(page, WCAG_A_AA), url).toEqual([]);
  }
});

test('a new clinician sees the empty texts and the start link', async ({ page, request }) => {
  const who = await newClinician(request);
  await loginViaApi(page, request, who);
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Start TRS Application' }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Offers' })).toHaveCount(0);
  await page.goto('/submitted-jobs');
  await expect(page.getByText('No offers to show')).toBeVisible();
  await page.getByRole('tab', { name: 'Submissions (0)' }).click();
  await expect(page.getByText('No submissions to show')).toBeVisible();
});
