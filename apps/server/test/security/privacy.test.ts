import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/plugins/logger.ts';
import { auth, type TestApp } from '../build.ts';
import { api, completeAllSteps } from '../application-factories.ts';
import { uploadAndAttach } from '../dropbox-factories.ts';
import * as f from '../pipeline-factories.ts';
import { person, validParts, type Person, type World } from './endpoints.ts';
import {
  agencyHeaders,
  apiRoutes,
  buildSecurityApp,
  exampleParts,
  injectOf,
  isAgencyRoute,
  rowsOf,
  routeKey,
} from './harness.ts';

/**
 * Privacy of the SSN and the date of birth (ASVS V14, V16.2): captured logs of a whole application
 * flow (at trace level) never hold them, no error body echoes them, the SSN is in no answer at all and
 * the date of birth only in the owner's own identification and profile; the stored SSN is ciphertext
 * in every text column of every table and in every stored file.
 */

const SSN = '512839467';
const SSN_FORMS = [SSN, '512-83-9467', '512 83 9467'];
const DOB = '1987-03-14';
const DOB_FORMS = [DOB, '03/14/1987', '3/14/1987', '19870314'];
/** Where the owner is meant to see their own date of birth: the identification step and the profile. */
const DOB_SHOWN_TO_OWNER = new Set([
  'GET /core/api/HcpIdentification/identification',
  'GET /core/api/HcpProfileData/getProfile',
]);

const lines: string[] = [];
let t: TestApp;
let w: World;
let clinician: Person;
let agency: Record<string, string>;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  const opts = loggerOptions('trace') as Record<string, unknown>;
  t = await buildSecurityApp({ logger: { ...opts, stream } as never });
  w = { t, a: await person(t), b: await person(t) };
  agency = await agencyHeaders(t);
  clinician = await person(t);
  // The clinician's identification with the SSN and date of birth under test, then a whole flow around it.
  const save = await api(t, clinician.token, 'POST', 'HcpIdentification/saveHcpIdentification', {
    SocialSecurityNumber: SSN,
    DateOfBirth: DOB,
  });
  expect(save.status).toBe(200);
}, 120_000);
afterAll(async () => t?.close());

const containsAny = (text: string, forms: string[]) => forms.find((x) => text.includes(x));

