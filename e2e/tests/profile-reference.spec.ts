import { randomBytes } from 'node:crypto';
import { DEMO, demoReference, expect, latestMail, loginViaApi, test } from '../fixtures.ts';

const isMobileViewport = (w: number | undefined) => (w ?? 1280) <= 800;

test('a referee opens the link from the mail, sees autofilled fields, fills the rest and submits; the profile shows it answered', async ({
  page,
  request,
}) => {
  const mobile = isMobileViewport(page.viewportSize()?.width);
  const { email, lastName } = await demoReference(request);
  const mail = await latestMail(request, email, 'reference-request');
  const link = /https?:\/\/\S+\/clinical-professional-reference\/([A-Za-z0-9_-]+)/.exec(mail.text)!;
  const path = new URL(link[0]).pathname;

  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Clinical & Professional Reference' })).toBeVisible();
  await expect(
    page.getByText(/hospital accreditation body requires us to document the competency and performance of Dana Rivera/),
  ).toBeVisible();
  // Autofilled from the clinician's record and the reference.
  await expect(page.getByLabel(/^Name/)).toHaveValue('Dana Rivera');
  await expect(page.getByLabel(/^Supervisor Name/)).toHaveValue(`Priya ${lastName}`);
  await expect(page.getByLabel(/^Supervisor Title/)).toHaveValue('Director of Nursing');
  await expect(page.getByLabel(/^Facility Name/)).toHaveValue("St. David's Medical Center");
  await expect(page.getByLabel(/^City\/State/)).toHaveValue('Austin, TX');
  await expect(page.getByLabel(/^Discipline/)).not.toHaveValue('');
  await expect(page.getByLabel(/^Unit/)).toHaveValue('');
  await expect(page.getByLabel(/^Comments/)).toHaveAttribute('placeholder', 'Please type your comments here.');
  await expect(page.getByLabel(/^Comments/)).toHaveAttribute('rows', '5');
  if (mobile) {
    const select = page.getByLabel(/^Employment Type/);
    await expect(select).toHaveValue('1');
    await expect(select.locator('option', { hasText: 'Select...' })).toHaveCount(0);
    await select.selectOption({ label: 'Travel' });
  } else {
    const group = page.getByRole('group', { name: /Employment Type/ });
    await expect(group.getByRole('radio', { name: 'Core Staff (Full-Time)' })).toBeChecked();
    await group.getByRole('radio', { name: 'Per Diem' }).check();
  }
  await expect(page.getByRole('group', { name: /Charge capacity/ }).getByRole('radio', { name: 'Yes' })).toBeChecked();

  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await page.getByLabel(/^EMR/).fill('Epic');
  const groups = page.getByRole('group', { name: /^\d\. / });
  await expect(groups).toHaveCount(7);
  for (let i = 0; i < 7; i++) {
    await expect(submit).toBeDisabled();
    await groups
      .nth(i)
      .getByRole('radio', { name: i === 2 ? 'Met Expectations' : 'Exceeds Expectations' })
      .check();
  }
  await page.getByLabel(/^Unit/).fill('ICU');
  await page.getByLabel(/^Comments/).fill('Calm under pressure, excellent with families.');
  await expect(submit).toBeEnabled();

  await page.route('https://www.trs-healthcare.example/**', (r) =>
    r.fulfill({ contentType: 'text/html', body: '<title>Home</title><h1>Company home</h1>' }),
  );
  await submit.click();
  const thanks = page.getByRole('dialog', { name: 'Submitted. Thank you!' });
  await expect(thanks).toBeVisible();
  await thanks.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/trs-healthcare\.example/);

  // The link works once.
  await page.goto(path);
  await expect(page.getByText('This reference has already been submitted. Thank you for your help!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);

  await loginViaApi(page, request, DEMO);
  await page.goto('/profile-page');
  const item = page.getByRole('listitem', { name: `Reference Priya ${lastName}` });
  await expect(item).toBeVisible();
  await expect(item.getByText('Reference received')).toBeVisible();
});

test('an unknown reference link shows a clear page, not a blank form', async ({ page }) => {
  await page.goto('/clinical-professional-reference/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByText(/This reference link is not valid/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
});

test('the demo clinician updates background answers', async ({ page, request }) => {
  const mobile = isMobileViewport(page.viewportSize()?.width);
  await loginViaApi(page, request, DEMO);
  await page.goto('/update-background-questions');
  await expect(page.getByRole('heading', { level: 1, name: 'Update Background Questions' })).toBeVisible();
  const save = page.getByRole('button', { name: mobile ? 'Save Responses' : 'Save Background Questions' });
  const q = (text: RegExp) => page.getByRole('group', { name: text });
  await expect(q(/U\.S\. citizen/).getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true');
  await expect(q(/authorized to work/)).toHaveCount(0);
  await expect(save).toBeEnabled();

  // Q2 appears when Q1 is No; No to both shows the international prompt and blocks saving.
  await q(/U\.S\. citizen/)
    .getByRole('button', { name: 'No' })
    .click();
  await expect(save).toBeDisabled();
  await q(/authorized to work/)
    .getByRole('button', { name: 'No' })
    .click();
  await expect(page.getByRole('link', { name: /^international application/ })).toBeVisible();
  await expect(save).toBeDisabled();
  await q(/U\.S\. citizen/)
    .getByRole('button', { name: 'Yes' })
    .click();
  await expect(q(/authorized to work/)).toHaveCount(0);

  // Military service Yes needs a start date.
  await q(/served in the U\.S\. military/)
    .getByRole('button', { name: 'Yes' })
    .click();
  await page.getByRole('textbox', { name: /^Service start date/ }).fill('');
  await expect(save).toBeDisabled();
  const start = mobile ? '03/01/2011' : '02/01/2010';
  await page.getByRole('textbox', { name: /^Service start date/ }).fill(start);
  await expect(save).toBeEnabled();
  // California residents are not asked Q8 and Q9.
  await q(/California resident/)
    .getByRole('button', { name: 'Yes' })
    .click();
  await expect(q(/convicted/)).toHaveCount(0);
  await q(/California resident/)
    .getByRole('button', { name: 'No' })
    .click();
  await expect(q(/convicted/)).toBeVisible();
  await q(/malpractice/)
    .getByRole('button', { name: 'Yes' })
    .click();
  await expect(page.getByRole('link', { name: 'Submit Statement' })).toBeVisible();
  await q(/malpractice/)
    .getByRole('button', { name: 'No' })
    .click();

  await save.click();
  await expect(page.getByText('Background Questions Updated')).toBeVisible();
  await expect(page.getByText('Background Questions Updated')).toBeHidden({ timeout: 5000 });

  await page.reload();
  await expect(q(/served in the U\.S\. military/).getByRole('button', { name: 'Yes' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('textbox', { name: /^Service start date/ })).toHaveValue(/^0[23]\/01\/20(10|11)$/);
});

test('the profile shows every section and adds an employment record and a reference through modals', async ({
  page,
  request,
}) => {
  await loginViaApi(page, request, DEMO);
  await page.goto('/profile-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByText('Contact your recruiter for more information')).toBeVisible();
  for (const s of [
    'Biodata and Contact Info',
    'License Information',
    'Education',
    'Employment History',
    'Certifications',
    'References',
  ])
    await expect(page.getByRole('heading', { level: 2, name: s })).toBeVisible();
  await expect(page.getByText('demo.nurse@example.com')).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 3, name: 'Banner - University Medical Center Phoenix' }),
  ).toBeVisible();

  // Employment record: the standard rule, default profession 13.
  const tag = randomBytes(3).toString('hex');
  const facility = `Dell Seton Medical Center ${tag}`;
  await page.getByRole('button', { name: 'Add Employment' }).click();
  const em = page.getByRole('dialog', { name: 'Add Employment Record' });
  const saveEm = em.getByRole('button', { name: 'Save', exact: true });
  await em.getByLabel(/^Employment Type/).selectOption({ label: 'Core Staff (Full-Time)' });
  await expect(saveEm).toBeDisabled();
  await em.getByLabel(/^Facility Name/).fill(facility);
  await em.getByLabel(/^City/).fill('Austin');
  await em.getByLabel(/^State/).selectOption({ label: 'Texas' });
  await em.getByLabel(/^Start Month/).selectOption({ label: 'January' });
  await em.getByLabel(/^Start Year/).selectOption('2016');
  await em.getByLabel(/^End Month/).selectOption({ label: 'March' });
  await em.getByLabel(/^End Year/).selectOption('2017');
  await expect(em.getByLabel(/^Profession/)).not.toHaveValue('');
  await em
    .getByRole('group', { name: /Specialties/ })
    .getByRole('checkbox')
    .first()
    .check();
  await em
    .getByRole('group', { name: /Electronic Medical Records/ })
    .getByRole('checkbox', { name: 'Epic' })
    .check();
  await expect(saveEm).toBeDisabled();
  await em.getByRole('group', { name: 'Did you float to other units?' }).getByRole('button', { name: 'No' }).click();
  await expect(saveEm).toBeEnabled();
  await saveEm.click();
  await expect(em).toBeHidden();
  await expect(page.getByRole('heading', { level: 3, name: facility })).toBeVisible();

  // Reference: Save once all but the email are filled.
  await page.getByRole('button', { name: 'Add Reference' }).click();
  const rm = page.getByRole('dialog', { name: 'Add Reference' });
  const saveRef = rm.getByRole('button', { name: 'Save', exact: true });
  await rm.getByLabel(/^Select Facility/).selectOption({ index: 1 });
  await rm.getByLabel(/^First Name/).fill('Alex');
  await rm.getByLabel(/^Last Name/).fill(`Moreno${tag}`);
  await rm.getByLabel(/^Job Title/).fill('Charge Nurse');
  await rm.getByLabel(/^Phone Number \*/).fill('512-555-01x77');
  await expect(rm.getByLabel(/^Phone Number \*/)).toHaveValue('5125550177');
  await expect(saveRef).toBeDisabled();
  await rm.getByLabel(/^Phone Number Type/).selectOption('Mobile');
  await expect(saveRef).toBeEnabled();
  await rm.getByLabel(/^Email/).fill('not-an-email');
  await rm.getByLabel(/^Email/).blur();
  await expect(rm.getByText('Please enter a valid email')).toBeVisible();
  // The clinician's own address (in other letter case) is refused: the link must not reach them.
  await rm.getByLabel(/^Email/).fill('Demo.Nurse@Example.com');
  await saveRef.click();
  await expect(rm.getByText("A reference's email cannot be your own email address.", { exact: false })).toBeVisible();
  await rm.getByLabel(/^Email/).fill(`alex.${tag}@example.com`);
  await saveRef.click();
  await expect(rm).toBeHidden();
  const item = page.getByRole('listitem', { name: `Reference Alex Moreno${tag}` });
  await expect(item.getByText('Reference requested')).toBeVisible();
  await latestMail(request, `alex.${tag}@example.com`, 'reference-request');
});

test('failures show their messages and let the user try again', async ({ page, request }) => {
  // Public form: a failed submission shows the alert and keeps the form.
  const { email } = await demoReference(request);
  const mail = await latestMail(request, email, 'reference-request');
  const path = new URL(/https?:\/\/\S+\/clinical-professional-reference\/[A-Za-z0-9_-]+/.exec(mail.text)![0]).pathname;
  await page.goto(path);
  await page.getByLabel(/^EMR/).fill('Cerner');
  const groups = page.getByRole('group', { name: /^\d\. / });
  for (let i = 0; i < 7; i++) await groups.nth(i).getByRole('radio', { name: 'Met Expectations' }).check();
  await page.route('**/core/api/HcpReferral/saveProfessionalClinicalReference', (r) =>
    r.fulfill({ status: 500, body: '{}' }),
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Form submission failed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();

  // Profile: employment options fail to load; a reference save fails and Save is enabled again.
  await loginViaApi(page, request, DEMO);
  await page.route('**/core/api/HcpEmploymentHistory/optionsv2', (r) => r.fulfill({ status: 500, body: '{}' }));
  await page.route('**/core/api/HcpReferences/saveReference', (r) => r.fulfill({ status: 500, body: '{}' }));
  await page.goto('/profile-page');
  await page.getByRole('button', { name: 'Add Employment' }).click();
  const em = page.getByRole('dialog', { name: 'Add Employment Record' });
  await expect(em.getByText('Something went wrong. Please try again.')).toBeVisible();
  await em.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Add Reference' }).click();
  const rm = page.getByRole('dialog', { name: 'Add Reference' });
  await rm.getByLabel(/^Select Facility/).selectOption({ index: 1 });
  await rm.getByLabel(/^First Name/).fill('Robin');
  await rm.getByLabel(/^Last Name/).fill('Vale');
  await rm.getByLabel(/^Job Title/).fill('Unit Director');
  await rm.getByLabel(/^Phone Number \*/).fill('5125550166');
  await rm.getByLabel(/^Phone Number Type/).selectOption('Office');
  await rm.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(rm.getByText('Something went wrong. Please try again.')).toBeVisible();
  await expect(rm.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();

  // Background update: a failed save shows the oops text.
  await page.route('**/core/api/BackgroundQuestions/postBackgroundAnswers', (r) =>
    r.fulfill({ status: 500, body: '{}' }),
  );
  await page.goto('/update-background-questions');
  const mobile = isMobileViewport(page.viewportSize()?.width);
  await page.getByRole('button', { name: mobile ? 'Save Responses' : 'Save Background Questions' }).click();
  await expect(page.getByText('Oops... looks like something went wrong. Please try again.')).toBeVisible();
});
