import { randomBytes } from 'node:crypto';
import { DEMO, expect, loginViaApi, test } from '../fixtures.ts';

function pdf(label: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n% ${label}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );
}

test('the demo clinician uploads a PDF by the button and by dropping it, names, views and deletes it', async ({
  page,
  request,
}) => {
  await loginViaApi(page, request, DEMO);
  await page.goto('/credentials-dropbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Credentials Dropbox' })).toBeVisible();
  // A phone has nothing to drag files from: the drop area is for wider screens.
  const phone = (page.viewportSize()?.width ?? 1280) <= 800;
  await expect(page.getByText('Drop new files here')).toHaveCount(phone ? 0 : 1);
  const suffix = randomBytes(3).toString('hex');

  // A file of a type not accepted is refused in the page.
  let chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload Document' }).click();
  await (await chooser).setFiles({ name: 'notes.TXT', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Invalid file type: .txt')).toBeVisible();

  // By the button.
  const byButton = `License ${suffix}`;
  chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload Document' }).click();
  await (await chooser).setFiles({ name: 'license.PDF', mimeType: 'application/pdf', buffer: pdf('button') });
  const dialog = page.getByRole('dialog', { name: 'Name Your Document' });
  await expect(dialog).toBeVisible();
  // The first page of the PDF is shown as a preview.
  await expect(dialog.getByRole('img', { name: 'Preview of license.PDF' })).toBeVisible();
  await dialog.getByLabel(/Document Name/).fill(byButton);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const list = page.getByRole('list', { name: 'Uploaded documents' });
  const buttonItem = list.getByRole('listitem').filter({ hasText: byButton });
  await expect(buttonItem).toBeVisible();
  await expect(buttonItem.getByText(/^Added \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();

  // By dropping it on the area (by the button again on a phone).
  const byDrop = `BLS card ${suffix}`;
  if (phone) {
    chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload Document' }).click();
    await (await chooser).setFiles({ name: 'bls-card.pdf', mimeType: 'application/pdf', buffer: pdf('drop') });
  } else {
    const dataTransfer = await page.evaluateHandle((b64) => {
      const dt = new DataTransfer();
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], 'bls-card.pdf', { type: 'application/pdf' }));
      return dt;
    }, pdf('drop').toString('base64'));
    const zone = page.getByRole('button', { name: 'Drop new files here' });
    await zone.dispatchEvent('dragenter', { dataTransfer });
    await zone.dispatchEvent('drop', { dataTransfer });
  }
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/Document Name/)).toHaveValue('bls-card');
  await dialog.getByLabel(/Document Name/).fill(byDrop);
  await dialog.getByRole('button', { name: 'Save' }).click();
  const dropItem = list.getByRole('listitem').filter({ hasText: byDrop });
  await expect(dropItem).toBeVisible();

  // View opens the file in a new window.
  const popupPromise = page.waitForEvent('popup');
  await dropItem.getByRole('button', { name: `View Document ${byDrop}` }).click();
  const popup = await popupPromise;
  await expect.poll(() => popup.url()).toMatch(/^blob:/);
  await popup.close();

  // Delete both.
  for (const [item, title] of [
    [dropItem, byDrop],
    [buttonItem, byButton],
  ] as const) {
    await item.getByRole('button', { name: `Delete Document ${title}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Document' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(list.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
  }
});

test('the demo clinician refers a friend', async ({ page, request }) => {
  await loginViaApi(page, request, DEMO);
  await page.goto('/refer-a-friend');
  await expect(page.getByRole('heading', { level: 1, name: 'Refer a Friend' })).toBeVisible();
  await expect(page.getByText(/up to \$1,000/)).toBeVisible();
  const submit = page.getByRole('button', { name: 'Submit Referral' });
  await submit.click();
  await expect(page.getByText('Please enter a first name')).toBeVisible();
  await page.getByLabel(/First Name/).fill('  Casey ');
  await page.getByLabel(/Last Name/).fill('Morgan');
  await page.getByLabel(/Phone Number/).fill('(512');
  await expect(page.getByLabel(/Phone Number/)).toHaveValue('512');
  await page.getByLabel(/Phone Number/).fill('5125550142');
  await expect(page.getByLabel(/Profession/)).not.toHaveValue('');
  const specialty = page.getByLabel('Specialty');
  const options = await specialty.locator('option').count();
  if (options > 1) await specialty.selectOption({ index: 1 });
  await submit.click();
  await expect(page.getByText('Referral Submitted')).toBeVisible();
  // After 2 seconds the form comes back empty, profession back to the default.
  await expect(page.getByLabel(/First Name/)).toBeVisible();
  await expect(page.getByLabel(/First Name/)).toHaveValue('');
  await expect(page.getByLabel('Specialty')).toHaveValue('0');
});
