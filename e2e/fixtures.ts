import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';

export const DEMO = { email: 'demo.nurse@example.com', password: 'Demo-Travel-2026' };
export const NEW_NURSE = { email: 'new.nurse@example.com', password: 'Demo-Travel-2026' };

/** Logs in through the API and puts the token where the web app keeps it (the hcp_token cookie). */
export async function loginViaApi(page: Page, request: APIRequestContext, who: { email: string; password: string }) {
  const res = await request.post('/core/api/auth/HcpLogin', { form: { username: who.email, password: who.password } });
  expect(res.status()).toBe(200);
  const token = await res.text();
  const url = new URL(page.context().pages()[0]?.url() || 'http://127.0.0.1');
  void url;
  await page.context().addCookies([{ name: 'hcp_token', value: token, url: test.info().project.use.baseURL ?? 'http://127.0.0.1:3199', sameSite: 'Lax' }]);
  return token;
}

/** A fresh clinician made through the sign-up API. */
export async function newClinician(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  const email = `e2e.${Date.now()}.${randomBytes(3).toString('hex')}@example.com`;
  const password = 'E2e-Strong-Pass-1';
  const res = await request.post('/core/api/auth/HcpSignUp', {
    data: { EmailAddress: email, PhoneNumber: '5125550199', FirstName: 'Erin', LastName: 'Tester', ProfessionId: 13, ReferralId: 121, WebPassword: password, ...overrides },
  });
  expect(res.status()).toBe(200);
  return { email, password, token: await res.text() };
}

/** The newest mail to an address from the dev outbox. */
export async function latestMail(request: APIRequestContext, to: string, kind?: string) {
  await expect
    .poll(async () => {
      const res = await request.get(`/core/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const list = (await res.json()) as { kind: string }[];
      return list.filter((m) => !kind || m.kind === kind).length;
    })
    .toBeGreaterThan(0);
  const res = await request.get(`/core/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const list = (await res.json()) as { kind: string; text: string; subject: string }[];
  return list.find((m) => !kind || m.kind === kind)!;
}

export const test = base.extend<{ stubTiles: void }>({
  // Map tiles never leave the machine: every tile request answers a 1x1 PNG.
  stubTiles: [
    async ({ page }, use) => {
      await page.route('**/__tiles/**', (route) =>
        route.fulfill({
          contentType: 'image/png',
          body: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
        }),
      );
      await use();
    },
    { auto: true },
  ],
});
export { expect };