describe('the SSN and the date of birth', () => {
  it('never reach the logs during a whole application flow, errors included', async () => {
    const u = await person(t);
    const h = auth(u.token);
    await completeAllSteps(t, u.token);
    const id = (b: object) =>
      t.app.inject({
        method: 'POST',
        url: '/core/api/HcpIdentification/saveHcpIdentification',
        headers: h,
        payload: b,
      });
    expect((await id({ SocialSecurityNumber: SSN, DateOfBirth: DOB })).statusCode).toBe(200);
    // Refused variants: wrong format, wrong type, future date, malformed JSON carrying both.
    expect((await id({ SocialSecurityNumber: `${SSN}0`, DateOfBirth: DOB })).statusCode).toBe(422);
    expect((await id({ SocialSecurityNumber: Number(SSN), DateOfBirth: DOB })).statusCode).toBe(400);
    expect((await id({ SocialSecurityNumber: SSN, DateOfBirth: '2099-03-14' })).statusCode).toBe(422);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/core/api/HcpIdentification/saveHcpIdentification',
      headers: { ...h, 'content-type': 'application/json' },
      payload: `{"SocialSecurityNumber":"${SSN}","DateOfBirth":"${DOB}"`,
    });
    expect(broken.statusCode).toBe(400);
    // Someone putting them in a URL, and an anonymous attempt.
    await t.app.inject({
      method: 'GET',
      url: `/core/api/HcpApiUser/userInfo?ssn=${SSN}&dob=${DOB}&SocialSecurityNumber=${SSN}&DateOfBirth=${DOB}`,
      headers: h,
    });
    await t.app.inject({
      method: 'POST',
      url: '/core/api/HcpIdentification/saveHcpIdentification',
      payload: { SocialSecurityNumber: SSN, DateOfBirth: DOB },
    });
    for (const url of [
      'HcpIdentification/identification',
      'HcpProfileData/getProfile',
      'SubmitApplication/saveSubmitApplication',
      'InitialDocuments/saveInitialDocuments',
    ]) {
      await t.app.inject({ method: url.startsWith('Hcp') ? 'GET' : 'POST', url: `/core/api/${url}`, headers: h });
    }
    await f.createDemoPlacements(t.ctx, u.userId);
    await uploadAndAttach(t, u.token);
    await t.drain();
    const all = lines.join('\n');
    expect(lines.length).toBeGreaterThan(50);
    expect(lines.filter((l) => containsAny(l, [...SSN_FORMS, ...DOB_FORMS]))).toEqual([]);
    expect(containsAny(all, SSN_FORMS)).toBeUndefined();
    expect(containsAny(all, DOB_FORMS)).toBeUndefined();
  });

  it('stay out of the logs when the database fails in the middle of saving them', async () => {
    const u = await person(t);
    lines.length = 0;
    // Make the write fail: the failed query's error carries its parameters and the failing row (the date of birth).
    await t.ctx.db.execute(
      sql`alter table hcp_identifications add constraint fail_for_test check (date_of_birth < '1900-01-01') not valid`,
    );
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/core/api/HcpIdentification/saveHcpIdentification',
        headers: u.headers,
        payload: { SocialSecurityNumber: SSN, DateOfBirth: DOB },
      });
      expect(res.statusCode).toBe(500);
      expect(containsAny(res.body, [...SSN_FORMS, ...DOB_FORMS])).toBeUndefined();
    } finally {
      await t.ctx.db.execute(sql`alter table hcp_identifications drop constraint fail_for_test`);
    }
    const errorLines = lines.filter((l) => l.includes('"level":50'));
    expect(errorLines.length).toBeGreaterThan(0);
    expect(errorLines.join('\n')).toContain('hcp_identifications');
    expect(lines.filter((l) => containsAny(l, [...SSN_FORMS, ...DOB_FORMS]))).toEqual([]);
  });

  it('are echoed by no error body', async () => {
    const h = clinician.headers;
    const bodies = [
      { SocialSecurityNumber: `${SSN}x`, DateOfBirth: DOB },
      { SocialSecurityNumber: SSN, DateOfBirth: `${DOB}x` },
      { SocialSecurityNumber: [SSN], DateOfBirth: { v: DOB } },
      { SocialSecurityNumber: `${SSN}\u0000`, DateOfBirth: DOB },
    ];
    for (const payload of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/core/api/HcpIdentification/saveHcpIdentification',
        headers: h,
        payload,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(containsAny(res.body, SSN_FORMS), res.body).toBeUndefined();
      expect(containsAny(res.body, DOB_FORMS), res.body).toBeUndefined();
    }
    const badQuery = await t.app.inject({
      method: 'GET',
      url: `/core/api/HcpJobOffers/getJobOfferDetails?submissionId=${SSN}${SSN}`,
      headers: h,
    });
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.body).not.toContain(SSN);
  });

  it("the SSN is in no answer at all, and the date of birth only in the owner's identification and profile", async () => {
    const problems: string[] = [];
    let dobSeen = 0;
    for (const r of apiRoutes(t).filter((x) => x.method === 'GET' && !x.url.endsWith('*'))) {
      const parts = (await validParts(w, r, clinician)) ?? exampleParts(r);
      const res = await t.app.inject(injectOf(r, parts, isAgencyRoute(r) ? agency : clinician.headers));
      const body = res.rawPayload.toString('latin1');
      if (containsAny(body, SSN_FORMS)) problems.push(`${routeKey(r)} answers the SSN`);
      if (containsAny(body, DOB_FORMS)) {
        if (DOB_SHOWN_TO_OWNER.has(routeKey(r))) dobSeen++;
        else problems.push(`${routeKey(r)} answers the date of birth`);
      }
    }
    expect(problems).toEqual([]);
    // The owner does see their own date of birth where the spec shows it (so the scan above can see it).
    expect(dobSeen).toBe(2);
    const id = await api(t, clinician.token, 'GET', 'HcpIdentification/identification');
    expect(id.json()).toEqual({ hasSocialSecurityNumber: true, dateOfBirth: DOB });
  }, 120_000);

  it('the stored SSN is ciphertext: no text column of any table and no stored file holds it', async () => {
    const columns = await rowsOf<{ table_name: string; column_name: string }>(
      t,
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea', 'ARRAY')`,
    );
    expect(columns.length).toBeGreaterThan(50);
    const hits: string[] = [];
    for (const { table_name, column_name } of columns) {
      for (const form of SSN_FORMS) {
        const rows = await rowsOf<{ n: number }>(
          t,
          sql.raw(`select count(*)::int as n from "${table_name}" where "${column_name}"::text like '%${form}%'`),
        );
        if (rows[0]!.n > 0) hits.push(`${table_name}.${column_name}`);
      }
    }
    expect(hits).toEqual([]);
    // The identification row holds AES-256-GCM ciphertext, not the digits.
    const [row] = await rowsOf<{ v: string }>(
      t,
      sql`select ssn_encrypted as v from hcp_identifications where user_id = ${clinician.userId}`,
    );
    expect(row!.v).toMatch(/^v1:[A-Za-z0-9+/=]+$/);
    // Stored files (uploads, signed contracts, page images) never carry it either.
    const root = path.join(t.env.DATA_DIR, 'files');
    const files: string[] = [];
    const walk = (d: string) => {
      let entries: string[];
      try {
        entries = readdirSync(d);
      } catch {
        return;
      }
      for (const e of entries) {
        const p = path.join(d, e);
        if (statSync(p).isDirectory()) walk(p);
        else files.push(p);
      }
    };
    walk(root);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files)
      expect(containsAny(readFileSync(file).toString('latin1'), SSN_FORMS), file).toBeUndefined();
  });
});
