import { boolean, doublePrecision, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

export const professions = pgTable('professions', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  webOrder: integer('web_order'),
  isAllied: boolean('is_allied').notNull(),
});

export const specialties = pgTable('specialties', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  abbreviation: text('abbreviation'),
  longDescription: text('long_description'),
  altText: text('alt_text'),
});

export const professionSpecialties = pgTable(
  'profession_specialties',
  {
    professionId: integer('profession_id')
      .notNull()
      .references(() => professions.id),
    specialtyId: integer('specialty_id')
      .notNull()
      .references(() => specialties.id),
  },
  (t) => [primaryKey({ columns: [t.professionId, t.specialtyId] })],
);

export const states = pgTable('states', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  abbreviation: text('abbreviation').notNull().unique(),
  isCompact: boolean('is_compact').notNull(),
});

export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    population: integer('population'),
  },
  (t) => [index('cities_state_idx').on(t.stateId)],
);

export const leadSources = pgTable('lead_sources', {
  id: integer('id').primaryKey(),
  webFriendlyName: text('web_friendly_name').notNull(),
  webGroup: text('web_group'),
  webOrder: integer('web_order'),
});
