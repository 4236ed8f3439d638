import {
  CLOSE_RADIUS_FACTOR,
  compareJobs,
  matchJob,
  type GeoCity,
  type SearchCriteria,
  type SortKey,
} from '@hcp/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Candidate } from './repository.ts';
import { ProfessionIndex } from './search-index.ts';

/**
 * The answer a search must give, written the plain way: every job that matchJob keeps (after the bounding boxes
 * the search uses to rule out far jobs), sorted with compareJobs, then the page sliced out.
 */
function expected(jobs: Candidate[], c: SearchCriteria, stateIds: number[], cities: GeoCity[]) {
  const criteria = { ...c, stateIds, cities };
  const inBox = (j: Candidate) =>
    cities.some((city) => {
      const miles = city.radius * CLOSE_RADIUS_FACTOR + 1;
      const dLat = miles / 69;
      const dLng = miles / (69 * Math.max(0.05, Math.cos((city.lat * Math.PI) / 180)));
      return (
        j.lat! >= city.lat - dLat && j.lat! <= city.lat + dLat && j.lng! >= city.lng - dLng && j.lng! <= city.lng + dLng
      );
    });
  const hits = jobs
    .filter(
      (j) =>
        !(stateIds.length || cities.length) ||
        stateIds.includes(j.stateId) ||
        (j.lat !== null && j.lng !== null && inBox(j)),
    )
    .map((j) => ({ j, m: matchJob(j, criteria) }))
    .filter((x) => x.m !== null)
    .map(({ j, m }) => ({
      j,
      sortable: {
        jobId: j.id,
        grade: j.grade,
        grossWeeklyPay: j.grossWeeklyPay,
        shiftsPerWeek: j.shiftsPerWeek,
        allExact: m!.className === 'exact-match',
      },
    }));
  const compare = compareJobs(c.sortBy);
  hits.sort((a, b) => compare(a.sortable, b.sortable));
  const start = (c.page - 1) * c.pageSize;
  return {
    ids: hits.slice(start, start + c.pageSize).map((h) => h.j.id),
    jobCount: hits.length,
    positionCount: hits.reduce((n, h) => n + h.j.availablePositions, 0),
  };
}

const region = { lat: [29, 35], lng: [-101, -95] } as const;

const jobArb = fc.record({
  specialtyId: fc.integer({ min: 1, max: 6 }),
  shiftsPerWeek: fc.integer({ min: 3, max: 6 }),
  shiftCategory: fc.integer({ min: 1, max: 3 }),
  stateId: fc.integer({ min: 1, max: 5 }),
  geo: fc.option(
    fc.record({
      lat: fc.double({ min: region.lat[0], max: region.lat[1], noNaN: true }),
      lng: fc.double({ min: region.lng[0], max: region.lng[1], noNaN: true }),
    }),
    { freq: 6 },
  ),
  grade: fc.option(fc.integer({ min: 1, max: 12 }), { freq: 4 }),
  // Whole cents (1,500.00 to 1,500.40 a week), as pay is stored; few distinct values, so ties on pay are common.
  payCents: fc.integer({ min: 150_000, max: 150_040 }).map((c) => c - (c % 3)),
  availablePositions: fc.integer({ min: 1, max: 4 }),
});

const cityArb = fc.record({
  lat: fc.double({ min: region.lat[0], max: region.lat[1], noNaN: true }),
  lng: fc.double({ min: region.lng[0], max: region.lng[1], noNaN: true }),
  radius: fc.constantFrom(25, 50, 75, 100, 150, 200),
});

const criteriaArb = fc.record({
  specialtyIds: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 3 }).map((a) => a.sort((x, y) => x - y)),
  stateIds: fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { maxLength: 2 }),
  cities: fc.array(cityArb, { maxLength: 2 }),
  shiftCategoryId: fc.constantFrom(null, 1, 2),
  numberOfShifts: fc.constantFrom(null, 3, 4, 5),
  sortBy: fc.constantFrom<SortKey>('preference', 'pay', 'shiftsDesc', 'shiftsAsc'),
  page: fc.integer({ min: 1, max: 4 }),
  pageSize: fc.integer({ min: 1, max: 30 }),
});

