import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { errorCodes, type FastifyReply, type FastifyRequest } from 'fastify';
import { bodyChecks } from './body-checks.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-files.ts';

/**
 * Uploads arrive as JSON with the file in base64 inside (the API's payload shape). So that no upload is ever
 * held whole in memory, the body of an upload endpoint is read as a stream: the one string field that carries
 * the file is decoded from base64 as it arrives into a private temp file, and the rest of the JSON (a few small
 * fields) is parsed as Fastify parses any body, with the file's string replaced by a placeholder. Every answer
 * stays what it was when the whole body was parsed in memory: the body limit, invalid JSON, NUL characters
 * and lone surrogates, and the services' own base64, size and type checks, made on what the decoder recorded
 * (`Base64File`) and on the temp file. The temp file is removed when the answer has gone (or the client left),
 * whatever happened in between.
 */

/** What the decoder recorded of the file's string, everything the services' checks read. */
export interface Base64File {
  /** The private temp file holding the decoded bytes (valid only while `alphabetOk`). */
  path: string;
  /** The string's length in UTF-16 code units (`string.length` of the field). */
  chars: number;
  hasNul: boolean;
  hasLoneSurrogate: boolean;
  /**
   * How the string began: 'none' (not 'data:'), 'base64' ('data:<type>;base64,' with a type of at most 100
   * characters), 'other' (another 'data:...,' prefix), 'no-comma' ('data:' and no comma at all). Whatever follows
   * the first comma of a data: string is what was decoded.
   */
  dataUrl: 'none' | 'base64' | 'other' | 'no-comma';
  /** Characters of the decoded part other than whitespace (`\s`), padding included. */
  base64Chars: number;
  /** The decoded part is base64 letters, then at most two '=' (whitespace anywhere). */
  alphabetOk: boolean;
  /** Bytes written to the temp file: the decoded length when `alphabetOk`. */
  size: number;
}

const BASE64_RUN = /^[A-Za-z0-9+/]*$/;
const BASE64_LETTER = /[A-Za-z0-9+/]/;
const WHITESPACE = /\s/;
const CERT_DATA_URL = /^data:[^;,]{0,100};base64,$/;
/**
 * Where uploads wait while they are checked: DATA_DIR/tmp, private like the rest of the data dir (created 0700,
 * files 0600). Whatever a crash left there is removed at the next start (removeStaleUploadTemps).
 */
export function uploadTempDir(dataDir: string): string {
  return path.join(dataDir, 'tmp');
}

/** Decoded bytes are written in pieces of about this size. */
const WRITE_BATCH = 256 * 1024;

/** Decodes one base64 string, given in pieces, into a private temp file, recording what the checks need. */
class Base64Sink {
  readonly facts: Base64File;
  private head = '';
  private prefix = '';
  private state: 'head' | 'prefix' | 'body' = 'head';
  private pendingHigh = false;
  private padding = 0;
  private quad = '';
  private batch: Buffer[] = [];
  private batchBytes = 0;
  private handle: Promise<FileHandle>;
  private writing: Promise<unknown> = Promise.resolve();
  private failure: unknown = null;
  /** Bytes handed to the file that it has not taken yet (the reader pauses while there are many). */
  queued = 0;

  constructor(filePath: string) {
    this.facts = {
      path: filePath,
      chars: 0,
      hasNul: false,
      hasLoneSurrogate: false,
      dataUrl: 'none',
      base64Chars: 0,
      alphabetOk: true,
      size: 0,
    };
    this.handle = open(filePath, 'wx', PRIVATE_FILE_MODE);
    this.handle.catch((e: unknown) => (this.failure ??= e));
  }

