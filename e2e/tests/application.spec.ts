import type { Page } from '@playwright/test';
import { WCAG_A_AA, axeViolations } from '../a11y.ts';
import { NEW_NURSE, expect, loginViaApi, newClinician, test } from '../fixtures.ts';

const answer = (page: Page, question: RegExp | string, value: 'Yes' | 'No') =>
  page.getByRole('group', { name: question }).getByRole('button', { name: value, exact: true }).click();

test('a new clinician completes every step from /apply-now to the dashboard', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  // new.nurse is used once (desktop); the mobile run uses a fresh clinician.
  const who = testInfo.project.name === 'desktop' ? NEW_NURSE : await newClinician(request);
  const token = await loginViaApi(page, request, who);

  await page.goto('/background-questions');
  // A step whose earlier steps are incomplete sends the clinician to the first incomplete step.
  await expect(page).toHaveURL(/\/apply-now$/);
  await expect(page).toHaveTitle(/Get Started/);
  await page.getByRole('button', { name: 'Get Started' }).click();

  // Terms first (shipped flags): Application Documents.
  await expect(page).toHaveURL(/\/application-documents$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Application Documents' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'HIPAA Agreement' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Electronic Signature and Communications Agreement' })).toBeVisible();
  const agree = page.getByRole('button', { name: 'Agree and Proceed' });
  await expect(agree).toBeDisabled();
  await page.getByLabel(/I have read and agree/).check();
  await expect(page.getByRole('button', { name: 'Skip For Now' })).toBeDisabled();
  await agree.click();

  // Background
  await expect(page).toHaveURL(/\/background-questions$/);
  const next = page.getByRole('button', { name: 'Next', exact: true });
  await expect(next).toBeDisabled();
  await answer(page, /U.S. citizen/, 'No');
  await expect(page.getByRole('group', { name: /authorized to work/ })).toBeVisible();
  await answer(page, /authorized to work/, 'No');
  await expect(page.getByRole('link', { name: /^international application/ })).toBeVisible();
  await answer(page, /U.S. citizen/, 'Yes');
  await expect(page.getByRole('group', { name: /authorized to work/ })).toBeHidden();
  await answer(page, /military/, 'Yes');
  await page.getByRole('textbox', { name: /^Service start date/ }).fill('06/01/2008');
  await answer(page, /California resident/, 'Yes');
  await expect(page.getByRole('group', { name: /convicted/ })).toBeHidden();
  await answer(page, /California resident/, 'No');
  for (const q of [
    /malpractice/,
    /investigated, suspended/,
    /essential tasks/,
    /convicted/,
    /disciplined or terminated/,
  ])
    await answer(page, q, 'No');
  await answer(page, /bilingual/, 'Yes');
  await answer(page, /malpractice/, 'Yes');
  await expect(page.getByRole('link', { name: 'Submit Statement' })).toBeVisible();
  await answer(page, /malpractice/, 'No');
  await expect(next).toBeEnabled();
  await next.click();

  // Address: country change clears the fields
  await expect(page).toHaveURL(/\/permanent-address$/);
  await page.getByLabel('Street Address', { exact: false }).fill('4100 Oak Lawn Ave');
  await page.getByLabel('Country', { exact: false }).selectOption('Canada');
  await expect(page.getByLabel('Street Address', { exact: false })).toHaveValue('');
  await page.getByLabel('Postal Code', { exact: false }).fill('k1a0b1');
  await expect(page.getByLabel('Postal Code', { exact: false })).toHaveValue('K1A 0B1');
  await page.getByLabel('Country', { exact: false }).selectOption('United States');
  await page.getByLabel('Street Address', { exact: false }).fill('4100 Oak Lawn Ave');
  await page.getByLabel('City', { exact: false }).fill('Dallas');
  await page.getByLabel('State', { exact: false }).selectOption('Texas');
  await page.getByLabel('Zip Code', { exact: false }).fill('75219');
  await next.click();

  // License
  await expect(page).toHaveURL(/\/license-info$/);
  await expect(page).toHaveTitle(/Primary License Info/);
  await page.getByLabel('License Type', { exact: false }).selectOption('RN');
  await page.getByLabel('License Number', { exact: false }).fill('RN-778812');
  await page.getByLabel('License State', { exact: false }).selectOption({ label: 'Texas' });
  await page.getByLabel('Name on License', { exact: false }).fill('Noah Bennett');
  await expect(next).toBeDisabled();
  await answer(page, /compact/, 'Yes');
  await next.click();

  // Education
  await expect(page).toHaveURL(/\/education-info$/);
  const edu = page.getByRole('region', { name: 'Education 1' });
  await edu.getByLabel('Degree Type', { exact: false }).selectOption({ label: 'Bachelor (BA/BS/BSN)' });
  await edu.getByLabel('Field of Study', { exact: false }).selectOption({ label: 'Nursing' });
  await edu.getByLabel('School', { exact: false }).fill('Texas Woman’s University');
  await edu.getByLabel('Location', { exact: false }).fill('Denton, TX');
  await edu.getByLabel('Graduation Date', { exact: false }).fill('13/2016');
  await expect(edu.getByText(/Enter the month/)).toBeVisible();
  await expect(edu.getByRole('button', { name: 'Save Record' })).toBeDisabled();
  await edu.getByLabel('Graduation Date', { exact: false }).fill('5/2016');
  await edu.getByRole('button', { name: 'Save Record' }).click();
  await expect(edu.getByText('05/2016')).toBeVisible();
  await expect(edu.getByRole('button', { name: 'Delete Record' })).toBeDisabled();
  await next.click();

  // Employment history: add two, edit one, delete one
  await expect(page).toHaveURL(/\/employment-history$/);
  await expect(page.getByText(/Include relevant clinical employment history for the last seven years/)).toBeVisible();
  const year = new Date().getFullYear();
  let card = page.getByRole('region', { name: 'Employment History 1' });
  await card.getByLabel('Employment Type', { exact: false }).selectOption({ label: 'Core Staff (Full-Time)' });
  await card.getByLabel('Facility Name', { exact: false }).fill('Baylor University Medical Center');
  await card.getByLabel(/^City/).fill('Dallas');
  await card.getByLabel(/^State/).selectOption({ label: 'Texas' });
  await card.getByLabel('Start Month', { exact: false }).selectOption({ label: 'June' });
  await card.getByLabel('Start Year', { exact: false }).selectOption(String(year - 5));
  await card.getByLabel('I still work here').check();
  await card.getByLabel('Profession', { exact: false }).selectOption({ label: 'Registered Nurse' });
  expect(await axeViolations(page, WCAG_A_AA)).toEqual([]);
  await card.getByRole('checkbox', { name: 'Intensive Care Unit', exact: true }).check();
  await card.getByRole('checkbox', { name: 'Epic', exact: true }).check();
  await expect(card.getByRole('button', { name: 'Save Record' })).toBeDisabled();
  await answer(page, /float to other units/, 'Yes');
  await card.getByLabel('Units floated to', { exact: false }).fill('PCU, Telemetry');
  await card.getByRole('button', { name: 'Save Record' }).click();
  await expect(card.getByText('Baylor University Medical Center')).toBeVisible();
  await expect(next).toBeEnabled();

  await page.getByRole('button', { name: 'New Record' }).click();
  await expect(page.getByRole('button', { name: 'New Record' })).toBeDisabled();
  card = page.getByRole('region', { name: 'Employment History 2' });
  await card.getByLabel('Employment Type', { exact: false }).selectOption({ label: 'Personal time off' });
  await expect(card.getByLabel('Facility Name', { exact: false })).toBeHidden();
  await card.getByLabel('Start Month', { exact: false }).selectOption({ label: 'January' });
  await card.getByLabel('Start Year', { exact: false }).selectOption(String(year - 6));
  await card.getByLabel('End Month', { exact: false }).selectOption({ label: 'May' });
  await card.getByLabel('End Year', { exact: false }).selectOption(String(year - 5));
  await card.getByRole('button', { name: 'Save Record' }).click();
  await expect(page.getByRole('button', { name: 'New Record' })).toBeEnabled();

  // Edit the hospital record (current, so it is listed first)
  card = page.getByRole('region', { name: 'Employment History 2' });
  await expect(card.getByText('Baylor University Medical Center')).toBeVisible();
  await card.getByRole('button', { name: 'Edit Record' }).click();
  await expect(
    page.getByRole('region', { name: 'Employment History 1' }).getByRole('button', { name: 'Edit Record' }),
  ).toBeDisabled();
  await card.getByLabel('Facility Name', { exact: false }).fill('Baylor Scott & White Medical Center');
  await card.getByRole('button', { name: 'Save Record' }).click();
  await expect(card.getByText('Baylor Scott & White Medical Center')).toBeVisible();
  // Delete the time-off record, after a confirmation
  await page
    .getByRole('region', { name: 'Employment History 1' })
    .getByRole('button', { name: 'Delete Record' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete Record' });
  await expect(confirm.getByText('Delete Employment History 1? This cannot be undone.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Employment History 2' })).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Employment History 1' }).getByRole('button', { name: 'Delete Record' }),
  ).toBeDisabled();
  await next.click();

  // References
  await expect(page).toHaveURL(/\/references$/);
  for (const [i, ref] of [
    [
      '1',
      {
        first: 'Maria',
        last: 'Lopez',
        title: 'ICU Nurse Manager',
        phone: '2145550101',
        type: 'Office',
        email: 'maria.lopez@example.com',
      },
    ],
    ['2', { first: 'James', last: 'Carter', title: 'Charge Nurse', phone: '2145550102', type: 'Mobile', email: '' }],
  ] as const) {
    const r = page.getByRole('region', { name: `Reference ${i}` });
    await r.getByLabel('Select Facility', { exact: false }).selectOption({ index: 1 });
    await r.getByLabel('First Name', { exact: false }).fill(ref.first);
    await r.getByLabel('Last Name', { exact: false }).fill(ref.last);
    await r.getByLabel('Job Title', { exact: false }).fill(ref.title);
    await r.getByLabel(/^Phone Number( \*)?$/).fill('214555');
    await r.getByLabel(/^Phone Number( \*)?$/).blur();
    await expect(r.getByText('Please enter a 10 digit phone number')).toBeVisible();
    await r.getByLabel(/^Phone Number( \*)?$/).fill(`${ref.phone}x`);
    await expect(r.getByLabel(/^Phone Number( \*)?$/)).toHaveValue(ref.phone);
    await r.getByLabel('Phone Number Type', { exact: false }).selectOption(ref.type);
    if (ref.email) await r.getByLabel('Email').fill(ref.email);
  }
  await next.click();

  // Certifications: the two initial cards
  await expect(page).toHaveURL(/\/certifications$/);
  const certs = page.getByRole('region', { name: /^Certification \d$/ });
  await expect(certs).toHaveCount(2);
  expect(await axeViolations(page, WCAG_A_AA)).toEqual([]);
  const bls = page.getByRole('region', { name: 'Certification 2' });
  await expect(bls.getByLabel('Certification Type', { exact: false })).toHaveValue('1');
  await bls.getByRole('textbox', { name: /^Expiration Date/ }).fill(`08/31/${year + 1}`);
  await bls.getByLabel('Attach Certification', { exact: false }).setInputFiles({
    name: 'bls-card.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  await bls.getByRole('button', { name: 'Save Record' }).click();
  const saved = page.getByRole('region', { name: 'BLS' });
  await expect(saved.getByRole('button', { name: 'View file' })).toBeVisible();
  await page.getByRole('region', { name: 'Certification 1' }).getByRole('button', { name: 'Delete Record' }).click();
  await expect(certs).toHaveCount(0);
  await expect(saved.getByRole('button', { name: 'Delete Record' })).toBeDisabled();
  await next.click();

  // Identification: submits, because Application Documents is complete
  await expect(page).toHaveURL(/\/identification-info$/);
  const submit = page.getByRole('button', { name: 'Submit Application' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Social Security Number', { exact: false }).fill('12345678');
  await page.getByRole('textbox', { name: /^Date of Birth/ }).fill('03/14/1991');
  await expect(page.getByText('Please enter a 9 digit social security number')).toBeVisible();
  await page.getByLabel('Social Security Number', { exact: false }).fill('123456789');
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page).toHaveURL(/\/dashboard$/);
  const info = await request.get('/core/api/HcpApiUser/userInfo', { headers: { authorization: `Bearer ${token}` } });
  expect((await info.json()).applicationComplete).toBe(true);
  // A completed application no longer opens the flow.
  await page.goto('/references');
  await expect(page).toHaveURL(/\/dashboard$/);
  // The dashboard's progress panel (dashboard feature) shows the received state.
  await expect(page.getByText('TRS Application Received!')).toBeVisible();
});

test('a failed step save shows the error modal and re-enables Next', async ({ page, request }) => {
  const who = await newClinician(request);
  await loginViaApi(page, request, who);
  await page.goto('/apply-now');
  await page.getByRole('button', { name: 'Get Started' }).click();
  await page.getByRole('button', { name: 'Skip For Now' }).click();
  await expect(page).toHaveURL(/\/background-questions$/);
  expect(await axeViolations(page, WCAG_A_AA)).toEqual([]);
  for (const q of [/U.S. citizen/, /bilingual/]) await answer(page, q, 'Yes');
  for (const q of [
    /military/,
    /California resident/,
    /malpractice/,
    /investigated, suspended/,
    /essential tasks/,
    /convicted/,
    /disciplined or terminated/,
  ])
    await answer(page, q, 'No');
  await page.route('**/core/api/HcpBackground/hcpBackgroundAnswers', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, json: { status: 500, code: 'x', message: 'x' } })
      : route.continue(),
  );
  const next = page.getByRole('button', { name: 'Next', exact: true });
  await next.click();
  const dialog = page.getByRole('dialog', { name: 'Something went wrong...' });
  await expect(dialog.getByText('It looks like something went wrong. Please try again.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
  await expect(next).toBeEnabled();
  await expect(page).toHaveURL(/\/background-questions$/);
  // Skipped Application Documents do not block later steps; flag-disabled steps answer not found.
  await page.goto('/skills-checklist');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
