import { describe, expect, it } from 'vitest';
import {
  jsonForScript,
  applyCompactRule,
  bedCountText,
  compareJobs,
  countsHeader,
  criteriaKey,
  distanceMiles,
  isWithinStartWindow,
  matchJob,
  matchLevel,
  jobTitle,
  jobPostingJsonLd,
  type JobDetails,
  sortKeyOf,
  matchText,
  normalizeSearchQuery,
  normalizeTimeOff,
  openingsText,
  parseCityItem,
  shiftsPerWeekOf,
  showPayBreakdown,
  startDateWindow,
  traumaLevelText,
  type MatchCriteria,
  type SortableJob,
} from './jobs.ts';
import { formatPostalCode } from './format.ts';
import { specialtyLabel, groupProfessions } from './reference.ts';

const austin = { id: 1, name: 'Austin', stateAbbreviation: 'TX', lat: 30.2672, lng: -97.7431, radius: 100 };
const base: MatchCriteria = {
  disciplineId: 13,
  specialtyIds: [],
  stateIds: [],
  cities: [],
  shiftCategoryId: null,
  numberOfShifts: null,
};
const job = {
  professionId: 13,
  specialtyId: 5,
  shiftsPerWeek: 3,
  shiftCategory: 1,
  stateId: 44,
  lat: 30.2672,
  lng: -97.7431,
};

describe('matching', () => {
  it('no filters: everything of the profession is an exact match', () => {
    const m = matchJob(job, base)!;
    expect(m.displayText).toBe('Exact Match!');
    expect([m.specialty, m.shiftsPerWeek, m.location, m.discipline]).toEqual([
      'ExactMatch',
      'ExactMatch',
      'ExactMatch',
      'ExactMatch',
    ]);
    expect(m.milesFromNearestLocation).toBeNull();
  });
  it('another discipline never matches', () => {
    expect(matchJob({ ...job, professionId: 14 }, base)).toBeNull();
  });
  it('specialty filter is exact', () => {
    expect(matchJob(job, { ...base, specialtyIds: [5, 6] })!.specialty).toBe('ExactMatch');
    expect(matchJob(job, { ...base, specialtyIds: [6] })).toBeNull();
  });
  it('shifts per week: the same number is exact, any other close (never out of the results)', () => {
    expect(matchJob(job, { ...base, numberOfShifts: 3 })!.shiftsPerWeek).toBe('ExactMatch');
    const close = matchJob(job, { ...base, numberOfShifts: 4 })!;
    expect(close.shiftsPerWeek).toBe('CloseMatch');
    expect(close.displayText).toBe('Close Match');
    expect(matchJob(job, { ...base, numberOfShifts: 5 })!.shiftsPerWeek).toBe('CloseMatch');
    expect(matchLevel(job, { ...base, numberOfShifts: 5 })).toBe(1);
  });
  it('preferred shift filters the other category; either-category jobs fit both', () => {
    expect(matchJob(job, { ...base, shiftCategoryId: 2 })).toBeNull();
    expect(matchJob({ ...job, shiftCategory: 3 }, { ...base, shiftCategoryId: 2 })).not.toBeNull();
    expect(matchJob(job, { ...base, shiftCategoryId: 1 })).not.toBeNull();
  });
  it('a chosen state is an exact location match', () => {
    const m = matchJob(job, { ...base, stateIds: [44] })!;
    expect(m.location).toBe('ExactMatch');
    expect(matchJob(job, { ...base, stateIds: [5] })).toBeNull();
  });
  it('cities: within radius exact, within 1.5x close, beyond out; nearest city reported', () => {
    // San Antonio is about 74 miles from Austin.
    const sa = { ...job, lat: 29.4241, lng: -98.4936 };
    const d = distanceMiles(austin.lat, austin.lng, sa.lat, sa.lng);
    expect(d).toBeGreaterThan(70);
    expect(d).toBeLessThan(80);
    const exact = matchJob(sa, { ...base, cities: [austin] })!;
    expect(exact.location).toBe('ExactMatch');
    expect(exact.nearestLocation).toBe('Austin, TX');
    expect(exact.milesFromNearestLocation).toBeCloseTo(d, 0);
    expect(matchJob(sa, { ...base, cities: [{ ...austin, radius: 50 }] })!.location).toBe('CloseMatch');
    expect(matchJob(sa, { ...base, cities: [{ ...austin, radius: 25 }] })).toBeNull();
    const dallas = { id: 2, name: 'Dallas', stateAbbreviation: 'TX', lat: 32.7767, lng: -96.797, radius: 25 };
    expect(matchJob(sa, { ...base, cities: [dallas, austin] })!.nearestLocation).toBe('Austin, TX');
  });
  it('match text', () => {
    const m = {
      specialty: 'ExactMatch',
      shiftsPerWeek: 'ExactMatch',
      location: 'CloseMatch',
      discipline: 'ExactMatch',
    } as const;
    expect(matchText(m)).toBe('Close Match');
    expect(matchText({ ...m, location: 'ExactMatch' })).toBe('Exact Match!');
  });
});