  write(s: string): void {
    if (!s) return;
    const f = this.facts;
    f.chars += s.length;
    if (!f.hasNul && s.includes('\u0000')) f.hasNul = true;
    if (this.pendingHigh || /[\uD800-\uDFFF]/.test(s)) this.surrogates(s);
    if (this.state === 'body') return this.body(s);
    if (this.state === 'head') {
      const need = 5 - this.head.length;
      this.head += s.slice(0, need);
      const rest = s.slice(need);
      if (this.head.length < 5 && !rest) return;
      if (this.head !== 'data:') {
        this.state = 'body';
        this.body(this.head + rest);
        return;
      }
      this.state = 'prefix';
      this.prefix = 'data:';
      s = rest;
    }
    const comma = s.indexOf(',');
    this.prefix += s.slice(0, comma < 0 ? Math.max(0, 120 - this.prefix.length) : comma + 1).slice(0, 120);
    if (comma < 0) return;
    f.dataUrl = CERT_DATA_URL.test(this.prefix) ? 'base64' : 'other';
    this.state = 'body';
    this.body(s.slice(comma + 1));
  }

  private surrogates(s: string): void {
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      const high = c >= 0xd800 && c <= 0xdbff;
      const low = c >= 0xdc00 && c <= 0xdfff;
      if (this.pendingHigh) {
        this.pendingHigh = false;
        if (low) continue;
        this.facts.hasLoneSurrogate = true;
      }
      if (high) this.pendingHigh = true;
      else if (low) this.facts.hasLoneSurrogate = true;
    }
  }

  private body(s: string): void {
    const f = this.facts;
    if (f.alphabetOk && this.padding === 0 && BASE64_RUN.test(s)) {
      f.base64Chars += s.length;
      this.quad += s;
    } else {
      for (const c of s) {
        if (WHITESPACE.test(c)) continue;
        f.base64Chars += c.length;
        if (!f.alphabetOk) continue;
        if (c === '=') {
          if (++this.padding > 2) f.alphabetOk = false;
          this.quad += c;
        } else if (this.padding === 0 && BASE64_LETTER.test(c)) this.quad += c;
        else f.alphabetOk = false;
      }
    }
    if (!f.alphabetOk) {
      this.quad = '';
      return;
    }
    const whole = this.quad.length - (this.quad.length % 4);
    if (whole >= 4096 || (whole > 0 && this.padding > 0)) {
      this.emit(Buffer.from(this.quad.slice(0, whole), 'base64'));
      this.quad = this.quad.slice(whole);
    }
  }

  private emit(bytes: Buffer, last = false): void {
    if (bytes.length) {
      this.batch.push(bytes);
      this.batchBytes += bytes.length;
      this.facts.size += bytes.length;
    }
    if (this.batchBytes < WRITE_BATCH && !(last && this.batchBytes)) return;
    const data = Buffer.concat(this.batch, this.batchBytes);
    this.batch = [];
    this.batchBytes = 0;
    this.queued += data.length;
    this.writing = this.writing
      .then(async () => {
        if (this.failure) return;
        await (await this.handle).write(data);
      })
      .catch((e: unknown) => (this.failure ??= e))
      .finally(() => (this.queued -= data.length));
  }

  /** Resolves once everything written so far is in the file. */
  drained(): Promise<unknown> {
    return this.writing;
  }

  /** The string ended: what it was is known from here on (the file may still be being written). */
  settle(): Base64File {
    const f = this.facts;
    if (this.settled) return f;
    this.settled = true;
    if (this.state === 'head') this.body(this.head);
    else if (this.state === 'prefix') f.dataUrl = 'no-comma';
    if (this.pendingHigh) f.hasLoneSurrogate = true;
    this.pendingHigh = false;
    if (f.alphabetOk) this.emit(Buffer.from(this.quad, 'base64'), true);
    return f;
  }

  private settled = false;

  /** Decodes what is left and closes the file. */
  async end(): Promise<Base64File> {
    const f = this.settle();
    await this.writing;
    await this.close();
    if (this.failure) throw this.failure;
    return f;
  }

  async close(): Promise<void> {
    await this.handle.then(
      (h) => h.close(),
      () => undefined,
    );
  }
}

/** Where, in the JSON, the file's string is: the keys from the top object down ('file' or 'file.content'). */
export type FieldPath = readonly string[];

interface Frame {
  kind: 'object' | 'array';
  /** Objects: what comes next. */
  phase: 'key' | 'colon' | 'value' | 'after';
  key: string | null;
}

