import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/build.ts';
import { agencyKey, facilityRow, jobRow, keyAuth, validPair } from '../../test/agency-factories.ts';
import { jobs } from '../db/schema/index.ts';
import { loadEnv } from '../env.ts';
import { parseImageHosts } from './image-hosts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { IMAGE_HOSTS: 'https://photos.agency-cdn.example, img.example.net' } });
});
afterAll(async () => t.close());

describe('facility images on the configured image hosts', () => {
  it('the CSP allows the configured image hosts, on pages and API answers alike', async () => {
    for (const url of ['/core/api/health/live', '/job-search']) {
      const csp = String((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);
      const img = csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith('img-src '))!;
      expect(img.split(' ')).toEqual(
        expect.arrayContaining(['https://photos.agency-cdn.example', 'https://img.example.net']),
      );
      expect(csp).toContain("script-src 'self'");
    }
  });

  it('answers a facility imageUrl only when its host may be shown; the stored URL is kept', async () => {
    const pair = await validPair(t);
    const key = await agencyKey(t, ['write']);
    const feed = {
      facilities: [
        facilityRow({ externalId: 'IMG-OK', imageUrl: 'https://photos.agency-cdn.example/st-mary.jpg' }),
        facilityRow({ externalId: 'IMG-OTHER', imageUrl: 'https://tracker.elsewhere.example/pixel.jpg' }),
      ],
      jobs: [
        jobRow(pair, { externalId: 'IMG-J1', facilityExternalId: 'IMG-OK' }),
        jobRow(pair, { externalId: 'IMG-J2', facilityExternalId: 'IMG-OTHER' }),
      ],
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/core/api/agency/jobs/batch',
      headers: keyAuth(key),
      payload: feed,
    });
    expect(res.json().jobs.inserted).toBe(2);
    const details = async (externalId: string) => {
      const [job] = await t.ctx.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.externalId, externalId));
      return (await t.app.inject({ method: 'GET', url: `/core/api/jobsearch/jobDetails?jobId=${job!.id}` })).json();
    };
    expect((await details('IMG-J1')).facility.imageUrl).toBe('https://photos.agency-cdn.example/st-mary.jpg');
    expect((await details('IMG-J2')).facility.imageUrl).toBeNull();
  });

  it('IMAGE_HOSTS takes https origins or host names only', () => {
    expect(parseImageHosts(' https://a.example ,b.example,https://a.example/ ')).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
    expect(parseImageHosts('')).toEqual([]);
    for (const bad of [
      'http://a.example',
      'https://a.example/images',
      'https://*.example',
      "https://a.example 'unsafe-inline'",
      'javascript:alert(1)',
    ])
      expect(() => loadEnv({ IMAGE_HOSTS: bad }), bad).toThrow(/IMAGE_HOSTS/);
  });
});