describe('sorting', () => {
  const j = (jobId: number, allExact: boolean, grade: number | null, pay: number, shifts = 3): SortableJob => ({
    jobId,
    allExact,
    grade,
    grossWeeklyPay: pay,
    shiftsPerWeek: shifts,
  });
  it('preference: all exact first, then grade (missing = 99), then pay desc', () => {
    const list = [
      j(1, false, 1, 5000),
      j(2, true, null, 9000),
      j(3, true, 2, 1000),
      j(4, true, 2, 3000),
      j(5, true, 5, 100),
    ];
    expect(list.sort(compareJobs('preference')).map((x) => x.jobId)).toEqual([4, 3, 5, 2, 1]);
  });
  it('pay and shifts sorts', () => {
    const list = [j(1, true, 1, 1000, 3), j(2, true, 1, 2000, 5), j(3, true, 1, 3000, 3), j(4, true, 1, 500, 4)];
    expect([...list].sort(compareJobs('pay')).map((x) => x.jobId)).toEqual([3, 2, 1, 4]);
    expect([...list].sort(compareJobs('shiftsDesc')).map((x) => x.jobId)).toEqual([2, 4, 3, 1]);
    expect([...list].sort(compareJobs('shiftsAsc')).map((x) => x.jobId)).toEqual([3, 1, 4, 2]);
  });
});

describe('query normalisation', () => {
  it('defaults discipline to 13 and ignores malformed items', () => {
    const c = normalizeSearchQuery({
      specialtyIds: ['5', 'x', '5', '-1', '3'],
      cityIds: ['12_100', 'bad', '7', '9_25', '4_abc'],
    });
    expect(c.disciplineId).toBe(13);
    expect(c.specialtyIds).toEqual([3, 5]);
    expect(c.cities).toEqual([
      { id: 9, radius: 25 },
      { id: 12, radius: 100 },
    ]);
    expect(c.shiftCategoryId).toBeNull();
    expect(c.numberOfShifts).toBeNull();
  });
  it('empty parameters mean no filter; -1 shifts and Either are no filter', () => {
    const c = normalizeSearchQuery({ disciplineId: '', specialtyIds: '', numberOfShifts: '-1', shiftCategoryId: '3' });
    expect(c).toMatchObject({ disciplineId: 13, specialtyIds: [], numberOfShifts: null, shiftCategoryId: null });
  });
  it('same filters in another order share a cache key; lists are capped', () => {
    const a = normalizeSearchQuery({ specialtyIds: ['2', '1'], stateIds: '4' });
    const b = normalizeSearchQuery({ specialtyIds: ['1', '2'], stateIds: ['4'] });
    expect(criteriaKey(a)).toBe(criteriaKey(b));
    const many = normalizeSearchQuery({ specialtyIds: Array.from({ length: 1000 }, (_, i) => String(i + 1)) });
    expect(many.specialtyIds.length).toBe(200);
  });
  it('city items', () => {
    expect(parseCityItem('10_100')).toEqual({ id: 10, radius: 100 });
    expect(parseCityItem('10')).toBeNull();
    expect(parseCityItem('10_0')).toBeNull();
    expect(parseCityItem("1_1'; drop table jobs")).toBeNull();
  });
});

