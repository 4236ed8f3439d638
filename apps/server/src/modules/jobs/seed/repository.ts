import { count, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { facilities, jobs } from '../schema.ts';

function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

export async function countJobs(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(jobs);
  return row?.n ?? 0;
}

export async function upsertFacilities(db: DbOrTx, rows: (typeof facilities.$inferInsert)[]) {
  const ex = (col: string) => sql.raw(`excluded.${col}`);
  const out: { id: number; externalId: string }[] = [];
  for (const part of chunks(rows, 500)) {
    out.push(
      ...(await db
        .insert(facilities)
        .values(part)
        .onConflictDoUpdate({
          target: facilities.externalId,
          set: {
            name: ex('name'),
            address1: ex('address1'),
            city: ex('city'),
            stateId: ex('state_id'),
            lat: ex('lat'),
            lng: ex('lng'),
          },
        })
        .returning({ id: facilities.id, externalId: facilities.externalId })),
    );
  }
  return out;
}

export async function insertJobs(db: DbOrTx, rows: (typeof jobs.$inferInsert)[]): Promise<void> {
  for (const part of chunks(rows, 1000)) await db.insert(jobs).values(part).onConflictDoNothing();
}
