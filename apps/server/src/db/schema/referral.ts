import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { professions, specialties } from './reference.ts';
import { users } from './users.ts';

/** A friend referred by a clinician; the agency reads them through the agency API and the referral.made event. */
export const referrals = pgTable(
  'referrals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    referrerUserId: integer('referrer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    professionId: integer('profession_id')
      .notNull()
      .references(() => professions.id),
    specialtyId: integer('specialty_id').references(() => specialties.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('referrals_referrer_idx').on(t.referrerUserId),
    index('referrals_created_idx').on(t.createdAt, t.id),
    check('referrals_phone_ck', sql`${t.phone} ~ '^[0-9]{10}$'`),
    check('referrals_names_ck', sql`length(${t.firstName}) between 1 and 60 and length(${t.lastName}) between 1 and 60`),
  ],
);
