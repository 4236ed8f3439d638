import { completeStepsBeforeSkills, expect, loginViaApi, newClinician, test } from '../fixtures.ts';

test('the overview of the application: every section with its state, a completed one opened, and back', async ({
  page,
  request,
}, info) => {
  const who = await newClinician(request);
  await completeStepsBeforeSkills(request, who.token);
  await loginViaApi(page, request, who);

  await page.goto('/permanent-address');
  await expect(page.getByText('Section 3 of 9')).toBeVisible();
  const resume = page.getByRole('link', { name: 'Continue where you left off: Identification' });
  await expect(resume).toBeVisible();

  await page.getByText('All sections (8 of 9 completed)').click();
  const nav = page.getByRole('navigation', { name: 'Application sections' });
  await expect(nav.getByRole('listitem')).toHaveCount(9);
  await expect(nav.getByText('3. Permanent Address')).toHaveAttribute('aria-current', 'step');
  await expect(nav.getByRole('listitem').last()).toContainText('Not completed');
  if (info.project.name === 'mobile') {
    // Nothing of the list runs off a 390 px screen.
    const widths = await nav.evaluate((n) => ({ scroll: n.scrollWidth, client: n.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    // A screenshot only when one is asked for (E2E_SCREENSHOT_DIR): a normal run writes nothing into the repository.
    const dir = process.env.E2E_SCREENSHOT_DIR;
    if (dir) await page.screenshot({ path: `${dir}/application-overview-390.png`, fullPage: false });
  }

  await nav.getByRole('link', { name: '7. References' }).click();
  await expect(page).toHaveURL(/\/references$/);
  await expect(page.getByText('Section 7 of 9')).toBeVisible();
  await page.getByRole('link', { name: 'Continue where you left off: Identification' }).click();
  await expect(page).toHaveURL(/\/identification-info$/);
  await expect(page.getByText('Section 9 of 9')).toBeVisible();
  await expect(page.getByRole('link', { name: /Continue where you left off/ })).toHaveCount(0);
});
