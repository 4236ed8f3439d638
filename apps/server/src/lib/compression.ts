import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** Text answers smaller than this are sent as they are (compressing them saves less than it costs). */
export const COMPRESS_THRESHOLD = 1024;

/**
 * The largest brotli window (2^19, 512 KiB, as nginx's brotli module uses). Brotli's default of 2^22 gives any input
 * over 16 KiB a ring buffer of 8 MiB, allocated, touched and given back on every answer; no answer here gains from a
 * window larger than itself.
 */
const MAX_WINDOW_BITS = 19;

/**
 * Brotli at quality 1 (text mode) for answers compressed on the request path: on real search answers (28 KB of JSON)
 * it takes half the time of quality 3 for about 12% more bytes (some 230 bytes an answer), and less time and fewer
 * bytes than gzip 1 (decision 0358).
 */
export const brotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
    [zlib.constants.BROTLI_PARAM_LGWIN]: MAX_WINDOW_BITS,
  },
};

/** The smallest window that holds the whole answer (the same bytes out as any larger one), within brotli's bounds. */
function windowBits(size: number): number {
  return Math.min(MAX_WINDOW_BITS, Math.max(zlib.constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size + 1))));
}
export const gzipOptions = { level: 6 };

/** The encoding to answer with for an Accept-Encoding header: brotli first, then gzip; null for neither. */
export function pickEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const value = (Array.isArray(header) ? header.join(',') : header).toLowerCase();
  let gzip = false;
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().split(';');
    // "br;q=0" refuses an encoding.
    if (params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p))) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzip = true;
  }
  return gzip ? 'gzip' : null;
}

/**
 * Kept bytes in memory of their own size. zlib writes into 16 KiB chunks and answers a view of the first when one
 * holds it all, and Buffer.from puts shorter texts in a slice of a shared slab (64 KiB on Node 24): a kept 1.7 KB
 * search answer would hold its whole chunk or slab for as long as it is kept.
 */
function ownSized(out: Buffer): Buffer {
  if (out.byteLength === out.buffer.byteLength) return out;
  // Not from Buffer's shared pool either, whose slabs a long-kept answer would hold in the same way.
  const own = Buffer.allocUnsafeSlow(out.byteLength);
  out.copy(own);
  return own;
}

/** Compresses answer bytes (kept answers keep the result, in memory of its own size). */
export function compressSync(body: string | Buffer, encoding: Encoding): Buffer {
  return ownSized(compressed(body, encoding));
}

/** The compressed bytes as zlib answers them (a view of its output chunk when one holds them). */
function compressed(body: string | Buffer, encoding: Encoding): Buffer {
  if (encoding === 'gzip') return zlib.gzipSync(body, gzipOptions);
  // The size known in advance lets brotli size its window and tables to the answer.
  const size = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  return zlib.brotliCompressSync(body, {
    params: {
      ...brotliOptions.params,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
      [zlib.constants.BROTLI_PARAM_LGWIN]: windowBits(size),
    },
  });
}

/** The largest text converted through the reused buffer (3 bytes a UTF-16 unit at most: 1 MiB of bytes). */
const SCRATCH_MAX_BYTES = 1024 * 1024;
let scratch = Buffer.allocUnsafeSlow(64 * 1024);

/**
 * A text's UTF-8 bytes in a buffer reused from answer to answer, valid until the next call: for text compressed
 * once and sent, never kept. A fresh buffer each time is memory outside the JS heap, whose growth V8 answers with
 * full garbage collections (every half second under unique searches, pausing every request for 8-13 ms).
 */
function transientBytes(text: string): Buffer {
  const most = text.length * 3;
  if (most > SCRATCH_MAX_BYTES) return Buffer.from(text);
  if (most > scratch.length)
    scratch = Buffer.allocUnsafeSlow(Math.min(SCRATCH_MAX_BYTES, Math.max(most, scratch.length * 2)));
  return scratch.subarray(0, scratch.write(text));
}

/**
 * An answer kept as bytes, made once from the JSON text its schema serialised it to: sending it again costs neither
 * serialisation nor compression (job search, job details, the dashboard's cards). Made by answerBytes. A short answer
 * (under COMPRESS_THRESHOLD, sent as it is) keeps its UTF-8 bytes; a longer one keeps only its brotli bytes, what
 * browsers are sent, a fifth to a sixth of the text: 2,000 kept search answers of some 28 KB held 55 MB of text
 * beside 10 MB of brotli. A client that takes no brotli is sent the text decompressed again (gzip is kept once made).
 */
export type AnswerBytes = { readonly body: Buffer; readonly br?: undefined } | { readonly br: Buffer; gzip?: Buffer };

/**
 * An answer's JSON text as kept bytes. The bytes live outside the JS heap: a kept string (tens of KB for a search)
 * is copied by the young-generation collections it survives and marked by every full one; of a Buffer, only a small
 * handle is.
 */
export function answerBytes(text: string): AnswerBytes {
  const bytes = transientBytes(text);
  return bytes.length < COMPRESS_THRESHOLD ? { body: ownSized(bytes) } : { br: compressSync(bytes, 'br') };
}

/** A kept answer's JSON text as UTF-8 bytes. */
export function keptText(answer: AnswerBytes): Buffer {
  return answer.br ? zlib.brotliDecompressSync(answer.br) : answer.body;
}

/** Answers are sent as they are: their text was serialised by the answer's schema when it was made. */
const passThrough = (payload: unknown) => payload as string;

/**
 * Sends an answer in the encoding the client accepts, as JSON that varies by Accept-Encoding: kept bytes (brotli as
 * kept, gzip compressed once into the kept answer), or JSON text made for this request alone (compressed and sent,
 * nothing kept). Other headers (cache-control) are the caller's.
 */
export function sendAnswerBytes(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: AnswerBytes | string,
): FastifyReply {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8').serializer(passThrough);
  if (typeof answer === 'string') {
    if (!encoding || answer.length < COMPRESS_THRESHOLD) return reply.send(answer);
    reply.header('content-encoding', encoding);
    // The compressed bytes are zlib's own (a fresh output chunk), so the reused input buffer may be reused at once.
    return reply.send(compressed(transientBytes(answer), encoding));
  }
  if (!answer.br) return reply.send(answer.body);
  if (!encoding) return reply.send(keptText(answer));
  reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? answer.br : (answer.gzip ??= compressSync(keptText(answer), 'gzip')));
}