const Q = 0x22;
const BACKSLASH = 0x5c;
const ESCAPES: Record<number, string> = {
  0x22: '"',
  0x5c: '\\',
  0x2f: '/',
  0x62: '\b',
  0x66: '\f',
  0x6e: '\n',
  0x72: '\r',
  0x74: '\t',
};

class InvalidJson extends Error {}

/**
 * Walks the raw bytes of a JSON body: everything is copied to `rest` except the string at `field`, which goes
 * to a Base64Sink and is replaced in `rest` by a placeholder. Only as much of JSON is understood as it takes to
 * find that string (strings, nesting, keys); whether the rest is valid JSON is for the JSON parser to say.
 */
class UploadScanner {
  readonly rest: Buffer[] = [];
  restBytes = 0;
  sink: Base64Sink | null = null;
  private readonly ended: Promise<Base64File>[] = [];
  private readonly stack: Frame[] = [];
  private mode: 'structure' | 'string' | 'key' | 'target' = 'structure';
  private escaped = false;
  private keyParts: Buffer[] = [];
  private readonly decoder = new StringDecoder('utf8');
  private unicode: string | null = null;

  constructor(
    private readonly field: FieldPath,
    private readonly newFilePath: () => string,
  ) {}

  private keep(bytes: Buffer) {
    if (bytes.length === 0) return;
    this.rest.push(bytes);
    this.restBytes += bytes.length;
  }

  private atTarget(): boolean {
    const top = this.stack[this.stack.length - 1];
    if (top?.kind !== 'object' || top.phase !== 'value' || this.stack.length !== this.field.length) return false;
    return this.stack.every((f, i) => f.kind === 'object' && f.key === this.field[i]);
  }

  /** A value begins in the innermost container: an object's pair is then complete. */
  private valueStarts() {
    const top = this.stack[this.stack.length - 1];
    if (top?.kind === 'object' && top.phase === 'value') top.phase = 'after';
  }

