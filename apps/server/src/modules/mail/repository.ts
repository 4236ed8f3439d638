import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export type NewMail = typeof mailOutbox.$inferInsert;
export type MailRow = typeof mailOutbox.$inferSelect;

export async function insertMail(db: DbOrTx, mail: NewMail): Promise<MailRow> {
  const [row] = await db.insert(mailOutbox).values(mail).returning();
  return row!;
}

export async function unsentMail(db: DbOrTx, limit = 20): Promise<MailRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.error)))
    .orderBy(mailOutbox.id)
    .limit(limit);
}

export async function markSent(db: DbOrTx, id: number, error: string | null): Promise<void> {
  await db
    .update(mailOutbox)
    .set(error ? { error } : { sentAt: sql`now()` })
    .where(eq(mailOutbox.id, id));
}

export async function recentMail(db: DbOrTx, to: string | undefined, limit: number): Promise<MailRow[]> {
  const q = db.select().from(mailOutbox);
  const filtered = to ? q.where(sql`lower(${mailOutbox.toAddress}) = ${to.toLowerCase()}`) : q;
  return filtered.orderBy(desc(mailOutbox.id)).limit(limit);
}
