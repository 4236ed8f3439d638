import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build.ts';
import { registerErrorHandler } from './error-handler.ts';

/**
 * The net under validation: when a value reaches PostgreSQL and is refused there, the caller gets a 4xx naming the
 * column (never the value), and the operator a 'database.refused' warning, instead of a 500.
 */
let t: TestApp;
let app: FastifyInstance;
const lines: string[] = [];
/** Statements PostgreSQL refuses for the values in them, run by a route of a bare app with the portal's error handler. */
const statements: Record<string, SQL> = {
  'unknown-reference': sql`insert into users (email, phone, first_name, last_name, profession_id, lead_source_id, password_hash)
    values ('net@example.com', '5125550100', 'Net', 'Test', 13, 2000000000, 'x')`,
  'still-referenced': sql`delete from professions where id = 13`,
  duplicate: sql`insert into professions (id, name, is_allied) select id, name, is_allied from professions where id = 13`,
  'not-a-number': sql`select 'twelve'::int`,
  'out-of-range': sql`select 3000000000::int4`,
  'not-a-date': sql`select '2026-02-30'::date`,
  // The portal's own tables have no length-limited text; a table of the test's makes one.
  'too-long': sql`insert into net_short_text (v) values ('abcdef')`,
};

beforeAll(async () => {
  t = await buildTestApp();
  await t.ctx.db.execute(sql`create table net_short_text (v varchar(3))`);
  app = Fastify({
    logger: {
      level: 'warn',
      stream: new Writable({
        write(chunk, _e, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    },
  });
  registerErrorHandler(app);
  app.get<{ Params: { name: string } }>('/run/:name', async (request) => {
    await t.ctx.db.execute(statements[request.params.name]!);
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

describe('PostgreSQL refusing a value', () => {
  it.each([
    ['unknown-reference', 422, 'unknown_reference', 'leadSourceId'],
    ['still-referenced', 409, 'in_use', 'id'],
    ['duplicate', 409, 'already_exists', 'id'],
    ['not-a-number', 400, 'invalid_value', undefined],
    ['out-of-range', 400, 'invalid_value', undefined],
    ['not-a-date', 400, 'invalid_date', undefined],
    ['too-long', 400, 'value_too_long', undefined],
  ])(
    '%s is answered %i %s, naming the column when PostgreSQL does, and reported as a warning',
    async (name, status, code, field) => {
      lines.length = 0;
      const res = await app.inject({ method: 'GET', url: `/run/${name}` });
      expect(res.statusCode, res.body).toBe(status);
      const body = res.json() as { code: string; errors?: { field: string }[] };
      expect(body.code).toBe(code);
      expect(body.errors?.[0]?.field).toBe(field);
      // The value itself (an id, a name) never leaves in the answer or the log.
      expect(res.body).not.toMatch(/2000000000|twelve|abcdef|Key \(/);
      const warning = lines
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((l) => l.event === 'database.refused');
      expect(warning).toMatchObject({ level: 40, pgCode: expect.any(String) });
      expect(JSON.stringify(warning)).not.toMatch(/2000000000|twelve|abcdef|Key \(/);
    },
  );
});
