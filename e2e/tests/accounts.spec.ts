import { randomBytes } from 'node:crypto';
import { devSecret, expect, latestMail, loginViaApi, newClinician, test } from '../fixtures.ts';

test('sign up, log out, log in, reset the password from the outbox link, old token refused', async ({
  page,
  request,
}) => {
  const email = `journey.${randomBytes(4).toString('hex')}@example.com`;
  const password = 'First-Strong-Pass-1';
  await page.goto('/job-search');
  const isMobile = (page.viewportSize()?.width ?? 1280) <= 800;
  await page.getByRole('button', { name: isMobile ? 'Login' : 'Traveler Login', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Log into your account or sign up below' })).toBeVisible();
  await dialog.getByRole('tab', { name: 'Sign Up' }).click();

  const create = dialog.getByRole('button', { name: 'Create Account' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await dialog.getByRole('textbox', { name: 'Phone' }).fill('51a2');
  await expect(dialog.getByText('Please enter a valid email')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Phone' })).toHaveValue('512');
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Phone' }).fill('5125550123');
  await dialog.getByLabel('First Name').fill('Jordan');
  await dialog.getByLabel('Last Name').fill('Avery');
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByLabel('Confirm Password').fill('different');
  await dialog.getByLabel('Confirm Password').blur();
  await expect(dialog.getByText('Passwords must match')).toBeVisible();
  await dialog.getByLabel('Confirm Password').fill(password);
  await expect(create).toBeDisabled();
  await dialog.getByRole('checkbox').check();
  await expect(create).toBeEnabled();
  await create.click();
  // The new account is offered the application; this clinician keeps searching for now.
  await page
    .getByRole('dialog', { name: 'Your account is ready' })
    .getByRole('button', { name: 'Keep Searching Jobs' })
    .click();
  await expect(page.getByRole('dialog')).toBeHidden();

  const menuButton = page.getByRole('button', { name: /Account menu/ });
  await expect(menuButton).toBeVisible();
  const cookies = await page.context().cookies();
  const firstToken = cookies.find((c) => c.name === 'hcp_token')!.value;
  expect(firstToken.split('.')).toHaveLength(3);
  // Written by the app with SameSite=Lax (Secure as well when served over https).
  expect(cookies.find((c) => c.name === 'hcp_token')!.sameSite).toBe('Lax');

  // Log out: the token goes away (the browser is then sent to the company site, which is stubbed).
  await page.route('https://www.trs-healthcare.example/**', (r) =>
    r.fulfill({ contentType: 'text/html', body: '<title>Home</title><h1>Company home</h1>' }),
  );
  await menuButton.click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/trs-healthcare\.example/);
  expect((await page.context().cookies()).find((c) => c.name === 'hcp_token')?.value ?? '').toBe('');

  // Log in on the login page with a wrong password, then the right one.
  await page.goto('/login-page?returnUrl=/favorite-jobs');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('form', { name: 'Login' }).getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid login credentials')).toBeVisible();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('form', { name: 'Login' }).getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL((u) => u.pathname === '/favorite-jobs');
  const loggedInToken = (await page.context().cookies()).find((c) => c.name === 'hcp_token')!.value;

  // Forgot password from the login dialog of another visit.
  await page.context().clearCookies();
  await page.goto('/login-page');
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText(/Your submissions has been received/)).toBeVisible();

  const mail = await latestMail(request, email, 'password-reset');
  const link = /https?:\/\/\S+reset-password\?rpg=\S+/.exec(mail.text)![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  const newPassword = 'Second-Strong-Pass-2';
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Your password has been reset.')).toBeVisible();

  // The token from before the reset no longer works; the link is single use.
  const old = await request.get('/core/api/HcpApiUser/userInfo', {
    headers: { authorization: `Bearer ${loggedInToken}` },
  });
  expect(old.status()).toBe(401);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(
    page.getByText('Password reset link is no longer valid! Reset your password or login below.'),
  ).toBeVisible();

  const relogin = await request.post('/core/api/auth/HcpLogin', { form: { username: email, password: newPassword } });
  expect(relogin.status()).toBe(200);
});

test('the login page sends a logged-in user to the dashboard', async ({ page, request }) => {
  const res = await request.post('/core/api/auth/HcpLogin', {
    form: { username: 'demo.nurse@example.com', password: 'Demo-Travel-2026' },
  });
  await page
    .context()
    .addCookies([{ name: 'hcp_token', value: await res.text(), url: test.info().project.use.baseURL! }]);
  await page.goto('/login-page?returnUrl=/job-search');
  await expect(page).toHaveURL((u) => u.pathname === '/dashboard');
});

test('an unknown route and the sign-up 409 message', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/job-search');
  const isMobile = (page.viewportSize()?.width ?? 1280) <= 800;
  await page.getByRole('button', { name: isMobile ? 'Login' : 'Traveler Login', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Sign Up' }).click();
  await dialog.getByRole('textbox', { name: 'Email' }).fill('demo.nurse@example.com');
  await dialog.getByRole('textbox', { name: 'Phone' }).fill('5125550123');
  await dialog.getByLabel('First Name').fill('Dup');
  await dialog.getByLabel('Last Name').fill('User');
  await dialog.getByLabel(/^Password/).fill('Some-Strong-Pass-3');
  await dialog.getByLabel('Confirm Password').fill('Some-Strong-Pass-3');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog.getByText('Email already exists. Please login.')).toBeVisible();
  // Escape closes the dismissable dialog.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('signed-in pages hide behind a login gate; submitted jobs says the session expired', async ({ page }) => {
  await page.goto('/submitted-jobs');
  const gate = page.getByRole('dialog');
  await expect(gate.getByText('Your session has expired, please log in again.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(gate).toBeVisible();
  await expect(gate.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await gate.getByRole('textbox', { name: 'Email' }).fill('demo.nurse@example.com');
  await gate.getByLabel('Password').fill('Demo-Travel-2026');
  await gate.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('button', { name: /Account menu/ })).toContainText('Dana');

  await page.context().clearCookies();
  await page.goto('/favorite-jobs');
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByText('Your session has expired, please log in again.')).toHaveCount(0);
});

test('the mail outbox page shows mail only with the dev key the server printed', async ({ page, request }) => {
  const who = await newClinician(request);
  expect(
    (await request.post('/core/api/auth/ResetPasswordRequest', { form: { webUserName: who.email } })).status(),
  ).toBe(200);
  await latestMail(request, who.email, 'password-reset');

  await page.goto('/dev/outbox');
  const key = page.getByRole('textbox', { name: 'Dev key' });
  await expect(key).toBeVisible();
  await expect(page.getByText(who.email)).toHaveCount(0);
  await key.fill('not-the-key-of-this-server');
  await page.getByRole('button', { name: 'Open outbox' }).click();
  await expect(page.getByText('The outbox is not available on this server, or the key is wrong.')).toBeVisible();
  await expect(page.getByText(who.email)).toHaveCount(0);

  // The banner's link carries the key in the #fragment.
  await page.goto(`/dev/outbox#key=${encodeURIComponent(devSecret())}`);
  const mail = page.getByRole('article').filter({ hasText: who.email });
  await expect(mail.getByRole('heading', { name: 'Reset your TRS password' })).toBeVisible();
  await expect(mail.getByRole('link', { name: /reset-password\?rpg=/ })).toBeVisible();
});

test('sign-up shows why the server refuses a common password', async ({ page }) => {
  await page.goto('/job-search');
  const isMobile = (page.viewportSize()?.width ?? 1280) <= 800;
  await page.getByRole('button', { name: isMobile ? 'Login' : 'Traveler Login', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Sign Up' }).click();
  await dialog.getByRole('textbox', { name: 'Email' }).fill(`weak.${randomBytes(4).toString('hex')}@example.com`);
  await dialog.getByRole('textbox', { name: 'Phone' }).fill('5125550123');
  await dialog.getByLabel('First Name').fill('Casey');
  await dialog.getByLabel('Last Name').fill('Moran');
  await dialog.getByLabel(/^Password/).fill('B@seball!2023');
  await dialog.getByLabel('Confirm Password').fill('B@seball!2023');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog.getByText('This password is too common. Please choose another.')).toBeVisible();
});

test('a page that needs a complete application says so where it was opened, with the way to start or continue it', async ({
  page,
  request,
}) => {
  const who = await newClinician(request);
  await loginViaApi(page, request, who);
  const main = page.getByRole('main');
  // A bookmark or a mailed link to any of them, before the application is complete.
  for (const [url, title] of [
    ['/e-documents-and-signatures', 'E-Documents & Signatures'],
    ['/profile-page', 'Profile'],
    ['/policies-and-procedures', 'Policies and Procedures'],
    ['/update-background-questions', 'Update Background Questions'],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(main.getByText('This page opens once your TRS application is complete.')).toBeVisible();
    await expect(page).toHaveURL((u) => u.pathname === url);
  }
  await main.getByRole('link', { name: 'Start TRS Application' }).click();
  await expect(page).toHaveURL(/\/apply-now$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Get Started' })).toBeVisible();

  // Once started, the way on is the next step of the application.
  const started = await request.post('/core/api/HcpWebApplicationStep/updateWebApplicationStep', {
    headers: { authorization: `Bearer ${who.token}` },
    data: { StepName: 'Started', StepComplete: true },
  });
  expect(started.status()).toBe(200);
  await page.goto('/e-documents-and-signatures');
  await main.getByRole('link', { name: 'Continue TRS Application' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Application Documents' })).toBeVisible();
});
