import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * API keys of the agency's systems, created with the CLI. The key is `agk_<id>_<secret>`; only the
 * SHA-256 of the secret is stored. Revoked keys stay for the audit trail.
 */
export const agencyApiKeys = pgTable(
  'agency_api_keys',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    check('agency_api_keys_id_ck', sql`${t.id} ~ '^[a-f0-9]{12}$'`),
    check('agency_api_keys_name_ck', sql`length(${t.name}) between 1 and 100`),
  ],
);
