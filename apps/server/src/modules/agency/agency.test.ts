import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auth, buildTestApp, signUp, type TestApp } from '../../../test/build.ts';
import { agencyKey, bigFeed, facilityRow, jobRow, keyAuth, validPair } from '../../../test/agency-factories.ts';
import { uploadAndAttach } from '../../../test/dropbox-factories.ts';
import { agencyApi } from '../../../test/inject-fetch.ts';
import { facilities, jobs } from '../../db/schema/index.ts';
import { revokeApiKey } from './keys.ts';
import type { AgencyClient } from '@hcp/agency-client';

let t: TestApp;
let pair: { professionId: number; specialtyId: number };
let rw: string;
let readOnly: string;
let writeOnly: string;
/** The agency client (@hcp/agency-client) with a read-write and a read-only key, calling the app through inject(). */
let agency: AgencyClient;
let reader: AgencyClient;
beforeAll(async () => {
  t = await buildTestApp();
  pair = await validPair(t);
  rw = await agencyKey(t, ['read', 'write']);
  readOnly = await agencyKey(t, ['read']);
  writeOnly = await agencyKey(t, ['write']);
  agency = agencyApi(t.app, rw);
  reader = agencyApi(t.app, readOnly);
});
afterAll(async () => t.close());

const post = (url: string, key: string | null, payload: unknown, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/core/api/agency${url}`,
    headers: { ...(key ? keyAuth(key) : {}), ...extra },
    payload: payload as object,
  });
const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/core/api/agency${url}`, headers });

describe('agency authentication', () => {
  it('refuses missing, malformed, unknown, revoked keys and clinician tokens', async () => {
    const u = await signUp(t);
    const bad: Record<string, string>[] = [
      {},
      { authorization: 'Bearer nonsense' },
      { authorization: `Bearer agk_000000000000_${'0'.repeat(64)}` },
      // The real key with its last secret digit changed (never to the same digit).
      { authorization: `Bearer ${rw.slice(0, -1)}${rw.endsWith('0') ? '1' : '0'}` },
      { 'x-api-key': "agk_' or 1=1 --" },
      auth(u.token),
    ];
    for (const h of bad) {
      const res = await get('/referrals', h);
      expect(res.statusCode, JSON.stringify(h)).toBe(401);
    }
    const k = await agencyKey(t, ['read'], 'to revoke');
    expect((await get('/referrals', keyAuth(k))).statusCode).toBe(200);
    expect((await get('/referrals', { 'x-api-key': k })).statusCode).toBe(200);
    await revokeApiKey(t.ctx.db, k.split('_')[1]!, new Date());
    expect((await get('/referrals', keyAuth(k))).statusCode).toBe(401);
  });

  it('never accepts an agency key on clinician calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/core/api/HcpApiUser/userInfo', headers: keyAuth(rw) });
    expect(res.statusCode).toBe(401);
    const res2 = await t.app.inject({
      method: 'GET',
      url: '/core/api/HcpCredentialsDropbox/getUploadedDropboxDocuments',
      headers: keyAuth(rw),
    });
    expect(res2.statusCode).toBe(401);
  });

  it('enforces scopes', async () => {
    expect((await post('/jobs/batch', readOnly, { jobs: [] })).statusCode).toBe(403);
    expect((await post('/jobs/sync', readOnly, { jobs: [] })).statusCode).toBe(403);
    expect((await post('/jobs/X/close', readOnly, {})).statusCode).toBe(403);
    expect((await get('/referrals', keyAuth(writeOnly))).statusCode).toBe(403);
    expect((await get('/documents', keyAuth(writeOnly))).statusCode).toBe(403);
    expect((await post('/jobs/batch', writeOnly, { jobs: [] })).statusCode).toBe(200);
  });
});

