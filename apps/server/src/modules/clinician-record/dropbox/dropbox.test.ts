import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auth, buildTestApp, signUp, type TestApp } from '../../../../test/build.ts';
import { exeBytes, PNG_1PX, pdfBytes, upload, uploadAndAttach } from '../../../../test/dropbox-factories.ts';
import { documentUploads, dropboxDocuments, eventOutbox } from '../../../db/schema/index.ts';
import { DropboxService } from './service.ts';

let t: TestApp;
let clock = new Date();
beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
});
afterAll(async () => t.close());

const list = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/core/api/HcpCredentialsDropbox/getUploadedDropboxDocuments',
    headers: auth(token),
  });
const attach = (token: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/core/api/HcpCredentialsDropbox/attachDocument',
    headers: auth(token),
    payload: payload as object,
  });
const del = (token: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/core/api/HcpCredentialsDropbox/deleteDocument',
    headers: auth(token),
    payload: payload as object,
  });
const getFile = (token: string, filePath: string) =>
  t.app.inject({
    method: 'GET',
    url: `/core/api/Document/getDocumentAttachment?filePath=${encodeURIComponent(filePath)}`,
    headers: auth(token),
  });

describe('credentials dropbox', () => {
  it('uploads, names, lists, serves and deletes a PDF; records document.uploaded', async () => {
    const u = await signUp(t);
    const up = await upload(t, u.token, pdfBytes(), 'PDF');
    expect(up.statusCode).toBe(200);
    const { filePath, images } = up.json();
    expect(filePath).toMatch(new RegExp(`^uploads/${u.userId}/[0-9a-f]{32}\\.pdf$`));
    // The first page rendered as the preview.
    expect(images).toHaveLength(1);
    expect(images[0]).toMatch(/^data:image\/png;base64,iVBOR/);
    // Before attaching, the list is empty.
    expect((await list(u.token)).json().dropboxItems).toEqual([]);
    const at = await attach(u.token, { filepath: filePath, documentTitle: '  RN   License ' });
    expect(at.statusCode).toBe(200);
    expect(at.json().docTitle).toBe('RN License');
    const items = (await list(u.token)).json().dropboxItems;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      docTitle: 'RN License',
      uploadedDocumentPath: filePath,
      addedDate: clock.toISOString(),
    });
    const file = await getFile(u.token, filePath);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('inline; filename="RN License.pdf"');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const events = await t.ctx.db.select().from(eventOutbox).where(eq(eventOutbox.userId, u.userId));
    expect(events.map((e) => e.type)).toContain('document.uploaded');
    // Attaching the same upload twice is refused.
    expect((await attach(u.token, { filepath: filePath, documentTitle: 'Again' })).statusCode).toBe(404);
    const d = await del(u.token, { hcpDropboxId: items[0].hcpDropBoxId });
    expect(d.statusCode).toBe(200);
    expect((await list(u.token)).json().dropboxItems).toEqual([]);
    expect((await getFile(u.token, filePath)).statusCode).toBe(404);
    expect(await t.ctx.storage.get(filePath)).toBeNull();
  });

  it('answers a downscaled copy of an image as its preview, and none for Word files or broken PDFs', async () => {
    const u = await signUp(t);
    const up = await upload(t, u.token, PNG_1PX, 'image/png');
    expect(up.statusCode).toBe(200);
    expect(up.json().images[0]).toMatch(/^data:image\/jpeg;base64,/);
    const doc = await upload(
      t,
      u.token,
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]),
      'DOC',
    );
    expect(doc.statusCode).toBe(200);
    expect(doc.json().images).toEqual([]);
    const broken = await upload(t, u.token, Buffer.from('%PDF-1.4 garbage without objects'), 'pdf');
    expect(broken.statusCode).toBe(200);
    expect(broken.json().images).toEqual([]);
  });

  it('refuses a .exe renamed .pdf, a type mismatch, an unaccepted type and bad base64', async () => {
    const u = await signUp(t);
    const exe = await upload(t, u.token, exeBytes(), 'pdf');
    expect(exe.statusCode).toBe(422);
    expect(exe.json().message).toBe('Invalid file type: .pdf');
    expect((await upload(t, u.token, pdfBytes(), 'png')).statusCode).toBe(422);
    const txt = await upload(t, u.token, Buffer.from('hello'), 'txt');
    expect(txt.statusCode).toBe(422);
    expect(txt.json().message).toBe('Invalid file type: .txt');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/core/api/Document/uploadDocument',
      headers: auth(u.token),
      payload: { file: '%%%not base64%%%', fileType: 'pdf' },
    });
    expect(bad.statusCode).toBe(400);
    const wrongTypes = await t.app.inject({
      method: 'POST',
      url: '/core/api/Document/uploadDocument',
      headers: auth(u.token),
      payload: { file: 12, fileType: ['pdf'] },
    });
    expect(wrongTypes.statusCode).toBe(400);
    const rows = await t.ctx.db.select().from(documentUploads).where(eq(documentUploads.userId, u.userId));
    expect(rows).toHaveLength(0);
  });

  it('refuses a 31 MB file and accepts one of 30 MB', async () => {
    const u = await signUp(t);
    const big = Buffer.alloc(31 * 1024 * 1024, 0x20);
    pdfBytes().copy(big);
    const res = await upload(t, u.token, big);
    expect(res.statusCode).toBe(413);
    const ok = Buffer.alloc(30 * 1024 * 1024, 0x20);
    pdfBytes().copy(ok);
    const res2 = await upload(t, u.token, ok);
    expect(res2.statusCode).toBe(200);
  }, 120_000);

  it("never reaches another clinician's files or paths outside the caller's uploads", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const doc = await uploadAndAttach(t, a.token);
    // Other user's file, list, delete and attach answer 404 and change nothing.
    expect((await getFile(b.token, doc.uploadedDocumentPath)).statusCode).toBe(404);
    expect((await del(b.token, { hcpDropboxId: doc.hcpDropBoxId })).statusCode).toBe(404);
    expect((await list(b.token)).json().dropboxItems).toEqual([]);
    const pending = (await upload(t, a.token, pdfBytes())).json().filePath as string;
    expect((await attach(b.token, { filepath: pending, documentTitle: 'Mine now' })).statusCode).toBe(404);
    for (const p of [
      '../../../etc/passwd',
      `uploads/${b.userId}/../${a.userId}/${doc.uploadedDocumentPath.split('/').pop()}`,
      `uploads/${a.userId}/..%2f..%2fsecrets.json`,
      '/etc/passwd',
      'secrets.json',
      "uploads/1/x.pdf' or '1'='1",
    ]) {
      expect((await getFile(b.token, p)).statusCode).toBe(404);
      expect((await attach(b.token, { filepath: p, documentTitle: 'x' })).statusCode).toBe(404);
    }
    expect((await del(a.token, { hcpDropboxId: 2_147_483_647 })).statusCode).toBe(404);
    expect((await del(a.token, { hcpDropboxId: 'abc' })).statusCode).toBe(400);
    expect((await del(a.token, { hcpDropboxId: 99_999_999_999 })).statusCode).toBe(400);
    expect((await list(a.token)).json().dropboxItems).toHaveLength(1);
    // Unauthenticated calls are refused.
    expect(
      (await t.app.inject({ method: 'GET', url: '/core/api/HcpCredentialsDropbox/getUploadedDropboxDocuments' }))
        .statusCode,
    ).toBe(401);
  });

  it('requires a document title', async () => {
    const u = await signUp(t);
    const p = (await upload(t, u.token, pdfBytes())).json().filePath as string;
    expect((await attach(u.token, { filepath: p, documentTitle: '   ' })).statusCode).toBe(400);
    expect((await attach(u.token, { filepath: p, documentTitle: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await attach(u.token, { documentTitle: 'No path' })).statusCode).toBe(400);
    expect((await attach(u.token, { filePath: p, documentTitle: "O'Brien; drop table users;--" })).statusCode).toBe(
      200,
    );
  });

  it('removes uploads never attached after a day, keeping attached ones', async () => {
    const u = await signUp(t);
    const kept = await uploadAndAttach(t, u.token, 'Kept');
    const stale = (await upload(t, u.token, pdfBytes())).json().filePath as string;
    const service = new DropboxService(t.ctx);
    clock = new Date(clock.getTime() + 23 * 3600_000);
    await service.removeStaleUploads();
    expect(await t.ctx.storage.get(stale)).not.toBeNull();
    clock = new Date(clock.getTime() + 2 * 3600_000);
    expect(await service.removeStaleUploads()).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.storage.get(stale)).toBeNull();
    expect((await attach(u.token, { filepath: stale, documentTitle: 'Too late' })).statusCode).toBe(404);
    expect(await t.ctx.storage.get(kept.uploadedDocumentPath)).not.toBeNull();
    const docs = await t.ctx.db.select().from(dropboxDocuments).where(eq(dropboxDocuments.userId, u.userId));
    expect(docs).toHaveLength(1);
  });
});

describe('with the credentials dropbox flag off', () => {
  it('answers 404 on the dropbox calls', async () => {
    const off = await buildTestApp({ env: { FEATURE_CREDENTIALS_DROPBOX: 'false', FEATURE_REFER_A_FRIEND: 'false' } });
    try {
      const u = await signUp(off);
      const res = await off.app.inject({
        method: 'GET',
        url: '/core/api/HcpCredentialsDropbox/getUploadedDropboxDocuments',
        headers: auth(u.token),
      });
      expect(res.statusCode).toBe(404);
      const ref = await off.app.inject({
        method: 'POST',
        url: '/core/api/HcpReferral/saveReferral',
        headers: auth(u.token),
        payload: { FirstName: 'A', LastName: 'B', PhoneNumber: '5125550100', DisciplineId: 13 },
      });
      expect(ref.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
