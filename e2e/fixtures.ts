import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

export const DEMO = { email: 'demo.nurse@example.com', password: 'Demo-Travel-2026' };
export const NEW_NURSE = { email: 'new.nurse@example.com', password: 'Demo-Travel-2026' };

/** Logs in through the API and puts the token where the web app keeps it (the hcp_token cookie). */
export async function loginViaApi(page: Page, request: APIRequestContext, who: { email: string; password: string }) {
  const res = await request.post('/core/api/auth/HcpLogin', { form: { username: who.email, password: who.password } });
  expect(res.status()).toBe(200);
  const token = await res.text();
  const url = new URL(page.context().pages()[0]?.url() || 'http://127.0.0.1');
  void url;
  await page.context().addCookies([
    {
      name: 'hcp_token',
      value: token,
      url: test.info().project.use.baseURL ?? 'http://127.0.0.1:3199',
      sameSite: 'Lax',
    },
  ]);
  return token;
}

/** A fresh clinician made through the sign-up API. */
export async function newClinician(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  const email = `e2e.${Date.now()}.${randomBytes(3).toString('hex')}@example.com`;
  const password = 'E2e-Strong-Pass-1';
  const res = await request.post('/core/api/auth/HcpSignUp', {
    data: {
      EmailAddress: email,
      PhoneNumber: '5125550199',
      FirstName: 'Erin',
      LastName: 'Tester',
      ProfessionId: 13,
      ReferralId: 121,
      WebPassword: password,
      ...overrides,
    },
  });
  expect(res.status()).toBe(200);
  return { email, password, token: await res.text() };
}