describe('narrow job-board scopes', () => {
  it('a jobs:read / jobs:write key handles jobs and cannot read or move anything about a clinician', async () => {
    const jobsRead = await agencyKey(t, ['jobs:read'], 'job board reader');
    const jobsWrite = await agencyKey(t, ['jobs:write'], 'job board feeder');
    const u = await signUp(t);
    const fed = await post('/jobs/batch', jobsWrite, {
      facilities: [facilityRow({ externalId: 'SCOPE-F' })],
      jobs: [jobRow(pair, { externalId: 'SCOPE-1', facilityExternalId: 'SCOPE-F' })],
    });
    expect(fed.statusCode).toBe(200);
    expect((await get('/jobs/SCOPE-1', keyAuth(jobsRead))).statusCode).toBe(200);
    expect((await post('/jobs/SCOPE-1/close', jobsRead, {})).statusCode).toBe(403);
    expect((await get('/jobs/SCOPE-1', keyAuth(jobsWrite))).statusCode).toBe(403);
    // The broad scopes include the narrow ones.
    expect((await get('/jobs/SCOPE-1', keyAuth(readOnly))).statusCode).toBe(200);
    expect((await post('/jobs/SCOPE-1/close', writeOnly, {})).statusCode).toBe(200);
    // Every other agency call (all of which answer or change clinician data) is refused to both narrow keys.
    const others = t.routes.filter(
      (r) => r.url.startsWith('/core/api/agency/') && !r.url.startsWith('/core/api/agency/jobs') && r.method !== 'HEAD',
    );
    expect(others.length).toBeGreaterThan(15);
    for (const r of others) {
      const url = r.url.replace(/:(\w+)/g, (_, name: string) => (name === 'userId' ? String(u.userId) : '1'));
      for (const key of [jobsRead, jobsWrite]) {
        const res = await t.app.inject({
          method: r.method as 'GET',
          url,
          headers: keyAuth(key),
          payload: r.method === 'GET' ? undefined : {},
        });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
        expect(res.json().code).toBe('insufficient_scope');
        expect(res.body).not.toContain(u.email);
      }
    }
  });
});

