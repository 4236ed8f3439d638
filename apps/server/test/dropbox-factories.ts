import { auth, type TestApp } from './build.ts';

/** A minimal but real PDF. */
export function pdfBytes(text = 'Hello'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );
}

/** A 1x1 PNG. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The start of a Windows executable (MZ header). */
export function exeBytes(): Buffer {
  const b = Buffer.alloc(512);
  b.write('MZ', 0, 'latin1');
  b.write('This program cannot be run in DOS mode.', 78, 'latin1');
  return b;
}

export async function upload(t: TestApp, token: string, bytes: Buffer, fileType = 'pdf') {
  return t.app.inject({
    method: 'POST',
    url: '/core/api/Document/uploadDocument',
    headers: auth(token),
    payload: { file: bytes.toString('base64'), fileType },
  });
}

export async function uploadAndAttach(t: TestApp, token: string, title = 'RN License', bytes = pdfBytes()) {
  const up = await upload(t, token, bytes);
  if (up.statusCode !== 200) throw new Error(`upload failed ${up.statusCode} ${up.body}`);
  const filePath = up.json().filePath as string;
  const at = await t.app.inject({
    method: 'POST',
    url: '/core/api/HcpCredentialsDropbox/attachDocument',
    headers: auth(token),
    payload: { filepath: filePath, documentTitle: title },
  });
  if (at.statusCode !== 200) throw new Error(`attach failed ${at.statusCode} ${at.body}`);
  return at.json() as { hcpDropBoxId: number; docTitle: string; addedDate: string; uploadedDocumentPath: string };
}
