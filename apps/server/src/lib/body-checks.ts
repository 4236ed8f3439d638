import { errorCodes, type FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';

/** Fastify's default body limit, should a route have none. */
const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * Fastify's own checks of a request body, for the content-type parsers that read the body stream themselves (JSON
 * bodies decoded chunk by chunk, uploads written to disk as they arrive): the route's body limit against the declared
 * length and against the bytes received, the declared length against what arrived, and a stream error as a 4xx.
 * Each check answers Fastify's own error (413, 400) or null.
 */
export function bodyChecks(request: FastifyRequest, payload: Readable) {
  const limit = request.routeOptions.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const declared = Number(request.headers['content-length']);
  /** What Fastify counted before decoding a compressed body, when it did. */
  const encoded = () => (payload as Readable & { receivedEncodedLength?: number }).receivedEncodedLength ?? 0;
  let received = 0;
  return {
    /** Before reading: a declared length over the limit. */
    declaredTooLarge(): Error | null {
      return declared > limit ? new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE() : null;
    },
    /** Counts a chunk: a body past the limit. */
    received(bytes: number): Error | null {
      received += bytes;
      return received > limit || encoded() > limit ? new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE() : null;
    },
    /** At the end of the stream: its error (a 4xx), or a body of another length than declared. */
    ended(err?: Error): Error | null {
      if (err) {
        const e = err as Error & { statusCode?: number };
        if (!(typeof e.statusCode === 'number' && e.statusCode >= 400)) e.statusCode = 400;
        return e;
      }
      if (!Number.isNaN(declared) && (encoded() || received) !== declared)
        return new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH();
      return null;
    },
    /** The bytes received so far. */
    get bytes(): number {
      return received;
    },
  };
}
