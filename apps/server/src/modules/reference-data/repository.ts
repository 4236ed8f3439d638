import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cities, leadSources, professionSpecialties, professions, specialties, states } from '../../db/schema/index.ts';

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
