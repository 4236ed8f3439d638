import type { FastifyInstance, FastifyRequest } from 'fastify';
import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import { bodyChecks } from '../lib/body-checks.ts';
import { AppError } from '../lib/errors.ts';
import { parseJsonInSlices } from '../lib/sliced-json.ts';
import { WORK_SLICE_MS } from '../lib/work-slices.ts';

/**
 * Characters PostgreSQL cannot store: text cannot hold NUL, and a lone UTF-16 surrogate (half of a pair, which no
 * keyboard or browser produces) is refused by jsonb and turned into U+FFFD by the UTF-8 encoder elsewhere. A value
 * carrying either would fail in the database (a 500) or be stored altered. No field of the portal has a use for
 * them, so any request carrying one in its path, query or body (keys included) is refused here, before
 * validation, with a 400 naming the field.
 */
const NUL_MESSAGE = 'Text may not contain NUL characters';
const SURROGATE_MESSAGE = 'Text may not contain a lone surrogate (half of a character)';
/** Either character, in one pass over the text (a feed batch carries some 150,000 strings). */
// eslint-disable-next-line no-control-regex -- NUL is one of the two characters looked for
const UNSTORABLE = /[\u0000\p{Cs}]/u;

function problemOf(s: string): string | null {
  if (!UNSTORABLE.test(s)) return null;
  return s.includes('\u0000') ? NUL_MESSAGE : SURROGATE_MESSAGE;
}

/** The first field (and why) whose text, or key, holds a character the database cannot store. */
export function findUnstorable(value: unknown, root: string): { field: string; message: string } | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      const message = problemOf(v);
      if (message) return { field: path, message };
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++)
        if (v[i] !== null && typeof v[i] !== 'number') stack.push([v[i], `${path}.${i}`]);
    } else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      for (const k in o) {
        if (!Object.hasOwn(o, k)) continue;
        const message = problemOf(k);
        if (message) return { field: path, message };
        const x = o[k];
        // Numbers, booleans and nulls hold no text: not worth a stack entry.
        if (typeof x === 'string') {
          const bad = problemOf(x);
          if (bad) return { field: `${path}.${k}`, message: bad };
        } else if (x && typeof x === 'object') stack.push([x, `${path}.${k}`]);
      }
    }
  }
  return null;
}

/**
 * Whether JSON text could hold, once parsed, a character the database cannot store. Inside JSON strings a NUL can
 * only come as the escape \u0000 (JSON refuses raw control characters) and a half character only as an escape in
 * \uD800-\uDFFF: the text itself was decoded from UTF-8, which yields no lone surrogates (invalid bytes become
 * U+FFFD). Text without such an escape holds neither, whatever it nests; text with one (a valid escaped pair, or an
 * escaped backslash before "u0000", included) is walked value by value.
 */
export function jsonTextMayHoldUnstorable(text: string): boolean {
  // eslint-disable-next-line no-control-regex -- a raw NUL is looked for too, though JSON.parse refuses it
  return /\\u(?:0000|[dD][89a-fA-F])|\u0000/.test(text);
}

/** Bodies whose JSON text was seen to hold neither character: the walk over their values is skipped. */
const cleanJsonBodies = new WeakSet<FastifyRequest>();

/** Fastify's own JSON parser with the instance's settings against prototype and constructor poisoning. */
export const fastifyJsonParser = (app: FastifyInstance) =>
  app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );

type Done = (err: Error | null, body?: unknown) => void;

/** Bodies from this size on are parsed in slices (lib/sliced-json.ts); only the feed's batches come this large. */
const SLICED_JSON_MIN_BYTES = 1024 * 1024;

/**
 * A request body read as text, with Fastify's own checks (the route's body limit, against the declared length and
 * against the bytes received; the declared length against the bytes received at the end; a stream error a 400).
 * Each chunk is decoded as it arrives and the pieces joined: Fastify's `parseAs: 'string'` first copies the whole
 * body into one buffer and then decodes that into a string held outside V8's heap, two fresh blocks the size of the
 * body that the kernel maps in page by page. For a 7 MB feed batch, reading and parsing took 59-67 ms that way and
 * 38-42 ms this way (outside the server, with its memory settings). The pieces are handed over as they are:
 * a body under a megabyte is joined and parsed at once, a larger one parsed row by row (lib/sliced-json.ts).
 */
function readBodyText(
  request: FastifyRequest,
  payload: Readable,
  done: (err: Error | null, text?: { parts: string[]; bytes: number }) => void,
) {
  const checks = bodyChecks(request, payload);
  const tooLarge = checks.declaredTooLarge();
  if (tooLarge) return done(tooLarge);
  const decoder = new StringDecoder('utf8');
  const parts: string[] = [];
  const detach = () => {
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onEnd);
  };
  function onData(chunk: Buffer | string) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    const refused = checks.received(buf.length);
    if (refused) {
      detach();
      return done(refused);
    }
    parts.push(decoder.write(buf));
  }
  function onEnd(err?: Error) {
    detach();
    const refused = checks.ended(err);
    if (refused) return done(refused);
    parts.push(decoder.end());
    done(null, { parts, bytes: checks.bytes });
  }
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onEnd);
  payload.resume();
}

export function registerInputGuard(app: FastifyInstance): void {
  // Fastify's own JSON parser (the same protections against prototype poisoning), with one look at the text first:
  // a feed batch of 5,000 jobs is walked value by value in about 27 ms, its text looked at in about 3.
  const parseJson = fastifyJsonParser(app);
  app.addContentTypeParser('application/json', (request: FastifyRequest, payload: Readable, done: Done) =>
    readBodyText(request, payload, (err, body) => {
      if (err) return done(err);
      const { parts, bytes } = body!;
      if (bytes < SLICED_JSON_MIN_BYTES) {
        const text = parts.join('');
        if (!jsonTextMayHoldUnstorable(text)) cleanJsonBodies.add(request);
        return parseJson(request, text, done);
      }
      // A large body (a feed batch) is parsed row by row in slices, each row looked at the same way.
      let clean = true;
      const parsePiece = (text: string) => {
        let out: { err: Error | null; value?: unknown } = { err: null };
        parseJson(request, text, (e, value) => (out = { err: e, value }));
        if (out.err) throw out.err;
        return out.value;
      };
      parseJsonInSlices(parts, parsePiece, {
        sliceMs: WORK_SLICE_MS,
        onPiece: (text) => (clean &&= !jsonTextMayHoldUnstorable(text)),
      }).then(
        (value) => {
          if (clean) cleanJsonBodies.add(request);
          done(null, value);
        },
        (e: Error) => done(e),
      );
    }),
  );
  app.addHook('preValidation', async (request) => {
    const found =
      findUnstorable(request.params, 'params') ??
      findUnstorable(request.query, 'querystring') ??
      (cleanJsonBodies.has(request) ? null : findUnstorable(request.body, 'body'));
    if (found) throw new AppError(400, 'invalid_character', found.message, [found]);
  });
}
