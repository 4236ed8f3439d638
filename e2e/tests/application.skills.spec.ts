import { completeStepsBeforeSkills, expect, latestMail, loginViaApi, newClinician, test } from '../fixtures.ts';

test('with the skills-checklist flag the flow assigns checklists and reaches the summary page', async ({
  page,
  request,
}) => {
  const who = await newClinician(request);
  const token = await loginViaApi(page, request, who);
  await completeStepsBeforeSkills(request, token);
  await page.goto('/identification-info');
  // Identification comes after the skills checklist: the guard sends the clinician there.
  await expect(page).toHaveURL(/\/skills-checklist$/);
  await expect(page.getByText(/Hi Erin!/)).toBeVisible();
  const boxes = page.getByRole('checkbox');
  await expect(boxes.first()).toBeChecked();
  const take = page.getByRole('button', { name: 'Take Selected Checklists' });
  for (const box of await boxes.all()) await box.uncheck();
  await expect(take).toBeDisabled();
  await boxes.first().check();
  await take.click();

  await expect(page).toHaveURL(/\/skills-checklist-summary$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Skills Checklist Summary' })).toBeVisible();
  await expect(page.getByText(who.email)).toBeVisible();
  await expect(page.getByText('[TRS Healthcare] New Assignments')).toBeVisible();
  const mail = await latestMail(request, who.email, 'skills-checklist-assigned');
  expect(mail.subject).toBe('[TRS Healthcare] New Assignments');
  expect(mail.text).toContain('https://www.prophecyhealth.com/');
  // Opening the checklist page again assigns nothing twice: no picker, no second mail.
  await page.goto('/skills-checklist');
  await expect(page.getByText(/Your skills checklists are assigned/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Take Selected Checklists' })).toHaveCount(0);
  const mails = await (await request.get(`/core/api/dev/outbox?to=${encodeURIComponent(who.email)}`)).json();
  expect((mails as { kind: string }[]).filter((m) => m.kind === 'skills-checklist-assigned')).toHaveLength(1);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/skills-checklist-summary$/);
  await page.getByRole('button', { name: 'Continue with Application' }).click();
  await expect(page).toHaveURL(/\/identification-info$/);
  await expect(page.getByText('Section 10 of 10')).toBeVisible();
});
