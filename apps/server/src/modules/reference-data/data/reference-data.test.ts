import { describe, it, expect } from 'vitest';
import { usCities, findCity } from './cities.ts';
import { facilities } from '../../jobs/seed/facilities.ts';
import { leadSources, DEFAULT_LEAD_SOURCE_ID } from './lead-sources.ts';
import { professions, DEFAULT_PROFESSION_ID } from './professions.ts';
import { shiftTypes } from './shift-types.ts';
import { specialties, specialtyById, specialtyLabel } from './specialties.ts';
import { states, canadianProvinces, stateByAbbreviation } from './states.ts';

const inUsBounds = (lat: number, lng: number): boolean =>
  // Contiguous US + Alaska + Hawaii (generous boxes).
  (lat >= 24 && lat <= 50 && lng >= -125 && lng <= -66) ||
  (lat >= 51 && lat <= 72 && lng >= -180 && lng <= -129) ||
  (lat >= 18 && lat <= 23 && lng >= -161 && lng <= -154);

const unique = <T>(xs: T[]): boolean => new Set(xs).size === xs.length;

describe('states', () => {
  it('has 50 states + DC with unique abbreviations and ids 1..51 by name', () => {
    expect(states).toHaveLength(51);
    expect(unique(states.map((s) => s.abbreviation))).toBe(true);
    expect(states.map((s) => s.id)).toEqual(Array.from({ length: 51 }, (_, i) => i + 1));
    const names = states.map((s) => s.name);
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
  });

  it('marks Nurse Licensure Compact membership', () => {
    for (const ab of ['TX', 'FL', 'AZ', 'PA', 'NJ', 'WA', 'CT', 'MA', 'VT'])
      expect(stateByAbbreviation.get(ab)?.isCompact).toBe(true);
    for (const ab of ['CA', 'NY', 'IL', 'NV', 'OR', 'MI', 'MN', 'HI', 'AK', 'DC'])
      expect(stateByAbbreviation.get(ab)?.isCompact).toBe(false);
    expect(states.filter((s) => s.isCompact)).toHaveLength(41);
  });

  it('lists 13 Canadian provinces and territories', () => {
    expect(canadianProvinces).toHaveLength(13);
    expect(unique(canadianProvinces.map((p) => p.abbreviation))).toBe(true);
  });
});

describe('professions and specialties', () => {
  it('has Registered Nurse as id 13 (default), not allied', () => {
    const rn = professions.find((p) => p.id === DEFAULT_PROFESSION_ID);
    expect(rn?.name).toBe('Registered Nurse');
    expect(rn?.isAllied).toBe(false);
    expect(rn?.specialtyIds.length).toBeGreaterThanOrEqual(25);
  });

  it('has unique ids and webOrder 1..5 for the most common professions', () => {
    expect(unique(professions.map((p) => p.id))).toBe(true);
    expect(unique(specialties.map((s) => s.id))).toBe(true);
    const orders = professions.map((p) => p.webOrder).filter((o): o is number => o !== null);
    expect(orders.sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('every profession specialtyId resolves and every specialty is used', () => {
    const used = new Set<number>();
    for (const p of professions) {
      expect(p.specialtyIds.length).toBeGreaterThan(0);
      for (const id of p.specialtyIds) {
        expect(specialtyById.has(id), `profession ${p.id} specialty ${id}`).toBe(true);
        used.add(id);
      }
    }
    for (const s of specialties) expect(used.has(s.id), `specialty ${s.id} unused`).toBe(true);
  });

  it('specialties have descriptions and exercise the label rule', () => {
    for (const s of specialties) {
      expect(s.name.length).toBeGreaterThan(0);
      expect(s.longDescription.length).toBeGreaterThan(20);
      expect(s.altText.length).toBeGreaterThan(0);
    }
    expect(specialties.some((s) => s.abbreviation === '')).toBe(true);
    expect(specialties.some((s) => s.abbreviation === s.name)).toBe(true);
    expect(specialtyLabel({ name: 'Intensive Care Unit', abbreviation: 'ICU' })).toBe('Intensive Care Unit - ICU');
    expect(specialtyLabel({ name: 'Dialysis', abbreviation: '' })).toBe('Dialysis');
    expect(specialtyLabel({ name: 'Hospice', abbreviation: 'Hospice' })).toBe('Hospice');
  });
});

describe('lead sources and shift types', () => {
  it('contains default 121 and the special ids 28 and 85', () => {
    const ids = leadSources.map((l) => l.id);
    expect(unique(ids)).toBe(true);
    for (const id of [DEFAULT_LEAD_SOURCE_ID, 28, 85]) expect(ids).toContain(id);
    expect(leadSources.length).toBeGreaterThanOrEqual(12);
  });

  it('has unique shift types; types without times have no lunch', () => {
    expect(unique(shiftTypes.map((s) => s.shiftTypeId))).toBe(true);
    for (const s of shiftTypes) if (!s.includeShiftTimes) expect(s.includeLunch).toBe(false);
  });
});

describe('cities', () => {
  it('has ~1,500 cities with unique ids and (state, name) pairs, covering every state', () => {
    expect(usCities.length).toBeGreaterThan(1400);
    expect(usCities.length).toBeLessThan(2000);
    expect(unique(usCities.map((c) => c.id))).toBe(true);
    expect(unique(usCities.map((c) => `${c.stateAbbreviation}|${c.name}`))).toBe(true);
    for (const s of states) {
      expect(
        usCities.filter((c) => c.stateAbbreviation === s.abbreviation).length,
        s.abbreviation,
      ).toBeGreaterThanOrEqual(3);
    }
    for (const c of usCities) expect(stateByAbbreviation.has(c.stateAbbreviation)).toBe(true);
  });

  it('has coordinates within US bounds', () => {
    for (const c of usCities) expect(inUsBounds(c.lat, c.lng), `${c.name}, ${c.stateAbbreviation}`).toBe(true);
    const houston = findCity('TX', 'Houston');
    expect(houston?.lat).toBeCloseTo(29.76, 1);
    expect(houston?.lng).toBeCloseTo(-95.36, 1);
  });
});

describe('facilities', () => {
  it('has ~150+ facilities with unique external ids across at least 35 states', () => {
    expect(facilities.length).toBeGreaterThanOrEqual(150);
    expect(unique(facilities.map((f) => f.externalId))).toBe(true);
    expect(facilities.every((f) => /^FAC-\d{4}$/.test(f.externalId))).toBe(true);
    expect(new Set(facilities.map((f) => f.stateAbbreviation)).size).toBeGreaterThanOrEqual(35);
  });

  it("each facility's city exists for its state and coordinates are near it", () => {
    for (const f of facilities) {
      const city = findCity(f.stateAbbreviation, f.cityName);
      expect(city, `${f.name}: ${f.cityName}, ${f.stateAbbreviation}`).toBeDefined();
      expect(inUsBounds(f.lat, f.lng), f.name).toBe(true);
      if (city) {
        expect(Math.abs(city.lat - f.lat), f.name).toBeLessThan(0.5);
        expect(Math.abs(city.lng - f.lng), f.name).toBeLessThan(0.5);
      }
    }
  });

  it('has valid zip, bed count, trauma level and charting systems', () => {
    for (const f of facilities) {
      expect(f.zip).toMatch(/^\d{5}$/);
      expect(f.bedCount).toBeGreaterThan(0);
      expect([1, 2, 3, 4, null]).toContain(f.traumaLevel);
      expect(f.chartingSystems.length).toBeGreaterThan(0);
    }
  });
});
