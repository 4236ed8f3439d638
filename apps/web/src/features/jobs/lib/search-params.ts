import { DEFAULT_DISCIPLINE_ID, type SortKey } from '@hcp/contracts';
import { SORT_LABELS } from './labels.ts';

/** The job search filters as the URL carries them, so a search can be bookmarked, shared and restored with Back. */
export interface SearchParamsValue {
  professionId: number;
  specialtyIds: number[];
  stateIds: number[];
  /** 'cityId_radius' items. */
  cityIds: string[];
  shiftCategoryId: number | null;
  numberOfShifts: number | null;
}

export const defaultSearch: SearchParamsValue = {
  professionId: DEFAULT_DISCIPLINE_ID,
  specialtyIds: [],
  stateIds: [],
  cityIds: [],
  shiftCategoryId: null,
  numberOfShifts: null,
};

const nums = (values: string[]) =>
  values
    .flatMap((v) => v.split(','))
    .filter((v) => /^\d+$/.test(v))
    .map(Number);

export function readSearchParams(sp: URLSearchParams, defaults: SearchParamsValue = defaultSearch): SearchParamsValue {
  const prof = sp.get('professionId') ?? sp.get('disciplineId');
  const shiftCat = sp.get('shiftCategoryId');
  const shifts = sp.get('numberOfShifts');
  return {
    professionId: prof && /^\d+$/.test(prof) ? Number(prof) : defaults.professionId,
    specialtyIds: sp.has('specialtyIds') ? nums(sp.getAll('specialtyIds')) : defaults.specialtyIds,
    stateIds: sp.has('stateIds') ? nums(sp.getAll('stateIds')) : defaults.stateIds,
    cityIds: sp.has('cityIds')
      ? sp
          .getAll('cityIds')
          .flatMap((v) => v.split(','))
          .filter((v) => /^\d+_\d+$/.test(v))
      : defaults.cityIds,
    shiftCategoryId: shiftCat && /^[123]$/.test(shiftCat) ? Number(shiftCat) : defaults.shiftCategoryId,
    numberOfShifts: shifts && /^-?\d+$/.test(shifts) ? Number(shifts) : defaults.numberOfShifts,
  };
}

const SORTS: readonly string[] = SORT_LABELS.map((s) => s.value);

/** The sort the URL asks for: 'preference' unless it names another one. */
export function readSortBy(sp: URLSearchParams): SortKey {
  const sortBy = sp.get('sortBy') ?? '';
  return (SORTS.includes(sortBy) ? sortBy : 'preference') as SortKey;
}

/**
 * The query of the search call for one page of results: the results list asks it, and the entry asks the first
 * page before the list has loaded, so both must ask the same URL (the list then takes the early answer).
 */
export function searchJobsQuery(p: SearchParamsValue, sortBy: SortKey | '', page: number) {
  return {
    disciplineId: p.professionId,
    specialtyIds: p.specialtyIds,
    stateIds: p.stateIds,
    cityIds: p.cityIds,
    shiftCategoryId: p.shiftCategoryId ?? undefined,
    numberOfShifts: p.numberOfShifts ?? undefined,
    sortBy,
    page,
  };
}

export function toSearchString(v: SearchParamsValue, extra: Record<string, string> = {}): string {
  const sp = new URLSearchParams();
  sp.set('professionId', String(v.professionId));
  for (const id of v.specialtyIds) sp.append('specialtyIds', String(id));
  for (const id of v.stateIds) sp.append('stateIds', String(id));
  for (const c of v.cityIds) sp.append('cityIds', c);
  if (v.shiftCategoryId !== null) sp.set('shiftCategoryId', String(v.shiftCategoryId));
  if (v.numberOfShifts !== null) sp.set('numberOfShifts', String(v.numberOfShifts));
  for (const [k, val] of Object.entries(extra)) if (val) sp.set(k, val);
  return sp.toString();
}

/** Active filters counted for 'Search Filters (n)'. */
export function activeFilterCount(v: SearchParamsValue): number {
  return (
    1 +
    v.specialtyIds.length +
    v.stateIds.length +
    v.cityIds.length +
    (v.shiftCategoryId !== null && v.shiftCategoryId !== 3 ? 1 : 0) +
    (v.numberOfShifts !== null && v.numberOfShifts !== -1 ? 1 : 0)
  );
}