  write(chunk: Buffer): void {
    let from = 0;
    let keyFrom = 0;
    let i = 0;
    while (i < chunk.length) {
      if (this.mode === 'target') {
        i = this.target(chunk, i);
        from = i;
        continue;
      }
      const b = chunk[i]!;
      if (this.mode === 'string' || this.mode === 'key') {
        if (this.escaped) this.escaped = false;
        else if (b === BACKSLASH) this.escaped = true;
        else if (b === Q) {
          if (this.mode === 'key') {
            this.keyParts.push(chunk.subarray(keyFrom, i));
            this.keyEnds();
          }
          this.mode = 'structure';
        }
        i++;
        continue;
      }
      // Outside any string.
      const top = this.stack[this.stack.length - 1];
      if (b === Q) {
        if (top?.kind === 'object' && top.phase === 'key') {
          this.mode = 'key';
          this.keyParts = [];
          keyFrom = i + 1;
        } else if (this.atTarget()) {
          this.keep(chunk.subarray(from, i));
          this.valueStarts();
          this.mode = 'target';
          this.sink = new Base64Sink(this.newFilePath());
          from = i + 1;
        } else {
          this.valueStarts();
          this.mode = 'string';
        }
      } else if (b === 0x7b || b === 0x5b) {
        // { or [
        this.valueStarts();
        this.stack.push({ kind: b === 0x7b ? 'object' : 'array', phase: 'key', key: null });
      } else if (b === 0x7d || b === 0x5d) {
        // } or ]
        this.stack.pop();
      } else if (b === 0x3a) {
        // :
        if (top?.kind === 'object' && top.phase === 'colon') top.phase = 'value';
      } else if (b === 0x2c) {
        // ,
        if (top?.kind === 'object') {
          top.phase = 'key';
          top.key = null;
        }
      } else if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) {
        this.valueStarts();
      }
      i++;
    }
    if (this.mode === 'key') this.keyParts.push(chunk.subarray(keyFrom));
    if (this.mode !== 'target') this.keep(chunk.subarray(from));
  }

  private keyEnds() {
    const raw = Buffer.concat(this.keyParts).toString('utf8');
    this.keyParts = [];
    const top = this.stack[this.stack.length - 1]!;
    try {
      top.key = JSON.parse(`"${raw}"`) as string;
    } catch {
      top.key = null;
    }
    top.phase = 'colon';
  }

  /** Inside the file's string: decodes JSON escapes and UTF-8 into the sink; answers where it stopped. */
  private target(chunk: Buffer, start: number): number {
    const sink = this.sink!;
    let i = start;
    while (i < chunk.length) {
      if (this.unicode !== null) {
        while (i < chunk.length && this.unicode.length < 4) this.unicode += String.fromCharCode(chunk[i++]!);
        if (this.unicode.length < 4) return i;
        if (!/^[0-9a-fA-F]{4}$/.test(this.unicode)) throw new InvalidJson();
        sink.write(String.fromCharCode(parseInt(this.unicode, 16)));
        this.unicode = null;
        continue;
      }
      if (this.escaped) {
        const b = chunk[i++]!;
        this.escaped = false;
        if (b === 0x75) this.unicode = '';
        else if (ESCAPES[b] !== undefined) sink.write(ESCAPES[b]);
        else throw new InvalidJson();
        continue;
      }
      // A run of plain bytes up to the next quote, backslash or control character.
      let j = i;
      while (j < chunk.length) {
        const b = chunk[j]!;
        if (b === Q || b === BACKSLASH || b < 0x20) break;
        j++;
      }
      if (j > i) sink.write(this.decoder.write(chunk.subarray(i, j)));
      if (j === chunk.length) return j;
      const b = chunk[j]!;
      // The bytes of a character cut short end as U+FFFD, as when the whole body is decoded at once.
      sink.write(this.decoder.end());
      if (b < 0x20) throw new InvalidJson();
      if (b === BACKSLASH) {
        this.escaped = true;
        i = j + 1;
        continue;
      }
      this.targetEnds();
      return j + 1;
    }
    return i;
  }

  /** The file's string ended: a placeholder takes its place in the rest of the body. */
  private targetEnds() {
    const sink = this.sink!;
    this.sink = null;
    this.mode = 'structure';
    const f = sink.settle();
    // What validation and the input guard see instead of the file: an empty string, a NUL or a lone surrogate
    // when the string had one (they refuse it as before); otherwise a short text no rule refuses.
    const placeholder = f.chars === 0 ? '' : f.hasNul ? '\\u0000' : f.hasLoneSurrogate ? '\\ud800' : 'base64';
    this.keep(Buffer.from(`"${placeholder}"`));
    const ended = sink.end();
    ended.catch(() => undefined);
    this.ended.push(ended);
  }

  /** The body ended: every file closed, in the order they came (the last one is the field's value). */
  async end(): Promise<Base64File[]> {
    const open = this.sink;
    if (open) {
      // The body ended inside the string.
      this.sink = null;
      await open.close();
      throw new InvalidJson();
    }
    const files: Base64File[] = [];
    for (const p of this.ended) files.push(await p);
    return files;
  }

  /** Waits for every file to be closed (before they are removed). */
  async abandon(): Promise<void> {
    await this.sink?.close();
    await Promise.allSettled(this.ended);
  }
}

const UPLOADS = Symbol('streamed uploads');
type WithUploads = FastifyRequest & { [UPLOADS]?: { files: Base64File[]; paths: string[] } };

function removeAll(paths: string[]): Promise<unknown> {
  return Promise.all(paths.map((p) => rm(p, { force: true })));
}

type Done = (err: Error | null, body?: unknown) => void;

/**
 * The content-type parser of one upload endpoint's JSON body (see the top of this file): the body limit and the
 * content-length checked as Fastify checks them, the file's string decoded into a temp file under `tmpDir`
 * (created 0700 when missing; each file 0600, named at random), the rest given to Fastify's JSON parser.
 */
