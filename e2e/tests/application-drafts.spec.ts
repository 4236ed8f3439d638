import type { Page } from '@playwright/test';
import { expect, loginViaApi, newClinician, test } from '../fixtures.ts';

const drafts = (page: Page) =>
  page.evaluate(() => Object.keys(window.localStorage).filter((k) => k.startsWith('hcp-draft:')));

test('what a clinician typed survives a reload and is gone after logging out', async ({ page, request }) => {
  const who = await newClinician(request);
  await loginViaApi(page, request, who);
  await page.goto('/apply-now');
  await page.getByRole('button', { name: 'Get Started' }).click();
  await page.getByRole('button', { name: /Skip For Now/ }).click();
  await expect(page).toHaveURL(/\/background-questions$/);
  await page
    .getByRole('group', { name: /military/ })
    .getByRole('button', { name: 'Yes' })
    .click();
  await page.getByRole('textbox', { name: /^Service start date/ }).fill('06/01/2008');

  await page.reload();
  await expect(page.getByRole('group', { name: /military/ }).getByRole('button', { name: 'Yes' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('textbox', { name: /^Service start date/ })).toHaveValue('06/01/2008');
  expect(await drafts(page)).toEqual(['hcp-draft:/background-questions']);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  // Logging out leaves for the agency's website; back on the portal, this browser holds nothing of the draft.
  await expect(page).not.toHaveURL(/\/background-questions$/);
  await page.goto('/job-search');
  expect(await drafts(page)).toEqual([]);
});
