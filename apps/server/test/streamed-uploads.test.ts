import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uploadTempDir } from '../src/lib/streamed-upload.ts';
import { auth, buildTestApp, signUp, type TestApp } from './build.ts';
import { pdfBytes } from './dropbox-factories.ts';

/**
 * Uploads stream: the base64 in the JSON body is decoded into a private temp file as it arrives, checked and
 * stored from there, and the temp file is gone once the answer is (or the client has left).
 */

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMIT_SCALE: '100' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => t?.close());

const tempFiles = () => {
  try {
    return readdirSync(uploadTempDir(t.env.DATA_DIR));
  } catch {
    return [];
  }
};
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A PDF of `size` bytes: a real one with a long comment. */
function bigPdf(size: number): Buffer {
  const pdf = pdfBytes('big');
  const filler = Buffer.alloc(size - pdf.length, 0x41);
  filler[0] = 0x25; // '%': the filler is a PDF comment
  filler[filler.length - 1] = 0x0a;
  return Buffer.concat([pdf.subarray(0, 9), filler, pdf.subarray(9)]);
}

/** POSTs a JSON body written in pieces (chunked, no content-length), as a browser on a slow line would. */
function postInPieces(url: string, token: string, pieces: Buffer[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: { ...auth(token), 'content-type': 'application/json' },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    (async () => {
      for (const p of pieces) if (!req.write(p)) await new Promise((r) => req.once('drain', r));
      req.end();
    })().catch(reject);
  });
}

function jsonPieces(head: string, content: Buffer, tail: string, pieceSize = 256 * 1024): Buffer[] {
  const b64 = Buffer.from(content.toString('base64'));
  const out = [Buffer.from(head)];
  for (let i = 0; i < b64.length; i += pieceSize) out.push(b64.subarray(i, i + pieceSize));
  out.push(Buffer.from(tail));
  return out;
}

describe('a streamed upload', () => {
  it('stores a 20 MB PDF byte for byte from a private temp file that is gone after the answer', async () => {
    const u = await signUp(t);
    const pdf = bigPdf(20 * 1024 * 1024);
    const seen: { mode: number; dirMode: number; size: number }[] = [];
    const putFile = t.ctx.storage.putFile.bind(t.ctx.storage);
    const spy = vi.spyOn(t.ctx.storage, 'putFile').mockImplementation(async (key, file) => {
      seen.push({
        mode: statSync(file).mode & 0o777,
        dirMode: statSync(path.dirname(file)).mode & 0o777,
        size: statSync(file).size,
      });
      return putFile(key, file);
    });
    const res = await postInPieces(
      `${base}/core/api/Document/uploadDocument`,
      u.token,
      jsonPieces('{"fileType":"pdf","file":"', pdf, '"}'),
    );
    spy.mockRestore();
    expect(res.status).toBe(200);
    // Over the preview budget: stored without a preview.
    const { filePath, images } = JSON.parse(res.body) as { filePath: string; images: string[] };
    expect(images).toEqual([]);
    expect(seen).toEqual([{ mode: 0o600, dirMode: 0o700, size: pdf.length }]);
    await vi.waitFor(() => expect(tempFiles()).toEqual([]));

    const down = await fetch(
      `${base}/core/api/Document/getDocumentAttachment?filePath=${encodeURIComponent(filePath)}`,
      {
        headers: auth(u.token),
      },
    );
    expect(down.status).toBe(200);
    expect(down.headers.get('content-length')).toBe(String(pdf.length));
    expect(down.headers.get('content-type')).toBe('application/pdf');
    expect(sha(new Uint8Array(await down.arrayBuffer()))).toBe(sha(pdf));
  }, 120_000);

  it('leaves no temp file when the client goes away in the middle of the body', async () => {
    const u = await signUp(t);
    const pieces = jsonPieces('{"fileType":"pdf","file":"', bigPdf(8 * 1024 * 1024), '"}', 64 * 1024);
    const req = http.request(`${base}/core/api/Document/uploadDocument`, {
      method: 'POST',
      headers: { ...auth(u.token), 'content-type': 'application/json' },
    });
    req.on('error', () => undefined);
    for (const p of pieces.slice(0, pieces.length / 2)) req.write(p);
    // The server has begun the file...
    await vi.waitFor(() => expect(tempFiles()).toHaveLength(1), { timeout: 30_000 });
    req.destroy();
    // ...and removes it once the client is gone.
    await vi.waitFor(() => expect(tempFiles()).toEqual([]), { timeout: 30_000 });
    const rows = await t.app.inject({
      method: 'GET',
      url: '/core/api/HcpCredentialsDropbox/getUploadedDropboxDocuments',
      headers: auth(u.token),
    });
    expect(rows.json().dropboxItems).toEqual([]);
  }, 120_000);

  it('refuses what it refused when the body was parsed whole, leaving no temp file', async () => {
    const u = await signUp(t);
    const post = (url: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...auth(u.token), 'content-type': 'application/json' },
        payload,
      });
    const dropbox = '/core/api/Document/uploadDocument';
    const certs = '/core/api/HcpCertification/saveCertification';
    const b64 = pdfBytes().toString('base64');

    const nul = await post(dropbox, `{"fileType":"pdf","file":"${b64}\\u0000"}`);
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ code: 'invalid_character', errors: [{ field: 'body.file' }] });
    const certNul = await post(
      certs,
      `{"certId":null,"certificationTypeId":1,"expirationDate":"2031-05-01","file":{"content":"\\ud800${b64}","extension":"pdf"}}`,
    );
    expect(certNul.statusCode).toBe(400);
    expect(certNul.json()).toMatchObject({ code: 'invalid_character', errors: [{ field: 'body.file.content' }] });

    const broken = await post(dropbox, `{"fileType":"pdf","file":"${b64.slice(0, 20)}\n${b64.slice(20)}"}`);
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'bad_request', message: 'The request body is not valid JSON' });

    const empty = await post(dropbox, '{"fileType":"pdf","file":""}');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'validation_failed', errors: [{ field: 'body.file' }] });

    const notBase64 = await post(dropbox, '{"fileType":"pdf","file":"%%%%"}');
    expect(notBase64.statusCode).toBe(400);
    expect(notBase64.json()).toMatchObject({ message: 'The file is not valid base64' });

    // A client that escapes '/' as '\/' (PHP, some Java libraries) uploads as well as any other.
    const escaped = await post(dropbox, `{"fileType":"pdf","file":"${b64.replace(/\//g, '\\/')}"}`);
    expect(escaped.statusCode).toBe(200);

    await vi.waitFor(() => expect(tempFiles()).toEqual([]));
  });
});
