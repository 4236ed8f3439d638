import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.ts';
import { jsonTextMayHoldUnstorable, registerInputGuard } from './input-guard.ts';

/**
 * The input guard looks at a JSON body's text before walking its values: these cases are the escapes that text can
 * carry a NUL or half a character in, and the look-alikes that must still be let through.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false });
  registerErrorHandler(app);
  registerInputGuard(app);
  app.post('/echo', async (request) => ({ received: request.body }));
  await app.ready();
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
