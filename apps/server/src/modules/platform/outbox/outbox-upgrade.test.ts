import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../../db/client.ts';

/**
 * Upgrading a database that has mails and webhook deliveries in the two old queues (webhook_deliveries,
 * mail_outbox.sent_at/error): the migrations move every one into outbox_deliveries before dropping the
 * old columns, so nothing waiting is lost and a mail that failed its single attempt becomes a dead letter.
 */

const tmp = mkdtempSync(path.join(tmpdir(), 'hcp-outbox-upgrade-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A copy of the migrations folder that stops before the outbox ones. */
function migrationsBeforeOutbox(): string {
  const dir = path.join(tmp, 'drizzle');
  cpSync(migrationsFolder(), dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const first = journal.entries.findIndex((e) => e.tag.endsWith('_outbox'));
  expect(first).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, first);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

describe('upgrading to the one outbox', () => {
  it('moves queued, sent and failed mails and webhook deliveries over with their state', async () => {
    const client = new PGlite();
    const db = drizzle(client);
    try {
      await migrate(db, { migrationsFolder: migrationsBeforeOutbox() });
      await client.exec(`
        insert into event_outbox (type, user_id, payload) values ('referral.made', 7, '{}'), ('referral.made', 7, '{}'), ('referral.made', null, '{}');
        insert into webhook_endpoints (url, secret_enc) values ('https://ats.example.com/hooks', 'v1:x');
        insert into webhook_deliveries (event_id, endpoint_id, user_id, status, attempts, last_status_code, last_error, delivered_at)
          values (1, 1, 7, 'delivered', 1, 204, null, now()), (2, 1, 7, 'pending', 2, 503, 'HTTP 503', null), (3, 1, null, 'failed', 12, 500, 'HTTP 500', null);
        insert into mail_outbox (to_address, subject, text_body, kind, sent_at, error)
          values ('sent@example.com', 'S', 'T', 'password-reset', now(), null),
                 ('failed@example.com', 'S', 'T', 'password-reset', null, 'connect ECONNREFUSED 127.0.0.1:25'),
                 ('waiting@example.com', 'S', 'T', 'reference-request', null, null);
      `);
      await migrate(db, { migrationsFolder: migrationsFolder() });
      const { rows } = await client.query<Record<string, unknown>>(
        `select kind, idempotency_key, payload, order_key, status, attempts, last_status_code, last_error, sent_at is not null as sent
         from outbox_deliveries order by kind, idempotency_key`,
      );
      expect(rows).toEqual([
        {
          kind: 'mail',
          idempotency_key: 'mail:1',
          payload: { mailId: 1 },
          order_key: null,
          status: 'sent',
          attempts: 1,
          last_status_code: null,
          last_error: null,
          sent: true,
        },
        {
          kind: 'mail',
          idempotency_key: 'mail:2',
          payload: { mailId: 2 },
          order_key: null,
          status: 'dead',
          attempts: 1,
          last_status_code: null,
          last_error: 'connect ECONNREFUSED 127.0.0.1:25',
          sent: false,
        },
        {
          kind: 'mail',
          idempotency_key: 'mail:3',
          payload: { mailId: 3 },
          order_key: null,
          status: 'pending',
          attempts: 0,
          last_status_code: null,
          last_error: null,
          sent: false,
        },
        {
          kind: 'webhook',
          idempotency_key: 'webhook:1:1',
          payload: { eventId: 1, endpointId: 1 },
          order_key: 'webhook:1:user:7',
          status: 'sent',
          attempts: 1,
          last_status_code: 204,
          last_error: null,
          sent: true,
        },
        {
          kind: 'webhook',
          idempotency_key: 'webhook:2:1',
          payload: { eventId: 2, endpointId: 1 },
          order_key: 'webhook:1:user:7',
          status: 'pending',
          attempts: 2,
          last_status_code: 503,
          last_error: 'HTTP 503',
          sent: false,
        },
        {
          kind: 'webhook',
          idempotency_key: 'webhook:3:1',
          payload: { eventId: 3, endpointId: 1 },
          order_key: null,
          status: 'dead',
          attempts: 12,
          last_status_code: 500,
          last_error: 'HTTP 500',
          sent: false,
        },
      ]);
      const old = await client.query(`select to_regclass('webhook_deliveries') as t`);
      expect(old.rows).toEqual([{ t: null }]);
    } finally {
      await client.close();
    }
  });
});
