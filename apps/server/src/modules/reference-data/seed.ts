import type { AppContext } from '../../context.ts';
import { usCities } from './data/cities.ts';
import { leadSources } from './data/lead-sources.ts';
import { professions } from './data/professions.ts';
import { specialties } from './data/specialties.ts';
import { states } from './data/states.ts';
import * as repo from './repository.ts';

/** The id of each shipped state by its abbreviation (the seeds of other tables name states by abbreviation). */
export const stateIdByAbbreviation: ReadonlyMap<string, number> = new Map(states.map((s) => [s.abbreviation, s.id]));

/** Upserts the shipped reference lists on every start, so a deploy with corrected data applies it. */
export async function seedReference(ctx: AppContext): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await repo.upsertReference(tx, {
      professions: professions.map((p) => ({ id: p.id, name: p.name, webOrder: p.webOrder, isAllied: p.isAllied })),
      specialties: specialties.map((s) => ({
        id: s.id,
        name: s.name,
        abbreviation: s.abbreviation || null,
        longDescription: s.longDescription || null,
        altText: s.altText || null,
      })),
      professionSpecialties: professions.flatMap((p) =>
        p.specialtyIds.map((specialtyId) => ({ professionId: p.id, specialtyId })),
      ),
      states: states.map((s) => ({ id: s.id, name: s.name, abbreviation: s.abbreviation, isCompact: s.isCompact })),
      cities: usCities.map((c) => ({
        id: c.id,
        name: c.name,
        stateId: stateIdByAbbreviation.get(c.stateAbbreviation)!,
        lat: c.lat,
        lng: c.lng,
        population: c.population,
      })),
      leadSources: leadSources.map((l) => ({
        id: l.id,
        webFriendlyName: l.webFriendlyName,
        webGroup: l.webGroup,
        webOrder: l.webOrder,
      })),
    });
  });
}