type JobArb = typeof jobArb extends fc.Arbitrary<infer T> ? T : never;
type CriteriaArb = typeof criteriaArb extends fc.Arbitrary<infer T> ? T : never;

const toJob = (r: JobArb, i: number): Candidate => ({
  id: 10 + i * 3,
  professionId: 13,
  specialtyId: r.specialtyId,
  shiftsPerWeek: r.shiftsPerWeek,
  shiftCategory: r.shiftCategory,
  stateId: r.stateId,
  lat: r.geo?.lat ?? null,
  lng: r.geo?.lng ?? null,
  grade: r.grade,
  grossWeeklyPay: r.payCents / 100,
  availablePositions: r.availablePositions,
  facilityId: 1,
  shift: `${r.shiftsPerWeek}x12`,
});

function toQuery(q: CriteriaArb) {
  const cities: GeoCity[] = q.cities.map((c, k) => ({
    ...c,
    id: k + 1,
    name: `City ${k}`,
    stateAbbreviation: 'TX',
  }));
  const criteria: SearchCriteria = {
    disciplineId: 13,
    specialtyIds: q.specialtyIds,
    stateIds: q.stateIds,
    cities: cities.map((c) => ({ id: c.id, radius: c.radius })),
    shiftCategoryId: q.shiftCategoryId,
    numberOfShifts: q.numberOfShifts,
    sortBy: q.sortBy,
    page: q.page,
    pageSize: q.pageSize,
  };
  return { criteria, stateIds: q.stateIds, cities };
}

const answer = (index: ProfessionIndex, q: ReturnType<typeof toQuery>) => {
  const got = index.search(q);
  return { ids: got.jobs.map((j) => j.id), jobCount: got.jobCount, positionCount: got.positionCount };
};

