import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../../db/client.ts';

/**
 * Upgrading a database whose Canadian postal codes were stored without their space ('K1N5Y4'): the migration
 * writes them in their canonical form ('K1N 5Y4'), which the application, the profile and the agency then answer.
 */

const tmp = mkdtempSync(path.join(tmpdir(), 'hcp-postal-upgrade-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A copy of the migrations folder that stops before the postal code one. */
function migrationsBeforePostalCodes(): string {
  const dir = path.join(tmp, 'drizzle');
  cpSync(migrationsFolder(), dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag.endsWith('_postal_code_with_space'));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

describe('upgrading stored Canadian postal codes', () => {
  it('writes every stored postal code as A1A 1A1 and leaves US addresses alone', async () => {
    const client = new PGlite();
    const db = drizzle(client);
    try {
      await migrate(db, { migrationsFolder: migrationsBeforePostalCodes() });
      await client.exec(`
        insert into professions (id, name, web_order, is_allied) values (13, 'Registered Nurse', 1, false);
        insert into states (id, name, abbreviation, is_compact) values (44, 'Texas', 'TX', true);
        insert into users (email, phone, first_name, last_name, profession_id, password_hash)
          select 'n' || g || '@example.com', '5125550100', 'N', 'N', 13, 'x' from generate_series(1, 4) g;
        insert into permanent_addresses (user_id, country, street_address, city, province, postal_code)
          values (1, 'Canada', '1 Rue', 'Ottawa', 'Ontario', 'K1N5Y4'),
                 (2, 'Canada', '2 Rue', 'Ottawa', 'Ontario', 'k1a 0b1'),
                 (3, 'Canada', '3 Rue', 'Ottawa', 'Ontario', 'not a code');
        insert into permanent_addresses (user_id, country, street_address, city, state_id, zip_code)
          values (4, 'United States', '4 Main St', 'Austin', 44, '78701-1234');
      `);
      await migrate(db, { migrationsFolder: migrationsFolder() });
      const { rows } = await client.query<{ user_id: number; postal_code: string | null; zip_code: string | null }>(
        'select user_id, postal_code, zip_code from permanent_addresses order by user_id',
      );
      expect(rows).toEqual([
        { user_id: 1, postal_code: 'K1N 5Y4', zip_code: null },
        { user_id: 2, postal_code: 'K1A 0B1', zip_code: null },
        { user_id: 3, postal_code: 'not a code', zip_code: null },
        { user_id: 4, postal_code: null, zip_code: '78701-1234' },
      ]);
    } finally {
      await client.close();
    }
  });
});
