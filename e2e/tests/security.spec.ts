import type { APIRequestContext, Page } from '@playwright/test';
import { expect, loginViaApi, newClinician, test } from '../fixtures.ts';

/**
 * Stored scripts stay text (ASVS V1.2, V3.2): a clinician stores markup in every free-text field the
 * portal shows back (name, address, employment, references, dropbox titles); the profile, the dropbox
 * and the header render it as text, nothing runs, no element is injected, and the pages cause no
 * Content-Security-Policy violation.
 */

const PAYLOADS = {
  first: '<img src=x onerror=__xss=1>',
  last: '<script>__xss=2</script>',
  street: '"><svg onload=__xss=3>',
  facility: '<iframe src=javascript:__xss=4>',
  title: '<img src=x onerror=__xss=5>',
  reference: '<b onmouseover=__xss=6>Ref',
};

function watchPage(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

async function api(request: APIRequestContext, token: string, method: 'get' | 'post', url: string, data?: unknown) {
  const res = await request[method](`/core/api/${url}`, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return res.json();
}

async function expectInert(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  // The data blocks (JSON-LD, and the answers a server-rendered page was rendered from) are never run; any other
  // inline script would be markup that got through.
  await expect(
    page.locator(
      'img[src="x"], svg[onload], iframe, script:not([type="application/ld+json"]):not([type="application/json"]):not([src])',
    ),
  ).toHaveCount(0);
  // Stored markup in the page's answers is escaped: nothing in them can end their block.
  for (const block of await page.locator('script[type="application/json"]').allTextContents())
    expect(block).not.toContain('<');
}

test('markup stored in clinician text renders as text, runs nothing and breaks no CSP rule', async ({
  page,
  request,
}) => {
  const problems = watchPage(page);
  const who = await newClinician(request, { FirstName: PAYLOADS.first, LastName: PAYLOADS.last });
  await api(request, who.token, 'post', 'dev/pipeline/demoPlacements', { applicationOnly: true });
  const states = (await api(request, who.token, 'get', 'HcpPermanentAddress/permanentAddressStates')) as {
    stateId: number;
    name: string;
  }[];
  await api(request, who.token, 'post', 'HcpPermanentAddress/permanentAddress', {
    country: 'United States',
    streetAddress: PAYLOADS.street,
    city: 'Austin',
    state: 'Texas',
    zipCode: '78701',
    province: null,
    postalCode: null,
  });
  const options = (await api(request, who.token, 'get', 'HcpEmploymentHistory/optionsv2')) as {
    states: { stateId: number; name: string }[];
    professions: { professionId: number; specialties: { id: number }[] }[];
    emrs?: { id: number }[];
  };
  const { employmentHistoryId } = (await api(
    request,
    who.token,
    'post',
    'HcpProfileEmploymentHistory/saveEmploymentHistory',
    {
      employmentHistoryId: null,
      employmentTypeId: 1,
      facilityName: PAYLOADS.facility,
      city: 'Austin',
      stateId: options.states.find((s) => s.name === 'Texas')!.stateId,
      startMonth: 1,
      startYear: 2020,
      endMonth: 6,
      endYear: 2023,
      professionId: 13,
      agencyName: null,
      isCharge: false,
      unitsFloated: null,
      shiftPerMonth: null,
      specialties: [options.professions.find((p) => p.professionId === 13)!.specialties[0]!.id],
      emrs: [1],
    },
  )) as { employmentHistoryId: number };
  expect(states.length).toBeGreaterThan(50);
  await api(request, who.token, 'post', 'HcpReferences/saveReference', {
    historyId: employmentHistoryId,
    firstName: PAYLOADS.reference,
    lastName: 'Person',
    title: 'Manager',
    phoneNumber: '5125550111',
    phoneType: 'Office',
    email: null,
  });
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );
  const up = (await api(request, who.token, 'post', 'Document/uploadDocument', {
    file: pdf.toString('base64'),
    fileType: 'pdf',
  })) as { filePath: string };
  await api(request, who.token, 'post', 'HcpCredentialsDropbox/attachDocument', {
    filepath: up.filePath,
    documentTitle: PAYLOADS.title,
  });

  await loginViaApi(page, request, who);
  await page.goto('/profile-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  for (const text of [PAYLOADS.first, PAYLOADS.last, PAYLOADS.street, PAYLOADS.facility, PAYLOADS.reference])
    await expect(page.getByRole('main').getByText(text, { exact: false }).first()).toBeVisible();
  await expectInert(page);

  await page.goto('/credentials-dropbox');
  await expect(page.getByRole('list', { name: 'Uploaded documents' }).getByText(PAYLOADS.title)).toBeVisible();
  await expectInert(page);

  // The header's user menu holds the stored name as text too (shown on wide screens).
  await page.goto('/dashboard');
  await expect(page.getByRole('banner')).toContainText(`${PAYLOADS.first} ${PAYLOADS.last}`);
  await expectInert(page);
  expect(problems).toEqual([]);

  // Browser storage holds the session token and, for pages only browsed, nothing personal: in localStorage at most
  // the campaign a visit landed with (its utm_* parameters, for the sign-up's lead source; drafts of unsaved steps
  // exist only while something is typed and not saved), in sessionStorage React Router's scroll positions only.
  const storage = await page.evaluate(() => ({ local: { ...localStorage }, session: { ...sessionStorage } }));
  expect(Object.keys(storage.local).filter((k) => k !== 'hcp_campaign')).toEqual([]);
  expect(Object.keys(storage.session).filter((k) => k !== 'react-router-scroll-positions')).toEqual([]);
  const cookies = await page.context().cookies();
  expect(cookies.map((c) => c.name)).toContain('hcp_token');
  expect(JSON.stringify([storage, cookies])).not.toContain(who.email);
  expect(JSON.stringify([storage, cookies])).not.toContain(PAYLOADS.street);
});

test('password fields mask their input, name their purpose for password managers and accept pasting', async ({
  page,
}) => {
  await page.goto('/login-page');
  const password = page.getByRole('form', { name: 'Login' }).getByLabel('Password');
  await expect(password).toHaveAttribute('type', 'password');
  await expect(password).toHaveAttribute('autocomplete', 'current-password');
  await password.focus();
  const prevented = await password.evaluate((el) => {
    const event = new ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: new DataTransfer() });
    el.dispatchEvent(event);
    return event.defaultPrevented;
  });
  expect(prevented).toBe(false);
  await page.keyboard.insertText('Pasted-From-A-Manager-1');
  await expect(password).toHaveValue('Pasted-From-A-Manager-1');
});