export function streamedUploadParser(opts: {
  field: FieldPath;
  tmpDir: string;
  jsonParser: (request: FastifyRequest, body: string, done: Done) => void;
}) {
  return (request: FastifyRequest, payload: Readable, done: Done): void => {
    const checks = bodyChecks(request, payload);
    const tooLarge = checks.declaredTooLarge();
    if (tooLarge) return done(tooLarge);
    // Known to the request from the first file on, so the removal after the answer finds every one.
    const uploads = { files: [] as Base64File[], paths: [] as string[] };
    (request as WithUploads)[UPLOADS] = uploads;
    const scanner = new UploadScanner(opts.field, () => {
      const p = path.join(opts.tmpDir, `upload-${randomBytes(12).toString('hex')}.bin`);
      uploads.paths.push(p);
      return p;
    });
    let finished = false;

    const detach = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onEnd);
      payload.removeListener('close', onClose);
    };
    const fail = (err: Error) => {
      if (finished) return;
      finished = true;
      detach();
      void scanner
        .abandon()
        .then(() => removeAll(uploads.paths))
        .catch((e: unknown) => request.log.warn({ err: e }, 'an upload temp file was not removed'))
        .finally(() => done(err));
    };
    const onData = (chunk: Buffer | string) => {
      if (finished) return;
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      const refused = checks.received(buf.length);
      if (refused) return fail(refused);
      try {
        scanner.write(buf);
      } catch (e) {
        return fail(e instanceof InvalidJson ? new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY() : (e as Error));
      }
      // The disk is slower than the network: reading waits for the file rather than letting bytes pile up.
      const sink = scanner.sink;
      if (sink && sink.queued > 4 * WRITE_BATCH) {
        payload.pause();
        void sink.drained().then(() => {
          if (!finished) payload.resume();
        });
      }
    };
    function onEnd(err?: Error) {
      if (finished) return;
      const refused = checks.ended(err);
      if (refused) return fail(refused);
      detach();
      scanner.end().then(
        (files) => {
          finished = true;
          uploads.files = files;
          opts.jsonParser(request, Buffer.concat(scanner.rest, scanner.restBytes).toString('utf8'), (err, body) => {
            if (!err) return done(null, body);
            // Not valid JSON after all: nothing will read the files.
            void removeAll(uploads.paths)
              .catch(() => undefined)
              .finally(() => done(err));
          });
        },
        (e: unknown) => fail(e instanceof InvalidJson ? new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY() : (e as Error)),
      );
    }
    function onClose() {
      // The client went away before the body ended.
      if (!finished && !payload.readableEnded) fail(new Error('The upload was aborted before its end'));
    }
    mkdir(opts.tmpDir, { recursive: true, mode: PRIVATE_DIR_MODE }).then(
      () => {
        payload.on('data', onData);
        payload.on('end', onEnd);
        payload.on('error', onEnd);
        payload.on('close', onClose);
        payload.resume();
      },
      (e: unknown) => fail(e as Error),
    );
  };
}

/**
 * An onRequest hook of every upload route: once its answer has gone (or its client has left), the request's
 * temp files are removed, whatever the handler did with them.
 */
export async function removeUploadsAfterAnswer(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.raw.once('close', () => {
    const paths = (request as WithUploads)[UPLOADS]?.paths ?? [];
    if (paths.length)
      void removeAll(paths).catch((err: unknown) => request.log.warn({ err }, 'an upload temp file was not removed'));
  });
}

/**
 * The file the request's body carried at the streamed field: the last string there, as JSON.parse keeps the
 * last of repeated keys. Null when the body had none.
 */
export function streamedFile(request: FastifyRequest): Base64File | null {
  return (request as WithUploads)[UPLOADS]?.files.at(-1) ?? null;
}

/**
 * Removes upload temp files older than an hour (left by a process that died mid-request); a live request's file
 * is never that old. Run at start: several servers may share a data dir on PostgreSQL, so nothing younger goes.
 */
export async function removeStaleUploadTemps(dataDir: string, now = Date.now()): Promise<number> {
  const dir = uploadTempDir(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names.filter((n) => /^upload-[0-9a-f]+\.bin$/.test(n))) {
    const full = path.join(dir, name);
    try {
      if (now - (await stat(full)).mtimeMs < 60 * 60_000) continue;
      await rm(full, { force: true });
      removed += 1;
    } catch {
      // gone meanwhile
    }
  }
  return removed;
}
