import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage, isSafeKey } from '../../src/lib/storage.ts';
import type { TestApp } from '../build.ts';
import { pdfBytes, PNG_1PX, upload, uploadAndAttach } from '../dropbox-factories.ts';
import { NOT_PERSONAL, person, validParts, type World } from './endpoints.ts';
import {
  agencyHeaders,
  apiRoutes,
  buildSecurityApp,
  exampleParts,
  injectOf,
  isAgencyRoute,
  routeKey,
} from './harness.ts';

/**
 * Files (ASVS V5, V3.2): uploads are judged by their bytes, not their name or claimed type; sizes are
 * capped; storage keys cannot leave the storage root; and every route that serves a file (found by
 * sweeping every GET of the running app) sends it with Content-Disposition, nosniff and no-store.
 */

let t: TestApp;
let w: World;
let agency: Record<string, string>;
beforeAll(async () => {
  t = await buildSecurityApp();
  w = { t, a: await person(t), b: await person(t) };
  agency = await agencyHeaders(t);
}, 120_000);
afterAll(async () => t?.close());

const isJson = (ct: string) => /^application\/json/.test(ct);

describe('every file-serving route', () => {
  it('serves files only with Content-Disposition (a safe file name), nosniff and no caching of personal files', async () => {
    const served: string[] = [];
    const problems: string[] = [];
    for (const r of apiRoutes(t).filter((x) => x.method === 'GET' && !x.url.endsWith('*'))) {
      const parts = (await validParts(w, r)) ?? exampleParts(r);
      const res = await t.app.inject(injectOf(r, parts, isAgencyRoute(r) ? agency : w.a.headers));
      const ct = String(res.headers['content-type'] ?? '');
      if (res.statusCode !== 200 || isJson(ct)) continue;
      served.push(routeKey(r));
      const cd = String(res.headers['content-disposition'] ?? '');
      if (!/^(inline|attachment); filename="[A-Za-z0-9 ._-]{1,120}"$/.test(cd))
        problems.push(`${routeKey(r)}: Content-Disposition '${cd}'`);
      if (/^inline/.test(cd) && !/^(application\/pdf|image\/(png|jpeg|gif|bmp))/.test(ct))
        problems.push(`${routeKey(r)}: ${ct} served inline`);
      if (res.headers['x-content-type-options'] !== 'nosniff') problems.push(`${routeKey(r)}: no nosniff`);
      if (!NOT_PERSONAL[routeKey(r)] && !/no-store/.test(String(res.headers['cache-control'])))
        problems.push(`${routeKey(r)}: cache-control ${res.headers['cache-control']}`);
    }
    expect(problems).toEqual([]);
    // The sweep found the file routes: contracts, TRS and policy documents, certification and dropbox files, agency files.
    expect(served.length).toBeGreaterThanOrEqual(7);
  }, 120_000);

  it('a document title cannot inject into the Content-Disposition header', async () => {
    const doc = await uploadAndAttach(t, w.a.token, 'x"; filename="evil.html');
    const res = await t.app.inject({
      method: 'GET',
      url: `/core/api/Document/getDocumentAttachment?filePath=${encodeURIComponent(doc.uploadedDocumentPath)}`,
      headers: w.a.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('inline; filename="x filenameevil.html.pdf"');
    const agencyFile = await t.app.inject({
      method: 'GET',
      url: `/core/api/agency/documents/${doc.hcpDropBoxId}/file`,
      headers: agency,
    });
    expect(agencyFile.headers['content-disposition']).toBe('attachment; filename="x filenameevil.html.pdf"');
  });
});

const html = Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>');
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');

const saveCert = (content: Buffer, extension: string) =>
  t.app.inject({
    method: 'POST',
    url: '/core/api/HcpCertification/saveCertification',
    headers: w.b.headers,
    payload: {
      certId: null,
      certificationTypeId: 3,
      expirationDate: '2030-01-01',
      deleted: false,
      file: { content: content.toString('base64'), extension },
    },
  });

describe('uploads are judged by their bytes', () => {
  it.each([
    ['HTML named .pdf', html, 'pdf'],
    ['HTML named .html', html, 'html'],
    ['SVG with script named .png', svg, 'png'],
    ['SVG named .svg', svg, 'svg'],
    ['a PNG named .pdf', PNG_1PX, 'pdf'],
    ['a PDF named .docx', pdfBytes(), 'docx'],
    ['a ZIP without Word parts named .docx', Buffer.from('PK\u0003\u0004xl/workbook.xml', 'latin1'), 'docx'],
    ['a BMP header with a wrong size named .bmp', Buffer.concat([Buffer.from('BM'), Buffer.alloc(40)]), 'bmp'],
  ])('refuses %s in the dropbox and in certifications, storing nothing', async (_label, bytes, ext) => {
    const before = await t.ctx.storage.list('uploads');
    const certsBefore = await t.ctx.storage.list('certifications');
    const d = await upload(t, w.b.token, bytes, ext);
    expect(d.statusCode).toBe(422);
    const c = await saveCert(bytes, ext);
    expect(c.statusCode).toBe(415);
    expect((await t.ctx.storage.list('uploads')).length).toBe(before.length);
    expect((await t.ctx.storage.list('certifications')).length).toBe(certsBefore.length);
  });

  it('a PDF carrying a script is stored as a PDF and served as one, never as HTML', async () => {
    const polyglot = Buffer.concat([pdfBytes(), Buffer.from('<html><script>alert(1)</script></html>')]);
    const up = await upload(t, w.b.token, polyglot, 'pdf');
    expect(up.statusCode).toBe(200);
    const at = await t.app.inject({
      method: 'POST',
      url: '/core/api/HcpCredentialsDropbox/attachDocument',
      headers: w.b.headers,
      payload: { filepath: up.json().filePath, documentTitle: 'poly' },
    });
    const file = await t.app.inject({
      method: 'GET',
      url: `/core/api/Document/getDocumentAttachment?filePath=${encodeURIComponent(at.json().uploadedDocumentPath)}`,
      headers: w.b.headers,
    });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(String(file.headers['content-security-policy'])).toContain('sandbox');
  });

  it('a Word certification is served as an attachment, not inline', async () => {
    const doc = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    const saved = await saveCert(doc, 'doc');
    expect(saved.statusCode).toBe(200);
    const file = await t.app.inject({
      method: 'GET',
      url: `/core/api/HcpCertification/getCertificationFile/${saved.json().certId}`,
      headers: w.b.headers,
    });
    expect(file.headers['content-type']).toBe('application/msword');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="certification-\d+\.doc"$/);
  });

  it('caps certification files at 30 MB: one byte over is a 413 and nothing is stored', async () => {
    const certsBefore = await t.ctx.storage.list('certifications');
    const big = Buffer.alloc(30 * 1024 * 1024 + 1, 0x20);
    pdfBytes().copy(big);
    const res = await saveCert(big, 'pdf');
    expect(res.statusCode).toBe(413);
    expect((await t.ctx.storage.list('certifications')).length).toBe(certsBefore.length);
  }, 60_000);
});

describe('paths never leave the storage root', () => {
  const traversal = [
    '../../secrets.json',
    '..%2f..%2fsecrets.json',
    '%2e%2e/%2e%2e/etc/passwd',
    '....//....//etc/passwd',
    '/etc/passwd',
    'C:\\Windows\\win.ini',
    'uploads/1/../../secrets.json',
    'uploads\\1\\x.pdf',
    'uploads/1/%00.pdf',
  ];

  it('every route parameter naming a file or document refuses traversal with 4xx', async () => {
    const cases: [string, string][] = [
      ...traversal.map(
        (p) =>
          [`/core/api/Document/getDocumentAttachment?filePath=${encodeURIComponent(p)}`, 'clinician'] as [
            string,
            string,
          ],
      ),
      ...traversal.map(
        (p) =>
          [`/core/api/SubmitApplication/getSubmitApplicationDocuments/${encodeURIComponent(p)}`, 'clinician'] as [
            string,
            string,
          ],
      ),
      ...traversal.map(
        (p) =>
          [`/core/api/HcpCertification/getCertificationFile/${encodeURIComponent(p)}`, 'clinician'] as [string, string],
      ),
      ...traversal.map(
        (p) =>
          [`/core/api/Document/getPolicyAndProcedureDocuments?documentName=${encodeURIComponent(p)}`, 'clinician'] as [
            string,
            string,
          ],
      ),
      ...traversal.map(
        (p) => [`/core/api/agency/documents/${encodeURIComponent(p)}/file`, 'agency'] as [string, string],
      ),
    ];
    for (const [url, who] of cases) {
      const res = await t.app.inject({ method: 'GET', url, headers: who === 'agency' ? agency : w.a.headers });
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.body).not.toMatch(/root:x:0|jwtSecret|dataKey/);
    }
  });

  it('the storage refuses keys that could leave its root, and only server-made keys are safe', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'hcp-store-'));
    const outside = path.join(path.dirname(root), `outside-${path.basename(root)}.txt`);
    writeFileSync(outside, 'secret');
    try {
      const storage = new LocalStorage(path.join(root, 'files'));
      for (const key of [
        '../x',
        `../${path.basename(outside)}`,
        '/etc/passwd',
        'a/../../x',
        'a/./b',
        '.hidden',
        'a//b',
        'a\\b',
        'a/b\u0000',
        'A/b'.repeat(200),
      ]) {
        expect(isSafeKey(key), key).toBe(false);
        expect(await storage.get(key)).toBeNull();
        await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('Unsafe storage key');
      }
      expect(isSafeKey('uploads/12/0123456789abcdef0123456789abcdef.pdf')).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
      rmSync(outside, { force: true });
    }
  });
});

describe('the refusals above', () => {
  it("carry only codes their endpoint's definition lists for their status", () => {
    expect([...new Set(t.undeclaredRefusals)].sort()).toEqual([]);
  });
});
