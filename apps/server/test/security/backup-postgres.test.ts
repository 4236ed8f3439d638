import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/client.ts';
import { seedReference } from '../../src/db/seed/index.ts';
import { loadEnv } from '../../src/env.ts';
import { ephemeralSecrets } from '../../src/lib/secrets.ts';
import { postgresBin, startPostgresServer, type PostgresServer } from '../postgres-server.ts';
import { changedTables, rowsOf } from './harness.ts';
import type { TestApp } from '../build.ts';

/**
 * The PostgreSQL backup documented in docs/deployment.md (pg_dump --format=custom, pg_restore into an
 * empty database) round-trips every row of every table, and the portal starts on the restored database.
 */

let pg: PostgresServer | undefined;
const dir = mkdtempSync(path.join(tmpdir(), 'hcp-pgdump-'));
afterAll(() => {
  pg?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const urlOf = (base: string, db: string) => {
  const u = new URL(base);
  u.pathname = `/${db}`;
  return u.toString();
};

async function digest(url: string) {
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    const fake = { ctx: { db: database.db } } as unknown as TestApp;
    const tables = await rowsOf<{ table_name: string }>(
      fake,
      sql.raw(
        `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      ),
    );
    const out: Record<string, string> = {};
    for (const { table_name } of tables) {
      const [r] = await rowsOf<{ n: number; h: string }>(
        fake,
        sql.raw(
          `select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${table_name}" x`,
        ),
      );
      out[table_name] = `${r!.n}:${r!.h}`;
    }
    return out;
  } finally {
    await database.close();
  }
}

describe('PostgreSQL backup and restore (pg_dump / pg_restore)', () => {
  it('round-trips every row, and the portal serves the restored data', async () => {
    pg = await startPostgresServer();
    const bin = postgresBin();
    const source = urlOf(pg.url, 'portal');
    const restored = urlOf(pg.url, 'portal_restored');
    execFileSync(path.join(bin, 'createdb'), ['--maintenance-db', pg.url, 'portal']);

    // Some real data: a clinician, their session, events and the reference data.
    const database = await openDatabase({ databaseUrl: source, poolSize: 2 });
    const env = loadEnv({ DATA_DIR: dir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
    const secrets = ephemeralSecrets();
    let built = await buildApp({ env, database, secrets, logger: false });
    await seedReference(built.ctx);
    const signUp = await built.app.inject({
      method: 'POST',
      url: '/core/api/auth/HcpSignUp',
      payload: {
        EmailAddress: 'backup.nurse@example.com',
        PhoneNumber: '5125550100',
        FirstName: 'Back',
        LastName: 'Up',
        ProfessionId: 13,
        WebPassword: 'Backup-Restore-42',
      },
    });
    expect(signUp.statusCode).toBe(200);
    await built.app.close();
    await database.close();
    const before = await digest(source);
    expect(Number(before.users!.split(':')[0])).toBe(1);

    const dump = path.join(dir, 'portal.dump');
    execFileSync(path.join(bin, 'pg_dump'), ['--format=custom', '--no-owner', `--file=${dump}`, source]);
    execFileSync(path.join(bin, 'createdb'), ['--maintenance-db', pg.url, 'portal_restored']);
    execFileSync(path.join(bin, 'pg_restore'), ['--no-owner', '--exit-on-error', `--dbname=${restored}`, dump]);

    expect(changedTables(before, await digest(restored))).toEqual([]);
    // The portal starts on the restored database (migrations already applied) and the clinician's token works.
    const again = await openDatabase({ databaseUrl: restored, poolSize: 2 });
    built = await buildApp({ env, database: again, secrets, logger: false });
    try {
      const me = await built.app.inject({
        method: 'GET',
        url: '/core/api/HcpApiUser/userInfo',
        headers: { authorization: `Bearer ${signUp.body}` },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe('backup.nurse@example.com');
      expect((await built.app.inject({ method: 'GET', url: '/core/api/health/ready' })).statusCode).toBe(200);
    } finally {
      await built.app.close();
      await again.close();
    }
  }, 120_000);
});
