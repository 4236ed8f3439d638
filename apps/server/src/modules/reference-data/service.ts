import type { Profession, Specialty, LeadSource, State } from '@hcp/contracts';
import type { AppContext } from '../../context.ts';
import { memoize } from '../../lib/cache.ts';
import * as repo from './repository.ts';

export interface CityRef {
  id: number;
  name: string;
  stateAbbreviation: string;
  lat: number;
  lng: number;
}

export interface ReferenceData {
  professions: Profession[];
  specialties: Specialty[];
  leadSources: LeadSource[];
  states: State[];
  cities: CityRef[];
}

/**
 * Reference data changes only with a deploy or a seed, so it is read once and kept in memory;
 * `invalidate()` drops it (the seed and the agency import call it).
 */
export class ReferenceService {
  private cache: Promise<ReferenceData> | null = null;

  constructor(private readonly ctx: AppContext) {}

  get(): Promise<ReferenceData> {
    this.cache ??= this.load().catch((e) => {
      this.cache = null;
      throw e;
    });
    return this.cache;
  }

  invalidate(): void {
    this.cache = null;
  }

  private async load(): Promise<ReferenceData> {
    const db = this.ctx.db;
    const [professions, specialties, leadSources, states, cities] = await Promise.all([
      repo.listProfessions(db),
      repo.listSpecialties(db),
      repo.listLeadSources(db),
      repo.listStates(db),
      repo.listCities(db),
    ]);
    return {
      professions: professions.map((p) => ({ ...p, specialtyIds: (p.specialtyIds ?? []).map(Number) })),
      specialties,
      leadSources,
      states,
      cities,
    };
  }
}

/** One ReferenceService per app context, shared by the routes and the modules that read reference data. */
export const referenceService = memoize((ctx: AppContext) => new ReferenceService(ctx));
