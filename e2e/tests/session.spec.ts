// The way in and the session: the login gate leads somewhere (sign up, forgot password, the header), a session
// that ends in another tab or elsewhere is noticed at once, a landing's campaign reaches sign-up, and a new
// account made from the header is offered the application. Runs at both widths.
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, clinicianWithPlacements, expect, fillSignUp, loginViaApi, test } from '../fixtures.ts';

const phone = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 800;
/** Where the closing note's screenshots go when they are wanted (E2E_SCREENSHOT_DIR); a normal run takes none. */
async function snapshot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir && phone(page)) await page.screenshot({ path: `${dir}/${name}.png` });
}

/** The agency's view of a clinician, through a dev-made agency key. */
async function agencyClinician(request: APIRequestContext, email: string) {
  const keyRes = await request.post('/core/api/dev/agency/keys', {
    data: { name: 'E2E attribution', scopes: ['read'] },
  });
  expect(keyRes.status()).toBe(200);
  const { key } = (await keyRes.json()) as { key: string };
  const res = await request.get(`/core/api/agency/clinicians?email=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(res.status()).toBe(200);
  return (
    (await res.json()) as {
      items: { leadSourceId: number | null; campaign: Record<string, string | null> | null }[];
    }
  ).items[0]!;
}

test('the login gate is a way in: the header stays usable, Forgot Password? and Sign Up are there, and /apply-now offers Sign Up first', async ({
  page,
}) => {
  await page.goto('/credentials-dropbox');
  const gate = page.getByRole('dialog', { name: 'Login' });
  await expect(gate.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  // The page keeps its header and says where the visitor is, at both widths.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Credentials Dropbox' })).toBeInViewport();
  await expect(gate).toBeInViewport();
  await snapshot(page, 'login-gate-390');
  // It cannot be dismissed.
  await page.keyboard.press('Escape');
  await expect(gate).toBeVisible();
  await expect(gate.getByRole('button', { name: 'Close' })).toHaveCount(0);

  // A forgotten password is asked for right here, and the way back leads to the login form again.
  await gate.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(gate.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  await gate.getByRole('textbox', { name: 'Email' }).fill('someone@example.com');
  await gate.getByRole('button', { name: 'Reset Password' }).click();
  await expect(gate.getByRole('status')).toContainText('If we have an account matching your email address');
  await gate.getByRole('button', { name: 'Back to Login' }).click();
  await expect(gate.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect(gate.getByRole('tab', { name: 'Sign Up' })).toBeVisible();

  // The header is not under an overlay: its links work.
  await page.getByRole('banner').getByRole('link', { name: 'Find Jobs' }).click();
  await expect(page).toHaveURL(/\/job-search/);

  // On /apply-now a visitor has come to start an application: the gate opens on Sign Up, and the new account
  // goes straight on to the application's first page.
  await page.goto('/apply-now');
  const applyGate = page.getByRole('dialog', { name: 'Login' });
  await expect(applyGate.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await expect(applyGate.getByText('Sign up to start your application, or log in to continue it.')).toBeVisible();
  await fillSignUp(applyGate);
  await applyGate.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('dialog', { name: 'Login' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Get Started' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
});

test('a session ended in another tab hides the clinician’s data at once, and a session ended elsewhere too', async ({
  page,
  request,
}) => {
  const context = page.context();
  // Logout leaves for the agency's home site: answered here, the machine has no way out.
  await context.route('https://www.trs-healthcare.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Home</title><h1>Agency home</h1>' }),
  );
  const who = await clinicianWithPlacements(page, request, { FirstName: 'Sasha', LastName: 'Brennan' });
  await page.goto('/dashboard');
  const offers = page.getByRole('region', { name: 'Offers' });
  await expect(offers.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Account menu/ })).toContainText('Sasha');

  // A second tab of the same browser logs out.
  const other = await context.newPage();
  await other.goto('/dashboard');
  await other.getByRole('button', { name: /Account menu/ }).click();
  await other.getByRole('button', { name: 'Logout' }).click();
  await expect(other.getByRole('heading', { name: 'Agency home' })).toBeVisible();

  // The first tab, never focused again, hides everything personal and asks to log in again.
  const gate = page.getByRole('dialog', { name: 'Login' });
  await expect(gate.getByText('Your session has expired, please log in again.')).toBeVisible();
  await expect(offers).toHaveCount(0);
  await expect(page.getByText('Sasha')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
  await snapshot(page, 'session-ended-in-another-tab-390');

  // Logging in again in one tab lets the other one in as well.
  await other.goto('/dashboard');
  const otherGate = other.getByRole('dialog', { name: 'Login' });
  await otherGate.getByRole('textbox', { name: 'Email' }).fill(who.email);
  await otherGate.getByLabel('Password').fill(who.password);
  await otherGate.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(other.getByRole('region', { name: 'Offers' }).getByRole('article').first()).toBeVisible();
  await expect(offers.getByRole('article').first()).toBeVisible();
  await other.close();

  // Another site of the agency on the same cookie domain ends the login (the cookie goes away, nobody here
  // announced it): the page notices without any click.
  await context.clearCookies();
  await expect(gate.getByText('Your session has expired, please log in again.')).toBeVisible();
  await expect(offers).toHaveCount(0);
});

test('a session the server ended is noticed on the next call, not answered with "something went wrong"', async ({
  page,
  request,
}) => {
  const { token } = await clinicianWithPlacements(page, request, { FirstName: 'Jordan', LastName: 'Vale' });
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Offers' }).getByRole('article').first()).toBeVisible();
  // The session is ended on the server (a logout elsewhere, an operator); the cookie is still in the browser.
  const res = await request.post('/core/api/auth/Logout', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBeLessThan(300);
  await page.getByRole('link', { name: 'View All Submissions' }).click();
  const gate = page.getByRole('dialog', { name: 'Login' });
  await expect(gate.getByText('Your session has expired, please log in again.')).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(page.getByText('Jordan')).toHaveCount(0);
});

test('the campaign a visitor landed with survives browsing and is stored with the account made later', async ({
  page,
  request,
}) => {
  // An ad's link lands on job search; the visitor opens a job, comes back another time and signs up.
  await page.goto('/job-search?utm_source=Indeed&utm_medium=cpc&utm_campaign=winter-icu');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Find Jobs' }).click();
  await expect(page).toHaveURL((u) => u.pathname === '/job-search' && !u.search.includes('utm_'));
  await page.goto('/apply-now');
  const gate = page.getByRole('dialog', { name: 'Login' });
  await expect(gate.getByRole('combobox', { name: 'How did you hear about us?' })).toHaveValue('17');
  const email = await fillSignUp(gate, 'Casey');
  await gate.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('button', { name: /Account menu/ })).toContainText('Casey');
  await expect(gate).toHaveCount(0);
  // The server stored the lead source the campaign names (Indeed) and the whole campaign, as the agency reads them.
  const stored = await agencyClinician(request, email);
  expect(stored.leadSourceId).toBe(17);
  expect(stored.campaign).toEqual({
    utmSource: 'Indeed',
    utmMedium: 'cpc',
    utmCampaign: 'winter-icu',
    utmTerm: null,
    utmContent: null,
  });
});

test('after signing up from the header the new clinician is offered the application', async ({ page }) => {
  await page.goto('/job-search');
  await page.getByRole('button', { name: phone(page) ? 'Login' : 'Traveler Login', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Log into your account or sign up below' });
  await dialog.getByRole('tab', { name: 'Sign Up' }).click();
  await fillSignUp(dialog, 'Avery');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  const welcome = page.getByRole('dialog', { name: 'Your account is ready' });
  await expect(welcome.getByText('Welcome, Avery!')).toBeVisible();
  await welcome.getByRole('button', { name: 'Start TRS Application' }).click();
  await expect(page).toHaveURL(/\/apply-now$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Get Started' })).toBeVisible();
});

test('links that leave the portal say where they go; offline, the portal says so instead of opening a failing tab', async ({
  page,
  request,
}) => {
  const context = page.context();
  await context.route('https://www.trs-healthcare.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Posters</title><h1>Workplace posters</h1>' }),
  );
  await loginViaApi(page, request, DEMO);
  await page.goto('/policies-and-procedures');
  const posters = page.getByRole('link', { name: /Workplace Posters/ });
  await expect(posters).toContainText('on trs-healthcare.example');
  const opened: Page[] = [];
  context.on('page', (p) => opened.push(p));

  await context.setOffline(true);
  await posters.click();
  await expect(page.getByRole('alert')).toContainText(
    'You are offline, so trs-healthcare.example cannot open right now.',
  );
  // The account menu's outside links as well.
  await page.getByRole('button', { name: /Account menu/ }).click();
  const pay = page.getByRole('link', { name: 'Pay Information (payroll.trs-healthcare.example, opens in a new tab)' });
  await pay.click();
  await expect(page.getByRole('banner').getByRole('alert')).toContainText(
    'You are offline, so payroll.trs-healthcare.example cannot open right now.',
  );
  await page.keyboard.press('Escape');
  expect(opened).toHaveLength(0);

  await context.setOffline(false);
  const popup = context.waitForEvent('page');
  await posters.click();
  await expect(await popup).toHaveURL(/workplace-posters/);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