describe('labels and display rules', () => {
  it('specialty label', () => {
    expect(specialtyLabel({ name: 'Intensive Care Unit', abbreviation: 'ICU' })).toBe('Intensive Care Unit - ICU');
    expect(specialtyLabel({ name: 'ICU', abbreviation: 'ICU' })).toBe('ICU');
    expect(specialtyLabel({ name: 'Telemetry', abbreviation: '' })).toBe('Telemetry');
  });
  it('job title: the specialty alone where it already names the profession', () => {
    expect(jobTitle('Registered Nurse', 'Intensive Care Unit')).toBe('Registered Nurse - Intensive Care Unit');
    expect(jobTitle('Surgical Technologist', 'Surgical Technologist')).toBe('Surgical Technologist');
    expect(jobTitle('Physical Therapist', 'Physical Therapist - Acute Care')).toBe('Physical Therapist - Acute Care');
    expect(jobTitle('Physical Therapist', 'physical therapist')).toBe('physical therapist');
    expect(jobTitle('Paramedic', '')).toBe('Paramedic');
  });
  it('a closed job has no JobPosting markup', () => {
    expect(jobPostingJsonLd({ isAvailable: false } as JobDetails, { name: 'A', url: 'https://a.example' }, '')).toBe(
      null,
    );
  });
  it('profession groups', () => {
    const g = groupProfessions([
      { name: 'B', webOrder: 2 },
      { name: 'A', webOrder: null },
      { name: 'C', webOrder: 1 },
    ]);
    expect(g.mostCommon.map((p) => p.name)).toEqual(['C', 'B']);
    expect(g.all.map((p) => p.name)).toEqual(['A']);
  });
  it('counts, beds, trauma, openings, shifts', () => {
    expect(countsHeader(1, 1)).toBe('1 Unique Job (1 Total Opening)');
    expect(countsHeader(12, 30)).toBe('12 Unique Jobs (30 Total Openings)');
    expect(bedCountText(1)).toBe('1 Bed');
    expect(bedCountText(250)).toBe('250 Beds');
    expect(bedCountText(null)).toBe('Not Available');
    expect(traumaLevelText(2)).toBe('Level 2');
    expect(traumaLevelText(null)).toBe('Not Available');
    expect(openingsText(1)).toBe('1 Opening');
    expect(openingsText(3)).toBe('3 Openings');
    expect(shiftsPerWeekOf('4x10')).toBe(4);
    expect(showPayBreakdown('3x12')).toBe(true);
    expect(showPayBreakdown('3x12, 1x8')).toBe(false);
  });
  it('postal codes', () => {
    expect(formatPostalCode('K1A0B1')).toBe('K1A 0B1');
    expect(formatPostalCode('787011234')).toBe('78701-1234');
    expect(formatPostalCode('78701')).toBe('78701');
  });
  it('all compact states rule', () => {
    const compact = [1, 2, 3];
    expect(applyCompactRule([], ['compact'], compact)).toEqual(['compact', 'state-1', 'state-2', 'state-3']);
    expect(
      applyCompactRule(
        ['compact', 'state-1', 'state-2', 'state-3', 'city-9'],
        ['state-1', 'state-2', 'state-3', 'city-9'],
        compact,
      ),
    ).toEqual(['city-9']);
    expect(applyCompactRule(['state-1', 'state-2'], ['state-1', 'state-2', 'state-3'], compact)).toEqual([
      'compact',
      'state-1',
      'state-2',
      'state-3',
    ]);
    expect(
      applyCompactRule(['compact', 'state-1', 'state-2', 'state-3'], ['compact', 'state-1', 'state-3'], compact),
    ).toEqual(['state-1', 'state-3']);
  });
});

