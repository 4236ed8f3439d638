import { describe, expect, it } from 'vitest';
import { isProfileReferenceFilled, sortProfileDegrees, sortProfileEmployment, sortProfileLicenses } from './profile.ts';
import {
  isReferenceSubmissionComplete,
  ratedQuestions,
  referenceHistoryTypeFor,
  referenceSubmissionProblems,
  referenceSubmissionSchema,
} from './reference-form.ts';

const complete = {
  HistoryTypeId: 1,
  HcpName: 'Dana Rivera',
  HcpDiscipline: 'Registered Nurse',
  HcpSpecialty: 'ICU',
  WasCharge: false,
  EmrWorked: 'Epic',
  SupervisorName: 'Monica Hale',
  SupervisorTitle: 'Manager',
  FacilityName: "St. David's",
  CityState: 'Austin, TX',
  ReferenceDate: '2026-11-01',
  StartDate: null,
  EndDate: null,
  SafeCareLevel: 1,
  DependableLevel: 2,
  ProfessionalLevel: 3,
  CooperativeLevel: 4,
  CommunicatorLevel: 4,
  AttendanceLevel: 4,
  AssetLevel: 4,
};

describe('reference form completeness', () => {
  it('is complete with every required field; start, end, unit and comments are optional', () => {
    expect(referenceSubmissionProblems(complete)).toEqual([]);
  });
  it('needs a real employment type, texts, an explicit charge answer, seven ratings and a reference date', () => {
    expect(referenceSubmissionProblems({ ...complete, HistoryTypeId: 0 })).toEqual(['HistoryTypeId']);
    expect(referenceSubmissionProblems({ ...complete, HcpName: '  ' })).toEqual(['HcpName']);
    expect(referenceSubmissionProblems({ ...complete, WasCharge: null })).toEqual(['WasCharge']);
    expect(referenceSubmissionProblems({ ...complete, EmrWorked: '' })).toEqual(['EmrWorked']);
    expect(referenceSubmissionProblems({ ...complete, ReferenceDate: null })).toEqual(['ReferenceDate']);
    for (const q of ratedQuestions) expect(isReferenceSubmissionComplete({ ...complete, [q.key]: 0 })).toBe(false);
    expect(referenceSubmissionProblems({ ...complete, StartDate: '2024-01-01', EndDate: '2023-01-01' })).toEqual([
      'EndDate',
    ]);
  });
  it('takes HistoryTypeId as the string 0-4 and ratings 0-4 only', () => {
    const base = { ...complete, ReferenceGuid: 'g'.repeat(32), HistoryTypeId: '2' };
    expect(referenceSubmissionSchema.parse(base).HistoryTypeId).toBe(2);
    expect(referenceSubmissionSchema.safeParse({ ...base, HistoryTypeId: '7' }).success).toBe(false);
    expect(referenceSubmissionSchema.safeParse({ ...base, AssetLevel: 5 }).success).toBe(false);
    expect(referenceSubmissionSchema.safeParse({ ...base, AssetLevel: 1.5 }).success).toBe(false);
  });
  it('maps the clinician employment types to the form types', () => {
    expect([1, 6, 3, 2, 7, 4, 5].map(referenceHistoryTypeFor)).toEqual([1, 4, 3, 2, 2, 0, 0]);
  });
});

describe('profile rules', () => {
  it('enables the reference Save when all but the email are filled', () => {
    const r = {
      historyId: 3,
      firstName: 'A',
      lastName: 'B',
      title: 'C',
      phoneNumber: '5125550100',
      phoneType: 'Mobile' as const,
      email: '',
    };
    expect(isProfileReferenceFilled(r)).toBe(true);
    expect(isProfileReferenceFilled({ ...r, phoneNumber: '512555010' })).toBe(false);
    expect(isProfileReferenceFilled({ ...r, phoneType: '' })).toBe(false);
    expect(isProfileReferenceFilled({ ...r, historyId: 0 })).toBe(false);
    expect(isProfileReferenceFilled({ ...r, title: ' ' })).toBe(false);
  });
  it('sorts licenses and degrees newest first and employment by end date with current jobs on top', () => {
    expect(
      sortProfileLicenses([{ issueDate: '2010-01-01' }, { issueDate: null }, { issueDate: '2020-05-01' }]).map(
        (l) => l.issueDate,
      ),
    ).toEqual(['2020-05-01', '2010-01-01', null]);
    expect(
      sortProfileDegrees([{ degreeDate: '05/2010' }, { degreeDate: '12/2018' }, { degreeDate: '01/2018' }]).map(
        (d) => d.degreeDate,
      ),
    ).toEqual(['12/2018', '01/2018', '05/2010']);
    const e = sortProfileEmployment([
      { startDate: '01/2015', endDate: '06/2017' },
      { startDate: '03/2024', endDate: null },
      { startDate: '07/2017', endDate: '02/2024' },
    ]);
    expect(e.map((x) => x.endDate)).toEqual([null, '02/2024', '06/2017']);
  });
});
