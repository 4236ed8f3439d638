import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { mailOutbox } from '../schema.ts';

export type NewMail = typeof mailOutbox.$inferInsert;
export type MailRow = typeof mailOutbox.$inferSelect;

export async function insertMail(db: DbOrTx, mail: NewMail): Promise<MailRow> {
  const [row] = await db.insert(mailOutbox).values(mail).returning();
  return row!;
}

export async function deleteMail(db: DbOrTx, id: number): Promise<void> {
  await db.delete(mailOutbox).where(eq(mailOutbox.id, id));
}

export async function findMail(db: DbOrTx, id: number): Promise<MailRow | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return row ?? null;
}

export async function mailHeadlines(
  db: DbOrTx,
  ids: number[],
): Promise<{ id: number; kind: string; toAddress: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: mailOutbox.id, kind: mailOutbox.kind, toAddress: mailOutbox.toAddress })
    .from(mailOutbox)
    .where(inArray(mailOutbox.id, ids));
}

export async function markMailSent(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(mailOutbox).set({ sentAt: at }).where(eq(mailOutbox.id, id));
}

export async function recentMail(db: DbOrTx, to: string | undefined, limit: number): Promise<MailRow[]> {
  const q = db.select().from(mailOutbox);
  const filtered = to ? q.where(sql`lower(${mailOutbox.toAddress}) = ${to.toLowerCase()}`) : q;
  return filtered.orderBy(desc(mailOutbox.id)).limit(limit);
}