describe('start date window and time off', () => {
  it('window +14..+70', () => {
    expect(startDateWindow('2026-01-01')).toEqual({ min: '2026-01-15', max: '2026-03-12', defaultDate: '2026-01-15' });
    expect(isWithinStartWindow('2026-01-14', '2026-01-01')).toBe(false);
    expect(isWithinStartWindow('2026-01-15', '2026-01-01')).toBe(true);
    expect(isWithinStartWindow('2026-03-12', '2026-01-01')).toBe(true);
    expect(isWithinStartWindow('2026-03-13', '2026-01-01')).toBe(false);
  });
  it("window stretched to the job's own start date, never to today or before", () => {
    const today = '2026-01-01';
    expect(startDateWindow(today, '2026-01-05T00:00:00')).toEqual({
      min: '2026-01-05',
      max: '2026-03-12',
      defaultDate: '2026-01-15',
    });
    expect(startDateWindow(today, '2026-04-01').max).toBe('2026-04-01');
    expect(startDateWindow(today, '2026-02-01')).toEqual(startDateWindow(today));
    expect(startDateWindow(today, '2026-01-01').min).toBe('2026-01-15');
    expect(startDateWindow(today, '2025-12-20').min).toBe('2026-01-15');
    expect(isWithinStartWindow('2026-01-05', today, '2026-01-05')).toBe(true);
    expect(isWithinStartWindow('2026-01-04', today, '2026-01-05')).toBe(false);
  });
  it('time off: empty rows dropped, To-only moved to From', () => {
    expect(
      normalizeTimeOff([
        { fromDate: null, toDate: null },
        { fromDate: null, toDate: '2026-02-02' },
        { fromDate: '2026-02-05', toDate: '2026-02-07' },
      ]),
    ).toEqual([
      { fromDate: '2026-02-02', toDate: null },
      { fromDate: '2026-02-05', toDate: '2026-02-07' },
    ]);
  });
});

describe('fast paths agree with the reference rules', () => {
  const rnd = (() => {
    let s = 12345;
    return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  })();
  it('matchLevel decides like matchJob', () => {
    const cities = [austin, { id: 2, name: 'Dallas', stateAbbreviation: 'TX', lat: 32.7767, lng: -96.797, radius: 50 }];
    for (let i = 0; i < 5000; i++) {
      const jobX = {
        professionId: rnd() < 0.8 ? 13 : 14,
        specialtyId: 1 + Math.floor(rnd() * 4),
        shiftsPerWeek: 2 + Math.floor(rnd() * 5),
        shiftCategory: 1 + Math.floor(rnd() * 3),
        stateId: 40 + Math.floor(rnd() * 6),
        lat: rnd() < 0.05 ? null : 28 + rnd() * 7,
        lng: -100 + rnd() * 6,
      };
      const c: MatchCriteria = {
        disciplineId: 13,
        specialtyIds: rnd() < 0.5 ? [] : [1, 2],
        stateIds: rnd() < 0.5 ? [] : [44],
        cities: rnd() < 0.5 ? [] : cities.slice(0, 1 + Math.floor(rnd() * 2)),
        shiftCategoryId: [null, 1, 2][Math.floor(rnd() * 3)] ?? null,
        numberOfShifts: rnd() < 0.5 ? null : 3 + Math.floor(rnd() * 3),
      };
      const m = matchJob(jobX, c);
      const level = matchLevel(jobX, c);
      expect(level).toBe(m === null ? -1 : m.displayText === 'Close Match' ? 1 : 0);
    }
  });
  it('sortKeyOf with id order gives compareJobs order', () => {
    const list: SortableJob[] = Array.from({ length: 400 }, (_, i) => ({
      jobId: i + 1,
      allExact: rnd() < 0.6,
      grade: rnd() < 0.2 ? null : 1 + Math.floor(rnd() * 5),
      grossWeeklyPay: 1500 + Math.floor(rnd() * 10) * 100 + Math.floor(rnd() * 100) / 100,
      shiftsPerWeek: 3 + Math.floor(rnd() * 3),
    }));
    for (const sort of ['preference', 'pay', 'shiftsDesc', 'shiftsAsc'] as const) {
      const byRule = [...list].sort(compareJobs(sort)).map((j) => j.jobId);
      const byKey = [...list]
        .sort((a, b) => sortKeyOf(sort, a) - sortKeyOf(sort, b) || a.jobId - b.jobId)
        .map((j) => j.jobId);
      expect(byKey).toEqual(byRule);
    }
  });
});

describe('JSON-LD in the page', () => {
  it('cannot close its script element or inject markup, and parses back to the same value', () => {
    const value = { description: '</script><script>alert(1)</script><!-- \u2028 \u2029', name: 'ICU & "Step-down"' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/<\/?script|<!--/i);
    expect(text).not.toContain('<');
    expect(text).not.toContain('\u2028');
    expect(JSON.parse(text)).toEqual(value);
  });
});