describe('the search index of a profession', () => {
  it('answers every page exactly as matchJob and compareJobs would, with the same counts', () => {
    fc.assert(
      fc.property(fc.array(jobArb, { maxLength: 300 }), criteriaArb, (rows, q) => {
        const jobs = rows.map(toJob);
        const query = toQuery(q);
        const index = new ProfessionIndex(jobs);
        // Twice: the second search reuses the sort order the first one made.
        for (let round = 0; round < 2; round++)
          expect(answer(index, query)).toEqual(expected(jobs, query.criteria, query.stateIds, query.cities));
      }),
      { numRuns: 400 },
    );
  });

  it('patched in place with jobs written again, answers as an index built anew from them; refuses a move', () => {
    fc.assert(
      fc.property(
        fc.array(jobArb, { minLength: 1, maxLength: 200 }),
        fc.array(fc.tuple(fc.nat(), jobArb, fc.constantFrom('same', 'nudged', 'moved')), {
          minLength: 1,
          maxLength: 20,
        }),
        fc.array(criteriaArb, { minLength: 1, maxLength: 4 }),
        (rows, writes, queries) => {
          const jobs = rows.map(toJob);
          const index = new ProfessionIndex(jobs);
          // Searches first, so the index holds sort orders the patch may keep or drop.
          for (const q of queries) answer(index, toQuery(q));
          const next = [...jobs];
          const written = new Map<number, Candidate>();
          // Elsewhere in the same one-degree cell.
          const nudge = (x: number | null) => (x === null ? null : Math.floor(x) + ((x - Math.floor(x) + 0.37) % 1));
          for (const [at, r, place] of writes) {
            const i = at % jobs.length;
            const old = jobs[i]!;
            // Mostly the same specialty, state and cell (openings, shifts, pay or the address changed), some moves.
            const job =
              place === 'moved'
                ? toJob(r, i)
                : {
                    ...toJob(r, i),
                    specialtyId: old.specialtyId,
                    stateId: old.stateId,
                    lat: place === 'nudged' ? nudge(old.lat) : old.lat,
                    lng: place === 'nudged' ? nudge(old.lng) : old.lng,
                  };
            next[i] = job;
            written.set(job.id, job);
          }
          const patched = index.withUpdates([...written.values()]);
          const cell = (j: Candidate) => (j.lat === null ? null : `${Math.floor(j.lat)},${Math.floor(j.lng!)}`);
          const moved = [...written.values()].some((j) => {
            const old = jobs.find((o) => o.id === j.id)!;
            return old.specialtyId !== j.specialtyId || old.stateId !== j.stateId || cell(old) !== cell(j);
          });
          expect(patched === null).toBe(moved);
          if (!patched) return;
          const fresh = new ProfessionIndex(next);
          for (const q of queries) {
            const query = toQuery(q);
            expect(answer(patched, query)).toEqual(answer(fresh, query));
            expect(answer(patched, query)).toEqual(expected(next, query.criteria, query.stateIds, query.cities));
          }
          // The index it was made from still answers as before.
          for (const q of queries) {
            const query = toQuery(q);
            expect(answer(index, query)).toEqual(expected(jobs, query.criteria, query.stateIds, query.cities));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  // A radius of a mile has a haversine term of 1.6e-8: a relative hair of it is below what a dot product resolves.
  it.each([1, 50, 200])('places jobs on the very edge of a %s-mile radius as matchJob does', (radius) => {
    // Jobs a hair inside and outside a city's radius and its close-match radius (where the search falls back from
    // comparing haversine terms to the distance itself), on every bearing.
    const city = { id: 1, name: 'Dallas', stateAbbreviation: 'TX', lat: 32.7767, lng: -96.797, radius };
    const R = 3958.8;
    const toRad = Math.PI / 180;
    const at = (miles: number, bearing: number) => {
      const d = miles / R;
      const lat1 = city.lat * toRad;
      const lng1 = city.lng * toRad;
      const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing));
      const lng2 =
        lng1 +
        Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
      return { lat: lat2 / toRad, lng: lng2 / toRad };
    };
    const rows: Candidate[] = [];
    for (const edge of [city.radius, city.radius * CLOSE_RADIUS_FACTOR])
      for (let b = 0; b < 16; b++)
        for (let k = -3; k <= 3; k++) {
          const { lat, lng } = at(edge * (1 + k * 1e-12), (b * Math.PI) / 8);
          rows.push({ ...toJob(fc.sample(jobArb, { numRuns: 1, seed: rows.length })[0]!, rows.length), lat, lng });
        }
    const jobs = rows.map((j, i) => ({ ...j, id: 10 + i * 3, stateId: 9 }));
    const index = new ProfessionIndex(jobs);
    const query = toQuery({
      specialtyIds: [],
      stateIds: [],
      cities: [],
      shiftCategoryId: null,
      numberOfShifts: null,
      sortBy: 'preference',
      page: 1,
      pageSize: 1000,
    });
    const cities = [city];
    const q = { ...query, criteria: { ...query.criteria, cities: [{ id: 1, radius: city.radius }] }, cities };
    const got = answer(index, q);
    expect(got).toEqual(expected(jobs, q.criteria, [], cities));
    // Both sides of both edges are there: some jobs within the radius, some close, some left out.
    expect(got.jobCount).toBeGreaterThan(16);
    expect(got.jobCount).toBeLessThan(jobs.length);
  });

  it('refuses a job it does not hold', () => {
    const index = new ProfessionIndex([toJob(fc.sample(jobArb, 1)[0]!, 0)]);
    expect(index.withUpdates([{ ...index.jobs[0]!, id: 999 }])).toBeNull();
  });
});
