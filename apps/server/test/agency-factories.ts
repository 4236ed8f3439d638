import type { AgencyScope, FacilityRow, JobRow } from '@hcp/contracts';
import { professionSpecialties } from '../src/db/schema/index.ts';
import { createApiKey } from '../src/modules/agency/keys.ts';
import type { TestApp } from './build.ts';

export async function agencyKey(t: TestApp, scopes: AgencyScope[] = ['read', 'write'], name = 'ATS') {
  return (await createApiKey(t.ctx.db, name, scopes)).key;
}

export const keyAuth = (key: string) => ({ authorization: `Bearer ${key}` });

export async function validPair(t: TestApp) {
  const [pair] = await t.ctx.db.select().from(professionSpecialties).limit(1);
  return pair!;
}

export function facilityRow(overrides: Partial<FacilityRow> = {}): FacilityRow {
  return {
    externalId: 'FAC-1',
    name: 'St. Example Medical Center',
    address1: '100 Main St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    bedCount: 420,
    traumaLevel: 1,
    chartingSystems: ['Epic'],
    scrubColor: 'Navy',
    imageUrl: 'https://images.example.com/fac-1.jpg',
    ...overrides,
  };
}

export function jobRow(pair: { professionId: number; specialtyId: number }, overrides: Partial<JobRow> = {}): JobRow {
  return {
    externalId: 'JOB-1',
    facilityExternalId: 'FAC-1',
    professionId: pair.professionId,
    specialtyId: pair.specialtyId,
    shift: '3x12',
    shiftCategory: 1,
    positions: 2,
    durationWeeks: 13,
    startDate: '2027-01-04',
    hourlyRate: 25,
    overTimeRate: 37.5,
    regularPayHours: 36,
    regularPayPerWeek: 900,
    weeklyMeals: 350,
    weeklyLodging: 900,
    bonuses: [{ name: 'Weekly Taxable Travel Bonus', amount: 100 }],
    minimumRequirements: ['2 years experience'],
    benefits: ['Medical'],
    isAvailable: true,
    ...overrides,
  };
}

/** n jobs spread over n/50 facilities. */
export function bigFeed(pair: { professionId: number; specialtyId: number }, n: number, variant = 0) {
  const facilities = Array.from({ length: Math.ceil(n / 50) }, (_, i) => facilityRow({ externalId: `BF-${i}`, name: `Big Feed Hospital ${i}` }));
  const jobs = Array.from({ length: n }, (_, i) =>
    jobRow(pair, { externalId: `BJ-${i}`, facilityExternalId: `BF-${Math.floor(i / 50)}`, hourlyRate: 25 + (i % 10) + variant }),
  );
  return { facilities, jobs };
}
