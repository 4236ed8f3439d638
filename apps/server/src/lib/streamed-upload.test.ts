import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import {
  removeStaleUploadTemps,
  streamedFile,
  streamedUploadParser,
  type Base64File,
  type FieldPath,
} from './streamed-upload.ts';

/**
 * The streamed decoder against the decoders the services used on the whole string before uploads streamed:
 * for any string, split anywhere, the same verdict and the same bytes.
 */

/** The dropbox's decoder as it was: an optional data: prefix up to the first comma, unpadded allowed. */
function dropboxDecode(input: string): Buffer | null {
  const comma = input.startsWith('data:') ? input.indexOf(',') : -1;
  const b64 = (comma >= 0 ? input.slice(comma + 1) : input).replace(/\s+/g, '');
  if (b64.length === 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 === 1) return null;
  return Buffer.from(b64, 'base64');
}

/** The certifications' decoder as it was: only a 'data:<type>;base64,' prefix, whole groups of four. */
function certDecode(content: string): Buffer | null {
  const body = content.replace(/^data:[^;,]{0,100};base64,/, '').replace(/\s+/g, '');
  if (body.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(body)) return null;
  return Buffer.from(body, 'base64');
}

const dropboxValid = (f: Base64File) =>
  f.dataUrl !== 'no-comma' && f.base64Chars > 0 && f.alphabetOk && f.base64Chars % 4 !== 1;
const certValid = (f: Base64File) =>
  (f.dataUrl === 'none' || f.dataUrl === 'base64') && f.alphabetOk && f.base64Chars % 4 === 0;

// Fastify's own parser of JSON bodies, as the upload routes hand it the rest of the body.
const fastifyJsonParser = Fastify().getDefaultJsonParser('error', 'error');

const dir = mkdtempSync(path.join(tmpdir(), 'hcp-streamed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Parsed = { body: unknown; file: Base64File | null; error: (Error & { code?: string }) | null };

/** Runs the parser over a body given in pieces, as Fastify would, with JSON.parse for the rest. */
function parse(
  pieces: Buffer[],
  field: FieldPath = ['file'],
  bodyLimit = 50 * 1024 * 1024,
  withLength = true,
): Promise<Parsed> {
  const length = pieces.reduce((n, p) => n + p.length, 0);
  const request = {
    routeOptions: { bodyLimit },
    headers: withLength ? { 'content-length': String(length) } : {},
    log: { warn() {} },
  } as unknown as FastifyRequest;
  const parser = streamedUploadParser({
    field,
    tmpDir: path.join(dir, 'tmp'),
    jsonParser: fastifyJsonParser,
  });
  return new Promise((resolve) =>
    parser(request, Readable.from(pieces, { objectMode: false }), (error, body) =>
      resolve({ body, file: streamedFile(request), error: error as Parsed['error'] }),
    ),
  );
}

/** Cuts a buffer at the given fractions (any byte may end a network packet). */
function cut(buf: Buffer, at: number[]): Buffer[] {
  const points = [...new Set(at.map((f) => Math.floor(f * buf.length)))].sort((a, b) => a - b);
  const out: Buffer[] = [];
  let from = 0;
  for (const p of points) {
    if (p > from) out.push(buf.subarray(from, p));
    from = Math.max(from, p);
  }
  out.push(buf.subarray(from));
  return out.filter((b) => b.length);
}

const piece = fc.oneof(
  fc.base64String({ maxLength: 40 }),
  fc.constantFrom(
    'data:',
    'data:application/pdf;base64,',
    'data:image/png,',
    ',',
    ';',
    ':',
    '=',
    '==',
    ' ',
    '\n',
    '\t',
    '\u00a0',
    '\u2028',
    '\ufeff',
    '\u0000',
    '\ud800',
    '\udc00',
    '😀',
    'é',
    '-',
    '_',
    '"',
    '\\',
    '/',
  ),
);
const fileString = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));