describe('jobs feed', () => {
  it('upserts facilities and jobs, reports invalid rows one by one, and a repeat changes nothing', async () => {
    const feed = {
      facilities: [facilityRow(), facilityRow({ externalId: 'FAC-2', state: 'ZZ' }), { externalId: 'FAC-3' }],
      jobs: [
        jobRow(pair),
        jobRow(pair, { externalId: 'JOB-2', shift: 'three twelves' }),
        jobRow(pair, { externalId: 'JOB-3', facilityExternalId: 'FAC-404' }),
        jobRow(pair, { externalId: 'JOB-4', professionId: 999_999 }),
        jobRow(pair, { externalId: 'JOB-5', grossWeeklyPay: 1 }),
        jobRow(pair, { externalId: 'JOB-6', startDate: '2027-02-30' }),
        jobRow(pair, { externalId: 'JOB-1' }),
        jobRow(pair, { externalId: 'JOB-7', facilityExternalId: 'FAC-2' }),
        "'; drop table jobs; --",
        jobRow(pair, { externalId: 'JOB-8', grossWeeklyPay: 2250 }),
      ],
    };
    const batch = (body: typeof feed) => agency.POST('/core/api/agency/jobs/batch', { body });
    const res = await batch(feed);
    expect(res.response.status).toBe(200);
    const s = res.data!;
    expect(s.facilities).toEqual({ inserted: 1, updated: 0, unchanged: 0, rejected: 2 });
    expect(s.jobs).toMatchObject({ inserted: 2, updated: 0, unchanged: 0, archived: 0, rejected: 8 });
    const fields = s.errors.map((e) => `${e.section}:${e.row}:${e.field}`);
    expect(fields).toEqual(
      expect.arrayContaining([
        'facilities:2:state',
        'facilities:3:name',
        'facilities:3:city',
        'jobs:2:shift',
        'jobs:3:facilityExternalId',
        'jobs:4:professionId',
        'jobs:5:grossWeeklyPay',
        'jobs:6:startDate',
        'jobs:7:externalId',
        'jobs:8:facilityExternalId',
        'jobs:9:(row)',
      ]),
    );
    const [job] = await t.ctx.db.select().from(jobs).where(eq(jobs.externalId, 'JOB-1'));
    const [fac] = await t.ctx.db.select().from(facilities).where(eq(facilities.externalId, 'FAC-1'));
    expect(job).toMatchObject({
      shiftsPerWeek: 3,
      hoursPerShift: 12,
      grossWeeklyPay: 2250,
      stateId: fac!.stateId,
      isAvailable: true,
    });
    expect(fac!.lat).toBeCloseTo(30.2672);
    // The same feed again: nothing changes.
    let changed = 0;
    const listener = () => changed++;
    t.ctx.events.on('jobs.changed', listener);
    const again = (await batch(feed)).data!;
    expect(again.facilities).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    expect(again.jobs).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
    expect(changed).toBe(0);
    const [same] = await t.ctx.db.select().from(jobs).where(eq(jobs.externalId, 'JOB-1'));
    expect(same!.updatedAt.getTime()).toBe(job!.updatedAt.getTime());
    // A change is an update and tells the search cache.
    const upd = (await batch({ facilities: [], jobs: [jobRow(pair, { hourlyRate: 30 })] })).data!;
    expect(upd.jobs).toMatchObject({ updated: 1 });
    expect(changed).toBe(1);
    t.ctx.events.off('jobs.changed', listener);
  });

  it('upserts a single job by path, reads and closes it', async () => {
    const job = '/core/api/agency/jobs/{externalId}';
    const put = await agency.PUT(job, {
      params: { path: { externalId: 'SINGLE-1' } },
      body: {
        job: jobRow(pair, { externalId: undefined, facilityExternalId: 'FAC-S' }),
        facility: facilityRow({ externalId: 'FAC-S', lat: 40, lng: -75 }),
      },
    });
    expect(put.response.status).toBe(200);
    expect(put.data!.jobs.inserted).toBe(1);
    const read = await reader.GET(job, { params: { path: { externalId: 'SINGLE-1' } } });
    expect(read.data).toMatchObject({ externalId: 'SINGLE-1', facilityExternalId: 'FAC-S', isAvailable: true });
    const bad = await agency.PUT(job, {
      params: { path: { externalId: 'SINGLE-2' } },
      body: { job: { shift: '3x12' } },
    });
    expect(bad.response.status).toBe(422);
    expect(bad.error!.errors!.length).toBeGreaterThan(0);
    // Like every refusal of the API, a problem: status, stable code and a message naming the field.
    expect(bad.error).toMatchObject({
      status: 422,
      code: 'job_rejected',
      message: expect.stringContaining('The job was not saved'),
      jobs: { rejected: 1 },
    });
    const mismatch = await agency.PUT(job, {
      params: { path: { externalId: 'SINGLE-3' } },
      body: { job: jobRow(pair, { externalId: 'OTHER' }) },
    });
    expect(mismatch.response.status).toBe(400);
    const close = (externalId: string) =>
      agency.POST('/core/api/agency/jobs/{externalId}/close', { params: { path: { externalId } } });
    expect((await close('SINGLE-1')).data).toEqual({ externalId: 'SINGLE-1', result: 'archived' });
    expect((await close('SINGLE-1')).data!.result).toBe('unchanged');
    const missing = await close('NOPE');
    expect(missing.response.status).toBe(404);
    expect(missing.error!.code).toBe('not_found');
    expect((await agency.GET(job, { params: { path: { externalId: 'NOPE' } } })).response.status).toBe(404);
  });

  it('skips a row sent again unchanged, but reads it again once the job was closed outside the feed', async () => {
    const row = jobRow(pair, { externalId: 'HASH-1', facilityExternalId: 'FAC-H' });
    const batch = async (jobs: unknown[], facilities: unknown[] = []) =>
      (await agency.POST('/core/api/agency/jobs/batch', { body: { facilities, jobs } })).data!;
    expect((await batch([row], [facilityRow({ externalId: 'FAC-H' })])).jobs).toMatchObject({ inserted: 1 });
    // The same row with its keys in another order is the same row.
    const reordered = Object.fromEntries(Object.entries(row).reverse());
    expect((await batch([reordered])).jobs).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    // A row sent twice in one feed is still a duplicate, hash or not.
    expect((await batch([row, row])).errors).toEqual([
      expect.objectContaining({ row: 2, field: 'externalId', message: 'Duplicate externalId in this feed' }),
    ]);
    // Closed through the API, the job comes back when the feed sends it as available again.
    const path = { params: { path: { externalId: 'HASH-1' } } };
    expect((await agency.POST('/core/api/agency/jobs/{externalId}/close', path)).data!.result).toBe('archived');
    expect((await batch([row])).jobs).toMatchObject({ updated: 1, unchanged: 0 });
    expect((await reader.GET('/core/api/agency/jobs/{externalId}', path)).data!.isAvailable).toBe(true);
    // A changed row is validated and written again.
    expect((await batch([{ ...row, hourlyRate: -5 }])).jobs.rejected).toBe(1);
    expect((await batch([{ ...row, hourlyRate: row.hourlyRate + 1 }])).jobs).toMatchObject({ updated: 1 });
  });

  it('refuses more than 5,000 rows and a non-array feed', async () => {
    const tooMany = { jobs: Array.from({ length: 5001 }, () => ({})) };
    expect((await post('/jobs/batch', rw, tooMany)).statusCode).toBe(400);
    expect((await post('/jobs/batch', rw, { jobs: 'all of them' })).statusCode).toBe(400);
  });

  it('imports a 5,000-row feed, re-imports it with changes and syncs', async () => {
    const sync = async (body: ReturnType<typeof bigFeed>) =>
      (await agency.POST('/core/api/agency/jobs/sync', { body })).data!;
    const first = await sync(bigFeed(pair, 5000));
    expect(first.jobs).toMatchObject({ inserted: 5000, updated: 0, rejected: 0 });
    expect(first.facilities.inserted).toBe(100);
    // Earlier tests' available jobs are absent from this full feed: archived.
    expect(first.jobs.archived).toBe(3); // JOB-1, JOB-8 and HASH-1
    // Re-import: every 10th job changes pay, the last 100 are gone, 50 new ones arrive.
    const feed = bigFeed(pair, 4900);
    feed.jobs.forEach((j, i) => {
      if (i % 10 === 0) j.hourlyRate = 99;
    });
    feed.jobs.push(...bigFeed(pair, 50).jobs.map((j, i) => ({ ...j, externalId: `NEW-${i}` })));
    const second = await sync(feed);
    expect(second.jobs).toEqual({ inserted: 50, updated: 490, unchanged: 4410, archived: 100, rejected: 0 });
    expect(second.facilities).toMatchObject({ inserted: 0, updated: 0, unchanged: 98 });
    const third = await sync(feed);
    expect(third.jobs).toEqual({ inserted: 0, updated: 0, unchanged: 4950, archived: 0, rejected: 0 });
  }, 120_000);
});

