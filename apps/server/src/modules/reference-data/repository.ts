import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cities, leadSources, professionSpecialties, professions, specialties, states } from './schema.ts';

export async function listProfessions(db: DbOrTx) {
  return db
    .select({
      id: professions.id,
      name: professions.name,
      webOrder: professions.webOrder,
      isAllied: professions.isAllied,
      specialtyIds: sql<
        number[]
      >`coalesce(array_agg(${professionSpecialties.specialtyId} order by ${professionSpecialties.specialtyId}) filter (where ${professionSpecialties.specialtyId} is not null), '{}')`,
    })
    .from(professions)
    .leftJoin(professionSpecialties, eq(professionSpecialties.professionId, professions.id))
    .groupBy(professions.id)
    .orderBy(asc(professions.name));
}

export async function listSpecialties(db: DbOrTx) {
  return db.select().from(specialties).orderBy(asc(specialties.name));
}

export async function listLeadSources(db: DbOrTx) {
  return db.select().from(leadSources).orderBy(asc(leadSources.webOrder), asc(leadSources.webFriendlyName));
}

export async function listStates(db: DbOrTx) {
  return db.select().from(states).orderBy(asc(states.name));
}

export async function listCities(db: DbOrTx) {
  return db
    .select({
      id: cities.id,
      name: cities.name,
      stateAbbreviation: states.abbreviation,
      lat: cities.lat,
      lng: cities.lng,
    })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.stateId))
    .orderBy(asc(states.abbreviation), asc(cities.name));
}

export async function professionExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: professions.id }).from(professions).where(eq(professions.id, id)).limit(1);
  return !!row;
}

/** The first of `candidates` that names a lead source, else null. */
export async function firstKnownLeadSource(db: DbOrTx, candidates: number[]): Promise<number | null> {
  const rows = await db.select({ id: leadSources.id }).from(leadSources).where(inArray(leadSources.id, candidates));
  return candidates.find((id) => rows.some((r) => r.id === id)) ?? null;
}

/** The states, professions and profession-specialty pairs a feed row is checked against. */
export async function referenceForFeed(db: DbOrTx) {
  const [st, prof, pairs] = await Promise.all([
    db.select({ id: states.id, abbreviation: states.abbreviation }).from(states),
    db.select({ id: professions.id }).from(professions),
    db
      .select({ professionId: professionSpecialties.professionId, specialtyId: professionSpecialties.specialtyId })
      .from(professionSpecialties),
  ]);
  return {
    stateIdByAbbr: new Map(st.map((s) => [s.abbreviation.toUpperCase(), s.id])),
    professionIds: new Set(prof.map((p) => p.id)),
    pairs: new Set(pairs.map((p) => `${p.professionId}:${p.specialtyId}`)),
  };
}

export async function findCity(db: DbOrTx, stateId: number, name: string) {
  const [row] = await db
    .select({ id: cities.id, lat: cities.lat, lng: cities.lng })
    .from(cities)
    .where(and(eq(cities.stateId, stateId), sql`lower(${cities.name}) = ${name.trim().toLowerCase()}`))
    .limit(1);
  return row;
}

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
    .onConflictDoUpdate({
      target: states.id,
      set: { name: ex('name'), abbreviation: ex('abbreviation'), isCompact: ex('is_compact') },
    });
  for (const part of chunks(data.cities, 2000))
    await db
      .insert(cities)
      .values(part)
      .onConflictDoUpdate({
        target: cities.id,
        set: {
          name: ex('name'),
          stateId: ex('state_id'),
          lat: ex('lat'),
          lng: ex('lng'),
          population: ex('population'),
        },
      });
  await db
    .insert(leadSources)
    .values(data.leadSources)
    .onConflictDoUpdate({
      target: leadSources.id,
      set: { webFriendlyName: ex('web_friendly_name'), webGroup: ex('web_group'), webOrder: ex('web_order') },
    });
}
