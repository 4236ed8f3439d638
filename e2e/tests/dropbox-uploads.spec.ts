import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { completeStepsBeforeSkills, expect, loginViaApi, newClinician, test } from '../fixtures.ts';

function pdf(label: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n% ${label}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );
}

/** A clinician at the certifications step, with an ACLS card filled in but for its file. */
async function newAclsCard(page: Page, request: APIRequestContext) {
  const who = await newClinician(request);
  await completeStepsBeforeSkills(request, who.token);
  await loginViaApi(page, request, who);
  await page.goto('/certifications');
  // The page opens with a blank card beside the saved certification.
  const card = page.getByRole('region', { name: /^Certification \d$/ }).first();
  await card.getByLabel('Certification Type', { exact: false }).selectOption({ label: 'ACLS' });
  const expires = card.getByRole('textbox', { name: /^Expiration Date/ });
  await expires.fill(`08/31/${new Date().getFullYear() + 1}`);
  await expires.blur();
  return card;
}

async function chooseFile(page: Page, name: string, buffer: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload Document' }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/pdf', buffer });
}

test('naming a document: focus on the name, one request for a double click on Save, and the status goes with its file', async ({
  page,
  request,
}) => {
  const who = await newClinician(request);
  await loginViaApi(page, request, who);
  await page.goto('/credentials-dropbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Credentials Dropbox' })).toBeVisible();
  const attaches: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/HcpCredentialsDropbox/attachDocument')) attaches.push(r.url());
  });

  await chooseFile(page, 'license.pdf', pdf('license'));
  const dialog = page.getByRole('dialog', { name: 'Name Your Document' });
  const name = dialog.getByLabel(/Document Name/);
  await expect(name).toBeFocused();
  const title = `License ${randomBytes(3).toString('hex')}`;
  await page.keyboard.type(title);
  await expect(name).toHaveValue(title);
  await dialog.getByRole('button', { name: 'Save' }).dblclick();
  await expect(dialog).toBeHidden();
  const added = page.getByText(`“${title}” was added to your dropbox.`);
  await expect(added).toBeVisible();
  await expect(page.getByText('Error uploading file - please try again.')).toHaveCount(0);
  const item = page.getByRole('list', { name: 'Uploaded documents' }).getByRole('listitem').filter({ hasText: title });
  await expect(item).toHaveCount(1);
  expect(attaches).toHaveLength(1);

  // Deleting the file takes its status text with it.
  await item.getByRole('button', { name: `Delete Document ${title}` }).click();
  await page
    .getByRole('dialog', { name: 'Delete Document' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expect(item).toHaveCount(0);
  await expect(added).toHaveCount(0);
});

test('a certification file refused by the server: choosing another file clears the refusal', async ({
  page,
  request,
}) => {
  const card = await newAclsCard(page, request);
  const file = card.getByLabel('Attach Certification', { exact: false });
  // A PDF name over other content: the server reads the bytes and refuses it.
  await file.setInputFiles({ name: 'bls.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all') });
  await card.getByRole('button', { name: 'Save Record' }).click();
  const refusal = card.getByRole('alert').filter({ hasText: /./ }).last();
  await expect(refusal).toBeVisible();
  const text = (await refusal.innerText()).trim();
  await file.setInputFiles({ name: 'bls-card.pdf', mimeType: 'application/pdf', buffer: pdf('bls') });
  await expect(card.getByText(text, { exact: true })).toHaveCount(0);
});

/** A small picture, as a phone's camera hands it over (PNG here; the page draws any image the browser reads). */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAMCAIAAADQ/GvKAAAAqklEQVR4nBXMoRVEIQxFwdcBBo2OoYN0gIlGx9DB7eCbaDqgzz07BYwkujDhIkQKRAmp0RvW8EY0skGjGtKgD2zggxjkgEENpEmf2MQnMckJk5pITnfMcSecdHDKkRZ9YQtfxCIXLGohbfrGNr6JTW7Y1EY69IMd/BCHPHCogwQd7D8TkPwVSB/9wz78Iz7yg4/6kC79Yhe/xCUvXOoiPfrDHv6IRz541OMHz7BmMTmYlAAAAAAASUVORK5CYII=',
  'base64',
);

test('@layout on a phone, the camera takes a document: several photos become one PDF', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const who = await newClinician(request);
  await loginViaApi(page, request, who);
  await page.goto('/credentials-dropbox');
  await expect(page.getByText('Drop new files here')).toHaveCount(0);
  await expect(page.getByTestId('photo-capture-input')).toHaveAttribute('capture', 'environment');

  for (const [button, name] of [
    ['Take a Photo', 'front.png'],
    ['Add Another Page', 'back.png'],
  ] as const) {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: button }).click();
    await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: PHOTO });
  }
  await expect(page.getByRole('list', { name: 'Pages taken' }).getByRole('img')).toHaveCount(2);
  await expect(page.getByText('2 pages taken: add the next page, or select Done.')).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();

  const dialog = page.getByRole('dialog', { name: 'Name Your Document' });
  await expect(dialog.getByText('Photos.pdf')).toBeVisible();
  await dialog.getByLabel(/Document Name/).fill('Nursing license');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('list', { name: 'Uploaded documents' }).getByText('Nursing license')).toBeVisible();

  // The agency receives one PDF with a page per photo.
  const headers = { authorization: `Bearer ${who.token}` };
  const list = (await (
    await request.get('/core/api/HcpCredentialsDropbox/getUploadedDropboxDocuments', { headers })
  ).json()) as {
    dropboxItems: { docTitle: string; uploadedDocumentPath: string }[];
  };
  const doc = list.dropboxItems.find((d) => d.docTitle === 'Nursing license')!;
  const file = await request.get(
    `/core/api/Document/getDocumentAttachment?filePath=${encodeURIComponent(doc.uploadedDocumentPath)}`,
    { headers },
  );
  expect(file.headers()['content-type']).toBe('application/pdf');
  const text = (await file.body()).toString('latin1');
  expect(text.startsWith('%PDF-')).toBe(true);
  expect(text.match(/\/Type \/Page\b(?!s)/g)).toHaveLength(2);
});

test('@layout on a phone, a certification is attached from the camera', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const card = await newAclsCard(page, request);
  // The file input behind 'Take a Photo' asks the phone for its back camera, as the dropbox's does.
  await expect(card.getByTestId('photo-capture-input')).toHaveAttribute('capture', 'environment');
  await expect(card.getByTestId('photo-capture-input')).toHaveAttribute('accept', /image/);
  const chooser = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: 'Take a Photo' }).click();
  await (await chooser).setFiles({ name: 'card.png', mimeType: 'image/png', buffer: PHOTO });
  await card.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByText('ACLS.pdf is ready.')).toBeVisible();
  await card.getByRole('button', { name: 'Save Record' }).click();
  await expect(page.getByRole('region', { name: 'ACLS' }).getByRole('button', { name: 'View file' })).toBeVisible();
});