/** Fills the sign-up form inside `scope` (the login gate or dialog) with a fresh address; answers it. */
export async function fillSignUp(scope: Locator, firstName = 'Riley') {
  const email = `e2e.signup.${Date.now()}.${randomBytes(3).toString('hex')}@example.com`;
  await scope.getByRole('textbox', { name: 'Email' }).fill(email);
  await scope.getByRole('textbox', { name: 'Phone' }).fill('5125550142');
  await scope.getByLabel('First Name').fill(firstName);
  await scope.getByLabel('Last Name').fill('Quinn');
  await scope.getByLabel(/^Password/).fill('Session-Strong-Pass-7');
  await scope.getByLabel('Confirm Password').fill('Session-Strong-Pass-7');
  await scope.getByRole('checkbox').check();
  return email;
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

/** Authorization header of a clinician logged in through the API. */
export async function apiLogin(request: APIRequestContext, who: { email: string; password: string } = DEMO) {
  const res = await request.post('/core/api/auth/HcpLogin', { form: { username: who.email, password: who.password } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${await res.text()}` };
}

/** The demo clinician adds a reference with a fresh email through the API; answers the referee's name and email. */
export async function demoReference(request: APIRequestContext) {
  const headers = await apiLogin(request);
  const facilities = (await (await request.get('/core/api/HcpReferences/getFacilityOptions', { headers })).json()) as {
    facilityOptions: { historyId: number; facilityInformation: string }[];
  };
  const historyId = facilities.facilityOptions.find((f) => f.facilityInformation.startsWith("St. David's"))!.historyId;
  const tag = randomBytes(3).toString('hex');
  const email = `referee.${tag}@example.com`;
  const lastName = `Whitfield${tag}`;
  const res = await request.post('/core/api/HcpReferences/saveReference', {
    headers,
    data: {
      historyId,
      firstName: 'Priya',
      lastName,
      title: 'Director of Nursing',
      phoneNumber: '5125550188',
      phoneType: 'Office',
      email,
    },
  });
  expect(res.status()).toBe(200);
  return { email, lastName };
}

/** The path of the public reference form mailed for a new reference of the demo clinician. */
export async function referenceFormPath(request: APIRequestContext) {
  const { email } = await demoReference(request);
  const mail = await latestMail(request, email, 'reference-request');
  return new URL(/https?:\/\/\S+\/clinical-professional-reference\/[A-Za-z0-9_-]+/.exec(mail.text)![0]).pathname;
}

/** A fresh clinician with every pipeline state (the dev endpoint runs the same code as the demo data), logged in. */
export async function clinicianWithPlacements(
  page: Page,
  request: APIRequestContext,
  name = { FirstName: 'Morgan', LastName: 'Ellery' },
) {
  const who = await newClinician(request, name);
  const res = await request.post('/core/api/dev/pipeline/demoPlacements', {
    headers: { authorization: `Bearer ${who.token}` },
    data: {},
  });
  expect(res.status()).toBe(200);
  const token = await loginViaApi(page, request, who);
  return { ...who, token };
}

/** Fills the application steps before the skills checklist through the API, as the clinician (a clinician part-way through). */
export async function completeStepsBeforeSkills(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const post = async (path: string, data: unknown) => {
    const res = await request.post(`/core/api/${path}`, { headers, data });
    expect(res.status(), path).toBe(200);
    return res.json();
  };
  const states = (await (
    await request.get('/core/api/HcpPermanentAddress/permanentAddressStates', { headers })
  ).json()) as { stateId: number; name: string }[];
  const tx = states.find((s) => s.name === 'Texas')!.stateId;
  await post('HcpWebApplicationStep/updateWebApplicationStep', { StepName: 'Started', StepComplete: true });
  await post('InitialDocuments/saveInitialDocuments', {});
  await post('HcpBackground/hcpBackgroundAnswers', {
    isUsCitizen: true,
    isAuthorizedToWorkInUs: null,
    hasMilitaryService: false,
    militaryStartDate: null,
    militaryEndDate: null,
    isCaliforniaResident: false,
    liabilityAction: false,
    licenseSuspended: false,
    canPerformTravelerTasks: false,
    convicted: false,
    hasHadMisconductActivity: false,
    isBilingual: false,
  });
  await post('HcpPermanentAddress/permanentAddress', {
    country: 'US',
    streetAddress: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    province: null,
    postalCode: null,
  });
  await post('HcpLicenseSearchInfo', {
    hasLicense: true,
    stateId: tx,
    nursysLicenseType: 'RN',
    licenseNumber: 'RN1',
    nameOnLicense: 'Erin Tester',
    isCompact: true,
  });
  await post('HcpDegree/saveHcpDegree', {
    degreeId: null,
    degreeTypeId: 4,
    degreeFieldId: 1,
    school: 'UT Austin',
    location: 'Austin, TX',
    degreeDate: '05/2015',
    deleted: false,
  });
  const { employmentHistoryId } = await post('HcpEmploymentHistory/insert', {
    employmentHistoryId: null,
    employmentTypeId: 1,
    facilityName: 'Dell Seton',
    city: 'Austin',
    stateId: tx,
    startMonth: 1,
    startYear: 2019,
    endMonth: null,
    endYear: null,
    professionId: 13,
    agencyName: null,
    isCharge: false,
    unitsFloated: null,
    shiftPerMonth: null,
    specialties: [1],
    emrs: [1],
  });
  await post('HcpWebApplicationStep/updateWebApplicationStep', { StepName: 'Employment', StepComplete: true });
  await post(
    'HcpJobApplication/HcpReferences',
    [0, 1].map((n) => ({
      historyId: employmentHistoryId,
      firstName: `Ref${n}`,
      lastName: 'Smith',
      title: 'Manager',
      phoneNumber: '5125550100',
      phoneType: 'Mobile',
      email: null,
      referenceNumber: n,
    })),
  );
  await post('HcpCertification/saveCertification', {
    certId: null,
    certificationTypeId: 1,
    expirationDate: '2030-01-01',
    deleted: false,
  });
  await post('HcpWebApplicationStep/updateWebApplicationStep', { StepName: 'Certifications', StepComplete: true });
}

/** The chunk of the app the entry imports once it has started the first calls, from the build the server serves. */
export function appChunk(): RegExp {
  const manifest = JSON.parse(
    readFileSync(new URL('../apps/web/dist/.vite/manifest.json', import.meta.url), 'utf8'),
  ) as Record<string, { file: string }>;
  const file = manifest['src/app/boot.tsx']?.file;
  if (!file) throw new Error('the build has no src/app/boot.tsx chunk');
  return new RegExp(`/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/** Holds the app's code (appChunk) from `page` until the returned function is called: the server's markup alone. */
export async function holdAppCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const app = appChunk();
  await page.route(
    (url) => app.test(url.pathname),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

/**
 * The server answers `path` as it does when it leaves a page to the browser (its render failed or was too slow):
 * the plain index.html, which it gives a request without the login cookie. The browser then makes the page's calls
 * itself, and a test can answer them.
 */
export async function renderedByBrowser(page: Page, path: string) {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const res = await fetch(route.request().url());
      return route.fulfill({ status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() });
    },
  );
}

/**
 * Waits until the app has taken over `locator`'s element on a page the server rendered (React has attached its
 * handlers to it): the app's code has loaded and hydrated that part of the page.
 */
export async function hydrated(locator: Locator) {
  await expect
    .poll(() => locator.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps$'))))
    .toBe(true);
}

/** The key the server's dev routes ask for (playwright.config.ts sets it for the server and the workers). */
export const devSecret = (): string => {
  const key = process.env.E2E_DEV_SECRET;
  if (!key) throw new Error('E2E_DEV_SECRET is not set: run the tests through playwright.config.ts');
  return key;
};

export const test = base.extend<{ stubTiles: void }>({
  // API calls of the tests carry the dev key, as a developer's would: the outbox, agency keys and demo placements need it.
  request: async ({ playwright, baseURL }, use) => {
    const context = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-dev-secret': devSecret() } });
    await use(context);
    await context.dispose();
  },
  // Map tiles never leave the machine: every tile request answers a 1x1 PNG, from the test tile host or from the
  // default one a build without VITE_MAP_TILE_URL draws from (its requests reach here where the page's CSP is
  // bypassed; otherwise the CSP refuses them and the page shows the facility's address instead of the map).
  stubTiles: [
    async ({ page }, use) => {
      await page.route(/\/__tiles\/|^https:\/\/tile\.openstreetmap\.org\//, (route) =>
        route.fulfill({
          contentType: 'image/png',
          body: Buffer.from(
            'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
            'base64',
          ),
        }),
      );
      await use();
    },
    { auto: true },
  ],
});
export { expect };
