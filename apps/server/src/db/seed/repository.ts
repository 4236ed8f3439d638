import { count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import {
  cities,
  facilities,
  jobs,
  leadSources,
  professionSpecialties,
  professions,
  specialties,
  states,
  users,
} from '../schema/index.ts';

function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Reference rows are upserted on every start so a deploy with corrected data applies it. */
export async function upsertReference(
  db: DbOrTx,
  data: {
    professions: (typeof professions.$inferInsert)[];
    specialties: (typeof specialties.$inferInsert)[];
    professionSpecialties: (typeof professionSpecialties.$inferInsert)[];
    states: (typeof states.$inferInsert)[];
    cities: (typeof cities.$inferInsert)[];
    leadSources: (typeof leadSources.$inferInsert)[];
  },
): Promise<void> {
  const ex = (col: string) => sql.raw(`excluded.${col}`);
  await db
    .insert(professions)
    .values(data.professions)
    .onConflictDoUpdate({
      target: professions.id,
      set: { name: ex('name'), webOrder: ex('web_order'), isAllied: ex('is_allied') },
    });
  await db
    .insert(specialties)
    .values(data.specialties)
    .onConflictDoUpdate({
      target: specialties.id,
      set: {
        name: ex('name'),
        abbreviation: ex('abbreviation'),
        longDescription: ex('long_description'),
        altText: ex('alt_text'),
      },
    });
  await db.insert(professionSpecialties).values(data.professionSpecialties).onConflictDoNothing();
  await db
    .insert(states)
    .values(data.states)
    .onConflictDoUpdate({ target: states.id, set: { name: ex('name'), abbreviation: ex('abbreviation'), isCompact: ex('is_compact') } });
  for (const part of chunks(data.cities, 2000))
    await db
      .insert(cities)
      .values(part)
      .onConflictDoUpdate({
        target: cities.id,
        set: { name: ex('name'), stateId: ex('state_id'), lat: ex('lat'), lng: ex('lng'), population: ex('population') },
      });
  await db
    .insert(leadSources)
    .values(data.leadSources)
    .onConflictDoUpdate({
      target: leadSources.id,
      set: { webFriendlyName: ex('web_friendly_name'), webGroup: ex('web_group'), webOrder: ex('web_order') },
    });
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
          set: { name: ex('name'), address1: ex('address1'), city: ex('city'), stateId: ex('state_id'), lat: ex('lat'), lng: ex('lng') },
        })
        .returning({ id: facilities.id, externalId: facilities.externalId })),
    );
  }
  return out;
}

export async function insertJobs(db: DbOrTx, rows: (typeof jobs.$inferInsert)[]): Promise<void> {
  for (const part of chunks(rows, 1000)) await db.insert(jobs).values(part).onConflictDoNothing();
}

export async function findUserIdByEmail(db: DbOrTx, email: string): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  return row?.id;
}

export async function insertDemoUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export async function markApplicationComplete(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ applicationComplete: true, eligibleForSubmission: true, applicationSubmittedAt: sql`now()` })
    .where(eq(users.id, userId));
}
