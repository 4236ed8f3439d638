import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { preparePGliteStatements } from './pglite-statements.ts';

describe('PGlite queries through kept statements', () => {
  let plain: PGlite;
  let kept: PGlite;
  const setup = `drop table if exists t; create table t (id int primary key, name text not null, born date, tags text[], meta jsonb);
    insert into t values (1, 'Ann', '1990-02-03', '{a,b}', '{"x": 1}'), (2, 'Bob', null, '{}', null);`;

  beforeAll(async () => {
    plain = new PGlite();
    kept = new PGlite();
    preparePGliteStatements(kept);
  });
  // A fresh table for each test (the kept statements see it as a table that changed).
  beforeEach(async () => {
    await plain.exec(setup);
    await kept.exec(setup);
  });
  afterAll(async () => {
    await plain.close();
    await kept.close();
  });

  it('answer every call as PGlite itself does (rows, types, array mode, parsers, counts)', async () => {
    const calls: [string, unknown[], object?][] = [
      ['select * from t where id = $1', [1]],
      ['select * from t where id = $1', [2]],
      ['select id, born, tags from t where id = any($1) order by id', [[1, 2]], { rowMode: 'array' }],
      ['select born from t where id = $1', [1], { parsers: { 1082: (v: string) => `date:${v}` } }],
      ['update t set name = $2 where id = $1', [2, 'Bea']],
      ['select name, meta from t order by id', []],
    ];
    for (let round = 0; round < 3; round++)
      for (const [text, params, options] of calls)
        expect(await kept.query(text, params, options)).toEqual(await plain.query(text, params, options));
  });

  it('refuse what PostgreSQL refuses, with the same error, and keep working afterwards', async () => {
    const insert = 'insert into t (id, name) values ($1, $2)';
    await kept.query(insert, [3, 'Cy']);
    await kept.query(insert, [4, 'Di']);
    const refused = await kept.query(insert, [3, 'again']).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: '23505', constraint: 't_pkey', query: insert });
    expect((await kept.query('select count(*)::int as n from t', [])).rows).toEqual([{ n: 4 }]);
    await expect(kept.query('select nope from t', [])).rejects.toMatchObject({ code: '42703' });
  });

  it('see a table that changed shape, and wait for a transaction in progress', async () => {
    const all = 'select * from t where id = $1';
    await kept.query(all, [1]);
    await kept.query(all, [1]);
    await kept.exec('alter table t add column note text');
    expect((await kept.query(all, [1])).rows[0]).toMatchObject({ id: 1, note: null });

    let inside = false;
    const tx = kept.transaction(async (t) => {
      inside = true;
      await t.query('update t set name = $1 where id = 1', ['Ann 2']);
      await new Promise((r) => setTimeout(r, 20));
      inside = false;
    });
    await new Promise((r) => setTimeout(r, 0));
    const read = kept.query<{ name: string }>('select name from t where id = $1', [1]).then((r) => ({ inside, r }));
    await tx;
    const after = await read;
    expect(after.inside).toBe(false);
    expect(after.r.rows[0]!.name).toBe('Ann 2');
  });
});
