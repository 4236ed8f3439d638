import { describe, expect, it } from 'vitest';
import {
  STEP,
  applicationSectionCount,
  applicationSections,
  applicationStepMap,
  canonicalStepName,
  completedSectionCount,
  identificationSubmits,
  isStepReachable,
  nextApplicationStep,
  requiredStepsForSubmission,
  sectionOf,
  stepAfter,
} from './application-steps.ts';
import {
  backgroundProblems,
  emptyBackgroundAnswers,
  employmentGaps,
  employmentProblems,
  employmentRecordToForm,
  isAddressComplete,
  isCertificationComplete,
  isLicenseComplete,
  isUnitedStates,
  isValidDateOfBirth,
  isValidSsn,
  normalizeBackground,
  parseDegreeDate,
  referenceProblems,
  sortEmploymentRecords,
  sortEmrSystems,
  emrSystems,
  type BackgroundAnswers,
  type EmploymentForm,
} from './application.ts';
import { formatPostalCode } from './format.ts';

const combos = [
  { skillsChecklist: false, termsFirst: false },
  { skillsChecklist: false, termsFirst: true },
  { skillsChecklist: true, termsFirst: false },
  { skillsChecklist: true, termsFirst: true },
];
const paths = (f: (typeof combos)[number]) => applicationStepMap(f).map((s) => s.path);

