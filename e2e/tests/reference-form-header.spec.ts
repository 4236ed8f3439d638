import { expect, referenceFormPath, test } from '../fixtures.ts';

test("a supervisor on the reference form sees the agency's name, not the clinician's header", async ({
  page,
  request,
}) => {
  await page.goto(await referenceFormPath(request));
  const banner = page.getByRole('banner');
  await expect(banner).toContainText('TRS Healthcare');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Find Jobs' })).toHaveCount(0);
  await expect(banner.getByRole('button', { name: /Login/ })).toHaveCount(0);
  await expect(page.getByText('Traveler Login')).toHaveCount(0);
  await expect(page.getByText('Hospital Login')).toHaveCount(0);
  // Its one link leaves for the agency's site: it says so, and offline it says it cannot open.
  const about = banner.getByRole('link', { name: 'About TRS (trs-healthcare.example, opens in a new tab)' });
  await page.context().setOffline(true);
  await about.click();
  await expect(banner.getByRole('alert')).toContainText('You are offline, so trs-healthcare.example cannot open');
  await page.context().setOffline(false);

  // Everywhere else the clinician's header is there.
  await page.goto('/job-search');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Find Jobs' })).toBeVisible();
});