/** JSON text of the string, with '/' written '\/' where `slashes` says (some clients escape slashes). */
function jsonString(s: string, slashes: boolean): string {
  const json = JSON.stringify(s);
  return slashes ? json.replace(/\//g, '\\/') : json;
}

describe('the streamed base64 field', () => {
  it('gives the verdict and the bytes the whole-string decoders gave, wherever the body is cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        fileString,
        fc.boolean(),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }),
        async (s, slashes, at) => {
          const body = Buffer.from(`{"fileType":"pdf", "file" : ${jsonString(s, slashes)},"fileName":"a/b.pdf"}`);
          const { body: parsed, file, error } = await parse(cut(body, at));
          expect(error).toBeNull();
          expect(file).not.toBeNull();
          expect(file!.chars).toBe(s.length);
          expect(file!.hasNul).toBe(s.includes('\u0000'));
          expect(file!.hasLoneSurrogate).toBe(/\p{Cs}/u.test(s));
          const drop = dropboxDecode(s);
          expect(dropboxValid(file!)).toBe(drop !== null);
          const cert = certDecode(s);
          expect(certValid(file!)).toBe(cert !== null);
          const written = readFileSync(file!.path);
          if (drop) expect(written.equals(drop)).toBe(true);
          if (cert) expect(written.equals(cert)).toBe(true);
          // What validation sees in the file's place: empty, NUL and lone surrogate as the string had them.
          const placeholder = (parsed as { file: string }).file;
          expect(placeholder.length === 0).toBe(s.length === 0);
          expect(placeholder.includes('\u0000')).toBe(s.includes('\u0000'));
          if (!s.includes('\u0000')) expect(/\p{Cs}/u.test(placeholder)).toBe(/\p{Cs}/u.test(s));
          expect(parsed).toMatchObject({ fileType: 'pdf', fileName: 'a/b.pdf' });
          rmSync(file!.path, { force: true });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('decodes a 12 MiB file in pieces into a private file, the bytes exact', async () => {
    const bytes = Buffer.alloc(12 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i += 4093) bytes[i] = i % 251;
    const body = Buffer.from(JSON.stringify({ file: { content: bytes.toString('base64'), extension: 'pdf' } }));
    const { file, error } = await parse(
      cut(
        body,
        Array.from({ length: 200 }, (_, i) => i / 200),
      ),
      ['file', 'content'],
    );
    expect(error).toBeNull();
    expect(file!.size).toBe(bytes.length);
    expect(readFileSync(file!.path).equals(bytes)).toBe(true);
    expect(statSync(file!.path).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file!.path)).mode & 0o777).toBe(0o700);
    rmSync(file!.path);
  });

  it('finds the field by its decoded key and only at its place: not in other objects, arrays or values', async () => {
    const body = Buffer.from(
      '{"other":{"file":"QUJD"},"list":["file","QUJD"],"note":"\\"file\\": \\"x\\"","fi\\u006ce":"SGVsbG8="}',
    );
    const { body: parsed, file } = await parse([body]);
    expect(readFileSync(file!.path).toString()).toBe('Hello');
    rmSync(file!.path);
    expect(parsed).toEqual({ other: { file: 'QUJD' }, list: ['file', 'QUJD'], note: '"file": "x"', file: 'base64' });
  });

  it('keeps the last of a repeated field, as JSON.parse does', async () => {
    const { file } = await parse([Buffer.from('{"file":"Zmlyc3Q=","file":"bGFzdA=="}')]);
    expect(readFileSync(file!.path).toString()).toBe('last');
    rmSync(file!.path);
  });

  it.each([
    ['a raw control character in the string', '{"file":"QU\nJD"}'],
    ['an unknown escape', '{"file":"QU\\qJD"}'],
    ['a short \\u escape', '{"file":"QU\\u12"}'],
    ['a string that never ends', '{"file":"QUJD'],
    ['broken JSON around it', '{"file":"QUJD",}'],
  ])('answers invalid JSON (400) for %s, and leaves no temp file', async (_what, text) => {
    const before = readdirCount();
    const { error } = await parse(cut(Buffer.from(text), [0.3, 0.6]));
    expect(error).toMatchObject({ statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
    expect(readdirCount()).toBe(before);
  });

  it('refuses a body over the limit (413) by its content-length or as it arrives, and leaves no temp file', async () => {
    const text = Buffer.from(JSON.stringify({ file: 'QUJD'.repeat(1000) }));
    const before = readdirCount();
    expect((await parse([text], ['file'], 1000)).error).toMatchObject({ code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
    // Without a content-length (chunked), the count of bytes read stops it, the file begun removed.
    expect((await parse([text], ['file'], 1000, false)).error).toMatchObject({ code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
    expect(readdirCount()).toBe(before);
  });
});

function readdirCount(): number {
  const tmp = path.join(dir, 'tmp');
  return existsSync(tmp) ? readdirSync(tmp).length : 0;
}

describe('temp files a dead process left', () => {
  it('are removed at start once an hour old; younger ones and other files stay', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hcp-stale-'));
    const tmp = path.join(dataDir, 'tmp');
    mkdirSync(tmp);
    const hourAgo = Date.now() / 1000 - 3601;
    for (const name of ['upload-0a1b.bin', 'upload-0a1c.bin', 'notes.txt']) writeFileSync(path.join(tmp, name), 'x');
    utimesSync(path.join(tmp, 'upload-0a1b.bin'), hourAgo, hourAgo);
    utimesSync(path.join(tmp, 'notes.txt'), hourAgo, hourAgo);
    expect(await removeStaleUploadTemps(dataDir)).toBe(1);
    expect(readdirSync(tmp).sort()).toEqual(['notes.txt', 'upload-0a1c.bin']);
    expect(await removeStaleUploadTemps(path.join(dataDir, 'missing'))).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
  });
});
