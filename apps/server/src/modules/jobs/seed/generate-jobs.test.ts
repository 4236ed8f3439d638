import { describe, it, expect } from 'vitest';
import { computeGrossWeeklyPay, generateJobs, isWeeklyBonus, type GeneratedJob } from './generate-jobs.ts';
import { facilityByExternalId } from './facilities.ts';
import { professionById } from '../../reference-data/data/professions.ts';

const today = new Date('2026-03-15T10:30:00Z');
const DAY = 86_400_000;
const jobs = generateJobs({ count: 20_000, seed: 42, today });

const moneyOk = (n: number): boolean => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

describe('generateJobs', () => {
  it('is deterministic for a seed and differs across seeds', () => {
    const a = generateJobs({ count: 300, seed: 7, today });
    const b = generateJobs({ count: 300, seed: 7, today });
    const c = generateJobs({ count: 300, seed: 8, today });
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect(jobs.slice(0, 300)).toEqual(generateJobs({ count: 300, seed: 42, today }));
  });

  it('numbers jobs JOB-000001..', () => {
    expect(jobs[0]?.externalId).toBe('JOB-000001');
    expect(jobs[19_999]?.externalId).toBe('JOB-020000');
  });

  it('grossWeeklyPay equals the sum of its parts (weekly bonuses only)', () => {
    const bad: string[] = [];
    for (const j of jobs) {
      const manual =
        j.regularPayPerWeek +
        j.premiumPayPerWeek +
        j.overtimePayPerWeek +
        j.caliOvertimePayPerWeek1 +
        j.caliOvertimePayPerWeek2 +
        j.weeklyMeals +
        j.weeklyLodging +
        j.bonuses.filter((b) => b.name === 'Weekly Taxable Travel Bonus').reduce((s, b) => s + b.amount, 0);
      if (computeGrossWeeklyPay(j) !== j.grossWeeklyPay || Math.abs(manual - j.grossWeeklyPay) >= 0.005)
        bad.push(j.externalId);
    }
    expect(bad).toEqual([]);
    expect(jobs.some((j) => j.bonuses.some((b) => isWeeklyBonus(b.name)))).toBe(true);
    expect(jobs.some((j) => j.bonuses.some((b) => !isWeeklyBonus(b.name)))).toBe(true);
    expect(isWeeklyBonus('Sign-On Bonus')).toBe(false);
    expect(isWeeklyBonus('Completion Bonus')).toBe(false);
  });

  it('keeps pay hours consistent with the shift text and money rounded to cents', () => {
    const bad: string[] = [];
    for (const j of jobs) {
      const fail = (why: string): void => void bad.push(`${j.externalId}: ${why}`);
      const segments = j.shift.split(', ').map((seg) => seg.split('x').map(Number));
      const scheduled = segments.reduce((sum, [n, h]) => sum + (n ?? 0) * (h ?? 0), 0);
      const paid =
        j.regularPayHours + j.premiumPayHours + j.overtimePayHours + j.caliOvertimePayHours1 + j.caliOvertimePayHours2;
      if (paid !== scheduled) fail(`hours ${paid} != ${scheduled}`);
      if (j.shiftsPerWeek !== segments.reduce((sum, [n]) => sum + (n ?? 0), 0)) fail('shiftsPerWeek');
      if (j.hoursPerShift !== segments[0]?.[1]) fail('hoursPerShift');
      if (j.regularPayHours + j.premiumPayHours > 40) fail('straight time > 40');
      if (Math.abs(j.overTimeRate - j.hourlyRate * 1.5) > 0.01) fail('overTimeRate');
      if (Math.abs(j.caliOverTimeRate1 - j.hourlyRate * 1.5) > 0.01) fail('caliOverTimeRate1');
      const money: number[] = [
        j.hourlyRate,
        j.overTimeRate,
        j.onCallRate,
        j.premiumRate,
        j.callBackRate,
        j.caliOverTimeRate1,
        j.caliOverTimeRate2,
        j.regularPayPerWeek,
        j.premiumPayPerWeek,
        j.overtimePayPerWeek,
        j.caliOvertimePayPerWeek1,
        j.caliOvertimePayPerWeek2,
        j.weeklyMeals,
        j.weeklyLodging,
        j.grossWeeklyPay,
        ...j.bonuses.map((b) => b.amount),
      ];
      if (!money.every(moneyOk)) fail('not rounded to cents');
      if (Math.abs(j.regularPayPerWeek - j.regularPayHours * j.hourlyRate) > 0.005) fail('regularPayPerWeek');
      if (Math.abs(j.overtimePayPerWeek - j.overtimePayHours * j.overTimeRate) > 0.005) fail('overtimePayPerWeek');
      const state = facilityByExternalId.get(j.facilityExternalId)?.stateAbbreviation;
      if (state !== 'CA') {
        if (j.caliOverTimeRate2 !== 0 || j.caliOvertimePayHours1 + j.caliOvertimePayHours2 !== 0)
          fail('cali pay outside CA');
      } else if (Math.abs(j.caliOverTimeRate2 - j.hourlyRate * 2) > 0.01) fail('caliOverTimeRate2');
    }
    expect(bad.slice(0, 10)).toEqual([]);
    // Some compound shifts (pay breakdown hidden) and some overtime exist.
    expect(jobs.some((j) => j.shift.includes(','))).toBe(true);
    expect(jobs.some((j) => j.overtimePayHours > 0)).toBe(true);
    expect(jobs.some((j) => j.caliOvertimePayHours1 > 0)).toBe(true);
    expect(jobs.some((j) => j.premiumPayHours > 0)).toBe(true);
  });

  it('uses valid enums, ranges and references', () => {
    const start = Date.UTC(2026, 2, 15);
    const facilitiesUsed = new Set<string>();
    const bad: string[] = [];
    for (const j of jobs) {
      const fail = (why: string): void => void bad.push(`${j.externalId}: ${why}`);
      if (![1, 2, 3, 4, 5, null].includes(j.grade)) fail('grade');
      if (![1, 2, 3].includes(j.shiftCategory)) fail('shiftCategory');
      if (![8, 12, 13, 16].includes(j.durationWeeks)) fail('durationWeeks');
      if (!(j.availablePositions >= 1 && j.availablePositions <= 5)) fail('availablePositions');
      if (!/^\d{4}-\d{2}-\d{2}$/.test(j.startDate)) fail('startDate format');
      const startDays = (Date.parse(`${j.startDate}T00:00:00Z`) - start) / DAY;
      if (!(startDays >= 1 && startDays <= 120)) fail(`startDate ${j.startDate}`);
      const created = Date.parse(j.createDateTime);
      if (!(created < start && created >= start - 45 * DAY)) fail(`createDateTime ${j.createDateTime}`);
      if (!professionById.get(j.professionId)?.specialtyIds.includes(j.specialtyId))
        fail('specialty not in profession');
      if (!facilityByExternalId.has(j.facilityExternalId)) fail('facility');
      facilitiesUsed.add(j.facilityExternalId);
      if (j.shiftsPerWeek < 3) fail('shiftsPerWeek');
      if (j.minimumRequirements.length === 0) fail('minimumRequirements');
      if (j.benefits.length < 6) fail('benefits');
      if (j.description.length < 50) fail('description');
    }
    expect(bad.slice(0, 10)).toEqual([]);
    expect(facilitiesUsed.size).toBe(facilityByExternalId.size);
    const archived = jobs.filter((j) => !j.isAvailable).length / jobs.length;
    expect(archived).toBeGreaterThan(0.05);
    expect(archived).toBeLessThan(0.11);
    expect(new Set(jobs.map((j) => j.grade)).size).toBe(6);
  });

  it('produces realistic weekly pay', () => {
    const rn = jobs.filter((j) => j.professionId === 13 && j.shift === '3x12');
    const median = (xs: GeneratedJob[]): number => {
      const s = xs.map((j) => j.grossWeeklyPay).sort((a, b) => a - b);
      return s[Math.floor(s.length / 2)] ?? 0;
    };
    expect(rn.length).toBeGreaterThan(1000);
    expect(rn.filter((j) => j.grossWeeklyPay < 1400 || j.grossWeeklyPay > 5000).map((j) => j.externalId)).toEqual([]);
    const rnMedian = median(rn);
    expect(rnMedian).toBeGreaterThan(1800);
    expect(rnMedian).toBeLessThan(3500);
    expect(median(jobs.filter((j) => j.professionId === 2))).toBeLessThan(rnMedian);
    expect(median(jobs.filter((j) => professionById.get(j.professionId)?.isAllied))).toBeLessThan(rnMedian);
  });
});