describe('jobs feed and the job search', () => {
  it('a search right after an import shows the jobs written, changed and archived', async () => {
    const search = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/core/api/jobsearch/jobs?disciplineId=${pair.professionId}&specialtyIds=${pair.specialtyId}&sortBy=pay&pageSize=20`,
        })
      ).json() as { jobCount: number; jobList: { jobId: number; grossWeeklyPay: number; hospitalName: string }[] };
    const first = {
      facilities: [facilityRow({ externalId: 'SRCH-F', name: 'Search Feed Hospital' })],
      jobs: [0, 1, 2].map((i) =>
        jobRow(pair, { externalId: `SRCH-${i}`, facilityExternalId: 'SRCH-F', weeklyLodging: 9000 }),
      ),
    };
    expect((await post('/jobs/batch', rw, first)).statusCode).toBe(200);
    const before = await search();
    const ids = async (ext: string) =>
      (await t.ctx.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.externalId, ext)))[0]!.id;
    const [a, b, c] = [await ids('SRCH-0'), await ids('SRCH-1'), await ids('SRCH-2')];
    expect(before.jobList.filter((j) => [a, b, c].includes(j.jobId))).toHaveLength(3);
    expect(before.jobList.find((j) => j.jobId === a)!.hospitalName).toBe('Search Feed Hospital');
    const details = async (id: number) =>
      (await t.app.inject({ method: 'GET', url: `/core/api/jobsearch/jobDetails?jobId=${id}` })).json();
    expect((await details(b)).weeklyMeals).toBe(350);

    // One job new, one changed (pay), one closed, in one batch; the loaded index and the cached answers follow at once.
    const second = {
      jobs: [
        jobRow(pair, { externalId: 'SRCH-3', facilityExternalId: 'SRCH-F', weeklyLodging: 9000 }),
        jobRow(pair, { externalId: 'SRCH-1', facilityExternalId: 'SRCH-F', weeklyLodging: 9000, weeklyMeals: 450 }),
        jobRow(pair, { externalId: 'SRCH-2', facilityExternalId: 'SRCH-F', weeklyLodging: 9000, isAvailable: false }),
      ],
    };
    expect((await post('/jobs/batch', rw, second)).json().jobs).toMatchObject({ inserted: 1, updated: 2 });
    const after = await search();
    const d = await ids('SRCH-3');
    expect(after.jobCount).toBe(before.jobCount + 1 - 1);
    expect(after.jobList.some((j) => j.jobId === d)).toBe(true);
    expect(after.jobList.some((j) => j.jobId === c)).toBe(false);
    const changed = after.jobList.find((j) => j.jobId === b)!;
    expect(changed.grossWeeklyPay).toBe(before.jobList.find((j) => j.jobId === b)!.grossWeeklyPay + 100);
    expect((await details(b)).weeklyMeals).toBe(450);
    expect((await details(c)).isAvailable).toBe(false);

    // Closing by path leaves the search at once too.
    expect((await post('/jobs/SRCH-3/close', rw, {})).statusCode).toBe(200);
    expect((await search()).jobList.some((j) => j.jobId === d)).toBe(false);
  });
});

describe('OpenAPI', () => {
  it('documents the agency API with its key scheme', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/core/api/docs/json' });
    const doc = res.json();
    expect(doc.components.securitySchemes.agencyKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const p of [
      '/core/api/agency/jobs/batch',
      '/core/api/agency/jobs/sync',
      '/core/api/agency/jobs/{externalId}',
      '/core/api/agency/referrals',
      '/core/api/agency/documents',
    ])
      expect(Object.keys(doc.paths)).toContain(p);
  });
});

describe('pipeline reads', () => {
  it('lists referrals and documents with a cursor and serves document files', async () => {
    const u = await signUp(t);
    for (const name of ['Ann', 'Ben', 'Cy']) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/core/api/HcpReferral/saveReferral',
        headers: auth(u.token),
        payload: { FirstName: name, LastName: 'Friend', PhoneNumber: '5125550111', DisciplineId: 13, SpecialtyId: 0 },
      });
      expect(r.statusCode).toBe(200);
    }
    const referrals = (query: { limit?: number; after?: number }) =>
      reader.GET('/core/api/agency/referrals', { params: { query } });
    const page1 = (await referrals({ limit: 2 })).data!;
    expect(page1.items.map((r) => r.firstName)).toEqual(['Ann', 'Ben']);
    expect(page1.items[0]!.referredBy).toMatchObject({ userId: u.userId, email: u.email });
    const page2 = (await referrals({ limit: 2, after: page1.nextAfter! })).data!;
    expect(page2.items.map((r) => r.firstName)).toEqual(['Cy']);
    expect(page2.nextAfter).toBeNull();
    for (const query of [{ limit: 0 }, { after: -1 }]) {
      const refused = await referrals(query);
      expect(refused.response.status).toBe(400);
      expect(refused.error!.code).toBe('validation_failed');
    }

    const doc = await uploadAndAttach(t, u.token, 'ACLS Card');
    const docs = (await reader.GET('/core/api/agency/documents')).data!;
    const item = docs.items.find((d) => d.id === doc.hcpDropBoxId)!;
    expect(item).toMatchObject({
      title: 'ACLS Card',
      kind: 'pdf',
      contentType: 'application/pdf',
      clinician: { userId: u.userId },
    });
    const fileOf = (client: AgencyClient, id: number) =>
      client.GET('/core/api/agency/documents/{id}/file', {
        params: { path: { id } },
        parseAs: 'arrayBuffer',
      });
    const file = await fileOf(reader, item.id);
    expect(file.response.status).toBe(200);
    expect(item.fileUrl).toBe(`/core/api/agency/documents/${item.id}/file`);
    expect(file.response.headers.get('content-disposition')).toBe('attachment; filename="ACLS Card.pdf"');
    expect(Buffer.from(file.data!).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await fileOf(reader, 999999)).response.status).toBe(404);
    expect((await get('/documents/abc/file', keyAuth(readOnly))).statusCode).toBe(400);
    expect((await get(item.fileUrl.replace('/core/api/agency', ''), auth(u.token))).statusCode).toBe(401);

    // The event log holds the same changes, in order.
    const events = (await reader.GET('/core/api/agency/events', { params: { query: { limit: 1000 } } })).data!;
    const mine = events.items.filter((e) => e.userId === u.userId);
    expect(mine.map((e) => e.type)).toEqual([
      'clinician.signed_up',
      'referral.made',
      'referral.made',
      'referral.made',
      'document.uploaded',
    ]);
    expect(mine[4]!.data).toMatchObject({ documentId: doc.hcpDropBoxId, title: 'ACLS Card' });
    const refused = await agencyApi(t.app, writeOnly).GET('/core/api/agency/events');
    expect(refused.response.status).toBe(403);
    expect(refused.error!.code).toBe('insufficient_scope');
  });
});

describe('jobs sync refusals', () => {
  const openJobs = async () =>
    (await t.ctx.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.isAvailable, true))).length;
  const sync = (payload: unknown) => post('/jobs/sync', rw, payload);

  it('refuses a sync without job rows, with a misnamed top-level key, or whose every row is refused; nothing is archived', async () => {
    const seeded = {
      facilities: [facilityRow({ externalId: 'SYN-F' })],
      jobs: [0, 1, 2].map((i) => jobRow(pair, { externalId: `SYN-${i}`, facilityExternalId: 'SYN-F' })),
    };
    expect((await post('/jobs/batch', rw, seeded)).statusCode).toBe(200);
    const before = await openJobs();
    expect(before).toBeGreaterThan(3);
    const rows = seeded.jobs;
    const cases: [unknown, number, string][] = [
      [{}, 422, 'sync_without_jobs'],
      [{ jobs: [] }, 422, 'sync_without_jobs'],
      [{ facilities: seeded.facilities }, 422, 'sync_without_jobs'],
      [{ job: rows }, 400, 'validation_failed'],
      [{ Jobs: rows }, 400, 'validation_failed'],
      [{ jobs: rows, confirmArchive: true }, 400, 'validation_failed'],
      [{ jobs: [null, 'x', 42, { externalId: 'SYN-BAD' }, { ...rows[0], shift: 'nights' }] }, 422, 'sync_rejected'],
    ];
    for (const [body, status, code] of cases) {
      const res = await sync(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.json().code).toBe(code);
    }
    const refused = (await sync({ jobs: [null, { ...rows[0], shift: 'nights' }] })).json();
    expect(refused.jobs).toMatchObject({ inserted: 0, updated: 0, archived: 0, rejected: 2 });
    expect(refused.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 1, field: '(row)' }),
        expect.objectContaining({ row: 2, externalId: 'SYN-0', field: 'shift' }),
      ]),
    );
    expect(await openJobs()).toBe(before);
  });

  it('batch and sync report null rows as row errors, never a 500', async () => {
    const res = await post('/jobs/batch', rw, {
      facilities: [null, facilityRow({ externalId: 'NUL-F' })],
      jobs: [null, jobRow(pair, { externalId: 'NUL-1', facilityExternalId: 'NUL-F' }), [], true],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().jobs).toMatchObject({ inserted: 1, rejected: 3 });
    expect(res.json().facilities).toMatchObject({ inserted: 1, rejected: 1 });
    expect((await post('/jobs/batch', rw, { jobs: [null] })).json().errors[0]).toMatchObject({
      section: 'jobs',
      row: 1,
    });
  });

  it('a sync that would archive more than a fifth of the open jobs needs "confirmLargeArchive": true', async () => {
    const open = await openJobs();
    const kept = (await t.ctx.db.select({ externalId: jobs.externalId }).from(jobs).where(eq(jobs.isAvailable, true)))
      .map((j) => j.externalId)
      .sort()
      .slice(0, Math.floor(open / 2));
    const stored = await t.ctx.db.select().from(jobs).where(eq(jobs.externalId, 'NUL-1'));
    // Half of the open jobs, one of them changed: refused whole, the change is not written either.
    const half = {
      facilities: [facilityRow({ externalId: 'NUL-F' })],
      jobs: [
        jobRow(pair, { externalId: 'NUL-1', facilityExternalId: 'NUL-F', hourlyRate: 88 }),
        ...kept.filter((e) => e !== 'NUL-1').map((externalId) => ({ externalId })),
      ],
    };
    const refused = await sync(half);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('archive_confirmation_required');
    expect(refused.json().message).toContain(`of the ${open} open jobs`);
    expect(await openJobs()).toBe(open);
    expect((await t.ctx.db.select().from(jobs).where(eq(jobs.externalId, 'NUL-1')))[0]!.hourlyRate).toBe(
      stored[0]!.hourlyRate,
    );
    expect((await sync({ ...half, confirmLargeArchive: false })).statusCode).toBe(409);

    const confirmed = await sync({ ...half, confirmLargeArchive: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().jobs.archived).toBeGreaterThan(open / 3);
    expect((await t.ctx.db.select().from(jobs).where(eq(jobs.externalId, 'NUL-1')))[0]!.hourlyRate).toBe(88);
  }, 120_000);
});
