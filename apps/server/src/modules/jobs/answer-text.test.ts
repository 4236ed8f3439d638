import { jobResultsSchema, matchJob, type GeoCity, type JobCard, type SearchCriteria } from '@hcp/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchAnswerText, type FacilityCard } from './answer-text.ts';
import type { Candidate } from './repository.ts';

/** The answer as the service made it before: card objects, then JSON.stringify of the whole. */
function answerObject(
  page: Candidate[],
  profession: string,
  specialties: Map<number, string>,
  facilities: Map<number, FacilityCard>,
  criteria: SearchCriteria & { cities: GeoCity[] },
  counts: { jobCount: number; positionCount: number },
) {
  const jobList: JobCard[] = page.map((j) => {
    const f = facilities.get(j.facilityId);
    return {
      jobId: j.id,
      profession,
      specialty: specialties.get(j.specialtyId) ?? '',
      hospitalName: f?.name ?? '',
      hospitalCity: f?.city ?? '',
      hospitalState: f?.state ?? '',
      shift: j.shift,
      shiftCategory: j.shiftCategory,
      grade: j.grade,
      grossWeeklyPay: j.grossWeeklyPay,
      availablePositions: j.availablePositions,
      isAvailable: true,
      matchTypes: matchJob(j, criteria),
    };
  });
  return { jobList, ...counts, page: criteria.page, pageSize: criteria.pageSize };
}

// Names with what JSON must escape: quotes, backslashes, control characters, lone surrogates, non-Latin text.
const textArb = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('', 'O"Hare \\ Memorial', 'Line\nbreak\t', '\ud800 lone', 'Saint-Étienne', '東京'),
);

/** A page's job, but for its id. */
const jobArb = fc
  .record({
    specialtyId: fc.integer({ min: 1, max: 6 }),
    shiftsPerWeek: fc.integer({ min: 3, max: 6 }),
    shiftCategory: fc.integer({ min: 1, max: 3 }),
    stateId: fc.integer({ min: 1, max: 4 }),
    geo: fc.option(
      fc.record({
        lat: fc.double({ min: 29, max: 35, noNaN: true }),
        lng: fc.double({ min: -101, max: -95, noNaN: true }),
      }),
    ),
    grade: fc.option(fc.integer({ min: 1, max: 12 })),
    grossWeeklyPay: fc.oneof(fc.integer({ min: 0, max: 9_000 }), fc.double({ min: 0, max: 9_000, noNaN: true })),
    availablePositions: fc.integer({ min: 0, max: 40 }),
    facilityId: fc.integer({ min: 1, max: 5 }),
    shift: textArb,
  })
  .map(({ geo, ...job }): Omit<Candidate, 'id'> => ({
    ...job,
    professionId: 13,
    lat: geo?.lat ?? null,
    lng: geo?.lng ?? null,
  }));

const scenarioArb = fc.record({
  jobs: fc.array(jobArb, { maxLength: 25 }),
  profession: textArb,
  // Ids 1-5: facility 5 and specialty 6 are left out of the maps (a card then shows empty names).
  specialtyNames: fc.array(textArb, { minLength: 5, maxLength: 5 }),
  facilities: fc.array(fc.record({ name: textArb, city: textArb, state: textArb }), { minLength: 4, maxLength: 4 }),
  stateIds: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 2 }),
  cities: fc.array(
    fc.record({
      lat: fc.double({ min: 29, max: 35, noNaN: true }),
      lng: fc.double({ min: -101, max: -95, noNaN: true }),
      radius: fc.constantFrom(25, 100, 200),
      name: textArb,
      stateAbbreviation: textArb,
    }),
    { maxLength: 2 },
  ),
  numberOfShifts: fc.constantFrom(null, 3, 4),
  page: fc.integer({ min: 1, max: 3 }),
  pageSize: fc.integer({ min: 1, max: 100 }),
  jobCount: fc.nat(),
  positionCount: fc.nat(),
});

describe('search answer text', () => {
  it('is the text JSON.stringify makes of the answer object, for any names, numbers and matches', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const page: Candidate[] = s.jobs.map((job, i) => ({ id: 100 + i, ...job }));
        const specialties = new Map(s.specialtyNames.map((name, k) => [k + 1, name]));
        const facilities = new Map(s.facilities.map((f, k) => [k + 1, f]));
        // Cities here, a search would only send jobs that match; a job that matches nothing shows a null match.
        const criteria = {
          disciplineId: 13,
          specialtyIds: [],
          stateIds: s.stateIds,
          cities: s.cities.map((c, k) => ({ ...c, id: k + 1 })),
          shiftCategoryId: null,
          numberOfShifts: s.numberOfShifts,
          sortBy: 'preference' as const,
          page: s.page,
          pageSize: s.pageSize,
        };
        const counts = { jobCount: s.jobCount, positionCount: s.positionCount };
        const text = searchAnswerText(
          page,
          { profession: s.profession, specialties, facilities, match: (j) => matchJob(j, criteria) },
          { ...counts, page: s.page, pageSize: s.pageSize },
        );
        const object = answerObject(page, s.profession, specialties, facilities, criteria, counts);
        expect(text).toBe(JSON.stringify(object));
      }),
      { numRuns: 400 },
    );
  });

  it('is a valid answer of the endpoint (every card with its match)', () => {
    const job: Candidate = {
      id: 7,
      professionId: 13,
      specialtyId: 2,
      shiftsPerWeek: 3,
      shiftCategory: 1,
      stateId: 1,
      lat: 30,
      lng: -97,
      grade: null,
      grossWeeklyPay: 2_345.67,
      availablePositions: 2,
      facilityId: 1,
      shift: '3x12 Days',
    };
    const criteria = {
      disciplineId: 13,
      specialtyIds: [2],
      stateIds: [],
      cities: [{ id: 1, name: 'Austin', stateAbbreviation: 'TX', lat: 30.27, lng: -97.74, radius: 50 }],
      shiftCategoryId: null,
      numberOfShifts: 4,
      sortBy: 'preference' as const,
      page: 1,
      pageSize: 20,
    };
    const text = searchAnswerText(
      [job],
      {
        profession: 'Registered Nurse',
        specialties: new Map([[2, 'ICU']]),
        facilities: new Map([[1, { name: 'St. David’s', city: 'Austin', state: 'TX' }]]),
        match: (j) => matchJob(j, criteria),
      },
      { jobCount: 1, positionCount: 2, page: 1, pageSize: 20 },
    );
    const answer = jobResultsSchema.parse(JSON.parse(text));
    expect(answer.jobList[0]).toMatchObject({
      jobId: 7,
      specialty: 'ICU',
      hospitalName: 'St. David’s',
      grossWeeklyPay: 2_345.67,
      matchTypes: { className: 'close-match', shiftsPerWeek: 'CloseMatch', nearestLocation: 'Austin, TX' },
    });
  });
});
