import Fastify, { type FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.ts';
import { jsonTextMayHoldUnstorable, registerInputGuard } from './input-guard.ts';

/**
 * The input guard looks at a JSON body's text before walking its values: these cases are the escapes that text can
 * carry a NUL or half a character in, and the look-alikes that must still be let through.
 */
/** An app with the error handler and the input guard that echoes the body it parsed. */
async function echoApp(bodyLimit?: number): Promise<FastifyInstance> {
  const echo = Fastify({ logger: false, ...(bodyLimit ? { bodyLimit } : {}) });
  registerErrorHandler(echo);
  registerInputGuard(echo);
  echo.post('/echo', async (request) => ({ received: request.body }));
  await echo.ready();
  return echo;
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await echoApp();
});
afterAll(() => app.close());

const post = (payload: string) =>
  app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload });

describe('a JSON body holding a character the database cannot store', () => {
  it('is refused with a 400 naming the field, however its escape is written', async () => {
    for (const [text, field, message] of [
      ['{"note":"a\\u0000b"}', 'body.note', /NUL/],
      ['{"rows":[{"name":"x\\uD800"}]}', 'body.rows.0.name', /lone surrogate/],
      ['{"rows":[{"name":"x\\udfff"}]}', 'body.rows.0.name', /lone surrogate/],
      ['{"rows":[{"name":"\\uDc00 after"}]}', 'body.rows.0.name', /lone surrogate/],
      ['{"a\\u0000":1}', 'body', /NUL/],
    ] as const) {
      const res = await post(text);
      expect(res.statusCode, text).toBe(400);
      const body = res.json() as { code: string; errors: { field: string; message: string }[] };
      expect(body.code).toBe('invalid_character');
      expect(body.errors[0]!.field).toBe(field);
      expect(body.errors[0]!.message).toMatch(message);
    }
  });

  it('lets through whole characters, escaped or not, and text that only looks like an escape', async () => {
    for (const [text, value] of [
      ['{"note":"caf\u00e9 \ud83d\ude00"}', 'caf\u00e9 \ud83d\ude00'],
      ['{"note":"\\ud83d\\ude00"}', '\ud83d\ude00'],
      ['{"note":"a\\\\u0000b"}', 'a\\u0000b'],
      ['{"note":"\\u00e9\\u0041"}', '\u00e9A'],
    ] as const) {
      const res = await post(text);
      expect(res.statusCode, text).toBe(200);
      expect((res.json() as { received: { note: string } }).received.note).toBe(value);
    }
  });

  it('is found in the text without walking when no escape could hold one', () => {
    expect(jsonTextMayHoldUnstorable('{"jobs":[{"description":"caf\u00e9 \ud83d\ude00 \\u00e9"}]}')).toBe(false);
    expect(jsonTextMayHoldUnstorable('{"x":"\\u0000"}')).toBe(true);
    expect(jsonTextMayHoldUnstorable('{"x":"\\uDB40"}')).toBe(true);
    expect(jsonTextMayHoldUnstorable('{"x":"\\ud83d\\ude00"}')).toBe(true);
  });
});

describe('a JSON body read chunk by chunk', () => {
  /** The body as a stream of the given pieces of its UTF-8 bytes, as a socket hands it over. */
  const streamed = (bytes: Buffer, cuts: number[]) => {
    const pieces = [0, ...cuts, bytes.length].slice(1).map((end, i, ends) => bytes.subarray(i ? ends[i - 1] : 0, end));
    return Readable.from(pieces);
  };

  it('keeps a character whose bytes arrive in two chunks whole', async () => {
    const text = '{"note":"caf\u00e9 \ud83d\ude00 end"}';
    const bytes = Buffer.from(text);
    const e = bytes.indexOf(0xc3); // the two bytes of é
    const smiley = bytes.indexOf(0xf0); // the four bytes of the emoji
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'content-length': String(bytes.length) },
      payload: streamed(bytes, [e + 1, smiley + 1, smiley + 3]),
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { received: { note: string } }).received.note).toBe('caf\u00e9 \ud83d\ude00 end');
  });

  it('refuses a body over the limit with a 413, declared or not, and a body shorter than declared with a 400', async () => {
    const small = await echoApp(64);
    try {
      const big = Buffer.from(JSON.stringify({ note: 'x'.repeat(100) }));
      const declared = await small.inject({
        method: 'POST',
        url: '/echo',
        headers: { 'content-type': 'application/json' },
        payload: big,
      });
      expect(declared.statusCode).toBe(413);
      const undeclared = await small.inject({
        method: 'POST',
        url: '/echo',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        payload: streamed(big, [10, 40, 70]),
      });
      expect(undeclared.statusCode).toBe(413);
      const short = await small.inject({
        method: 'POST',
        url: '/echo',
        headers: { 'content-type': 'application/json', 'content-length': '40' },
        payload: streamed(Buffer.from('{"note":"short"}'), [5]),
      });
      expect(short.statusCode).toBe(400);
      const empty = await small.inject({
        method: 'POST',
        url: '/echo',
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
      expect(empty.statusCode).toBe(400);
    } finally {
      await small.close();
    }
  });
});

describe('a JSON body of a megabyte and more (parsed row by row)', () => {
  let big: FastifyInstance;
  beforeAll(async () => {
    big = await echoApp(16 * 1024 * 1024);
  });
  afterAll(() => big.close());
  const rows = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ externalId: `J${i}`, note: `caf\u00e9 "${i}" \\ ${'x'.repeat(200)}` }));
  const send = (text: string) =>
    big.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: text });

  it('arrives as the same value', async () => {
    const body = { facilities: [{ externalId: 'F1' }], jobs: rows(6000), note: { a: [1, 2] } };
    const text = JSON.stringify(body);
    expect(text.length).toBeGreaterThan(1024 * 1024);
    const res = await send(text);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { received: unknown }).received).toEqual(body);
  });

  it('is refused with the same answers: a character the database cannot store, a poisoning key, broken JSON', async () => {
    const jobs: unknown[] = rows(6000);
    jobs[4321] = { externalId: 'BAD', note: 'a\u0000b' };
    const nul = await send(JSON.stringify({ jobs }));
    expect(nul.statusCode).toBe(400);
    expect((nul.json() as { errors: { field: string }[] }).errors[0]!.field).toBe('body.jobs.4321.note');

    const text = JSON.stringify({ jobs: rows(6000) });
    const poisoned = await send(text.replace('{"externalId":"J17"', '{"__proto__":{"admin":true},"externalId":"J17"'));
    expect(poisoned.statusCode).toBe(400);
    const broken = await send(text.replace('"J17",', '"J17" '));
    expect(broken.statusCode).toBe(400);
    const { requestId: _, ...answer } = broken.json() as Record<string, unknown>;
    expect(answer).toEqual({ status: 400, code: 'bad_request', message: 'The request body is not valid JSON' });
  });
});
