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
 * The compressed bytes in memory of their own size. zlib writes into 16 KiB chunks and answers a view of the first
 * when one holds it all: a kept 1.7 KB search answer would hold its whole 16 KiB chunk for as long as it is kept.
 */
function ownSized(out: Buffer): Buffer {
  if (out.byteLength === out.buffer.byteLength) return out;
  // Not from Buffer's shared pool either, whose 8 KiB slabs a long-kept answer would hold in the same way.
  const own = Buffer.allocUnsafeSlow(out.byteLength);
  out.copy(own);
  return own;
}

/** Compresses answer bytes once (cached answers keep the result). */
export function compressSync(body: string | Buffer, encoding: Encoding): Buffer {
  if (encoding === 'gzip') return ownSized(zlib.gzipSync(body, gzipOptions));
  // The size known in advance lets brotli size its window and tables to the answer.
  const size = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  return ownSized(
    zlib.brotliCompressSync(body, {
      params: {
        ...brotliOptions.params,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
        [zlib.constants.BROTLI_PARAM_LGWIN]: windowBits(size),
      },
    }),
  );
}

/**
 * An answer kept as the JSON text its schema serialised it to once, with its compressed forms made on first use:
 * sending it again costs neither serialisation nor compression (job search, job details, the dashboard's cards).
 */
export interface AnswerBytes {
  body: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** Kept answers are sent as they are: they were serialised by the answer's schema when first made. */
const passThrough = (payload: unknown) => payload as string;

/**
 * Sends a kept answer in the encoding the client accepts (compressed once into the kept answer), as JSON that
 * varies by Accept-Encoding. Other headers (cache-control) are the caller's.
 */
export function sendAnswerBytes(request: FastifyRequest, reply: FastifyReply, answer: AnswerBytes): FastifyReply {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8').serializer(passThrough);
  if (!encoding || answer.body.length < COMPRESS_THRESHOLD) return reply.send(answer.body);
  reply.header('content-encoding', encoding);
  return reply.send((answer[encoding] ??= compressSync(answer.body, encoding)));
}