describe('step map', () => {
  it('orders the steps for all four flag combinations', () => {
    const core = [
      '/background-questions',
      '/permanent-address',
      '/license-info',
      '/education-info',
      '/employment-history',
      '/references',
      '/certifications',
    ];
    expect(paths(combos[0]!)).toEqual(['/apply-now', ...core, '/identification-info', '/terms-and-conditions']);
    expect(paths(combos[1]!)).toEqual(['/apply-now', '/application-documents', ...core, '/identification-info']);
    expect(paths(combos[2]!)).toEqual([
      '/apply-now',
      ...core,
      '/skills-checklist',
      '/skills-checklist-summary',
      '/identification-info',
      '/terms-and-conditions',
    ]);
    expect(paths(combos[3]!)).toEqual([
      '/apply-now',
      '/application-documents',
      ...core,
      '/skills-checklist',
      '/skills-checklist-summary',
      '/identification-info',
    ]);
  });

  it('numbers every step page "Section N of M" in all four flag combinations, from 1 to M without gaps', () => {
    for (const f of combos) {
      const pages = applicationStepMap(f).filter((s) => s.path !== '/apply-now');
      const numbers = pages.map((s) => sectionOf(s.path, f));
      expect(
        numbers.every((n) => n !== null && n.count === applicationSectionCount(f)),
        JSON.stringify(f),
      ).toBe(true);
      expect([...new Set(numbers.map((n) => n!.number))], JSON.stringify(f)).toEqual(
        Array.from({ length: applicationSectionCount(f) }, (_, i) => i + 1),
      );
    }
    // Terms first: the documents are section 1; the skills checklist and its summary share one number.
    expect(sectionOf('/application-documents', combos[3]!)).toEqual({ number: 1, count: 10 });
    expect(sectionOf('/skills-checklist', combos[3]!)).toEqual(sectionOf('/skills-checklist-summary', combos[3]!));
    expect(sectionOf('/terms-and-conditions', combos[0]!)).toEqual({ number: 9, count: 9 });
    expect(sectionOf('/apply-now', combos[0]!)).toBeNull();
  });

  it('lists the sections for the overview: the skills section starts at the checklist and is reviewed at its summary', () => {
    const list = applicationSections(combos[3]!);
    expect(list.map((s) => s.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(list[0]).toMatchObject({ title: 'Application Documents', path: '/application-documents' });
    expect(list.find((s) => s.stepName === STEP.skillsChecklistSummary)).toMatchObject({
      title: 'Skills Checklist',
      path: '/skills-checklist',
      reviewPath: '/skills-checklist-summary',
    });
    expect(
      applicationSections(combos[0]!)
        .map((s) => s.title)
        .at(-1),
    ).toBe('Terms and Conditions');
  });

  it('counts 9 sections, 10 with the skills checklist', () => {
    expect(combos.map(applicationSectionCount)).toEqual([9, 9, 10, 10]);
  });

  it('guards: reachable when earlier blocking steps are complete or when already complete', () => {
    for (const f of combos) {
      const map = applicationStepMap(f);
      expect(isStepReachable('/apply-now', [], f)).toBe(true);
      expect(isStepReachable('/background-questions', [], f)).toBe(false);
      const done: string[] = [];
      for (const s of map) {
        expect(isStepReachable(s.path, done, f), s.path).toBe(true);
        expect(nextApplicationStep(done, f)?.path).toBe(s.path);
        done.push(s.stepName);
      }
      expect(nextApplicationStep(done, f)).toBeNull();
      expect(completedSectionCount(done, f)).toBe(applicationSectionCount(f));
    }
    // already complete stays reachable
    expect(isStepReachable('/references', [STEP.references], combos[0]!)).toBe(true);
    // flag-disabled routes are never reachable
    expect(isStepReachable('/skills-checklist', [STEP.started], combos[0]!)).toBe(false);
    expect(isStepReachable('/application-documents', [], combos[0]!)).toBe(false);
    expect(isStepReachable('/terms-and-conditions', [], combos[1]!)).toBe(false);
  });

  it('lets Application Documents be skipped for now without blocking later steps', () => {
    const f = combos[1]!;
    expect(isStepReachable('/background-questions', [STEP.started], f)).toBe(true);
    expect(nextApplicationStep([STEP.started], f)?.path).toBe('/application-documents');
    const allButDocs = requiredStepsForSubmission(f).filter((s) => s !== STEP.applicationDocuments);
    expect(identificationSubmits([STEP.started, ...allButDocs], f)).toBe(false);
    expect(stepAfter('/identification-info', [STEP.started, ...allButDocs], f)?.path).toBe('/application-documents');
    expect(identificationSubmits([STEP.applicationDocuments], f)).toBe(true);
    expect(identificationSubmits([STEP.applicationDocuments], combos[0]!)).toBe(false);
  });

  it('requires the right steps for submission', () => {
    expect(requiredStepsForSubmission(combos[0]!)).not.toContain(STEP.terms);
    expect(requiredStepsForSubmission(combos[1]!)).toContain(STEP.applicationDocuments);
    expect(requiredStepsForSubmission(combos[2]!)).toContain(STEP.skillsChecklistSummary);
    expect(requiredStepsForSubmission(combos[3]!)).not.toContain(STEP.started);
  });

  it('recognises step names with underscores', () => {
    expect(canonicalStepName('Skills_Checklist_Summary')).toBe(STEP.skillsChecklistSummary);
    expect(canonicalStepName('employment')).toBe(STEP.employment);
    expect(canonicalStepName('nope')).toBeNull();
  });
});

describe('background rules', () => {
  const full: BackgroundAnswers = {
    ...emptyBackgroundAnswers,
    isUsCitizen: true,
    hasMilitaryService: false,
    isCaliforniaResident: false,
    liabilityAction: false,
    licenseSuspended: false,
    canPerformTravelerTasks: false,
    convicted: false,
    hasHadMisconductActivity: false,
    isBilingual: false,
  };
  it('requires Q1, Q3-Q7, Q10 and Q8/Q9 unless California resident', () => {
    expect(backgroundProblems(full)).toEqual([]);
    expect(backgroundProblems(emptyBackgroundAnswers).length).toBeGreaterThan(5);
    expect(backgroundProblems({ ...full, convicted: null })).toEqual(['convicted']);
    expect(
      backgroundProblems({ ...full, isCaliforniaResident: true, convicted: null, hasHadMisconductActivity: null }),
    ).toEqual([]);
  });
  it('asks Q2 only when Q1 is No and needs it Yes', () => {
    expect(backgroundProblems({ ...full, isUsCitizen: false })).toEqual(['isAuthorizedToWorkInUs']);
    expect(backgroundProblems({ ...full, isUsCitizen: false, isAuthorizedToWorkInUs: false })).toEqual([
      'isAuthorizedToWorkInUs',
    ]);
    expect(backgroundProblems({ ...full, isUsCitizen: false, isAuthorizedToWorkInUs: true })).toEqual([]);
    expect(normalizeBackground({ ...full, isAuthorizedToWorkInUs: true }).isAuthorizedToWorkInUs).toBeNull();
  });
  it('needs a military start date (end optional, not before start)', () => {
    expect(backgroundProblems({ ...full, hasMilitaryService: true })).toEqual(['militaryStartDate']);
    expect(backgroundProblems({ ...full, hasMilitaryService: true, militaryStartDate: '2010-01-01' })).toEqual([]);
    expect(
      backgroundProblems({
        ...full,
        hasMilitaryService: true,
        militaryStartDate: '2010-01-01',
        militaryEndDate: '2009-01-01',
      }),
    ).toEqual(['militaryEndDate']);
  });
});

describe('address, license, education, identification, certification rules', () => {
  it('recognises the US names and completes US/Canada addresses', () => {
    expect(['United States', 'USA', 'US', 'u.s.a.'].every(isUnitedStates)).toBe(true);
    const base = {
      streetAddress: '1 Main',
      city: 'Austin',
      state: null,
      zipCode: null,
      province: null,
      postalCode: null,
    };
    expect(isAddressComplete({ ...base, country: 'USA', state: 'Texas', zipCode: '78701' })).toBe(true);
    expect(isAddressComplete({ ...base, country: 'USA', state: 'Texas', zipCode: '787' })).toBe(false);
    expect(isAddressComplete({ ...base, country: 'Canada', province: 'Ontario', postalCode: 'K1A0B1' })).toBe(true);
    expect(isAddressComplete({ ...base, country: 'Canada', province: 'Ontario', postalCode: null })).toBe(false);
    expect(isAddressComplete({ ...base, country: 'Mexico' })).toBe(false);
    expect(formatPostalCode('k1a0b1')).toBe('K1A 0B1');
  });
  it('needs every license field unless there is no license', () => {
    expect(
      isLicenseComplete({
        hasLicense: false,
        stateId: null,
        nursysLicenseType: null,
        licenseNumber: null,
        nameOnLicense: null,
        isCompact: null,
      }),
    ).toBe(true);
    expect(
      isLicenseComplete({
        hasLicense: true,
        stateId: 1,
        nursysLicenseType: 'RN',
        licenseNumber: '1',
        nameOnLicense: 'A',
        isCompact: null,
      }),
    ).toBe(false);
    expect(
      isLicenseComplete({
        hasLicense: true,
        stateId: 1,
        nursysLicenseType: 'RN',
        licenseNumber: '1',
        nameOnLicense: 'A',
        isCompact: false,
      }),
    ).toBe(true);
  });
  it('parses MM/YYYY with the 1850..current+20 rule', () => {
    const now = new Date(2026, 0, 1);
    expect(parseDegreeDate('5/2015', now)).toEqual({ month: 5, year: 2015 });
    expect(parseDegreeDate('12/1850', now)).toEqual({ month: 12, year: 1850 });
    expect(parseDegreeDate('01/2046', now)).toEqual({ month: 1, year: 2046 });
    for (const bad of ['01/2047', '01/1849', '13/2000', '00/2000', '123/2000', '1/99', 'ab/2000'])
      expect(parseDegreeDate(bad, now), bad).toBeNull();
  });
  it('validates SSN and date of birth', () => {
    expect(isValidSsn('123456789')).toBe(true);
    expect(isValidSsn('12345678a')).toBe(false);
    expect(isValidSsn('12345678')).toBe(false);
    expect(isValidSsn('000000000')).toBe(false);
    expect(isValidDateOfBirth('1990-01-01', '2026-01-01')).toBe(true);
    expect(isValidDateOfBirth('2026-01-01', '2026-01-01')).toBe(false);
    expect(isValidDateOfBirth('1990-02-30', '2026-01-01')).toBe(false);
  });
  it('needs a type and an expiration date when the type has one', () => {
    expect(isCertificationComplete({ certificationTypeId: 1, expirationDate: null })).toBe(false);
    expect(isCertificationComplete({ certificationTypeId: 1, expirationDate: '2030-01-01' })).toBe(true);
    expect(isCertificationComplete({ certificationTypeId: 15, expirationDate: null })).toBe(true);
    expect(isCertificationComplete({ certificationTypeId: null, expirationDate: null })).toBe(false);
  });
});

describe('employment rules', () => {
  const now = new Date(2026, 5, 1);
  const form: EmploymentForm = {
    ...employmentRecordToForm(null),
    employmentTypeId: 1,
    facilityName: 'General',
    city: 'Austin',
    stateId: 44,
    startMonth: 1,
    startYear: 2020,
    endMonth: 2,
    endYear: 2022,
    professionId: 13,
    specialties: [1],
    emrs: [1],
    answerIsFloat: false,
  };
  it('accepts a complete standard record and lists what is missing', () => {
    expect(employmentProblems(form, [1, 2], now)).toEqual([]);
    expect(employmentProblems({ ...form, emrs: [] }, [1], now)).toEqual(['emrs']);
    expect(employmentProblems({ ...form, specialties: [], answerIsFloat: null }, [1], now)).toEqual([
      'specialties',
      'answerIsFloat',
    ]);
    expect(employmentProblems({ ...form, specialties: [], answerIsFloat: null }, [], now)).toEqual([]);
    expect(employmentProblems({ ...form, answerIsFloat: true }, [1], now)).toEqual(['unitsFloated']);
    expect(employmentProblems({ ...form, employmentTypeId: 2 }, [1], now)).toEqual(['agencyName']);
    expect(employmentProblems({ ...form, endMonth: null, endYear: null }, [1], now)).toEqual(['endMonth', 'endYear']);
    expect(employmentProblems({ ...form, endMonth: null, endYear: null, iStillWorkHere: true }, [1], now)).toEqual([]);
    expect(employmentProblems({ ...form, endYear: 2019 }, [1], now)).toEqual(['endDate']);
    expect(employmentProblems({ ...form, employmentTypeId: 3, shiftPerMonth: '1a' }, [1], now)).toEqual([
      'shiftPerMonth',
    ]);
  });
  it('type 5 needs only dates; type 4 facility and dates', () => {
    const blank = { ...employmentRecordToForm(null), startMonth: 1, startYear: 2021, iStillWorkHere: true };
    expect(employmentProblems({ ...blank, employmentTypeId: 5 }, [], now)).toEqual([]);
    expect(employmentProblems({ ...blank, employmentTypeId: 4 }, [], now)).toEqual(['facilityName']);
    expect(employmentProblems({ ...blank, employmentTypeId: 4, facilityName: 'Cafe' }, [], now)).toEqual([]);
  });
  it('orders unsaved first, then newest', () => {
    const r = (id: number | null, sy: number, ey: number | null) => ({
      employmentHistoryId: id,
      startYear: sy,
      startMonth: 1,
      endYear: ey,
      endMonth: ey ? 1 : null,
    });
    const sorted = sortEmploymentRecords([
      r(1, 2010, 2012),
      r(2, 2020, null),
      r(null, 2000, null),
      r(3, 2013, 2019),
      r(4, 2022, null),
    ]);
    expect(sorted.map((x) => x.employmentHistoryId)).toEqual([null, 4, 2, 3, 1]);
  });
  it('sorts EMR systems popular first, then alphabetically', () => {
    const s = sortEmrSystems(emrSystems);
    expect(s.slice(0, 3).every((e) => e.isPopular)).toBe(true);
    expect(s[3]!.name).toBe('Allscripts');
  });
});

describe('reference rules', () => {
  const ok = {
    historyId: 1,
    firstName: 'A',
    lastName: 'B',
    title: 'Manager',
    phoneNumber: '5125550100',
    phoneType: 'Mobile' as const,
    email: '',
  };
  it('requires every field but email and checks phone and email', () => {
    expect(referenceProblems(ok)).toEqual({});
    expect(referenceProblems({ ...ok, phoneNumber: '512555010' }).phoneNumber).toBe(
      'Please enter a 10 digit phone number',
    );
    expect(referenceProblems({ ...ok, email: 'x@y' }).email).toBe('Please enter a valid email');
    expect(Object.keys(referenceProblems({ ...ok, historyId: 0, firstName: ' ', phoneType: '' }))).toEqual([
      'historyId',
      'firstName',
      'phoneType',
    ]);
  });
});

describe('employment gaps', () => {
  const rec = (startMonth: number, startYear: number, endMonth: number | null, endYear: number | null) => ({
    startMonth,
    startYear,
    endMonth,
    endYear,
  });
  const today = '2026-11-24';

  it('finds the stretches over 30 days of the last seven years that no record covers', () => {
    expect(employmentGaps([rec(1, 2018, 3, 2021), rec(6, 2021, 12, 2023), rec(1, 2024, null, null)], today)).toEqual([
      { from: '2021-04-01', to: '2021-05-31', days: 61 },
    ]);
  });

  it('a month between two jobs of 30 days or less is no gap; one of 31 days is', () => {
    // June: 30 days.
    expect(employmentGaps([rec(1, 2018, 5, 2022), rec(7, 2022, null, null)], today)).toEqual([]);
    expect(employmentGaps([rec(1, 2018, 6, 2022), rec(8, 2022, null, null)], today)).toEqual([
      { from: '2022-07-01', to: '2022-07-31', days: 31 },
    ]);
  });

  it('counts the start of the seven years and the time since the last job ended', () => {
    expect(employmentGaps([rec(1, 2023, 6, 2026)], today)).toEqual([
      { from: '2019-11-24', to: '2022-12-31', days: 1134 },
      { from: '2026-07-01', to: '2026-11-24', days: 147 },
    ]);
    expect(employmentGaps([], today)).toEqual([{ from: '2019-11-24', to: '2026-11-24', days: 2558 }]);
    // Overlapping records and one that began before the seven years.
    expect(employmentGaps([rec(1, 2010, null, null), rec(3, 2020, 4, 2021)], today)).toEqual([]);
  });
});
