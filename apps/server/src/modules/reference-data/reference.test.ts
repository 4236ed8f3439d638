import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { FEATURE_TIMESHEETS: 'true', FEATURE_RTO: 'false' } });
});
afterAll(() => t?.close());

describe('reference data', () => {
  it('Disciplines lists professions with id 13 Registered Nurse and its specialties', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/core/api/Disciplines' });
    expect(res.statusCode).toBe(200);
    const rn = res.json().find((p: { id: number }) => p.id === 13);
    expect(rn).toMatchObject({ name: 'Registered Nurse', isAllied: false });
    expect(rn.specialtyIds.length).toBeGreaterThan(20);
    expect(res.json().some((p: { isAllied: boolean }) => p.isAllied)).toBe(true);
    expect(res.headers['cache-control']).toContain('public');
  });

  it('Specialty/getSpecialties answers name, abbreviation, longDescription, altText', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/core/api/specialty/getspecialties' });
    expect(res.statusCode).toBe(200);
    const icu = res.json().find((s: { abbreviation: string | null }) => s.abbreviation === 'ICU');
    expect(icu).toMatchObject({ name: expect.any(String), longDescription: expect.any(String) });
  });

  it('leadSources has the default 121 and the campaign-skipping 28 and 85', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/core/api/leadSources' });
    const ids = res.json().map((l: { id: number }) => l.id);
    expect(ids).toEqual(expect.arrayContaining([121, 28, 85]));
  });

  it('FeatureFlags answers the shipped values with env overrides', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/core/api/FeatureFlags' });
    expect(res.json()).toMatchObject({
      HcpApplication_SkillsChecklist_IsEnabled: false,
      DashboardAssignments_IsEnabled: true,
      Terms_First: true,
      HubIsSunset: true,
      Timesheets_IsEnabled: true,
      Rto_IsEnabled: false,
    });
  });

  it('unknown API paths are JSON 404s and health answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/core/api/NoSuchThing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
    expect((await t.app.inject({ method: 'GET', url: '/core/api/health/live' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/core/api/health/ready' })).json().status).toBe('ready');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/core/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/core/api/auth/HcpLogin');
  });
});
